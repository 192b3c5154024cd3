"""The test kit scripts hostile replies without crashing itself.

A ``ToolCall`` built with non-string fields (arguments as a dict, a number
as name) is what a hostile server sends: FakeOpenAIServer puts it on the wire
as it is, and ScriptedLLM reads it through the same boundary as the real
client, so both give the same typed answer in every mode.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from hello_agents import HelloAgentsLLM
from hello_agents.core import LLMResponse, RetryPolicy, StreamEnd, TextDelta, ToolCall
from hello_agents.core.llm import BaseLLM
from hello_agents.testing import FakeOpenAIServer, ScriptedLLM
from hello_agents.testing.script import Fault, ScriptedReply

pytestmark = pytest.mark.timeout(30)

HI = [{"role": "user", "content": "hi"}]
HOSTILE = ScriptedReply(
    tool_calls=(
        ToolCall("c1", "add", {"a": 1, "b": 2}),  # type: ignore[arg-type]
        ToolCall("c2", 5, [1, 2]),  # type: ignore[arg-type]
        ToolCall("c3", "noop", None),  # type: ignore[arg-type]
    )
)
EXPECTED = (
    ToolCall("c1", "add", '{"a": 1, "b": 2}'),
    ToolCall("c2", "5", "[1, 2]"),
    ToolCall("c3", "noop", "{}"),
)


def answer(llm: BaseLLM, mode: str) -> LLMResponse:
    if mode == "chat":
        return llm.chat(HI)
    if mode == "achat":
        return asyncio.run(llm.achat(HI))
    if mode == "stream":
        events: list[Any] = list(llm.stream_chat(HI))
    else:

        async def drain() -> list[Any]:
            return [event async for event in llm.astream_chat(HI)]

        events = asyncio.run(drain())
    assert isinstance(events[-1], StreamEnd)
    return events[-1].response


MODES = ["chat", "achat", "stream", "astream"]


@pytest.mark.parametrize("mode", MODES)
def test_scripted_llm_normalises_non_string_tool_call_fields(mode: str) -> None:
    with ScriptedLLM([HOSTILE]) as llm:
        assert answer(llm, mode).tool_calls == EXPECTED


@pytest.mark.parametrize("mode", MODES)
def test_fake_server_sends_them_and_the_client_normalises_them(mode: str) -> None:
    with FakeOpenAIServer([HOSTILE]) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="k", model="m")
        assert answer(llm, mode).tool_calls == EXPECTED
        sent_first_call = server.chat_requests[0]
    assert sent_first_call.body["messages"] == HI


@pytest.mark.parametrize("mode", MODES)
def test_numeric_content_is_text_in_both(mode: str) -> None:
    reply = ScriptedReply(content=42)  # type: ignore[arg-type]
    with ScriptedLLM([reply]) as llm:
        assert answer(llm, mode).content == "42"
    with FakeOpenAIServer([reply]) as server:
        client = HelloAgentsLLM(base_url=server.base_url, api_key="k", model="m")
        assert answer(client, mode).content == "42"


def test_scripted_stream_still_yields_text_pieces_then_the_whole_answer() -> None:
    with ScriptedLLM(["one two three"]) as llm:
        events = list(llm.stream_chat(HI))
    assert [e.text for e in events if isinstance(e, TextDelta)] == ["one", " two", " three"]
    assert events[-1] == StreamEnd(
        LLMResponse("one two three", finish_reason="stop", model="scripted-model")
    )


def test_fault_raw_sends_a_body_as_given() -> None:
    body = {"choices": [{"message": {"content": "raw"}, "finish_reason": "stop"}]}
    with FakeOpenAIServer([Fault.raw(body), Fault.raw(b"not json")]) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="k", model="m",
                             retry_policy=RetryPolicy(max_retries=0))  # fmt: skip
        assert llm.invoke(HI) == "raw"
        with pytest.raises(Exception, match="not valid JSON"):
            llm.invoke(HI)
