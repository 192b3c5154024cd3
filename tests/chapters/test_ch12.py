"""Chapter 12's learner path runs as documented: examples, notebooks and exercise checks.

* every example script runs on the scripted model and prints what it is about;
* every notebook executes on a real Jupyter kernel and is committed without outputs;
* every exercise check fails on the blank skeleton, with a helpful message, and
  passes on the provided solution and on the framework's own function; the
  one-command way to run a check (``python <exercise file>``) works too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _chapter_kit import (
    ROOT,
    assert_committed_without_outputs,
    assert_ran_cleanly,
    chapter_paths,
    execute_notebook,
    exercise_subject,
    run_python,
)

from hello_agents.evaluation import normalize_answer, win_rate_from_judge
from hello_agents.testing import conformance
from hello_agents.testing.conformance.ch12 import framework_ast_matcher

CHAPTER, EXAMPLES, NOTEBOOKS, EXERCISES = chapter_paths("ch12")

EXPECTED_OUTPUT = {
    "01_bfcl_quick_start.py": "simple_3   value_error: parameter 'b' = 3, expected one of [-3]",
    "02_gaia_quick_start.py": "correct: 2/3",
    "03_llm_judge.py": "mean 2.75/5 after 2 judge call(s)",
    "04_win_rate.py": "verdicts ['A', 'A'] (candidate as A, then as B) -> tie",
    "05_eval_runner.py": "accuracy: 94.4% (17/18)",
}
EXERCISE_TARGETS = {
    "my_ast_matcher.py": ("ast_matcher", "my_check_calls"),
    "my_normalizer.py": ("normalizer", "my_normalize"),
    "my_win_rate.py": ("win_rate", "my_win_rate"),
}
FRAMEWORK_SUBJECTS: dict[str, Any] = {
    "ast_matcher": framework_ast_matcher,
    "normalizer": normalize_answer,
    "win_rate": win_rate_from_judge,
}


def test_every_example_has_an_expected_output() -> None:
    assert sorted(EXPECTED_OUTPUT) == [path.name for path in EXAMPLES]


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_on_the_scripted_model(script: Path) -> None:
    completed = run_python(str(script.relative_to(ROOT)))
    assert completed.returncode == 0, completed.stderr
    assert EXPECTED_OUTPUT[script.name] in completed.stdout, completed.stdout


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    assert_committed_without_outputs(path)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_executes_on_a_real_kernel(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert_ran_cleanly(execute_notebook(path, monkeypatch))


def test_every_exercise_has_a_solution_and_a_check() -> None:
    skeletons = sorted(path.name for path in EXERCISES.glob("my_*.py"))
    solutions = sorted(path.name for path in (EXERCISES / "solutions").glob("my_*.py"))
    assert skeletons == solutions == sorted(EXERCISE_TARGETS)


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_fails_helpfully_on_the_blank_skeleton(file_name: str) -> None:
    check, subject = exercise_subject(EXERCISE_TARGETS, EXERCISES, file_name)
    report = check(subject, raise_on_failure=False)
    assert not report.ok
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


def test_a_wrong_matcher_gets_a_precise_failure() -> None:
    def ignores_types(functions: Any, predicted: Any, truth: Any, category: str = "simple") -> bool:
        return framework_ast_matcher(functions, predicted, truth, category) or bool(
            predicted and predicted[0]["arguments"].get("days") is True
        )

    report = conformance.CHECKS["ast_matcher"](ignores_types, raise_on_failure=False)
    (failure,) = report.failures
    assert failure.name == "types follow the schema" and "bool" in failure.hint


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_exercise_file_checks_itself(file_name: str) -> None:
    skeleton = run_python(f"chapters/ch12/exercises/{file_name}")
    assert skeleton.returncode == 1, skeleton.stdout + skeleton.stderr
    assert "FAIL" in skeleton.stdout and "TODO" in skeleton.stdout
    solution = run_python(f"chapters/ch12/exercises/solutions/{file_name}")
    assert solution.returncode == 0, solution.stdout + solution.stderr
    assert "all passed" in solution.stdout
