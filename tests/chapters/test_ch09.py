"""Chapter 9's learner path runs as documented: examples, notebook and exercise checks.

* every example script runs (scripted model) and prints what shows it did its job;
* the codebase-maintainer example also runs on the embedded model (integration);
* the notebook executes on a real Jupyter kernel and is committed without outputs;
* every exercise check fails on the blank skeleton, with a helpful message, and
  passes on the provided solution and on the framework's own piece.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from _chapter_kit import (
    ROOT,
    assert_committed_without_outputs,
    chapter_paths,
    execute_notebook,
    exercise_subject,
    output_text,
    run_python,
)

from hello_agents.context import select_within_budget
from hello_agents.testing import conformance
from hello_agents.tools import NoteTool
from hello_agents.tools.builtin.terminal_tool import parse_command

CHAPTER, EXAMPLES, NOTEBOOKS, EXERCISES = chapter_paths("ch09")

EXPECTED_OUTPUT = {
    "01_context_builder.py": "(never more)",
    "02_note_tool.py": "[State]\n[Note: Dependency conflict]",
    "03_terminal_tool.py": "Refused: absolute path '/etc/passwd'",
    "04_codebase_maintainer.py": "files named in the plan: inventory/service.py, inventory/api.py",
}

EXERCISE_TARGETS = {
    "my_packet_selector.py": ("packet_selector", "my_select_packets"),
    "my_note_store.py": ("note_store", "MyNoteStore"),
    "my_command_allowlist.py": ("command_allowlist", "my_parse_command"),
}

FRAMEWORK_SUBJECTS: dict[str, Any] = {
    "packet_selector": select_within_budget,
    "note_store": NoteTool,
    "command_allowlist": parse_command,
}


# ---- examples -----------------------------------------------------------------------


def test_every_example_has_an_expected_output() -> None:
    assert sorted(EXPECTED_OUTPUT) == [path.name for path in EXAMPLES]


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_on_the_scripted_model(script: Path) -> None:
    completed = run_python(str(script.relative_to(ROOT)))
    assert completed.returncode == 0, completed.stderr
    assert EXPECTED_OUTPUT[script.name] in completed.stdout, completed.stdout


def test_examples_leave_the_sample_repository_untouched() -> None:
    before = sorted(str(p.relative_to(CHAPTER)) for p in (CHAPTER / "sample_repo").rglob("*"))
    for script in EXAMPLES:
        run_python(str(script.relative_to(ROOT)))
    after = sorted(str(p.relative_to(CHAPTER)) for p in (CHAPTER / "sample_repo").rglob("*"))
    assert before == after


@pytest.mark.integration
@pytest.mark.local_model
def test_codebase_maintainer_runs_on_the_embedded_model() -> None:
    completed = run_python(
        "chapters/ch09/examples/04_codebase_maintainer.py", mode="embedded", timeout=300
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "[embedded model: provider=embedded" in completed.stdout
    session_one, session_two = completed.stdout.split("== session 2: plan ==")
    assert "  [terminal]" in session_one and "  [save_note]" in session_one, completed.stdout
    notes = re.search(r"notes in the context: (\d+)", session_two)
    assert notes is not None and int(notes.group(1)) >= 1, completed.stdout
    named = re.search(r"files named in the plan: (.+)", session_two)
    assert named is not None, completed.stdout
    repository = {path.name for path in (CHAPTER / "sample_repo").rglob("*.py")}
    assert {Path(name).name for name in named.group(1).split(", ")} <= repository


# ---- notebooks ----------------------------------------------------------------------


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    assert_committed_without_outputs(path)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_executes_on_a_real_kernel(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = output_text(execute_notebook(path, monkeypatch))
    assert "rotates every Tuesday at 09:00" in text  # the needle survived the budget
    assert "[State]\n[Note: sell() lets stock go negative]" in text  # the note got in
    assert "Refused: 'rm' is not an allowed command" in text
    assert "summarised by: llm" in text


# ---- exercises ----------------------------------------------------------------------


def test_every_exercise_has_a_solution_and_a_check() -> None:
    skeletons = sorted(path.name for path in EXERCISES.glob("my_*.py"))
    solutions = sorted(path.name for path in (EXERCISES / "solutions").glob("my_*.py"))
    assert skeletons == solutions == sorted(EXERCISE_TARGETS)


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_fails_helpfully_on_the_blank_skeleton(file_name: str) -> None:
    check, subject = exercise_subject(EXERCISE_TARGETS, EXERCISES, file_name)
    report = check(subject, raise_on_failure=False)
    assert not report.ok and len(report.failures) == len(report.outcomes)
    for failure in report.failures:
        assert failure.expected and failure.got and failure.hint, failure
    text = report.render()
    assert "FAIL" in text and "TODO" in text and "hint:" in text


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_passes_on_the_solution(file_name: str) -> None:
    check, subject = exercise_subject(EXERCISE_TARGETS, EXERCISES / "solutions", file_name)
    report = check(subject, raise_on_failure=False)
    assert report.ok, report.render()


@pytest.mark.parametrize("check_name", sorted(FRAMEWORK_SUBJECTS))
def test_check_passes_on_the_framework_piece(check_name: str) -> None:
    report = conformance.CHECKS[check_name](FRAMEWORK_SUBJECTS[check_name], raise_on_failure=False)
    assert report.ok, report.render()


def test_a_wrong_solution_is_caught() -> None:
    """The selector check is not a formality: the tutorial's early stop fails it."""

    def stops_at_first_misfit(packets: Any, budget: int, count: Any, minimum: float = 0.0) -> Any:
        chosen, used = [], 0
        ranked = sorted(packets, key=lambda p: (p.relevance_score or 0, p.timestamp), reverse=True)
        for packet in ranked:
            if (packet.relevance_score or 0) < minimum:
                continue
            if used + count(packet.content) > budget:
                break
            chosen.append(packet)
            used += count(packet.content)
        return chosen

    report = conformance.CHECKS["packet_selector"](stops_at_first_misfit, raise_on_failure=False)
    assert [f.name for f in report.failures] == ["skips a packet too big, keeps going"]


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_exercise_file_checks_itself(file_name: str) -> None:
    skeleton = run_python(f"chapters/ch09/exercises/{file_name}")
    assert skeleton.returncode == 1, skeleton.stdout + skeleton.stderr
    assert "FAIL" in skeleton.stdout and "TODO" in skeleton.stdout
    solution = run_python(f"chapters/ch09/exercises/solutions/{file_name}")
    assert solution.returncode == 0, solution.stdout + solution.stderr
    assert "all passed" in solution.stdout
