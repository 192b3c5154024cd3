"""A question that asks by how much one quantity exceeds another: an answer that
only restates the quantities no call used is sent back (the aids' UnusedQuantities)."""

from __future__ import annotations

import datetime

import pytest
from _json_schema_runs import answer, call, json_schema_agent

from hello_agents import FunctionCallAgent
from hello_agents.agents.aids.checks import asks_for_a_difference
from hello_agents.testing import ScriptedLLM
from hello_agents.tools.registry import ToolRegistry

QUESTION = (
    "How many more days are there from 2024-01-10 to 2024-03-01 than from 2024-05-01 to 2024-06-15?"
)


def tools() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def days_between(start: str, end: str) -> int:
        """The number of days from one date to another.

        Args:
            start: The first date, YYYY-MM-DD.
            end: The second date, YYYY-MM-DD.
        """
        return (datetime.date.fromisoformat(end) - datetime.date.fromisoformat(start)).days

    return registry


def agent(script: list[str], *, aids: bool = True) -> tuple[FunctionCallAgent, ScriptedLLM]:
    return json_schema_agent(script, tools(), aids=aids)


RESTATED = (
    "There are 51 more days from 2024-01-10 to 2024-03-01 than from 2024-05-01 to 2024-06-15."
)


def test_a_difference_that_restates_the_unused_side_is_sent_back() -> None:
    fc, llm = agent(
        [
            call("days_between", start="2024-01-10", end="2024-03-01"),
            answer(RESTATED),
            call("days_between", start="2024-05-01", end="2024-06-15"),
            answer("6 more days: 51 against 45."),
        ]
    )
    assert fc.run(QUESTION) == "6 more days: 51 against 45."
    [done] = fc.last_result.interventions
    assert (done.check, done.action) == ("unused_quantities", "sent_back")
    assert done.answer == RESTATED
    assert "2024-05-01, 2024-06-15" in done.message
    assert len(llm.calls) == 4


def test_without_the_aids_the_restated_answer_stands() -> None:
    fc, llm = agent(
        [call("days_between", start="2024-01-10", end="2024-03-01"), answer(RESTATED)],
        aids=False,
    )
    assert fc.run(QUESTION) == RESTATED
    assert fc.last_result.interventions == []
    assert len(llm.calls) == 2


def test_a_difference_worked_out_from_both_sides_stands() -> None:
    fc, llm = agent(
        [
            call("days_between", start="2024-01-10", end="2024-03-01"),
            call("days_between", start="2024-05-01", end="2024-06-15"),
            answer("There are 6 more days in the first span (51) than in the second (45)."),
        ]
    )
    fc.run(QUESTION)
    assert fc.last_result.interventions == []
    assert len(llm.calls) == 3


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("How many more days are there from 2024-01-10 to 2024-03-01 than after?", True),
        ("How much higher is Ana's extension than Bob's?", True),
        ("How many cents cheaper is a pear than 3 apples?", True),
        ("Which is colder, Oslo or Rome, and by how many degrees?", True),
        ("3的7次方比2000多多少？", True),
        # a comparison with a threshold, not a difference
        ("Which is larger, 3^7 or 2000?", False),
        ("Is 3^7 more than 2000?", False),
        ("Do I have enough for 3 apples with 200 cents?", False),
        ("How many days are left in the year?", False),
    ],
)
def test_a_question_may_ask_for_a_difference(question: str, asks: bool) -> None:
    assert asks_for_a_difference(question) is asks
