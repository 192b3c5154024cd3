"""Chapter 11's learner path runs as documented: examples, the notebook, exercise checks.

* the example trains (SFT, GRPO) and evaluates offline, and the notebook executes on a
  real Jupyter kernel started in its own folder: these need the ``ch11`` extra (CI runs
  them in ``.venv-ch11``); they skip without it, and fail instead under
  ``HELLO_AGENTS_REQUIRE_CH11=1``;
* every exercise check (plain Python, no torch) fails helpfully on the blank skeleton,
  passes on the provided solution and on the framework's own function, and gives the
  right hint for a typical wrong answer; ``python <exercise file>`` runs its check.
"""

from __future__ import annotations

import importlib.util
import math
import os
import re
from pathlib import Path
from typing import Any

import pytest
from _chapter_kit import (
    assert_committed_without_outputs,
    assert_ran_cleanly,
    chapter_paths,
    execute_notebook,
    exercise_subject,
    output_text,
    run_python,
)

from hello_agents.rl import AccuracyReward
from hello_agents.rl.advantages import group_advantages
from hello_agents.testing import conformance
from hello_agents.testing.conformance.ch11 import framework_dataset_formatter

CHAPTER, EXAMPLES, NOTEBOOKS, EXERCISES = chapter_paths("ch11")


@pytest.fixture
def ch11_extra() -> None:
    """Skip (or, under HELLO_AGENTS_REQUIRE_CH11=1, fail) without the training packages."""
    missing = [
        n for n in ("torch", "trl", "peft", "datasets") if importlib.util.find_spec(n) is None
    ]
    if missing and os.environ.get("HELLO_AGENTS_REQUIRE_CH11") == "1":
        pytest.fail(f"the ch11 extra is missing ({', '.join(missing)})")
    if missing:
        pytest.skip(f"the ch11 extra is not installed (missing {', '.join(missing)})")


# ---- the example and the notebook ---------------------------------------------------------


@pytest.mark.usefixtures("ch11_extra")
def test_the_example_runs_sft_grpo_and_evaluate(tmp_path_factory: pytest.TempPathFactory) -> None:
    cache = tmp_path_factory.mktemp("rl-cache")
    done = run_python(str(EXAMPLES[0]), timeout=600, env={"HELLO_AGENTS_RL_CACHE": str(cache)})
    assert done.returncode == 0, done.stderr[-3000:]
    sft = re.search(r"SFT loss ([\d.]+) -> ([\d.]+)", done.stdout)
    grpo = re.search(r"GRPO brevity reward ([\d.]+) -> ([\d.]+); adapter only: True", done.stdout)
    assert sft and float(sft.group(2)) < float(sft.group(1)), done.stdout
    assert grpo, done.stdout
    assert re.search(r"GRPO  accuracy \d+%  format \d+%", done.stdout), done.stdout


def test_there_is_a_notebook() -> None:
    assert [path.name for path in NOTEBOOKS] == ["01_agentic_rl.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    assert_committed_without_outputs(path)


@pytest.mark.usefixtures("ch11_extra")
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_executes_on_a_real_kernel(
    path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    outputs = execute_notebook(
        path, monkeypatch, timeout=600, env={"HELLO_AGENTS_RL_CACHE": str(tmp_path / "cache")}
    )
    assert_ran_cleanly(outputs)
    text = output_text(outputs)
    sft = re.search(r"SFT loss ([\d.]+) -> ([\d.]+)", text)
    assert sft and float(sft.group(2)) < float(sft.group(1)), text
    assert re.search(r"GRPO reward ([\d.]+) -> ([\d.]+)", text), text
    assert re.search(r"tool calls run during the rollouts: [1-9]", text), text
    assert re.search(r"accuracy \d+%", text), text


# ---- the exercises ------------------------------------------------------------------------

EXERCISE_TARGETS = {
    "my_reward.py": ("accuracy_reward", "my_accuracy_reward"),
    "my_group_advantage.py": ("group_advantages", "my_group_advantages"),
    "my_formatter.py": ("dataset_formatter", "my_format_row"),
}
FRAMEWORK_SUBJECTS: dict[str, Any] = {
    "accuracy_reward": AccuracyReward(),
    "group_advantages": group_advantages,
    "dataset_formatter": framework_dataset_formatter,
}


def test_every_exercise_has_a_solution_and_a_check() -> None:
    skeletons = sorted(path.name for path in EXERCISES.glob("my_*.py"))
    solutions = sorted(path.name for path in (EXERCISES / "solutions").glob("my_*.py"))
    assert skeletons == solutions == sorted(EXERCISE_TARGETS)


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_fails_helpfully_on_the_blank_skeleton(file_name: str) -> None:
    check, subject = exercise_subject(EXERCISE_TARGETS, EXERCISES, file_name)
    report = check(subject, raise_on_failure=False)
    assert not report.ok and report.failures and all(not o.passed for o in report.outcomes)
    for failure in report.failures:
        assert failure.expected and failure.got and failure.hint, failure
    text = report.render()
    assert "FAIL" in text and "TODO" in text and "hint:" in text
    with pytest.raises(conformance.ConformanceError, match="failed"):
        check(subject)


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_passes_on_the_solution(file_name: str) -> None:
    check, subject = exercise_subject(EXERCISE_TARGETS, EXERCISES / "solutions", file_name)
    report = check(subject, raise_on_failure=False)
    assert report.ok, report.render()


@pytest.mark.parametrize("check_name", sorted(FRAMEWORK_SUBJECTS))
def test_check_passes_on_the_framework_function(check_name: str) -> None:
    report = conformance.CHECKS[check_name](FRAMEWORK_SUBJECTS[check_name], raise_on_failure=False)
    assert report.ok, report.render()


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_exercise_file_checks_itself(file_name: str) -> None:
    skeleton = run_python(f"chapters/ch11/exercises/{file_name}")
    assert skeleton.returncode == 1, skeleton.stdout + skeleton.stderr
    assert "FAIL" in skeleton.stdout and "TODO" in skeleton.stdout
    solution = run_python(f"chapters/ch11/exercises/solutions/{file_name}")
    assert solution.returncode == 0, solution.stdout + solution.stderr
    assert "all passed" in solution.stdout


# ---- typical wrong answers get the right hint ---------------------------------------------


def failures_of(check_name: str, subject: Any) -> dict[str, str]:
    report = conformance.CHECKS[check_name](subject, raise_on_failure=False)
    return {failure.name: failure.hint for failure in report.failures}


def _solution(file_name: str) -> Any:
    return exercise_subject(EXERCISE_TARGETS, EXERCISES / "solutions", file_name)[1]


def test_a_reward_comparing_strings_is_told_to_compare_numbers() -> None:
    def string_reward(completions: list[Any], **columns: Any) -> list[float]:
        answers = [str(c).rpartition("Final Answer:")[2].strip() for c in completions]
        truths = columns["ground_truth"]
        return [1.0 if a == t else 0.0 for a, t in zip(answers, truths, strict=True)]

    hints = failures_of("accuracy_reward", string_reward)
    assert "compare numbers" in hints["answers compare as numbers"]


def test_a_reward_returning_bools_or_taking_the_first_number_gets_its_hint() -> None:
    solution = _solution("my_reward.py")

    def bools(completions: list[Any], **columns: Any) -> list[Any]:
        return [value == 1.0 for value in solution(completions, **columns)]

    assert (
        "1.0 if correct else 0.0"
        in failures_of("accuracy_reward", bools)["one float per completion"]
    )

    def first_number(completions: list[Any], **columns: Any) -> list[float]:
        found = [re.findall(r"-?\d+", str(c)) for c in completions]
        return [
            1.0 if f and float(f[0]) == float(t) else 0.0
            for f, t in zip(found, columns["ground_truth"], strict=False)
        ]

    hint = failures_of("accuracy_reward", first_number)["the Final Answer line decides"]
    assert "not the first number" in hint


def test_a_reward_without_kwargs_is_told_about_trls_columns() -> None:
    solution = _solution("my_reward.py")

    def only_truth(completions: list[Any], ground_truth: list[Any]) -> list[float]:
        return list(solution(completions, ground_truth=ground_truth))

    assert "**kwargs" in failures_of("accuracy_reward", only_truth)["extra columns are accepted"]


def test_advantages_with_the_batch_mean_get_that_hint() -> None:
    def batch_mean(rewards: list[float], num_generations: int, scale: bool = True) -> list[float]:
        mean = sum(rewards) / len(rewards)
        return [r - mean for r in rewards]

    hints = failures_of("group_advantages", batch_mean)
    assert "whole batch's mean" in hints["each group is centred on its own mean"]


def test_advantages_with_the_population_std_or_no_epsilon_get_their_hints() -> None:
    def population(rewards: list[float], num_generations: int, scale: bool = True) -> list[float]:
        out = []
        for start in range(0, len(rewards), num_generations):
            group = rewards[start : start + num_generations]
            mean = sum(group) / len(group)
            std = math.sqrt(sum((r - mean) ** 2 for r in group) / len(group))
            out += [(r - mean) / (std + 1e-4) if scale else r - mean for r in group]
        return out

    assert (
        "population"
        in failures_of("group_advantages", population)["scaled by the group's sample std"]
    )

    def no_epsilon(rewards: list[float], num_generations: int, scale: bool = True) -> list[float]:
        out = []
        for start in range(0, len(rewards), num_generations):
            group = rewards[start : start + num_generations]
            mean = sum(group) / len(group)
            std = math.sqrt(sum((r - mean) ** 2 for r in group) / (len(group) - 1))
            out += [(r - mean) / std if scale else r - mean for r in group]
        return out

    hints = failures_of("group_advantages", no_epsilon)
    assert "1e-4" in hints["a group without variance has zero advantage"]


def test_advantages_over_interleaved_groups_get_that_hint() -> None:
    def interleaved(rewards: list[float], num_generations: int, scale: bool = True) -> list[float]:
        groups = len(rewards) // num_generations
        out = [0.0] * len(rewards)
        for g in range(groups):
            members = list(range(g, len(rewards), groups))
            mean = sum(rewards[i] for i in members) / len(members)
            for i in members:
                out[i] = rewards[i] - mean
        return out

    hints = failures_of("group_advantages", interleaved)
    assert "next to each other" in hints["groups are consecutive"]


def test_a_formatter_keeping_notes_or_the_marker_gets_its_hint() -> None:
    solution = _solution("my_formatter.py")

    def keeps_notes(row: dict[str, Any], format_type: str) -> dict[str, Any]:
        record = dict(solution(row, format_type))
        if format_type == "sft":
            lines = row["answer"].rpartition("####")[0].strip().splitlines()
            steps = [f"Step {n}: {line}" for n, line in enumerate(lines, 1)]
            record["completion"] = "\n".join([*steps, record["completion"].splitlines()[-1]])
        return record

    assert (
        "<<...>>"
        in failures_of("dataset_formatter", keeps_notes)[
            "the SFT completion is numbered steps and the answer"
        ]
    )

    def keeps_marker(row: dict[str, Any], format_type: str) -> dict[str, Any]:
        record = dict(solution(row, format_type))
        if format_type == "rl":
            record["ground_truth"] = "#### " + record["ground_truth"]
        return record

    hints = failures_of("dataset_formatter", keeps_marker)
    assert "'####' marker" in hints["RL rows have prompt and ground_truth"]


def test_a_formatter_without_the_generation_prompt_gets_that_hint() -> None:
    solution = _solution("my_formatter.py")

    def no_generation_prompt(row: dict[str, Any], format_type: str) -> dict[str, Any]:
        record = dict(solution(row, format_type))
        record["prompt"] = record["prompt"].removesuffix("<|im_start|>assistant\n")
        return record

    hints = failures_of("dataset_formatter", no_generation_prompt)
    assert "assistant" in hints["the SFT prompt is a chat prompt"]
