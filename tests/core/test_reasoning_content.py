"""A thinking model's reasoning: read from the answer, sent back with its tool calls."""

from __future__ import annotations

import pytest

from hello_agents import FunctionCallAgent, HelloAgentsLLM, Message
from hello_agents.core.message import LLMResponse, StreamEnd, parse_chunk, parse_completion
from hello_agents.core.retry import RetryPolicy
from hello_agents.testing import FakeOpenAIServer, reply, tool_call, tool_calls
from hello_agents.tools.builtin.calculator import CalculatorTool
from hello_agents.tools.registry import ToolRegistry

THINKING = "The user wants 17 * 23. I should use the calculator."


def completion(message: dict[str, object]) -> dict[str, object]:
    return {"choices": [{"index": 0, "message": message, "finish_reason": "stop"}]}


@pytest.mark.parametrize("key", ["reasoning_content", "reasoning"])
def test_the_reasoning_of_an_answer_is_read_under_either_name(key: str) -> None:
    response = parse_completion(completion({"role": "assistant", "content": "391", key: "x"}))
    assert (response.content, response.reasoning_content) == ("391", "x")


@pytest.mark.parametrize("value", [None, "", 42, {"text": "x"}, ["x"]])
def test_reasoning_of_another_shape_is_ignored_not_fatal(value: object) -> None:
    message = {"role": "assistant", "content": "391", "reasoning_content": value}
    assert parse_completion(completion(message)).reasoning_content is None


def test_a_stream_chunk_carries_its_piece_of_reasoning() -> None:
    chunk = {"choices": [{"index": 0, "delta": {"reasoning_content": "Let me "}}]}
    assert parse_chunk(chunk).reasoning == "Let me "


def test_the_reasoning_goes_on_the_wire_only_when_there_is_some() -> None:
    call = tool_call("python_calculator", {"input": "17 * 23"}, id="call_1")
    thinking = LLMResponse(tool_calls=(call,), reasoning_content=THINKING).to_message()
    assert thinking.to_dict()["reasoning_content"] == THINKING
    assert Message.from_dict(thinking.to_dict()).reasoning_content == THINKING
    plain = LLMResponse(content="391").to_message()
    assert "reasoning_content" not in plain.to_dict()


@pytest.mark.parametrize("stream", [False, True])
def test_the_client_returns_the_reasoning_beside_the_answer(stream: bool) -> None:
    with FakeOpenAIServer([reply("391", reasoning_content=THINKING)]) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="sk-test", model="thinker")
        if stream:
            events = list(llm.stream_chat([Message("17 * 23?", "user")]))
            end = events[-1]
            assert isinstance(end, StreamEnd)
            response = end.response
        else:
            response = llm.chat([Message("17 * 23?", "user")])
    assert (response.content, response.reasoning_content) == ("391", THINKING)


@pytest.mark.parametrize("mode", ["run", "stream_run"])
def test_a_thinking_models_reasoning_goes_back_with_its_tool_calls(mode: str) -> None:
    script = [
        tool_calls(
            tool_call("python_calculator", {"input": "17 * 23"}, id="call_1"),
            reasoning_content=THINKING,
        ),
        reply("17 * 23 = 391", reasoning_content="The tool said 391."),
        reply("Yes."),
    ]
    with FakeOpenAIServer(script) as server:
        llm = HelloAgentsLLM(
            base_url=server.base_url,
            api_key="sk-test",
            model="thinker",
            retry_policy=RetryPolicy(max_retries=0),
        )
        registry = ToolRegistry()
        registry.register_tool(CalculatorTool())
        agent = FunctionCallAgent(
            "thinker", llm, tool_registry=registry, tool_call_strategy="native"
        )
        if mode == "run":
            answer = agent.run("What is 17 * 23?")
        else:
            answer = "".join(agent.stream_run("What is 17 * 23?"))
        agent.run("Are you sure?")
        first, second, third = (request.body["messages"] for request in server.chat_requests)
    assert answer == "17 * 23 = 391"
    assert all("reasoning_content" not in message for message in first)
    calling = [message for message in second if message.get("tool_calls")]
    assert len(calling) == 1 and calling[0]["reasoning_content"] == THINKING
    # The next question starts a new turn: earlier reasoning is not sent again.
    assert all("reasoning_content" not in message for message in third)
