"""The scripted LLM: replays, records, and fails loudly."""

from __future__ import annotations

import pytest

from hello_agents.core.exceptions import LLMRateLimitError
from hello_agents.core.message import StreamEnd, TextDelta, ToolCallDelta
from hello_agents.testing import (
    ScriptedLLM,
    ScriptExhaustedError,
    UnusedScriptError,
    reply,
    tool_call,
    tool_calls,
)

HI = [{"role": "user", "content": "hi"}]


def test_replies_in_order_and_records_requests() -> None:
    llm = ScriptedLLM(["one", "two"])
    assert llm.invoke(HI, temperature=0.1) == "one"
    assert llm.invoke(HI) == "two"
    assert llm.calls[0].request["temperature"] == 0.1
    assert llm.calls[0].last_user_message == "hi"
    llm.assert_all_used()


def test_an_extra_call_fails_loudly() -> None:
    llm = ScriptedLLM(["only"])
    llm.invoke(HI)
    with pytest.raises(ScriptExhaustedError, match=r"unexpected model call #2.*'hi'"):
        llm.invoke(HI)


def test_unused_replies_fail_loudly() -> None:
    llm = ScriptedLLM(["used", "unused"])
    llm.invoke(HI)
    with pytest.raises(UnusedScriptError, match="1 scripted reply was never requested"):
        llm.assert_all_used()
    with pytest.raises(UnusedScriptError), ScriptedLLM(["never"]):
        pass


def test_scripted_exceptions_are_raised() -> None:
    llm = ScriptedLLM([LLMRateLimitError("slow down", status_code=429)])
    with pytest.raises(LLMRateLimitError):
        llm.invoke(HI)


def test_callable_items_see_the_request() -> None:
    llm = ScriptedLLM([lambda request: f"you said {request['messages'][-1]['content']}"])
    assert llm.invoke(HI) == "you said hi"


def test_streaming_text_and_tool_call_deltas() -> None:
    call = tool_call("search", {"q": "x"}, id="c9")
    llm = ScriptedLLM([reply("a b", chunks=["a", " b"]), tool_calls(call)])
    assert list(llm.think(HI)) == ["a", " b"]
    events = list(llm.stream_chat(HI))
    deltas = [e for e in events if isinstance(e, ToolCallDelta)]
    assert len(deltas) == 2 and "".join(d.arguments for d in deltas) == call.arguments
    assert isinstance(events[-1], StreamEnd) and events[-1].response.tool_calls == (call,)
    assert not any(isinstance(e, TextDelta) for e in events)
    assert llm.calls[0].stream


def test_unknown_options_are_not_recorded() -> None:
    llm = ScriptedLLM(["x"])
    llm.invoke(HI, max_tool_iterations=3)
    assert "max_tool_iterations" not in llm.last_call.request


@pytest.mark.anyio
async def test_async_interface() -> None:
    llm = ScriptedLLM(["async", "s t"])
    assert await llm.ainvoke(HI) == "async"
    assert [c async for c in llm.astream(HI)] == ["s", " t"]
