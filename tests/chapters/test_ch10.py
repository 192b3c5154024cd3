"""Chapter 10's learner path runs as documented: examples, notebooks and exercise checks.

* every example script runs offline on the scripted model and prints what it is about;
* the agent examples (MCP and A2A tools, the pipeline) also do their job on the
  embedded model (integration);
* every notebook executes on a real Jupyter kernel and is committed without outputs;
* every exercise check fails on the blank skeleton, with a helpful message, and passes
  on the provided solution and on the framework's own class.
"""

from __future__ import annotations

import sys
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

pytest.importorskip("a2a", reason='chapter 10 needs its extra: pip install -e ".[ch10]"')
pytest.importorskip("mcp", reason='chapter 10 needs its extra: pip install -e ".[ch10]"')

from hello_agents.protocols import ANPDiscovery
from hello_agents.testing import conformance
from hello_agents.tools import A2ATool

CHAPTER, EXAMPLES, NOTEBOOKS, EXERCISES = chapter_paths("ch10")

# What each example must print in scripted mode (proof that it did its job).
EXPECTED_OUTPUT = {
    "01_protocols_tour.py": "A2A: you said: hello, agent",
    "02_mcp_client.py": "Beijing: 10.0 C, light rain",
    "03_mcp_tool_in_agent.py": "-> It is sunny in Shenzhen, 24 C.",
    "04_a2a_server_client.py": "  chunk: 3. Open problems",
    "05_a2a_pipeline.py": "Approved.",
    "06_a2a_tool_in_agent.py": "reply:    The enterprise plan is 99 per seat per month.",
    "07_negotiation.py": "agreement reached",
    "08_anp_discovery.py": "signed request verifies: True",
}

EXERCISE_TARGETS = {
    "my_service_discovery.py": ("service_discovery", "MyServiceDiscovery"),
    "my_a2a_tool.py": ("a2a_tool", "MyA2ATool"),
}

FRAMEWORK_SUBJECTS: dict[str, Any] = {
    "service_discovery": ANPDiscovery,
    "a2a_tool": A2ATool,
}


# ---- examples -----------------------------------------------------------------------


def test_every_example_has_an_expected_output() -> None:
    assert sorted(EXPECTED_OUTPUT) == [path.name for path in EXAMPLES]


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_offline_on_the_scripted_model(script: Path) -> None:
    completed = run_python(str(script.relative_to(ROOT)))
    assert completed.returncode == 0, completed.stderr
    assert EXPECTED_OUTPUT[script.name] in completed.stdout, completed.stdout
    assert "Traceback" not in completed.stderr, completed.stderr


@pytest.mark.integration
@pytest.mark.local_model
def test_the_pipeline_runs_on_the_embedded_model() -> None:
    completed = run_python(
        "chapters/ch10/examples/05_a2a_pipeline.py", mode="embedded", timeout=900
    )
    assert completed.returncode == 0, completed.stderr
    assert "[embedded model: provider=embedded" in completed.stdout
    assert "3 hops in" in completed.stdout, completed.stdout


@pytest.mark.integration
@pytest.mark.local_model
def test_the_mcp_agent_answers_from_the_server_on_the_embedded_model() -> None:
    completed = run_python(
        "chapters/ch10/examples/03_mcp_tool_in_agent.py", mode="embedded", timeout=300
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    answers = [line for line in completed.stdout.splitlines() if line.startswith("->")]
    assert len(answers) == 2, completed.stdout
    assert "579" in answers[0]
    assert "sunny" in answers[1].lower() and "24" in answers[1]


@pytest.mark.integration
@pytest.mark.local_model
def test_the_receptionist_passes_on_the_experts_answers_on_the_embedded_model() -> None:
    completed = run_python(
        "chapters/ch10/examples/06_a2a_tool_in_agent.py", mode="embedded", timeout=300
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    replies = [line for line in completed.stdout.splitlines() if line.startswith("reply:")]
    assert len(replies) == 2, completed.stdout
    assert "client.ask" in replies[0] and "99 per seat" in replies[1]
    assert not any("error" in reply.lower() or "failed" in reply.lower() for reply in replies)


@pytest.mark.integration
@pytest.mark.local_model
def test_the_scheduler_picks_the_least_loaded_service_on_the_embedded_model() -> None:
    completed = run_python(
        "chapters/ch10/examples/08_anp_discovery.py", mode="embedded", timeout=300
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    answers = [line for line in completed.stdout.splitlines() if line.startswith("->")]
    assert len(answers) == 1 and "nlp_agent_1" in answers[0], completed.stdout
    assert "nlp_agent_2" not in answers[0]


def test_the_weather_server_serves_over_stdio() -> None:
    from hello_agents.tools import MCPTool

    server = CHAPTER / "examples" / "weather_server.py"
    with MCPTool(name="weather", server_command=[sys.executable, str(server)]) as tool:
        assert "Shenzhen" in tool.run({"tool_name": "list_supported_cities"})


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


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_passes_on_the_solution(file_name: str) -> None:
    check, subject = exercise_subject(EXERCISE_TARGETS, EXERCISES / "solutions", file_name)
    report = check(subject, raise_on_failure=False)
    assert report.ok, report.render()


@pytest.mark.parametrize("check_name", sorted(FRAMEWORK_SUBJECTS))
def test_check_passes_on_the_frameworks_own_class(check_name: str) -> None:
    report = conformance.CHECKS[check_name](FRAMEWORK_SUBJECTS[check_name], raise_on_failure=False)
    assert report.ok, report.render()


def test_an_exercise_file_runs_its_own_check() -> None:
    blank = run_python("chapters/ch10/exercises/my_service_discovery.py")
    assert blank.returncode == 1
    assert "MyServiceDiscovery (service_discovery check): 0/8 8 failed" in blank.stdout
    solved = run_python("chapters/ch10/exercises/solutions/my_a2a_tool.py")
    assert solved.returncode == 0, solved.stdout + solved.stderr
    assert "8/8 all passed" in solved.stdout


def test_a_hanging_implementation_fails_its_case_instead_of_the_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    monkeypatch.setenv("HELLO_AGENTS_CASE_TIMEOUT", "0.5")
    never = threading.Event()

    class Hangs:
        def register_service(self, service: Any) -> None:
            never.wait()

    report = conformance.CHECKS["service_discovery"](Hangs, raise_on_failure=False)
    assert report.failures[0].got == "it did not finish within 0.5 s (stopped)"
    never.set()
