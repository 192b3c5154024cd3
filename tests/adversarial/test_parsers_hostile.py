"""Hostile model replies against every parser: no exception, bounded time, bounded output.

Replies are generated at scale with hypothesis (random mixes of the characters
parsers react to) and, separately, as the degenerate long replies small models
produce (one character repeated, nesting, unclosed markers). Every case runs
under a hard time limit.
"""

from __future__ import annotations

import pytest
from _limits import within
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hello_agents.agents.content_tool_calls import (
    StreamGate,
    loads_lenient,
    parse_content_tool_calls,
)
from hello_agents.agents.plan_parser import PlanFormatError, parse_plan_reply
from hello_agents.agents.react_agent import parse_react_reply
from hello_agents.agents.text import MAX_REPLY_CHARS, strip_wrapping
from hello_agents.agents.tool_call_json import answer_from_json, call_json
from hello_agents.agents.tool_call_protocol import (
    MarkerFilter,
    has_marker,
    parse_tool_calls,
    strip_tool_calls,
)
from hello_agents.core.message import ToolCall

TOOLS = ("calculator", "search")
# The characters and fragments the parsers look for, so random replies hit their paths.
FRAGMENTS = [
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    '"',
    "'",
    "\\",
    "`",
    "```",
    "*",
    "-",
    "#",
    ">",
    "\t",
    " ",
    "\n",
    ",",
    ":",
    "：",
    "=",
    "1",
    "a",
    "Thought:",
    "Action:",
    "**Action:**",
    "Finish[",
    "Observation:",
    "Final Answer:",
    "[TOOL_CALL:",
    "TOOL_CALL:",
    "calculator[",
    "search(",
    '{"name": "calculator", "arguments": {"input": "1"}}',
    "<tool_call>",
    "</tool_call>",
    "```json\n",
    "```python\n",
    "1. ",
    "- ",
    "Step 2: ",
    "9" * 50,
    "思考:",
    "行动:",
]
replies = st.lists(st.sampled_from(FRAGMENTS), max_size=200).map("".join) | st.text(max_size=500)
HOSTILE = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def every_parser(reply: str) -> None:
    """Run every parser on ``reply``; only a plan may be refused, with PlanFormatError."""
    parsed = parse_react_reply(reply, TOOLS)
    assert parsed.error is None or len(parsed.error) < 1000
    calls = parse_tool_calls(reply)
    assert len(calls) <= len(reply)
    assert len(strip_tool_calls(reply)) <= len(reply)
    has_marker(reply)
    found = parse_content_tool_calls(reply, TOOLS)
    assert len(found.text) <= len(reply)
    loads_lenient(reply)
    answer_from_json(reply)
    call_json(ToolCall(id="1", name="calculator", arguments=reply))
    strip_wrapping(reply)
    try:
        steps = parse_plan_reply(reply)
    except PlanFormatError as error:
        assert str(error)
    else:
        assert all(step for step in steps)


def stream_through_filters(reply: str) -> None:
    marker, gate = MarkerFilter(), StreamGate(hold_json=True)
    for start in range(0, len(reply), 7):
        marker.feed(reply[start : start + 7])
        list(gate.feed(reply[start : start + 7]))
    marker.flush()
    list(gate.finish(reply))


@HOSTILE
@given(replies)
def test_random_replies_never_raise(reply: str) -> None:
    within(5, every_parser, reply)


@HOSTILE
@given(replies)
def test_random_streams_never_raise(reply: str) -> None:
    within(5, stream_through_filters, reply)


DEGENERATE = {
    "newlines": "x" + "\n" * 200_000 + "x",
    "stars": "*" * 200_000,
    "dashes": "-" * 200_000,
    "hashes": "#" * 200_000,
    "digits": "1" * 200_000,
    "tabs": "\t" * 200_000,
    "spaces then text": "Action:" + " " * 200_000 + "x",
    "open brackets": "[" * 200_000,
    "open braces": "{" * 1_000_000,
    "nested lists": "[" * 5_000 + "]" * 5_000,
    "nested objects": '{"a":' * 5_000 + "1" + "}" * 5_000,
    "unclosed markers": "[TOOL_CALL:calculator:(" * 20_000,
    "bare markers": "TOOL_CALL:calculator:{" * 20_000,
    "long word": "a" * 200_000 + "!",
    "backticks": "`" * 200_000,
    "spaced list item": "- a" + " " * 200_000 + "b",
    "tag then spaces": "<tool_call>a" + " " * 200_000 + "b",
    "flat unclosed list": "[[" + "1," * 200_000,
    "huge number": '{"name": "calculator", "arguments": {"input": ' + "1" * 5_000 + "}}",
    "many empty objects": "{}" * 200_000,
    "over the cap": "Thought: long\n" + "y" * (MAX_REPLY_CHARS + 10),
}


@pytest.mark.parametrize("reply", DEGENERATE.values(), ids=DEGENERATE.keys())
def test_degenerate_replies_parse_quickly(reply: str) -> None:
    within(10, every_parser, reply)


@pytest.mark.parametrize("reply", DEGENERATE.values(), ids=DEGENERATE.keys())
def test_degenerate_replies_stream_quickly(reply: str) -> None:
    within(20, stream_through_filters, reply[:300_000])


def test_a_reply_over_the_cap_is_read_in_part_and_the_model_is_told() -> None:
    parsed = parse_react_reply("Thought: thinking\n" + "y" * (MAX_REPLY_CHARS + 1))
    assert parsed.error is not None and f"{MAX_REPLY_CHARS}" in parsed.error
    with pytest.raises(PlanFormatError, match="only the first"):
        parse_plan_reply("z" * (MAX_REPLY_CHARS + 1))
