"""Tool calls written as JSON in a reply's text: what is a call, and what is not."""

from __future__ import annotations

import json

import pytest

from hello_agents.agents.content_tool_calls import (
    StreamGate,
    loads_lenient,
    parse_content_tool_calls,
    read_call_shapes,
    strip_tool_call_markup,
)

TOOLS = ("add", "now")
ADD = {"a": 1, "b": 2}

RECOGNISED = {
    "bare object": '{"name": "add", "arguments": {"a": 1, "b": 2}}',
    "json fence": '```json\n{"name": "add", "arguments": {"a": 1, "b": 2}}\n```',
    "fence without language": '```\n{"name": "add", "arguments": {"a": 1, "b": 2}}\n```',
    "tool_call tags": '<tool_call>\n{"name": "add", "arguments": {"a": 1, "b": 2}}\n</tool_call>',
    "unclosed tag": '<tool_call>\n{"name": "add", "arguments": {"a": 1, "b": 2}}',
    "arguments as a JSON string": '{"name": "add", "arguments": "{\\"a\\": 1, \\"b\\": 2}"}',
    "openai function shape": '{"type": "function", "function": {"name": "add", '
    '"arguments": "{\\"a\\": 1, \\"b\\": 2}"}}',
    "function key holding the name": '{"function": "add", "arguments": {"a": 1, "b": 2}}',
    "parameters key": '{"name": "add", "parameters": {"a": 1, "b": 2}}',
    "langchain action": '{"action": "add", "action_input": {"a": 1, "b": 2}}',
    "tool_calls wrapper": '{"tool_calls": [{"name": "add", "arguments": {"a": 1, "b": 2}}]}',
    "python literal": "{'name': 'add', 'arguments': {'a': 1, 'b': 2}}",
    "trailing comma": '{"name": "add", "arguments": {"a": 1, "b": 2,},}',
    "cut short": '{"name": "add", "arguments": {"a": 1, "b": 2',
    "prose around": 'Sure, I will add them.\n{"name": "add", "arguments": {"a": 1, "b": 2}}',
    "a thought next to the call": '{"thought": "I need to add.", "name": "add", '
    '"arguments": {"a": 1, "b": 2}}',
    "doubled opening brace": '{{"name": "add", "arguments": {"a": 1, "b": 2}}',
    "id and type next to it": '{"id": "x", "type": "function", "name": "add", '
    '"arguments": {"a": 1, "b": 2}}',
}


@pytest.mark.parametrize("content", RECOGNISED.values(), ids=RECOGNISED.keys())
def test_recognised_shapes_become_one_call(content: str) -> None:
    found = parse_content_tool_calls(content, TOOLS)
    assert [call.name for call in found.calls] == ["add"]
    assert json.loads(found.calls[0].arguments) == ADD
    assert found.problem is None


def test_several_calls_keep_their_order() -> None:
    listed = '[{"name": "now"}, {"name": "add", "arguments": {"a": 1, "b": 2}}]'
    tagged = (
        '<tool_call>{"name": "now", "arguments": {}}</tool_call>\n'
        '<tool_call>{"name": "add", "arguments": {"a": 1, "b": 2}}</tool_call>'
    )
    for content in (listed, tagged):
        found = parse_content_tool_calls(content, TOOLS)
        assert [call.name for call in found.calls] == ["now", "add"]
        assert found.calls[0].arguments == "{}"


def test_the_prose_around_a_call_is_kept_as_text() -> None:
    found = parse_content_tool_calls(RECOGNISED["prose around"], TOOLS)
    assert found.text == "Sure, I will add them."
    assert parse_content_tool_calls(RECOGNISED["json fence"], TOOLS).text == ""
    assert parse_content_tool_calls(RECOGNISED["doubled opening brace"], TOOLS).text == ""


NOT_CALLS = {
    "plain prose": "The answer is 42.",
    "json data with a name": '{"name": "Alice", "age": 3}',
    "a name-only record": '{"name": "Bob"}',
    "undeclared call inside prose": 'For example {"name": "search", "arguments": {"q": "x"}} '
    "is how a search call looks.",
    "a list of numbers": "[1, 2, 3]",
    "python code in a fence": '```python\ndef f():\n    return {"name": "add"}\n```',
    "an object with other keys": '{"result": 5, "unit": "cm"}',
    "a declared name with extra keys": '{"name": "add", "arguments": {}, "note": "hello"}',
    "braces in prose": "Use {braces} and [brackets] freely; {not json}.",
    "absurdly deep nesting": "[" * 5000 + '{"name": "add", "arguments": {}}',
    "deep nesting in a fence": "```json\n" + '{"a":' * 3000 + "\n```",
}


@pytest.mark.parametrize("content", NOT_CALLS.values(), ids=NOT_CALLS.keys())
def test_text_that_is_not_a_call_stays_text(content: str) -> None:
    found = parse_content_tool_calls(content, TOOLS)
    assert found.calls == ()
    assert found.problem is None
    assert found.final_answer is None
    assert found.text == content.strip()


def test_broken_json_in_a_tag_is_a_problem_not_a_call() -> None:
    found = parse_content_tool_calls(
        '<tool_call>{"name": "add", "arguments": {"a": 1,, "b"}}</tool_call>', TOOLS
    )
    assert found.calls == ()
    assert found.problem is not None and "not valid JSON" in found.problem


def test_a_clear_call_to_an_undeclared_tool_is_a_problem_naming_the_tools() -> None:
    found = parse_content_tool_calls('{"name": "multiply", "arguments": {"a": 2}}', TOOLS)
    assert found.calls == ()
    assert found.problem == "'multiply' is not an available tool (available: add, now)"


@pytest.mark.parametrize(
    "content",
    [
        '{"action": "Final Answer", "action_input": "It is 3."}',
        '```json\n{"name": "final_answer", "arguments": {"answer": "It is 3."}}\n```',
    ],
)
def test_a_final_answer_pseudo_call_is_the_answer(content: str) -> None:
    found = parse_content_tool_calls(content, TOOLS)
    assert found.final_answer == "It is 3."
    assert found.calls == ()


def test_a_declared_tool_named_like_a_final_answer_is_a_call() -> None:
    found = parse_content_tool_calls('{"name": "finish", "arguments": {}}', ("finish",))
    assert [call.name for call in found.calls] == ["finish"]


def test_loads_lenient_reads_what_small_models_write() -> None:
    assert loads_lenient('{"a": [1, 2,],}') == {"a": [1, 2]}
    assert loads_lenient('{"a": {"b": "c"') == {"a": {"b": "c"}}
    assert loads_lenient('{"a": "unterminated') == {"a": "unterminated"}
    assert loads_lenient("{'a': True, 'b': None}") == {"a": True, "b": None}
    assert loads_lenient("not json at all") is None
    assert loads_lenient("{{{{[[[[") is None
    assert loads_lenient("{1}") is None and loads_lenient("[b'x', 1j]") is None
    assert loads_lenient("{'a': (1, 2)}") == {"a": [1, 2]}


def test_read_call_shapes_reports_a_missing_arguments_key() -> None:
    assert list(read_call_shapes({"name": "now"})) == [("now", None)]
    assert list(read_call_shapes({"name": "add", "arguments": "a=1"})) == [("add", "a=1")]
    assert list(read_call_shapes({"name": "x", "age": 3})) == []


def test_strip_tool_call_markup_removes_tags() -> None:
    assert strip_tool_call_markup('Done.\n<tool_call>{"name": "add"}</tool_call>') == "Done."


@pytest.mark.parametrize("content", ["```json\n```", '{"tool_calls": []}'])
def test_an_empty_call_block_is_a_problem(content: str) -> None:
    assert parse_content_tool_calls(content, TOOLS).problem == (
        "the reply holds an empty list of tool calls"
    )


def test_an_empty_list_answer_is_just_text() -> None:
    assert parse_content_tool_calls("[]", TOOLS) == parse_content_tool_calls("[]", ())
    assert parse_content_tool_calls("[]", TOOLS).problem is None


def test_stream_gate_passes_prose_and_holds_what_may_be_a_call() -> None:
    prose = StreamGate(hold_json=True)
    assert [*prose.feed("  "), *prose.feed("Hello"), *prose.feed(" there")] == ["  Hello", " there"]
    assert list(prose.finish("Hello there")) == []

    held = StreamGate(hold_json=True)
    assert [*held.feed('{"name": '), *held.feed('"add"}')] == []
    assert list(held.finish("The sum is 3.")) == ["The sum is 3."]

    native = StreamGate(hold_json=False, separator="\n\n")
    assert list(native.feed("{json}")) == ["\n\n{json}"]


def test_stream_gate_shows_prose_until_a_line_starts_like_a_call() -> None:
    gate = StreamGate(hold_json=True)
    pieces = ["I will add.", "\n", "  ", '{"name": "add"', ', "arguments": {}}']
    assert [shown for piece in pieces for shown in gate.feed(piece)] == ["I will add.", "\n"]
    assert list(gate.finish("I will add.")) == []

    code = StreamGate(hold_json=True)
    assert list(code.feed("Here:\n```py")) == ["Here:\n"]
    assert list(code.finish("Here:\n```py\nx = 1\n```")) == ["```py\nx = 1\n```"]
