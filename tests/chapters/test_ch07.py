"""Chapter 7's learner path runs as documented: examples, notebooks and exercise checks.

* every example script runs (scripted model) and prints what it is about;
* the ReAct, SimpleAgent and FunctionCallAgent examples also run on the embedded model,
  and their answers carry the calculator's result (integration);
* every notebook executes on a real Jupyter kernel and is committed without outputs;
* every exercise check fails on the blank skeleton, with a helpful message, and
  passes on the provided solution and on the framework's own class; the
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

from hello_agents import (
    FunctionCallAgent,
    HelloAgentsLLM,
    PlanAndSolveAgent,
    ReActAgent,
    SimpleAgent,
    ToolRegistry,
)
from hello_agents.testing import conformance
from hello_agents.tools.async_executor import AsyncToolExecutor
from hello_agents.tools.builtin.calculator import calculate
from hello_agents.tools.chain import ToolChain

CHAPTER, EXAMPLES, NOTEBOOKS, EXERCISES = chapter_paths("ch07")

# What each example must print in scripted mode (proof that it did its job).
EXPECTED_OUTPUT = {
    "01_llm_client.py": "OpenAI key + Ollama URL    -> provider=openai",
    "02_simple_agent.py": "-> 48 pencils at 37 cents cost 1776 cents.",
    "03_react_agent.py": "Observation: 1776",
    "04_reflection_agent.py": "stopped because: approved",
    "05_plan_and_solve_agent.py": "answer: 12 - 3 = 9 apples",
    "06_function_call_agent.py": "48 pencils cost 1776 cents.",
    "07_tool_registry.py": "search:     Search results for 'Datawhale hello-agents'",
    "08_tool_chain.py": "via manager: 10",
    "09_async_executor.py": "single call: 42",
}

# exercise file -> (check name, what the check points at)
EXERCISE_TARGETS = {
    "my_llm.py": ("llm_subclass", "MyLLM"),
    "my_simple_agent.py": ("simple_agent", "MySimpleAgent"),
    "my_react_agent.py": ("react_agent", "MyReActAgent"),
    "my_calculator.py": ("calculator", "my_calculate"),
    "my_tool_chain.py": ("tool_chain", "MyToolChain"),
    "my_async_executor.py": ("async_executor", "MyAsyncToolExecutor"),
    "my_reflection_agent.py": ("reflection_quality_stop", "MyReflectionAgent"),
    "my_tool_registry.py": ("tool_registry", "MyToolRegistry"),
}

# The framework's own class for each check (the reflection check is an extension).
FRAMEWORK_SUBJECTS: dict[str, Any] = {
    "llm_subclass": HelloAgentsLLM,
    "simple_agent": SimpleAgent,
    "react_agent": ReActAgent,
    "calculator": calculate,
    "tool_chain": ToolChain,
    "async_executor": AsyncToolExecutor,
    "plan_and_solve_agent": PlanAndSolveAgent,
    "function_call_agent": FunctionCallAgent,
    "tool_registry": ToolRegistry,
}


# ---- examples -----------------------------------------------------------------------


def test_every_example_has_an_expected_output() -> None:
    assert sorted(EXPECTED_OUTPUT) == [path.name for path in EXAMPLES]


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_on_the_scripted_model(script: Path) -> None:
    completed = run_python(str(script.relative_to(ROOT)))
    assert completed.returncode == 0, completed.stderr
    assert EXPECTED_OUTPUT[script.name] in completed.stdout, completed.stdout


def test_example_mode_setting_is_validated() -> None:
    completed = run_python("chapters/ch07/examples/02_simple_agent.py", mode="gpt-17")
    assert completed.returncode != 0
    assert "choose one of scripted, embedded, configured" in completed.stderr


@pytest.mark.integration
@pytest.mark.local_model
def test_react_example_runs_on_the_embedded_model() -> None:
    completed = run_python("chapters/ch07/examples/03_react_agent.py", mode="embedded", timeout=900)
    assert completed.returncode == 0, completed.stderr
    assert "[embedded model: provider=embedded" in completed.stdout
    assert "Answer:" in completed.stdout, completed.stdout


@pytest.mark.integration
@pytest.mark.local_model
@pytest.mark.parametrize(
    ("script", "tool_line"),
    [
        ("02_simple_agent.py", "   [python_calculator] -> 1776"),
        ("06_function_call_agent.py", "  tool ran: python_calculator("),
    ],
)
def test_tool_example_uses_the_calculator_on_the_embedded_model(
    script: str, tool_line: str
) -> None:
    completed = run_python(f"chapters/ch07/examples/{script}", mode="embedded", timeout=900)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert tool_line in completed.stdout, completed.stdout
    answer = completed.stdout.rstrip().splitlines()[-1]
    assert "1776" in answer.replace(",", ""), completed.stdout


# ---- notebooks ----------------------------------------------------------------------


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    assert_committed_without_outputs(path)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_executes_on_a_real_kernel(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert_ran_cleanly(execute_notebook(path, monkeypatch))


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
    assert "FAIL" in text and "TODO" in text and "hint:" in text
    with pytest.raises(conformance.ConformanceError, match="failed"):
        check(subject)


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_passes_on_the_solution(file_name: str) -> None:
    check, subject = exercise_subject(EXERCISE_TARGETS, EXERCISES / "solutions", file_name)
    report = check(subject, raise_on_failure=False)
    assert report.ok, report.render()


@pytest.mark.parametrize("check_name", sorted(FRAMEWORK_SUBJECTS))
def test_check_passes_on_the_framework_class(check_name: str) -> None:
    report = conformance.CHECKS[check_name](FRAMEWORK_SUBJECTS[check_name], raise_on_failure=False)
    assert report.ok, report.render()


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_exercise_file_checks_itself(file_name: str) -> None:
    skeleton = run_python(f"chapters/ch07/exercises/{file_name}")
    assert skeleton.returncode == 1, skeleton.stdout + skeleton.stderr
    assert "FAIL" in skeleton.stdout and "TODO" in skeleton.stdout
    solution = run_python(f"chapters/ch07/exercises/solutions/{file_name}")
    assert solution.returncode == 0, solution.stdout + solution.stderr
    assert "all passed" in solution.stdout


def test_command_line_checker_points_at_a_file_and_class() -> None:
    completed = run_python(
        "-m",
        "hello_agents.testing.conformance",
        "react_agent",
        "chapters/ch07/exercises/solutions/my_react_agent.py:MyReActAgent",
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "MyReActAgent (react_agent check): 8/8 all passed" in completed.stdout
