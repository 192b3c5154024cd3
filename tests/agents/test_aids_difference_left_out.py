"""A question that asks by how much two quantities differ, answered with the two
quantities the tools returned and not their difference (the aids' DifferenceLeftOut):
sent back with the aids on; answers that state the difference, however it was worked
out, stand."""

from __future__ import annotations

import pytest
from _json_schema_runs import answer, assert_answer_stands, call, json_schema_agent

from hello_agents.agents.aids.checks import difference_left_out
from hello_agents.agents.aids.policy import Attempt, CallMade
from hello_agents.core.message import ToolCall
from hello_agents.tools.registry import ToolRegistry

HEIGHTS = {"aster": 812.0, "birch": 655.5}
"""Heights of two towers, in metres."""


def tools() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def tower_height(tower: str) -> float:
        """The height of a tower, in metres.

        Args:
            tower: The tower's name.
        """
        return HEIGHTS[tower.lower()]

    @registry.tool
    def subtract(a: float, b: float) -> float:
        """a minus b.

        Args:
            a: The first number.
            b: The number taken away.
        """
        return a - b

    @registry.tool
    def days_between(start: str, end: str) -> int:
        """Days from one ISO date to another.

        Args:
            start: The first date (YYYY-MM-DD).
            end: The second date (YYYY-MM-DD).
        """
        from datetime import date

        return (date.fromisoformat(end) - date.fromisoformat(start)).days

    return registry


QUESTION = "How much taller is the Aster tower than the Birch tower?"
LOOKUPS = [call("tower_height", tower="Aster"), call("tower_height", tower="Birch")]


def attempt(question: str, results: list[str], text: str) -> Attempt:
    made = tuple(
        CallMade(ToolCall(id=f"c{n}", name="t", arguments="{}"), result, True, n)
        for n, result in enumerate(results, 1)
    )
    return Attempt(question=question, answer=text, calls=made)


# ---- reading the answer -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "results", "text", "named"),
    [
        (
            QUESTION,
            ["812.0", "655.5"],
            "Aster is 812 m and Birch is 655.5 m tall.",
            ["812", "655.5"],
        ),
        (QUESTION, ["812.0", "655.5"], "The Aster tower is 812 metres tall.", ["812"]),
        (
            "How many more days are in March than in February 2026?",
            ["31", "28"],
            "There are 31 more days in March.",
            ["31"],
        ),
        ("差多少米？", ["812", "655"], "高812米。", ["812"]),
    ],
)
def test_the_quantities_named_instead_of_their_difference(
    question: str, results: list[str], text: str, named: list[str]
) -> None:
    assert difference_left_out(attempt(question, results, text)) == named


@pytest.mark.parametrize(
    ("question", "results", "text"),
    [
        # the difference, however it came
        (QUESTION, ["812.0", "655.5"], "Aster is 156.5 m taller."),
        (QUESTION, ["812.0", "655.5"], "812 - 655.5 = 156.5, so Aster is taller by that."),
        (QUESTION, ["812.0", "655.5", "156.5"], "Aster is 156.5 m taller."),
        (QUESTION, ["812.0", "655.5"], "About 157 m taller."),  # rounded
        (QUESTION, ["812.0", "812.0"], "Both are 812 m: no difference."),
        # a number of its own: worked out, rightly or not
        (QUESTION, ["812.0", "655.5"], "Aster (812 m) is 150 m taller than Birch (655.5 m)."),
        # one call: a single result may be the difference itself
        ("How many more days until 2026-12-25 from 2026-12-01?", ["24"], "24 more days."),
        # not a question about a difference
        ("What are the heights of Aster and Birch?", ["812.0", "655.5"], "812 m and 655.5 m."),
        # no number of a result named
        (QUESTION, ["812.0", "655.5"], "Aster is taller."),
    ],
)
def test_answers_that_stand(question: str, results: list[str], text: str) -> None:
    assert difference_left_out(attempt(question, results, text)) == []


def test_a_long_text_of_numbers_keeps_the_pairs_few() -> None:
    many = " ".join(str(n) for n in range(1, 200_000))
    found = difference_left_out(attempt(QUESTION, [many, many], "It is 7."))
    assert found == []  # 7 is a difference of two of the first numbers read


# ---- in a run ---------------------------------------------------------------------------


def test_sent_back_then_the_difference_is_the_answer() -> None:
    agent, llm = json_schema_agent(
        [
            *LOOKUPS,
            answer("The Aster tower is 812 m tall and the Birch tower 655.5 m."),
            call("subtract", a=812, b=655.5),
            answer("The Aster tower is 156.5 m taller."),
        ],
        tools(),
    )
    assert agent.run(QUESTION) == "The Aster tower is 156.5 m taller."
    assert agent.last_result is not None
    [sent] = agent.last_result.interventions
    assert (sent.check, sent.action) == ("difference_left_out", "sent_back")
    assert "812 and 655.5" in sent.message and "difference" in sent.message
    # the next reply may be a call or an answer: a tool that takes two numbers may
    # multiply them, and a model held to one picks it as readily as one that subtracts
    schema = llm.calls[3].request["response_format"]["json_schema"]["schema"]
    assert {"answer"} in [set(branch["properties"]) for branch in schema["anyOf"]]
    assert len(llm.calls) == 5


def test_without_the_aids_the_answer_stands() -> None:
    final = "The Aster tower is 812 m tall and the Birch tower 655.5 m."
    agent, llm = json_schema_agent([*LOOKUPS, answer(final)], tools(), aids=False)
    assert agent.run(QUESTION) == final
    assert len(llm.calls) == 3


@pytest.mark.parametrize(
    "final",
    [
        "The Aster tower is 156.5 m taller than the Birch tower.",
        "Aster: 812 m, Birch: 655.5 m, so Aster is 156.5 m taller.",
    ],
)
def test_the_difference_stands_with_the_aids(final: str) -> None:
    assert_answer_stands(QUESTION, LOOKUPS, final, tools())


def test_the_difference_from_a_tool_stands() -> None:
    question = (
        "How many more days are there from 2026-01-01 to 2026-03-01 "
        "than from 2026-05-01 to 2026-06-01?"
    )
    calls = [
        call("days_between", start="2026-01-01", end="2026-03-01"),
        call("days_between", start="2026-05-01", end="2026-06-01"),
        call("subtract", a=59, b=31),
    ]
    assert_answer_stands(question, calls, "There are 28 more days.", tools())
