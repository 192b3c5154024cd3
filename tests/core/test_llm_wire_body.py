"""The request on the wire: messages and tools pass the SDK untouched, extra_body
merges into the body, extra_headers join the headers."""

from __future__ import annotations

from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.core.message import Message
from hello_agents.testing import FakeOpenAIServer

TOOL = {
    "type": "function",
    "function": {"name": "add", "parameters": {"type": "object", "properties": {}}},
}


def test_messages_tools_and_extra_body_reach_the_server_as_sent() -> None:
    history = [Message("be brief", "system"), Message("hi", "user"), Message("hello", "assistant")]
    with FakeOpenAIServer(["ok", "ok"]) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="k", model="m")
        assert llm.invoke([*history, Message("2+2?", "user")], tools=[TOOL]) == "ok"
        streamed = llm.stream_invoke(
            history, extra_body={"top_k": 5}, extra_headers={"X-Run": "r7"}
        )
        assert "".join(streamed) == "ok"
        llm.close()
    first, second = (request.body for request in server.chat_requests)
    assert first["messages"] == [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
        {"role": "user", "content": "2+2?"},
    ]
    assert first["tools"] == [TOOL] and "extra_body" not in first
    assert second["top_k"] == 5 and len(second["messages"]) == 3 and second["stream"] is True
    assert "extra_headers" not in second and "timeout" not in second
    assert server.chat_requests[1].headers["x-run"] == "r7"
    assert "x-run" not in server.chat_requests[0].headers
