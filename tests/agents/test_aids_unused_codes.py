"""A question that asks about something by its code ("the status of shipment SH-3307"),
after calls of which none was passed the code (the aids' UnusedCodes): sent back with the
aids on, and on ``json_schema`` the next reply is held to a call of the tool that looks
such things up; answers that used the code, or whose code is only context, stand. Then the
old answer given again after the lookup, using nothing of it (the aids' SameAnswer)."""

from __future__ import annotations

import pytest
from _json_schema_runs import answer, assert_answer_stands, call, json_schema_agent

from hello_agents.agents.aids.checks import UNUSED_CODES, same_answer_since, unused_codes
from hello_agents.agents.aids.policy import Attempt, CallMade
from hello_agents.core.message import ToolCall
from hello_agents.core.run import Intervention
from hello_agents.tools.registry import ToolRegistry

SHIPMENTS = {"SH-3307": "departed the depot 2025-05-12", "SH-3308": "delivered 2025-05-09"}


def tools() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def shipment_status(shipment: str) -> str:
        """Where a shipment is, by its id.

        Args:
            shipment: The shipment's id, e.g. SH-1000.
        """
        return SHIPMENTS[shipment.upper()]

    @registry.tool
    def all_shipments() -> str:
        """Every shipment and its status."""
        return "; ".join(f"{code}: {status}" for code, status in SHIPMENTS.items())

    @registry.tool
    def weekday(date: str) -> str:
        """The day of the week of a date.

        Args:
            date: The date, YYYY-MM-DD.
        """
        return "Monday"

    @registry.tool
    def multiply(a: float, b: float) -> float:
        """a times b.

        Args:
            a: A number.
            b: Another number.
        """
        return a * b

    return registry


def made(tool: str, arguments: str, result: str, ok: bool = True) -> CallMade:
    return CallMade(ToolCall("c1", tool, arguments), result, ok, 1)


def attempt(question: str, *calls: CallMade) -> Attempt:
    return Attempt(question, "It left on a Monday.", calls=calls, tools=tools())


# ---- reading the question ---------------------------------------------------------------


def test_a_code_the_question_asks_about_that_no_call_was_passed_is_found() -> None:
    guessed = made("weekday", '{"date": "2024-01-01"}', "Monday")
    question = "On which day of the week did shipment SH-3307 leave the depot?"
    assert unused_codes(attempt(question, guessed)) == (["SH-3307"], ["shipment_status"])
    plural = "Have shipments sh3307 and SH-3308 both left?"
    assert unused_codes(attempt(plural, guessed)) == (["sh3307"], ["shipment_status"])


@pytest.mark.parametrize(
    ("question", "calls"),
    [
        # passed, in another case or without the dash
        ("Where is shipment SH-3307?", [made("shipment_status", '{"shipment": "sh3307"}', "")]),
        # passed, and the call failed: the model may report that it does not exist
        (
            "Where is shipment SH-9999?",
            [made("shipment_status", '{"shipment": "SH-9999"}', "KeyError: 'SH-9999'", False)],
        ),
        # a tool that lists every shipment returned it
        ("Where is shipment SH-3307?", [made("all_shipments", "{}", "SH-3307: left the depot")]),
        # said before the clause that asks
        (
            "My shipment SH-3307 is late again. What is 12 times 30?",
            [made("multiply", '{"a": 12, "b": 30}', "360")],
        ),
        # no tool names its kind
        (
            "What is 12 times 30, for invoice INV-2231?",
            [made("multiply", '{"a": 12, "b": 30}', "")],
        ),
        # no word names a kind, or the code is not letters then digits
        ("What is 12 times 30 (SH-3307)?", [made("multiply", '{"a": 12, "b": 30}', "")]),
        ("What is 12 times 30 for shipment 3307?", [made("multiply", '{"a": 12, "b": 30}', "")]),
    ],
)
def test_a_code_used_or_only_context_is_not_found(question: str, calls: list[CallMade]) -> None:
    assert unused_codes(attempt(question, *calls)) == ([], [])


# ---- through the agent ------------------------------------------------------------------


def test_an_answer_that_never_looked_the_code_up_is_sent_back_and_the_reply_held() -> None:
    question = "On which day of the week did shipment SH-3307 leave the depot?"
    script = [
        call("weekday", date="2024-01-01"),
        answer("It left on a Monday."),
        call("shipment_status", shipment="SH-3307"),
        call("weekday", date="2025-05-12"),
        answer("Shipment SH-3307 left the depot on a Monday, 2025-05-12."),
    ]
    agent, llm = json_schema_agent(script, tools())
    assert agent.run(question) == "Shipment SH-3307 left the depot on a Monday, 2025-05-12."
    [sent_back] = agent.last_result.interventions
    assert (sent_back.check, sent_back.action) == ("unused_codes", "sent_back")
    assert sent_back.held_to == ("shipment_status",)
    assert llm.calls[2].messages[-1]["content"] == UNUSED_CODES.format(
        codes="SH-3307", tools="shipment_status"
    )
    held = llm.calls[2].request["response_format"]["json_schema"]
    assert held["name"] == "tool_call"
    assert [branch["properties"]["name"]["const"] for branch in held["schema"]["anyOf"]] == [
        "shipment_status"
    ]


def test_without_the_aids_the_answer_stands() -> None:
    question = "On which day of the week did shipment SH-3307 leave the depot?"
    script = [call("weekday", date="2024-01-01"), answer("It left on a Monday.")]
    agent, llm = json_schema_agent(script, tools(), aids=False)
    assert agent.run(question) == "It left on a Monday."
    assert agent.last_result.interventions == [] and len(llm.calls) == 2


def test_an_answer_that_looked_the_code_up_stands() -> None:
    assert_answer_stands(
        "On which day of the week did shipment SH-3307 leave the depot?",
        [call("shipment_status", shipment="SH-3307"), call("weekday", date="2025-05-12")],
        "It left on Monday, 2025-05-12.",
        tools(),
    )


# ---- the old answer again, after the lookup (the aids' SameAnswer) ----------------------


def test_the_old_answer_given_again_after_the_lookup_is_sent_back_with_the_result() -> None:
    question = "On which day of the week did shipment SH-3307 leave the depot?"
    script = [
        call("weekday", date="2024-01-01"),
        answer("It left on a Monday."),
        call("shipment_status", shipment="SH-3307"),
        answer("It left on  a monday."),  # the same answer, but for spaces and case
        call("weekday", date="2025-05-12"),
        answer("It left on Monday, 2025-05-12."),
    ]
    agent, llm = json_schema_agent(script, tools())
    assert agent.run(question) == "It left on Monday, 2025-05-12."
    checks = [(done.check, done.action) for done in agent.last_result.interventions]
    assert checks == [("unused_codes", "sent_back"), ("same_answer", "sent_back")]
    told = llm.calls[4].messages[-1]["content"]
    assert told.startswith("Not yet: this is the answer you gave before")
    assert 'shipment_status({"shipment": "SH-3307"})' in told and SHIPMENTS["SH-3307"] in told
    held = llm.calls[4].request["response_format"]["json_schema"]["schema"]
    offered = [branch["properties"]["name"]["const"] for branch in held["anyOf"]]
    assert offered == ["all_shipments", "weekday", "multiply"]  # a call, not the lookup again


def answered_again(answer_text: str, *since: CallMade) -> Attempt:
    """The run after its answer was sent back at step 1 and the calls ``since`` were made."""
    sent_back = Intervention("unused_codes", "sent_back", "", "It left on a Monday.", step=1)
    first = made("weekday", '{"date": "2024-01-01"}', "Monday")
    return Attempt(
        "On which day of the week did shipment SH-3307 leave the depot?",
        answer_text,
        calls=(first, *since),
        earlier=(sent_back,),
        tools=tools(),
    )


def test_the_old_answer_stands_without_new_calls_or_when_it_uses_what_they_returned() -> None:
    looked_up = CallMade(
        ToolCall("c2", "shipment_status", '{"shipment": "SH-3307"}'),
        "departed the depot 2025-05-12",
        True,
        2,
    )
    assert same_answer_since(answered_again("It left on a Monday.", looked_up)) is looked_up
    # no call since: the model keeps its answer, and it stands
    assert same_answer_since(answered_again("It left on a Monday.")) is None
    # another answer, or the same one using what the new call returned
    assert same_answer_since(answered_again("It left on 2025-05-12.", looked_up)) is None
    # a call whose result says nothing of the question gave the answer nothing to use
    pointless = CallMade(ToolCall("c3", "multiply", '{"a": 3307, "b": 2}'), "6614.0", True, 2)
    assert same_answer_since(answered_again("It left on a Monday.", pointless)) is None
    confirms = CallMade(looked_up.call, "departed 2025-05-12, a Monday", True, 2)
    assert same_answer_since(answered_again("It left on a Monday.", confirms)) is None
