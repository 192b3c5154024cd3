"""A question and a tool that name the same thing in different words.

Units named in words ("ounces", "英里") that a tool lists by symbol ("oz",
"mile"), plurals, and dates given as a tool asks for them: the tool is about the
question, so a number recalled before any call is sent back. Readings first,
then whole runs on a scripted model (FunctionCallAgent, ``json_schema``).
"""

from __future__ import annotations

import pytest
from _json_schema_runs import answer, call, json_schema_agent

from hello_agents.agents.aids.checks import tools_for
from hello_agents.agents.aids.policy import Attempt
from hello_agents.agents.aids.quantities import number_spans
from hello_agents.agents.aids.units import (
    gives_iso_dates,
    lists_a_unit,
    lone_measures,
    singular,
    unit_symbols,
)
from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.tools.registry import ToolRegistry

OUNCES_PER_POUND = 16.0


def tools() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def convert_units(value: float, from_unit: str, to_unit: str) -> float:
        """Convert a mass from one unit to another.

        Args:
            value: The amount to convert.
            from_unit: The unit of the value: g, kg, lb or oz.
            to_unit: The unit wanted, from the same list.
        """
        factors = {"g": 1.0, "kg": 1000.0, "lb": 453.59237, "oz": 453.59237 / OUNCES_PER_POUND}
        return round(value * factors[from_unit] / factors[to_unit], 6)

    @registry.tool
    def days_between(start: str, end: str) -> int:
        """The number of days from one date to another.

        Args:
            start: The first date, YYYY-MM-DD.
            end: The second date, YYYY-MM-DD.
        """
        return 106

    return registry


def about(question: str) -> bool:
    return bool(tools_for(question, Attempt(question, "", tools=tools())))


@pytest.mark.parametrize(
    ("word", "one"),
    [("ounces", "ounce"), ("inches", "inch"), ("pounds", "pound"), ("class", "class"),
     ("boxes", "box"), ("gas", "gas"), ("feet", "feet")],
)  # fmt: skip
def test_singular(word: str, one: str) -> None:
    assert singular(word) == one


def test_units_named_in_words_are_read_as_their_symbols() -> None:
    assert unit_symbols("How many ounces are 2 pounds?") == {"oz", "lb", "lbs"}
    assert unit_symbols("2.5千克是多少克？") == {"kg"}
    assert unit_symbols("What did the program cost?") == set()  # whole words only
    described = "convert_units Convert a mass. from_unit: g, kg, lb or oz."
    assert lists_a_unit("How many ounces are 2 pounds?", described)
    assert lists_a_unit("3磅是多少盎司？", described)
    assert not lists_a_unit("How many miles are 5 km?", "Convert a mass: g or oz.")


def test_dates_given_as_a_tool_takes_them() -> None:
    assert gives_iso_dates("从2024-06-01到2024-09-15有多少天？", "start: YYYY-MM-DD")
    assert not gives_iso_dates("从6月1日到9月15日有多少天？", "start: YYYY-MM-DD")
    assert not gives_iso_dates("How many days from 2024-06-01?", "a date")


@pytest.mark.parametrize(
    ("question", "is_about"),
    [
        ("How many ounces are 2 pounds?", True),
        ("3磅是多少盎司？", True),
        ("从2024-06-01到2024-09-15有多少天？", True),
        ("How many legs does a spider have?", False),
        ("水在海平面上多少度沸腾？", False),
        ("What is the chemical symbol of gold?", False),
    ],
)
def test_a_tool_is_about_a_question_naming_its_units_or_dates(
    question: str, is_about: bool
) -> None:
    assert about(question) is is_about


def run(question: str, script: list[str], *, aids: bool = True) -> tuple[FunctionCallAgent, str]:
    agent, _ = json_schema_agent(script, tools(), aids=aids)
    return agent, agent.run(question)


def test_a_conversion_recalled_before_any_call_is_sent_back() -> None:
    question = "How many ounces are 2 pounds?"
    script = [
        answer("2 pounds are 30 ounces."),
        call("convert_units", value=2, from_unit="lb", to_unit="oz"),
        answer("2 pounds are 32 ounces."),
    ]
    agent, said = run(question, script)
    assert said == "2 pounds are 32 ounces."
    [sent_back] = agent.last_result.interventions
    assert (sent_back.check, sent_back.action) == ("ungrounded_numbers", "sent_back")
    assert "30" in sent_back.message and sent_back.answer == "2 pounds are 30 ounces."


def test_a_day_count_recalled_for_a_chinese_question_with_dates_is_sent_back() -> None:
    question = "从2024-06-01到2024-09-15有多少天？"
    script = [
        answer("一共105天。"),
        call("days_between", start="2024-06-01", end="2024-09-15"),
        answer("一共106天。"),
    ]
    agent, said = run(question, script)
    assert said == "一共106天。"
    assert [done.check for done in agent.last_result.interventions] == ["ungrounded_numbers"]


@pytest.mark.parametrize("aids", [True, False])
def test_a_knowledge_answer_with_a_unit_tool_at_hand_stands(aids: bool) -> None:
    agent, said = run(
        "How many legs does a spider have?", [answer("A spider has 8 legs.")], aids=aids
    )
    assert said == "A spider has 8 legs."
    assert agent.last_result.interventions == []


def test_without_the_aids_a_recalled_conversion_stands() -> None:
    agent, said = run(
        "How many ounces are 2 pounds?", [answer("2 pounds are 30 ounces.")], aids=False
    )
    assert said == "2 pounds are 30 ounces."
    assert agent.last_result.interventions == []


@pytest.mark.parametrize(
    ("question", "lone"),
    [
        ("My tyres are at 32 psi. New set: 4 tyres at 115 each plus 60 fitting. Total?", {32.0}),
        ("Buying the 65 inch TV for 1450 and a soundbar for 279. Together?", {65.0}),
        ("A 12 V battery; the fridge draws 45 W for 8 hours. How many Wh?", set()),  # one kind
        ("Two 27 inch monitors, each 61.5 cm wide, on a 160 cm desk: space left?", set()),
        ("The dog is 5 kg and eats 120 g a day from a 3 kg bag. How many days?", set()),
        ("Borrowing 10,000 at 6% for 3 years. What do I pay back?", set()),  # time: data
        ("A 16 GB phone is 699. What do 3 of them cost?", {16.0}),
    ],
)
def test_lone_measures(question: str, lone: set[float]) -> None:
    assert lone_measures(question, number_spans(question)) == lone
