"""A computed result is never lost: repeated calls and answers that drop the result.

The scripts replay what small local models did on a plain llama.cpp server: the
identical call written again after its result came back, then a final reply
with no value in it ("Thank you for providing the conversion result.").
"""

from __future__ import annotations

from typing import Any

import pytest

from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.agents.function_call_parts import lost_result, states_value
from hello_agents.agents.tool_support import ToolRound
from hello_agents.core.config import Config
from hello_agents.core.message import ToolCall
from hello_agents.testing import ScriptedLLM, tool_call, tool_calls
from hello_agents.tools.registry import ToolRegistry
from hello_agents.tools.result import ToolResult

CALL = '{"name": "convert_units", "arguments": {"value": 77, "from_unit": "F", "to_unit": "C"}}'
THANKS = "Thank you for providing the conversion result."


def registry() -> ToolRegistry:
    tools = ToolRegistry()

    @tools.tool
    def convert_units(value: float, from_unit: str, to_unit: str) -> float:
        """Convert a temperature.

        Args:
            value: The value.
            from_unit: F or C.
            to_unit: F or C.
        """
        return round((value - 32) * 5 / 9, 2) if from_unit == "F" else value * 9 / 5 + 32

    @tools.tool
    def lookup(name: str) -> str:
        """A colleague's office.

        Args:
            name: Their name.
        """
        return "Room B-12, second floor"

    return tools


def agent(llm: ScriptedLLM, **options: Any) -> FunctionCallAgent:
    return FunctionCallAgent("t", llm, tool_registry=registry(), config=Config(), **options)


def test_a_repeated_call_is_told_its_result_and_a_lost_result_is_the_answer() -> None:
    with ScriptedLLM([CALL, CALL, THANKS]) as llm:
        answer = agent(llm, tool_call_strategy="content").run("What is 77 °F in °C?")
    assert answer.startswith("25.0\n\n(The result of convert_units(")
    assert THANKS in answer  # the model's reply is quoted, not hidden
    reminder = llm.calls[-1].messages[-1]
    assert reminder["role"] == "user"
    assert "You already have the result of convert_units(" in reminder["content"]
    assert ": 25.0\n" in reminder["content"]
    assert len(llm.calls) == 3  # the repeat was not run again


def test_the_json_schema_strategy_gets_the_same_reminder() -> None:
    script = [CALL, CALL, '{"answer": "77 °F is 25 °C."}']
    with ScriptedLLM(script) as llm:
        answer = agent(llm, tool_call_strategy="json_schema").run("77 °F in °C?")
    assert answer == "77 °F is 25 °C."  # rounded to the answer's decimals: it stated the value
    assert "You already have the result" in llm.calls[-1].messages[-1]["content"]


def test_the_iteration_limit_answer_that_drops_the_result_is_replaced() -> None:
    with ScriptedLLM([tool_calls(tool_call("convert_units", CALL_ARGS)), THANKS]) as llm:
        answer = agent(llm, max_tool_iterations=1).run("77 °F in °C?")
    assert answer.startswith("25.0\n\n")


CALL_ARGS = {"value": 77, "from_unit": "F", "to_unit": "C"}


@pytest.mark.parametrize(
    "reply",
    [
        "It is 25 degrees Celsius.",
        "About twenty-five degrees.",
        "It is 298 kelvin.",  # another number: maybe computed from the result; left alone
    ],
)
def test_an_answer_that_states_a_number_is_left_alone(reply: str) -> None:
    with ScriptedLLM([tool_calls(tool_call("convert_units", CALL_ARGS)), reply]) as llm:
        assert agent(llm, max_tool_iterations=1).run("77 °F in °C?") == reply


def test_an_answer_that_ends_the_loop_by_itself_is_the_models() -> None:
    with ScriptedLLM([tool_calls(tool_call("convert_units", CALL_ARGS)), THANKS]) as llm:
        assert agent(llm).run("77 °F in °C?") == THANKS  # no limit hit, no repeat


def test_keep_results_can_be_switched_off() -> None:
    with ScriptedLLM([CALL, CALL, THANKS]) as llm:
        quiet = agent(llm, tool_call_strategy="content")
        quiet.keep_results = False
        assert quiet.run("77 °F in °C?") == THANKS


def rounds(*results: str, calls: int = 1) -> list[ToolRound]:
    made = tuple(ToolCall(f"c{n}", "f", "{}") for n in range(calls))
    return [ToolRound(made, tuple(ToolResult(ok=True, content=r, tool_name="f") for r in results))]


def test_the_rule_only_takes_a_single_number_from_a_single_call() -> None:
    assert lost_result(rounds("25.0"), THANKS) is not None
    assert lost_result(rounds("Room B-12, second floor"), "Second floor.") is None  # text
    assert lost_result(rounds("3 and 4"), THANKS) is None  # two numbers: not one value
    assert lost_result(rounds("3", "4", calls=2), THANKS) is None  # the answer may combine
    assert lost_result([], THANKS) is None
    failed = [
        ToolRound((ToolCall("c", "f", "{}"),), (ToolResult(ok=False, content="7", tool_name="f"),))
    ]
    assert lost_result(failed, THANKS) is None


@pytest.mark.parametrize(
    ("answer", "value", "stated"),
    [
        ("1,776 cents", "1776", True),
        ("$17.76", "17.76", True),
        ("about 3.14", "3.14159", True),
        ("99.5 °F", "99.50000001", True),
        ("101", "99.5", False),
        ("Room B-12", "Room B-12", True),
    ],
)
def test_states_value(answer: str, value: str, stated: bool) -> None:
    assert states_value(answer, value) is stated
