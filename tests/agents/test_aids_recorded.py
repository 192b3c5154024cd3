"""Each run records whether its small-model aids were on, and why (RunResult.aids)."""

from __future__ import annotations

from hello_agents import FunctionCallAgent, ReActAgent, SimpleAgent
from hello_agents.testing import ScriptedLLM
from hello_agents.tools.builtin.calculator import CalculatorTool
from hello_agents.tools.registry import ToolRegistry
from hello_agents.tracing import TraceRecorder


def calculator() -> ToolRegistry:
    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    return registry


def test_a_run_records_the_decision_it_made() -> None:
    small = ScriptedLLM(["Action: Finish[Canberra]"], parameters=1_500_000_000)
    react = ReActAgent("r", small, calculator())
    react.run("What is the capital of Australia?")
    assert react.last_result.aids.startswith("on: ")

    asked_off = FunctionCallAgent("f", ScriptedLLM(["Canberra"]), tool_registry=calculator())
    asked_off.small_model_aids = False
    asked_off.run("What is the capital of Australia?")
    assert asked_off.last_result.aids == "off: small_model_aids=False"


def test_a_run_without_tools_has_no_aids_whatever_the_setting() -> None:
    agent = FunctionCallAgent("f", ScriptedLLM(["Canberra"]), small_model_aids=True)
    recorder = TraceRecorder(agent)
    agent.run("What is the capital of Australia?")
    assert agent.last_result.aids == "off: the run has no tools"
    [run] = recorder.runs
    assert (run.aids_enabled, run.aids_reason) == (False, "off: the run has no tools")


def test_an_agent_without_aids_records_nothing() -> None:
    agent = SimpleAgent("s", ScriptedLLM(["Canberra"]))
    agent.run("What is the capital of Australia?")
    assert agent.last_result.aids == ""
