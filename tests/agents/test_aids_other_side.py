"""A question that joins two names, codes or counted things, after calls passed only one
of them (the aids' OtherSide): sent back with the aids on; answers that looked up both
sides, or whose question pairs nothing, stand."""

from __future__ import annotations

import json

import pytest
from _json_schema_runs import answer, assert_answer_stands, call, json_schema_agent

from hello_agents import FunctionCallAgent
from hello_agents.agents.aids.pairs import other_side, other_sides
from hello_agents.agents.aids.policy import CallMade
from hello_agents.core.message import ToolCall
from hello_agents.testing import ScriptedLLM
from hello_agents.tools.registry import ToolRegistry

TEMPERATURES = {"lima": 19.0, "quito": 14.0}
PRICES = {"plum": 30, "fig": 45}
STOCK = {"K-20": 8, "K-21": 15}


def tools() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def city_temperature(city: str) -> float:
        """Today's temperature in a city, in Celsius.

        Args:
            city: The city's name.
        """
        return TEMPERATURES[city.lower()]

    @registry.tool
    def unit_price(item: str) -> int:
        """The price of one item at the market, in cents.

        Args:
            item: The item, e.g. plum.
        """
        return PRICES[item.lower().removesuffix("s")]

    @registry.tool
    def stock_of(code: str) -> int:
        """How many of a product are in stock.

        Args:
            code: The product code, e.g. K-20.
        """
        return STOCK[code]

    @registry.tool
    def subtract(a: float, b: float) -> float:
        """a minus b.

        Args:
            a: The first number.
            b: The number taken away.
        """
        return a - b

    return registry


def agent(script: list[str], *, aids: bool = True) -> tuple[FunctionCallAgent, ScriptedLLM]:
    return json_schema_agent(script, tools(), aids=aids)


# ---- reading the pair -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "value", "other"),
    [
        ("Which is warmer today, Lima or Quito?", "Lima", "Quito"),
        ("Is it warmer in Lima or in Quito today?", "Lima", "Quito"),
        ("How much higher is Ana Ruiz's desk number than Bo Lind's?", "Ana Ruiz", "Bo Lind"),
        ("What do 4 plums and 2 figs cost together?", "plum", "figs"),
        ("Which costs less: 6 plums or 3 figs?", "plums", "figs"),
        ("Do we have more of K-20 or K-21?", "K-20", "K-21"),
        ("Are there fewer pens (K-20) than cups (K-21)?", "K-20", "K-21"),
        ("How many parcels do orders QX-4410 and ZB-9032 have?", "QX-4410", "ZB-9032"),
        ("Which ships first, T7 or S2?", "T7", "S2"),  # letters differ, the shape is one
        ("Which is bigger, Lima or New York City?", "Lima", "New York City"),
    ],
)
def test_the_other_side_of_a_pair_is_read(question: str, value: str, other: str) -> None:
    assert other_side(question, value) == other


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Look up Ana Ruiz's desk; she is in team 7.", "Ana Ruiz"),
        ("Is Ana Ruiz in Sales and Marketing?", "Ana Ruiz"),  # the "and" joins other names
        ("What is the weather in Lima, and should I take a coat?", "Lima"),
        ("Convert 5 miles to km and tell me the result.", "miles"),
        ("Which desk is Ana Ruiz at, and who sits next to her?", "Ana Ruiz"),
        ("Is K-20 the successor of K-19?", "K-20"),  # no connector between the codes
        ("Is K-20 or K-210 in stock?", "K-20"),  # codes of two shapes
        ("Send order QX-4410 or call Q4410?", "QX-4410"),  # with and without a dash
        ("What do plums and figs have in common?", "plums"),  # nothing counted
        ("Lima. Or Quito?", "Lima"),  # a sentence ends between them
    ],
)
def test_no_pair_is_read_where_the_question_pairs_nothing_with_the_value(
    question: str, value: str
) -> None:
    assert other_side(question, value) is None


def test_a_side_passed_to_any_call_counts_also_in_the_singular_and_inside_a_list() -> None:
    question = "What do 4 plums and 2 figs cost together?"
    plum = CallMade(ToolCall("1", "unit_price", '{"item": "plum"}'), "30", True, 1)
    fig = CallMade(ToolCall("2", "unit_price", '{"item": "fig"}'), "45", True, 1)
    assert [other for *_, other in other_sides(question, [plum])] == ["figs"]
    assert other_sides(question, [plum, fig]) == []
    both = CallMade(ToolCall("3", "notes", '{"items": ["plum", "fig"]}'), "ok", True, 1)
    assert other_sides(question, [both]) == []


def test_a_long_text_argument_is_not_read_as_one_side_of_a_pair() -> None:
    long_text = "Lima " * 100
    made = CallMade(ToolCall("1", "city_temperature", json.dumps({"city": long_text})), "", True, 1)
    assert other_sides(f"{long_text} or Quito?", [made]) == []


# ---- through the agent ------------------------------------------------------------------


def test_one_side_looked_up_is_sent_back_and_the_answer_with_both_stands() -> None:
    fc, llm = agent(
        [
            call("city_temperature", city="Lima"),
            answer("Lima is warmer, by 5 degrees."),
            call("city_temperature", city="Quito"),
            answer("Lima is warmer: 19 °C against 14 °C, 5 degrees more."),
        ]
    )
    final = fc.run("Which is warmer today, Lima or Quito, and by how much?")
    assert final == "Lima is warmer: 19 °C against 14 °C, 5 degrees more."
    [done] = fc.last_result.interventions
    assert (done.check, done.action) == ("other_side", "sent_back")
    assert "Quito" in done.message and "city_temperature" in done.message
    assert len(llm.calls) == 4


def test_without_the_aids_the_one_sided_answer_stands() -> None:
    fc, llm = agent(
        [call("city_temperature", city="Lima"), answer("Lima is warmer, by 5 degrees.")],
        aids=False,
    )
    assert fc.run("Which is warmer today, Lima or Quito?") == "Lima is warmer, by 5 degrees."
    assert fc.last_result.interventions == []
    assert len(llm.calls) == 2


@pytest.mark.parametrize(
    ("question", "calls", "final"),
    [
        (
            "Which is warmer today, Lima or Quito?",
            [call("city_temperature", city="Lima"), call("city_temperature", city="Quito")],
            "Lima, at 19 °C (Quito: 14 °C).",
        ),
        (
            "What do 4 plums and 2 figs cost together?",
            [call("unit_price", item="plum"), call("unit_price", item="fig")],
            "4 plums and 2 figs cost 210 cents.",
        ),
        (
            "Do we have more of K-20 or K-21?",
            [call("stock_of", code="K-20"), call("stock_of", code="K-21")],
            "More of K-21: 15 against 8.",
        ),
        (
            "What is the temperature in Lima, and should I take a coat?",
            [call("city_temperature", city="Lima")],
            "It is 19 °C in Lima: a light jacket is enough.",
        ),
        (
            "How much is one plum? I also like figs.",
            [call("unit_price", item="plum")],
            "One plum costs 30 cents.",
        ),
    ],
)
def test_answers_with_both_sides_or_no_pair_stand(
    question: str, calls: list[str], final: str
) -> None:
    assert_answer_stands(question, calls, final, tools())
