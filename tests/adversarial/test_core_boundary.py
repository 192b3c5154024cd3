"""Whatever JSON a server sends, the client returns typed records or LLMResponseError.

Hostile bodies go through real HTTP (FakeOpenAIServer's ``Fault.raw``) and the
real openai SDK; hypothesis then throws arbitrary JSON at the one boundary
(``parse_completion`` / ``parse_chunk``) directly.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hello_agents import HelloAgentsLLM
from hello_agents.core import LLMResponse, LLMResponseError, RetryPolicy, ToolCall
from hello_agents.core.message import ChunkRecord, parse_chunk, parse_completion
from hello_agents.testing import FakeOpenAIServer
from hello_agents.testing.script import Fault

pytestmark = pytest.mark.timeout(30)

HI = [{"role": "user", "content": "hi"}]


def completion(message: Any, **extra: Any) -> dict[str, Any]:
    body = {"id": "x", "model": "m", "choices": [{"index": 0, "message": message}]}
    body["choices"][0]["finish_reason"] = "stop"
    return {**body, **extra}


def call(function: Any, **extra: Any) -> dict[str, Any]:
    return {"id": "c1", "type": "function", "function": function, **extra}


def chunk(delta: Any, finish_reason: str | None = None) -> dict[str, Any]:
    return {"id": "x", "model": "m", "choices": [{"index": 0, "delta": delta,
            "finish_reason": finish_reason}]}  # fmt: skip


def make_llm(server: FakeOpenAIServer) -> HelloAgentsLLM:
    return HelloAgentsLLM(
        base_url=server.base_url,
        api_key="k",
        model="m",
        retry_policy=RetryPolicy(max_retries=0),
        timeout=10,
    )


# ---- normalised: the answer is usable, with the declared types ----------------------------


def calls(*functions: Any) -> dict[str, Any]:
    """A completion whose message calls the given functions."""
    return completion({"role": "assistant", "tool_calls": [call(f) for f in functions]})


NORMALISED = {
    "arguments as an object": (
        calls({"name": "add", "arguments": {"a": 1}}),
        ToolCall("c1", "add", '{"a": 1}'),
    ),
    "arguments as a list": (
        calls({"name": "add", "arguments": [1, 2]}),
        ToolCall("c1", "add", "[1, 2]"),
    ),
    "arguments as a number": (calls({"name": "add", "arguments": 5}), ToolCall("c1", "add", "5")),
    "arguments null": (calls({"name": "add", "arguments": None}), ToolCall("c1", "add", "{}")),
    "name as a number": (calls({"name": 5, "arguments": "{}"}), ToolCall("c1", "5", "{}")),
    "name null": (calls({"name": None, "arguments": "{}"}), ToolCall("c1", "", "{}")),
    "id missing": (
        completion({"role": "assistant", "tool_calls": [{"function": {"name": "add"}}]}),
        ToolCall("call_0", "add", "{}"),
    ),
}


@pytest.mark.parametrize("case", NORMALISED)
@pytest.mark.parametrize("mode", ["chat", "achat"])
def test_odd_tool_calls_become_typed_tool_calls(case: str, mode: str) -> None:
    body, expected = NORMALISED[case]
    with FakeOpenAIServer([Fault.raw(body)]) as server:
        llm = make_llm(server)
        response = llm.chat(HI) if mode == "chat" else asyncio.run(llm.achat(HI))
    assert response.tool_calls == (expected,)
    for tool_call in response.tool_calls:
        assert isinstance(tool_call.name, str) and isinstance(tool_call.arguments, str)


def test_numeric_content_becomes_its_text() -> None:
    with FakeOpenAIServer([Fault.raw(completion({"role": "assistant", "content": 42}))]) as server:
        assert make_llm(server).invoke(HI) == "42"


# ---- refused: a typed error that says what was wrong -----------------------------------

REFUSED = {
    "choices missing": {"id": "x", "model": "m"},
    "choices empty": {"id": "x", "choices": []},
    "choices an object": {"id": "x", "choices": {"0": {}}},
    "a choice that is a string": {"choices": ["hello"]},
    "message null": completion(None),
    "message a list": completion(["hi"]),
    "content an object": completion({"role": "assistant", "content": {"text": "hi"}}),
    "tool_calls an object": completion({"role": "assistant", "tool_calls": {"name": "x"}}),
    "a tool call that is a number": completion({"role": "assistant", "tool_calls": [7]}),
    "function null": completion({"role": "assistant", "tool_calls": [call(None)]}),
    "name an object": completion(
        {"role": "assistant", "tool_calls": [call({"name": {"n": 1}, "arguments": "{}"})]}
    ),
    "body a list": [1, 2, 3],
    "body null": None,
    "body a string": "hello",
    "an error object with status 200": {"error": {"message": "model overloaded"}},
    "not JSON": b"<html>502 Bad Gateway</html>",
    "deeply nested": b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("case", REFUSED)
@pytest.mark.parametrize("mode", ["chat", "achat"])
def test_malformed_bodies_are_response_errors(case: str, mode: str) -> None:
    with FakeOpenAIServer([Fault.raw(REFUSED[case])]) as server:
        llm = make_llm(server)
        with pytest.raises(LLMResponseError, match="could not be read"):
            llm.chat(HI) if mode == "chat" else asyncio.run(llm.achat(HI))


# ---- streams ---------------------------------------------------------------------------


def stream_events(server: FakeOpenAIServer, mode: str) -> list[Any]:
    llm = make_llm(server)
    if mode == "stream":
        return list(llm.stream_chat(HI))
    return asyncio.run(_adrain(llm.astream_chat(HI)))


async def _adrain(events: Any) -> list[Any]:
    return [event async for event in events]


@pytest.mark.parametrize("mode", ["stream", "astream"])
def test_numeric_delta_content_is_text(mode: str) -> None:
    chunks = [chunk({"content": 4}), chunk({"content": 2.5}), chunk({}, "stop")]
    with FakeOpenAIServer([Fault.raw(chunks=chunks)]) as server:
        events = stream_events(server, mode)
    assert events[-1].response.content == "42.5"


@pytest.mark.parametrize("mode", ["stream", "astream"])
def test_streamed_object_arguments_are_json_text(mode: str) -> None:
    head = {"index": 0, "id": "c9", "function": {"name": "add", "arguments": {"a": 1}}}
    chunks = [chunk({"tool_calls": [head]}), chunk({}, "tool_calls")]
    with FakeOpenAIServer([Fault.raw(chunks=chunks)]) as server:
        response = stream_events(server, mode)[-1].response
    assert response.tool_calls == (ToolCall("c9", "add", '{"a": 1}'),)


STREAM_REFUSED = {
    "chunk a list": [[1, 2]],
    "delta a string": [chunk("hello")],
    "content an object": [chunk({"content": {"x": 1}})],
    "tool_calls an object": [chunk({"tool_calls": {"index": 0}})],
    "index a string": [chunk({"tool_calls": [{"index": "zero", "function": {"name": "a"}}]})],
    "an error event": [{"error": {"message": "upstream failed"}}],
    "not JSON": [b"{broken"],
}


@pytest.mark.parametrize("case", STREAM_REFUSED)
@pytest.mark.parametrize("mode", ["stream", "astream"])
def test_malformed_chunks_are_response_errors(case: str, mode: str) -> None:
    hostile = Fault.raw(chunks=STREAM_REFUSED[case])
    with FakeOpenAIServer([hostile]) as server, pytest.raises(LLMResponseError):
        stream_events(server, mode)


# ---- the boundary itself, fuzzed -------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=12,
)  # fmt: skip
FIELD = st.sampled_from(["choices", "message", "delta", "content", "tool_calls", "function",
                         "name", "arguments", "id", "index", "finish_reason", "usage", "model",
                         "error", "text"])  # fmt: skip
SHAPED = st.recursive(
    JSON,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(FIELD, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(SHAPED)
def test_parse_completion_returns_typed_records_or_a_response_error(data: Any) -> None:
    try:
        response = parse_completion(data)
    except LLMResponseError:
        return
    assert isinstance(response, LLMResponse) and isinstance(response.content, str)
    for tool_call in response.tool_calls:
        assert isinstance(tool_call.id, str) and isinstance(tool_call.name, str)
        assert isinstance(tool_call.arguments, str)
    json.dumps([c.to_dict() for c in response.tool_calls])


@settings(max_examples=400, deadline=None)
@given(SHAPED)
def test_parse_chunk_returns_typed_records_or_a_response_error(data: Any) -> None:
    try:
        record = parse_chunk(data)
    except LLMResponseError:
        return
    assert isinstance(record, ChunkRecord)
    for delta in record.deltas:
        for value in vars(delta).values():
            assert value is None or isinstance(value, (str, int))
