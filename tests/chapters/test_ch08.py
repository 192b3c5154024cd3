"""Chapter 8's learner path runs as documented: examples, notebooks and exercise checks.

* every example runs on the scripted model with the default embedder (the local
  model of the ch08 extra) and prints what it is about;
* the agent example remembers across two processes, on the scripted model and on the
  embedded one (integration); on the embedded model the RAG example's answer cites the
  passage it comes from (integration);
* every notebook executes on a real Jupyter kernel and is committed without outputs;
* every exercise check fails on the blank skeleton with a helpful message, and
  passes on the solution (and on the framework's own class where it has one).
"""

from __future__ import annotations

import re
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

from hello_agents.memory import WorkingMemory
from hello_agents.memory.rag import chunk_text
from hello_agents.memory.text import rank_documents
from hello_agents.testing import conformance

CHAPTER, EXAMPLES, NOTEBOOKS, EXERCISES = chapter_paths("ch08")

EXPECTED_OUTPUT: dict[str, tuple[str, ...]] = {
    "01_memory_tool.py": ("Consolidated 1 memories from working to episodic",),
    "02_memory_types.py": ("image found: photos/whiteboard.jpg",),
    "03_rag_pipeline.py": (
        # the Chinese question ("May I eat in the library?") finds the handbook's rule
        "Chinese question -> [('图书馆须知', '绿叶图书馆读者须知 > 饮食规定')]",
        "cited [1]: loans > Borrowing > Late fees",
    ),
    "04_agent_remembers.py": ("memories stored: 1\n  - The user is called Ada",),
}

EXERCISE_TARGETS = {
    "my_working_memory.py": ("working_memory", "MyWorkingMemory"),
    "my_chunker.py": ("chunker", "my_chunk"),
    "my_retriever.py": ("retriever", "my_retrieve"),
    "my_memory_tool.py": ("memory_tool_action", "MyMemoryTool"),
}

FRAMEWORK_SUBJECTS: dict[str, Any] = {
    "working_memory": WorkingMemory,
    "chunker": chunk_text,
    "retriever": rank_documents,
}


def run_python_with_data(*arguments: str, data: Path, timeout: float = 900) -> Any:
    """Run a chapter-8 script with its stores under ``data``."""
    return run_python(*arguments, timeout=timeout, env={"HELLO_AGENTS_CH08_DATA": str(data)})


# ---- examples -----------------------------------------------------------------------


def test_every_example_has_an_expected_output() -> None:
    assert sorted(EXPECTED_OUTPUT) == [path.name for path in EXAMPLES]


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_on_the_scripted_model(script: Path, tmp_path: Path) -> None:
    completed = run_python_with_data(str(script.relative_to(ROOT)), data=tmp_path)
    assert completed.returncode == 0, completed.stderr
    for expected in EXPECTED_OUTPUT[script.name]:
        assert expected in completed.stdout, completed.stdout


def test_the_agent_remembers_across_runs(tmp_path: Path) -> None:
    script = "chapters/ch08/examples/04_agent_remembers.py"
    first = run_python_with_data(script, data=tmp_path)
    assert first.returncode == 0 and "run: first (introductions)" in first.stdout, first.stderr
    second = run_python_with_data(script, data=tmp_path)
    assert second.returncode == 0, second.stderr
    assert "run: later (remembering)" in second.stdout
    assert "recalled: The user is called Ada and has a daughter aged 4" in second.stdout
    reset = run_python_with_data(script, "--reset", data=tmp_path)
    assert reset.returncode == 0 and not (tmp_path / "04_agent").exists()


@pytest.mark.integration
@pytest.mark.local_model
def test_the_agent_remembers_across_runs_on_the_embedded_model(tmp_path: Path) -> None:
    script = "chapters/ch08/examples/04_agent_remembers.py"
    data = {"HELLO_AGENTS_CH08_DATA": str(tmp_path)}
    first = run_python(script, mode="embedded", timeout=300, env=data)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "[embedded model: provider=embedded" in first.stdout
    stored = re.search(r"memories stored: (\d+)", first.stdout)
    assert stored is not None and int(stored.group(1)) >= 1, first.stdout
    second = run_python(script, mode="embedded", timeout=300, env=data)
    assert second.returncode == 0, second.stdout + second.stderr
    assert "run: later (remembering)" in second.stdout
    answers = [line for line in second.stdout.splitlines() if line.startswith("agent:")]
    assert answers and "Ada" in answers[-1], second.stdout


@pytest.mark.integration
@pytest.mark.local_model
def test_the_rag_answer_cites_its_passage_on_the_embedded_model(tmp_path: Path) -> None:
    data = {"HELLO_AGENTS_CH08_DATA": str(tmp_path)}
    completed = run_python(
        "chapters/ch08/examples/03_rag_pipeline.py", mode="embedded", timeout=600, env=data
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "Chinese question -> [('图书馆须知'" in completed.stdout
    assert re.search(r"cited \[\d\]: loans > Borrowing > Late fees", completed.stdout), (
        completed.stdout
    )
    answer = completed.stdout.split("Chinese question ->")[1].splitlines()[1]
    assert "late" in answer.lower() and len(answer.split()) > 8, completed.stdout


# ---- notebooks ----------------------------------------------------------------------


def test_there_are_notebooks() -> None:
    assert NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    assert_committed_without_outputs(path)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_executes_on_a_real_kernel(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outputs = execute_notebook(
        path,
        monkeypatch,
        timeout=600,
        env={"HELLO_AGENTS_CH08_DATA": str(tmp_path)},
    )
    assert_ran_cleanly(outputs)


# ---- exercises ----------------------------------------------------------------------


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
    assert "FAIL" in text and "hint:" in text
    with pytest.raises(conformance.ConformanceError, match="failed"):
        check(subject)


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_passes_on_the_solution(file_name: str) -> None:
    check, subject = exercise_subject(EXERCISE_TARGETS, EXERCISES / "solutions", file_name)
    report = check(subject, raise_on_failure=False)
    assert report.ok, report.render()


@pytest.mark.parametrize("check_name", sorted(FRAMEWORK_SUBJECTS))
def test_check_passes_on_the_framework(check_name: str) -> None:
    report = conformance.CHECKS[check_name](FRAMEWORK_SUBJECTS[check_name], raise_on_failure=False)
    assert report.ok, report.render()


def test_an_exercise_file_runs_its_own_check(tmp_path: Path) -> None:
    solution = run_python_with_data(
        "chapters/ch08/exercises/solutions/my_retriever.py", data=tmp_path
    )
    assert solution.returncode == 0 and "all passed" in solution.stdout, solution.stdout
    skeleton = run_python_with_data("chapters/ch08/exercises/my_retriever.py", data=tmp_path)
    assert skeleton.returncode == 1 and "TODO" in skeleton.stdout, skeleton.stdout


def retrieve_without_idf(query: str, documents: list[str], limit: int = 5) -> list[int]:
    """BM25 with every term weighing the same: a learner's version that forgot idf."""
    from collections import Counter

    from hello_agents.memory.text import tokenize

    counts = [Counter(tokenize(document)) for document in documents]
    lengths = [sum(count.values()) for count in counts]
    average = sum(lengths) / len(lengths)
    scores = [0.0] * len(documents)
    for term in set(tokenize(query)):
        for position, count in enumerate(counts):
            frequency = count.get(term, 0)
            if frequency:
                norm = 1.5 * (0.25 + 0.75 * lengths[position] / average)
                scores[position] += frequency * 2.5 / (frequency + norm)
    ranked = sorted(range(len(documents)), key=lambda position: -scores[position])
    return [position for position in ranked if scores[position] > 0][:limit]


def test_the_retriever_check_catches_a_version_without_idf() -> None:
    report = conformance.CHECKS["retriever"](retrieve_without_idf, raise_on_failure=False)
    assert [failure.name for failure in report.failures] == ["rare terms weigh more"]
