"""The small-model aids on questions in another script than the tools' descriptions.

A question in Chinese and tools described in English share no word, and a small
model passes the question's Chinese words to tools that only know English ones.
Whole runs on a scripted model (FunctionCallAgent, ``json_schema`` as the aids'
servers get it), then the readings one by one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from _json_schema_runs import answer, call, json_schema_agent

from hello_agents.agents.aids.checks import quotes_for_a_tool, tools_for, untranslated_values
from hello_agents.agents.aids.policy import Attempt, CallMade
from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.core.message import ToolCall
from hello_agents.testing import ScriptedLLM
from hello_agents.tools.registry import ToolRegistry

UNITS = {"kg": 1000.0, "g": 1.0}
STAFF = {"lena fischer": "department: Sales, extension: 5129"}


def tools() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def convert_units(value: float, from_unit: str, to_unit: str) -> float:
        """Convert a mass from one unit to another.

        Args:
            value: The amount to convert.
            from_unit: The unit of the value: g or kg.
            to_unit: The unit wanted: g or kg.
        """
        if from_unit not in UNITS or to_unit not in UNITS:
            raise ValueError(f"cannot convert {from_unit!r} to {to_unit!r}")
        return value * UNITS[from_unit] / UNITS[to_unit]

    @registry.tool
    def lookup_employee(name: str) -> str:
        """A colleague's department and phone extension.

        Args:
            name: The person's full name.
        """
        return STAFF.get(name.lower(), f"No employee named {name!r}")

    @registry.tool
    def multiply(a: float, b: float) -> float:
        """Multiply two numbers.

        Args:
            a: The first number.
            b: The second number.
        """
        return a * b

    return registry


def agent(script: list[str], *, aids: bool = True) -> tuple[FunctionCallAgent, ScriptedLLM]:
    return json_schema_agent(script, tools(), aids=aids)


def test_an_answer_after_a_call_failed_on_a_chinese_value_is_sent_back() -> None:
    fc, llm = agent(
        [
            call("convert_units", value=2.5, from_unit="千克", to_unit="克"),
            answer("The conversion is not possible."),
            call("convert_units", value=2.5, from_unit="kg", to_unit="g"),
            answer("2.5千克是2500克。"),
        ]
    )
    assert fc.run("2.5千克是多少克？") == "2.5千克是2500克。"
    [done] = fc.last_result.interventions
    assert (done.check, done.action) == ("untranslated_values", "sent_back")
    assert done.answer == "The conversion is not possible."
    # the model is shown the error and what the parameters take
    assert "cannot convert" in done.message
    assert '"千克", "克"' in done.message
    assert "from_unit: The unit of the value: g or kg." in done.message
    assert len(llm.calls) == 4


def test_without_the_aids_the_answer_after_the_failure_stands() -> None:
    fc, llm = agent(
        [
            call("convert_units", value=2.5, from_unit="千克", to_unit="克"),
            answer("The conversion is not possible."),
        ],
        aids=False,
    )
    assert fc.run("2.5千克是多少克？") == "The conversion is not possible."
    assert fc.last_result.interventions == []
    assert len(llm.calls) == 2


def test_a_failure_followed_by_a_successful_call_is_left_alone() -> None:
    fc, llm = agent(
        [
            call("convert_units", value=2.5, from_unit="千克", to_unit="克"),
            call("convert_units", value=2.5, from_unit="kg", to_unit="g"),
            answer("2500克。"),
        ]
    )
    assert fc.run("2.5千克是多少克？") == "2500克。"
    assert fc.last_result.interventions == []
    assert len(llm.calls) == 3


def test_a_recalled_number_for_a_question_that_copies_a_name_is_sent_back() -> None:
    fc, llm = agent(
        [
            answer("Lena Fischer的电话分机号是222-333-4444"),
            call("lookup_employee", name="Lena Fischer"),
            answer("Lena Fischer的电话分机号是5129。"),
        ]
    )
    assert fc.run("Lena Fischer的电话分机号是多少？") == "Lena Fischer的电话分机号是5129。"
    [done] = fc.last_result.interventions
    assert (done.check, done.action) == ("ungrounded_numbers", "sent_back")
    assert len(llm.calls) == 3


@pytest.mark.parametrize("aids", [True, False])
def test_a_chinese_knowledge_answer_still_stands(aids: bool) -> None:
    fc, llm = agent([answer("水在海平面上100摄氏度沸腾。")], aids=aids)
    assert fc.run("水在海平面上多少度沸腾？") == "水在海平面上100摄氏度沸腾。"
    assert fc.last_result.interventions == []
    assert len(llm.calls) == 1


def attempt(question: str, calls: tuple[CallMade, ...] = (), registry: ToolRegistry | None = None):
    return Attempt(question, "a", calls=calls, tools=registry or tools())


@pytest.mark.parametrize(
    ("question", "about"),
    [
        ("Lena Fischer的电话分机号是多少？", True),  # a name copied as it is
        ("单词banana里有几个字母a？", True),  # a word to spell
        ("水在海平面上多少度沸腾？", False),  # nothing copied
        ("从2024-06-01到2024-09-15有多少天？", False),  # dates are not words
        ("What is Python?", False),  # not a question in CJK characters
    ],
)
def test_a_chinese_question_is_about_a_tool_when_it_copies_words_of_the_tools_script(
    question: str, about: bool
) -> None:
    assert quotes_for_a_tool(question, tools().get_all_tools()) is about


def test_copied_words_need_a_tool_that_takes_text() -> None:
    registry = ToolRegistry()

    @registry.tool
    def power(base: float, exponent: float) -> float:
        """Raise base to exponent.

        Args:
            base: The base.
            exponent: The exponent.
        """
        return base**exponent

    assert not tools_for("Lena Fischer的电话分机号是多少？", attempt("q", registry=registry))
    assert tools_for("Lena Fischer的电话分机号是多少？", attempt("q"))


def test_tools_described_in_chinese_are_compared_by_their_words() -> None:
    registry = ToolRegistry()
    registry.register_function("staff", "查询员工的分机号。", lambda name: name)
    # no shared pair of characters, and the tool's own script is the question's
    assert not quotes_for_a_tool("Lena Fischer的生日是哪天？", registry.get_all_tools())
    assert tools_for("Lena Fischer的分机号是多少？", attempt("q", registry=registry))


def failed(arguments: dict[str, Any], name: str = "convert_units", ok: bool = False) -> CallMade:
    return CallMade(ToolCall("1", name, json.dumps(arguments, ensure_ascii=False)), "error", ok, 1)


def test_untranslated_values_names_the_arguments_written_in_chinese() -> None:
    made = failed({"value": 2.5, "from_unit": "千克", "to_unit": "g"})
    found = untranslated_values(attempt("q", (made,)))
    assert found == (made, {"from_unit": "千克"})


@pytest.mark.parametrize(
    "calls",
    [
        (),  # no call
        (failed({"value": 2.5, "from_unit": "kg", "to_unit": "g"}),),  # failed, not on script
        (failed({"value": 2.5, "from_unit": "千克", "to_unit": "克"}, ok=True),),  # it ran
        (failed({"name": "张三"}, name="no_such_tool"),),  # an unknown tool: another problem
        (
            failed({"value": 2.5, "from_unit": "千克", "to_unit": "克"}),
            failed({"a": 2, "b": 3}, name="multiply", ok=True),
        ),  # a later call succeeded
    ],
)
def test_untranslated_values_needs_a_last_call_failed_on_a_foreign_value(
    calls: tuple[CallMade, ...],
) -> None:
    assert untranslated_values(attempt("q", calls)) is None


def test_a_tool_described_in_chinese_may_be_passed_chinese() -> None:
    registry = ToolRegistry()
    registry.register_function("convert", "单位换算：千克、克。", lambda text: text)
    made = CallMade(ToolCall("1", "convert", '{"text": "2千克"}'), "error", False, 1)
    assert untranslated_values(attempt("q", (made,), registry)) is None
