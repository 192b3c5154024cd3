"""The linear-time rewrites read replies exactly as the regexes they replaced did.

Each replaced regex is kept here as the reference and compared, on generated
text, with the function that now does its job (the regexes were quadratic on
long degenerate replies, which is why they left the package).
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from hello_agents.agents.react_agent import parse_react_reply
from hello_agents.agents.text import strip_wrapping
from hello_agents.tools.arguments import parse_arguments

TOOL_NAME = r"[A-Za-z_\u4e00-\u9fff][\w.\-\u4e00-\u9fff]*"
OLD_UNLABELLED = re.compile(rf"(?P<name>{TOOL_NAME})\[")
OLD_FENCE = re.compile(r"^```[\w-]*\s*\n?(.*?)\n?\s*```$", re.DOTALL)
TOOLS = {"search", "calc", "a.b", "x1"}

texts = st.lists(
    st.sampled_from(
        ["search", "calc", "a.b", "x1", "1", "-", ".", "_", "[", "]", " ", "é", "q", "搜"]
    ),
    max_size=40,
).map("".join)


def old_strip_wrapping(text: str) -> str:
    value, previous = text.strip(), None
    while value != previous:
        previous = value
        for mark in ("```", "**", "`", "*"):
            if len(value) > 2 * len(mark) and value.startswith(mark) and value.endswith(mark):
                value = value[len(mark) : -len(mark)].strip()
    return value


@settings(max_examples=400, deadline=None)
@given(texts)
def test_an_unlabelled_call_is_found_where_the_old_regex_found_it(text: str) -> None:
    expected = next(
        (
            match.group("name")
            for match in OLD_UNLABELLED.finditer(text)
            if match.group("name") in TOOLS
        ),
        None,
    )
    parsed = parse_react_reply(text, TOOLS)
    found = parsed.action.tool if parsed.action is not None else None
    assert found == expected


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["`", "*", " ", "\n", "a", "**"]), max_size=30).map("".join))
def test_wrappers_are_stripped_as_before(text: str) -> None:
    assert strip_wrapping(text) == old_strip_wrapping(text)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(["`", "```", "json", "\n", " ", "x", "-", "{", "}"]), max_size=20).map(
        "".join
    )
)
def test_fenced_arguments_are_unwrapped_as_before(body: str) -> None:
    text = body.strip()
    fenced = OLD_FENCE.match(text)
    schema = {"type": "object", "properties": {"input": {"type": "string"}}, "required": ["input"]}
    if fenced is None or not fenced.group(1).strip() or fenced.group(1).strip().startswith("{"):
        return  # only plain fenced values: JSON bodies go on to the JSON reader
    assert parse_arguments(text, schema) == {"input": fenced.group(1).strip()}
