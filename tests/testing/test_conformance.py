"""The conformance checks: they pass on correct classes, and a specific mistake
fails exactly the behaviour it breaks, with expected / got / hint."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from typing import Any

import pytest

from hello_agents import ReActAgent, ReflectionAgent, SimpleAgent
from hello_agents.core.message import Message
from hello_agents.core.run import RunResult
from hello_agents.testing import conformance
from hello_agents.testing.conformance import (
    ConformanceError,
    check_async_executor,
    check_calculator,
    check_react_agent,
    check_reflection_quality_stop,
    check_simple_agent,
    check_tool_chain,
    hermetic_environment,
)
from hello_agents.tools.async_executor import AsyncToolExecutor
from hello_agents.tools.builtin.calculator import evaluate
from hello_agents.tools.chain import ToolChain
from hello_agents.tools.registry import ToolRegistry


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


def test_checks_do_not_see_or_leak_the_learners_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-learner")
    with hermetic_environment(DEEPSEEK_API_KEY="sk-check"):
        assert "OPENAI_API_KEY" not in os.environ
        assert os.environ["DEEPSEEK_API_KEY"] == "sk-check"
        assert os.environ["HELLO_AGENTS_NO_DOTENV"] == "1"
    assert os.environ["OPENAI_API_KEY"] == "sk-learner"
    assert "DEEPSEEK_API_KEY" not in os.environ


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
