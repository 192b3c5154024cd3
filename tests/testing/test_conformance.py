"""The conformance checks: they pass on correct classes, and a specific mistake
fails exactly the behaviour it breaks, with expected / got / hint."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from hello_agents import (
    FunctionCallAgent,
    PlanAndSolveAgent,
    ReActAgent,
    ReflectionAgent,
    SimpleAgent,
)
from hello_agents.agents.tool_call_strategies import ModelTurn
from hello_agents.core.message import LLMResponse, Message
from hello_agents.core.run import RunResult
from hello_agents.testing import conformance
from hello_agents.testing.conformance import (
    Case,
    CaseOutcome,
    ConformanceError,
    ConformanceReport,
    check_async_executor,
    check_calculator,
    check_function_call_agent,
    check_plan_and_solve_agent,
    check_react_agent,
    check_reflection_quality_stop,
    check_simple_agent,
    check_tool_chain,
    check_tool_registry,
    hermetic_environment,
    run_cases,
)
from hello_agents.testing.conformance import runner as conformance_runner
from hello_agents.tools.async_executor import AsyncToolExecutor
from hello_agents.tools.builtin.calculator import evaluate
from hello_agents.tools.chain import ToolChain
from hello_agents.tools.registry import ToolRegistry
from hello_agents.tools.typed import FunctionTool

ROOT = Path(__file__).resolve().parents[2]


def failed_cases(report: conformance.ConformanceReport) -> list[str]:
    return [outcome.name for outcome in report.failures]


# ---- one mistake, one failed behaviour ----------------------------------------------


class ReActWithoutSystemPrompt(ReActAgent):
    """The reference's bug: the system prompt never reaches the model."""

    def build_messages(self, input_text: str, system_prompt: str | None = None) -> list[Message]:
        return [*self.get_history(), Message(input_text, "user")]


def test_react_check_names_the_broken_behaviour() -> None:
    report = check_react_agent(ReActWithoutSystemPrompt, raise_on_failure=False)
    assert failed_cases(report) == ["system_prompt is honoured"]
    failure = report.failures[0]
    assert failure.expected == "system_prompt sent as the system message"
    assert failure.got == "None"
    assert "system_prompt" in failure.hint


class ForgetfulSimpleAgent(SimpleAgent):
    """Never records the conversation."""

    def finish_run(self, result: RunResult[Any]) -> RunResult[Any]:
        return result


def test_simple_agent_check_notices_missing_history() -> None:
    report = check_simple_agent(ForgetfulSimpleAgent, raise_on_failure=False)
    assert failed_cases(report) == ["history carries over between runs"]


def raising_calculator(expression: str) -> str:
    """Correct arithmetic, but errors escape as exceptions."""
    return str(evaluate(expression))


def test_calculator_check_wants_errors_as_text() -> None:
    report = check_calculator(raising_calculator, raise_on_failure=False)
    assert failed_cases(report) == ["errors come back as text, never as exceptions"]
    assert "CalculatorError" in report.failures[0].got


class MutatingChain(ToolChain):
    """Writes its values into the caller's context, as the reference does."""

    def execute(
        self,
        registry: ToolRegistry,
        initial_input: str,
        context: Mapping[str, Any] | None = None,
    ) -> str:
        result = self.run(registry, initial_input, context)
        if isinstance(context, dict):
            context.update(result.context)
        return result.output


def test_tool_chain_check_notices_a_mutated_context() -> None:
    report = check_tool_chain(MutatingChain, raise_on_failure=False)
    assert "context values work; the caller's dict is not changed" in failed_cases(report)
    assert "'input'" in report.failures[0].got


class SequentialExecutor(AsyncToolExecutor):
    """Awaits one task after another: the reference's "parallel" executor."""

    async def execute_tools_parallel(self, tasks: list[dict[str, Any]]) -> list[Any]:
        return [await self.execute_tool_async(t["tool_name"], t["input_data"]) for t in tasks]


def test_async_executor_check_detects_sequential_execution() -> None:
    report = check_async_executor(SequentialExecutor, raise_on_failure=False)
    assert failed_cases(report) == ["calls really run at the same time"]
    assert "alone" in report.failures[0].got


def test_reflection_check_fails_on_the_plain_reflection_agent() -> None:
    report = check_reflection_quality_stop(ReflectionAgent, raise_on_failure=False)
    assert not report.ok
    assert "score_threshold" in report.failures[0].got


class PlanWithoutHistory(PlanAndSolveAgent):
    """Forgets the results of the steps already done."""

    def format_history(self, done: Any) -> str:
        return "(none yet)"


def test_plan_and_solve_check_notices_a_missing_history() -> None:
    assert check_plan_and_solve_agent(PlanAndSolveAgent, raise_on_failure=False).ok
    report = check_plan_and_solve_agent(PlanWithoutHistory, raise_on_failure=False)
    assert failed_cases(report) == [
        "each step's request holds the question, the step and the earlier results"
    ]
    assert "5 + 7 = 12 apples" in report.failures[0].expected


class StrictJSONAgent(FunctionCallAgent):
    """Decodes the arguments itself and lets a JSON error escape."""

    def read_turn(self, response: LLMResponse, run: Any) -> ModelTurn:
        turn = super().read_turn(response, run)
        for call in turn.calls:
            json.loads(call.arguments)
        return turn


def test_function_call_check_wants_bad_arguments_sent_back() -> None:
    assert check_function_call_agent(FunctionCallAgent, raise_on_failure=False).ok
    report = check_function_call_agent(StrictJSONAgent, raise_on_failure=False)
    assert failed_cases(report) == ["bad arguments come back to the model as an error it can fix"]
    failure = report.failures[0]
    assert failure.got.startswith("it raised JSONDecodeError")
    assert failure.expected.startswith("invalid JSON arguments answered with an error tool message")


class DescriptionWithoutFunctions(ToolRegistry):
    """Describes Tool objects only, forgetting registered functions."""

    def get_tools_description(self) -> str:
        tools = [tool for tool in self.get_all_tools() if not isinstance(tool, FunctionTool)]
        return "\n".join(f"- {tool.name}: {tool.description}" for tool in tools)


def test_tool_registry_check_wants_every_tool_described() -> None:
    assert check_tool_registry(ToolRegistry, raise_on_failure=False).ok
    report = check_tool_registry(DescriptionWithoutFunctions, raise_on_failure=False)
    assert failed_cases(report) == ["get_tools_description lists every tool"]
    assert "shout" not in report.failures[0].got


# ---- reporting ----------------------------------------------------------------------


def test_a_failing_check_raises_with_the_whole_report() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_react_agent(ReActWithoutSystemPrompt)
    message = str(caught.value)
    assert "ReActWithoutSystemPrompt (react_agent check): 7/8 1 failed" in message
    assert "PASS  Finish[answer] ends the run" in message
    assert "FAIL  system_prompt is honoured" in message
    assert "expected: system_prompt sent as the system message" in message
    assert "hint:" in message
    assert caught.value.report.check == "react_agent"


def test_an_unimplemented_part_is_reported_as_a_todo() -> None:
    class Blank(ReActAgent):
        def run(self, input_text: str, **kwargs: Any) -> str:
            raise NotImplementedError("TODO: the loop")

    report = check_react_agent(Blank, raise_on_failure=False)
    assert len(report.failures) == len(report.outcomes)
    first = report.failures[0]
    assert first.got == "it raised NotImplementedError: TODO: the loop"
    assert first.hint.startswith("still a TODO in your code. Next:")


class Blank:
    """A subject every check can build or call, which is all TODO."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("TODO")


@pytest.mark.parametrize("name", sorted(conformance.CHECKS))
def test_every_failure_says_what_was_expected_and_what_to_do(name: str) -> None:
    report = conformance.CHECKS[name](Blank, raise_on_failure=False)
    assert report.failures
    for failure in report.failures:
        assert failure.hint.strip(), failure
        assert failure.expected.strip() and failure.expected != failure.name, failure


def test_a_case_needs_a_hint() -> None:
    with pytest.raises(ValueError, match="needs a hint"):
        Case("something", lambda: None, "  ")


def test_checks_do_not_see_or_leak_the_learners_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-learner")
    with hermetic_environment(DEEPSEEK_API_KEY="sk-check"):
        assert "OPENAI_API_KEY" not in os.environ
        assert os.environ["DEEPSEEK_API_KEY"] == "sk-check"
        assert os.environ["HELLO_AGENTS_NO_DOTENV"] == "1"
    assert os.environ["OPENAI_API_KEY"] == "sk-learner"
    assert "DEEPSEEK_API_KEY" not in os.environ


def test_checks_do_not_reach_the_learners_own_stores(monkeypatch: pytest.MonkeyPatch) -> None:
    # A tutorial .env sets these; the chapter-8 checks run on the embedded stores.
    monkeypatch.setenv("NEO4J_URI", "bolt://localhost:7687")
    monkeypatch.setenv("QDRANT_URL", "http://localhost:6333")
    with hermetic_environment():
        assert "NEO4J_URI" not in os.environ and "QDRANT_URL" not in os.environ
    assert os.environ["NEO4J_URI"] == "bolt://localhost:7687"


# ---- command line -------------------------------------------------------------------


def test_command_line_passes_and_fails_with_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert conformance.main(["react_agent", "hello_agents.agents.react_agent:ReActAgent"]) == 0
    assert "8/8 all passed" in capsys.readouterr().out
    target = "hello_agents.agents.reflection_agent:ReflectionAgent"
    assert conformance.main(["reflection_quality_stop", target]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_command_line_explains_its_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert conformance.main(["no_such_check", "x.py:X"]) == 2
    assert "checks: llm_subclass, simple_agent" in capsys.readouterr().err
    assert conformance.main(["react_agent", "missing_file.py:X"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_async_checks_leave_no_running_loop() -> None:
    check_async_executor(AsyncToolExecutor)
    with pytest.raises(RuntimeError):
        asyncio.get_running_loop()


# ---- time limits and progress ---------------------------------------------------------

NAIVE_CALCULATOR = textwrap.dedent(
    """
    import ast, math, operator

    OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
                 ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv,
                 ast.Mod: operator.mod, ast.Pow: operator.pow}  # ** computed directly

    def value(node):
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](value(node.left), value(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        if isinstance(node, ast.Name) and node.id == "pi":
            return math.pi
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "sqrt":
            return math.sqrt(*(value(argument) for argument in node.args))
        raise ValueError(type(node).__name__ + " is not allowed")

    def naive_calculate(expression):
        text = expression.strip().replace("^", "**")
        if not text:
            return "Error: empty expression"
        try:
            return str(value(ast.parse(text, mode="eval").body))
        except Exception as error:
            return "Error: " + str(error)
    """
)


def checker_process(tmp_path: Path, *arguments: str, limit: str = "3") -> subprocess.Popen[str]:
    """The command-line checker on the naive calculator, output piped to this test."""
    (tmp_path / "naive_calculator.py").write_text(NAIVE_CALCULATOR, encoding="utf-8")
    environment = {**os.environ, conformance_runner.CASE_TIMEOUT_VARIABLE: limit}
    command = arguments or (
        "-m",
        "hello_agents.testing.conformance",
        "calculator",
        f"{tmp_path / 'naive_calculator.py'}:naive_calculate",
    )
    return subprocess.Popen(
        [sys.executable, *command],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.skipif(not conformance_runner.can_fork(), reason="a runaway C computation needs fork")
def test_a_naive_power_fails_within_the_limit_and_the_report_comes_as_it_goes(
    tmp_path: Path,
) -> None:
    started = time.monotonic()
    process = checker_process(tmp_path)
    assert process.stdout is not None
    arrivals: list[tuple[float, str]] = []
    try:
        for line in process.stdout:
            arrivals.append((time.monotonic() - started, line.rstrip("\n")))
        process.wait(timeout=120)  # the generous outer limit
    finally:
        process.kill()
    total = time.monotonic() - started
    text = "\n".join(line for _, line in arrivals)
    assert process.returncode == 1, text
    assert total < 60, f"the check took {total:.1f} s"
    assert "FAIL  9**9**9 is refused quickly" in text
    assert "got:      it did not finish within 3 s (stopped)" in text
    assert "expected: an error message for 9**9**9" in text
    assert "HELLO_AGENTS_CASE_TIMEOUT" in text
    assert "naive_calculate (calculator check): 6/7 1 failed" in text
    # The first case was printed when it finished, long before the runaway case was stopped.
    first = next(at for at, line in arrivals if "PASS  + - * /" in line)
    assert arrivals[-1][0] - first > 2, arrivals


def test_a_case_that_prints_does_not_garble_the_report(capfd: pytest.CaptureFixture[str]) -> None:
    def noisy() -> None:
        print("NOISE from print")
        os.write(1, b"NOISE from the file descriptor\n")
        raise AssertionError("and a failure")

    report = run_cases(
        "noisy", "subject", [Case("prints", noisy, "do not print")], raise_on_failure=False
    )
    assert report.failures[0].got == "it raised AssertionError: and a failure"
    assert "NOISE" not in capfd.readouterr().out


class RecordingProgress:
    def __init__(self) -> None:
        self.events: list[str] = []

    def started(self, check: str, subject: str, total: int, timeout: float) -> None:
        self.events.append(f"started {check} {total} {timeout:g}")

    def finished(self, outcome: CaseOutcome) -> None:
        self.events.append(f"finished {outcome.name} {outcome.passed}")

    def done(self, report: ConformanceReport) -> None:
        self.events.append(f"done {report.ok}")


def test_progress_is_told_of_each_case_and_the_limit_is_configurable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def fails() -> None:
        raise ValueError("nope")

    cases = [Case("one", lambda: None, "h"), Case("two", fails, "fix two", expected="no error")]
    progress = RecordingProgress()
    monkeypatch.setenv("HELLO_AGENTS_CASE_TIMEOUT", "7")
    report = run_cases("demo", "subject", cases, raise_on_failure=False, progress=progress)
    assert progress.events == [
        "started demo 2 7",
        "finished one True",
        "finished two False",
        "done False",
    ]
    assert report.failures[0].expected == "no error"
    with conformance.reporting_progress(progress):
        run_cases("demo", "subject", cases[:1], case_timeout=2)
    assert progress.events[-3] == "started demo 1 2"
    monkeypatch.setenv("HELLO_AGENTS_CASE_TIMEOUT", "soon")
    with pytest.raises(ValueError, match="HELLO_AGENTS_CASE_TIMEOUT"):
        run_cases("demo", "subject", cases)


def test_without_fork_a_case_runs_in_a_thread_under_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(conformance_runner, "can_fork", lambda: False)
    release = threading.Event()

    def hangs() -> None:
        release.wait(30)

    cases = [Case("hangs", hangs, "do not wait forever", expected="an answer at once")]
    started = time.monotonic()
    try:
        report = run_cases("demo", "subject", cases, raise_on_failure=False, case_timeout=0.5)
    finally:
        release.set()
    assert time.monotonic() - started < 10
    failure = report.failures[0]
    assert failure.got == "it did not finish within 0.5 s (stopped)"
    assert failure.expected == "an answer at once"
    assert failure.hint.startswith("do not wait forever")


# ---- a reader that closes the pipe early ----------------------------------------------


@pytest.mark.skipif(not conformance_runner.can_fork(), reason="a runaway C computation needs fork")
@pytest.mark.parametrize("entry", ["command line", "exercise file"])
def test_a_reader_closing_the_pipe_early_gets_no_traceback(tmp_path: Path, entry: str) -> None:
    arguments: tuple[str, ...] = ()
    if entry == "exercise file":
        exercise = tmp_path / "my_calculator.py"
        exercise.write_text(
            NAIVE_CALCULATOR
            + "\nif __name__ == '__main__':\n"
            + "    from hello_agents.testing.conformance import report\n\n"
            + "    raise SystemExit(report('calculator', naive_calculate))\n",
            encoding="utf-8",
        )
        arguments = (str(exercise),)
    process = checker_process(tmp_path, *arguments, limit="2")
    assert process.stdout is not None and process.stderr is not None
    try:
        head = [process.stdout.readline() for _ in range(2)]  # like `| head -2`
        process.stdout.close()  # later lines (after the 2 s case) hit a closed pipe
        errors = process.stderr.read()
        process.wait(timeout=120)
    finally:
        process.kill()
    assert head[0].startswith("Checking naive_calculate (calculator check)"), head
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors
    assert process.returncode == 1
