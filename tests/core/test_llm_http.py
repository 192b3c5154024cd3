"""HelloAgentsLLM over real HTTP: the openai SDK against a local scripted server."""

from __future__ import annotations

import logging
import socket

import pytest

from hello_agents import HelloAgentsLLM, Message
from hello_agents.core.exceptions import (
    ConfigException,
    LLMAuthenticationError,
    LLMConnectionError,
    LLMRateLimitError,
    LLMResponseError,
    LLMStatusError,
    LLMStreamError,
    LLMTimeoutError,
)
from hello_agents.core.message import StreamEnd, TextDelta, TokenUsage, ToolCallDelta
from hello_agents.core.retry import RetryPolicy
from hello_agents.testing import (
    FakeOpenAIServer,
    Fault,
    ScriptedReply,
    reply,
    tool_call,
    tool_calls,
)

HI = [{"role": "user", "content": "hi"}]
KEY = "sk-test-0123456789-secret"


def make_llm(server: FakeOpenAIServer, **options: object) -> HelloAgentsLLM:
    options.setdefault("retry_policy", RetryPolicy(max_retries=2, initial_delay=0.01))
    return HelloAgentsLLM(base_url=server.base_url, api_key=KEY, model="fake", **options)  # type: ignore[arg-type]


# ---- plain calls ----------------------------------------------------------------------------


def test_invoke_returns_text_and_sends_the_request(fake_server: FakeOpenAIServer) -> None:
    fake_server.add("Hello!")
    llm = make_llm(fake_server, temperature=0.2, max_tokens=50)
    assert llm.invoke([Message("You are terse.", "system"), Message("hi", "user")]) == "Hello!"
    sent = fake_server.chat_requests[0]
    assert sent.body["model"] == "fake"
    assert sent.body["temperature"] == 0.2 and sent.body["max_tokens"] == 50
    assert sent.body["messages"] == [
        {"role": "system", "content": "You are terse."},
        {"role": "user", "content": "hi"},
    ]
    assert sent.headers["authorization"] == f"Bearer {KEY}"


def test_call_options_override_defaults(fake_server: FakeOpenAIServer) -> None:
    fake_server.add("ok")
    make_llm(fake_server, temperature=0.2).invoke(HI, temperature=0.0, stop=["X"])
    body = fake_server.chat_requests[0].body
    assert (body["temperature"], body["stop"]) == (0.0, ["X"])


def test_unknown_call_options_are_dropped_not_sent(
    fake_server: FakeOpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    fake_server.add("ok")
    assert make_llm(fake_server).invoke(HI, max_tool_iterations=3) == "ok"
    assert "max_tool_iterations" not in fake_server.chat_requests[0].body
    assert "max_tool_iterations" in caplog.text


def test_chat_returns_tool_calls_finish_reason_and_usage(fake_server: FakeOpenAIServer) -> None:
    call = tool_call("calculator", {"expression": "2+2"}, id="call_a")
    fake_server.add(ScriptedReply(tool_calls=(call,), usage=TokenUsage(12, 3)))
    response = make_llm(fake_server).chat(
        HI, tools=[{"type": "function", "function": {"name": "calculator"}}]
    )
    assert response.tool_calls == (call,)
    assert response.finish_reason == "tool_calls"
    assert response.usage == TokenUsage(12, 3) and response.usage.total_tokens == 15
    assert response.content == ""
    assert fake_server.chat_requests[0].body["tools"][0]["function"]["name"] == "calculator"


# ---- streaming --------------------------------------------------------------------------------


def test_think_yields_every_chunk_once_and_prints_nothing(
    fake_server: FakeOpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add(reply("Streaming works fine", chunks=["Stream", "ing ", "works ", "fine"]))
    chunks = list(make_llm(fake_server).think(HI))
    assert chunks == ["Stream", "ing ", "works ", "fine"]
    assert capsys.readouterr().out == ""


def test_stream_chat_accumulates_tool_call_deltas(fake_server: FakeOpenAIServer) -> None:
    first = tool_call("search", {"query": "hello agents"}, id="c1")
    second = tool_call("calculator", {"expression": "6*7"}, id="c2")
    fake_server.add(tool_calls(first, second, content="Let me check."))
    events = list(make_llm(fake_server).stream_chat(HI))
    assert any(isinstance(event, ToolCallDelta) for event in events)
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "Let me check."
    end = events[-1]
    assert isinstance(end, StreamEnd)
    assert end.response.tool_calls == (first, second)
    assert end.response.finish_reason == "tool_calls"


def test_stream_invoke_honours_call_options(fake_server: FakeOpenAIServer) -> None:
    fake_server.add("a b")
    assert "".join(make_llm(fake_server).stream_invoke(HI, temperature=0.1)) == "a b"
    assert fake_server.chat_requests[0].body["temperature"] == 0.1
    assert fake_server.chat_requests[0].body["stream"] is True


@pytest.mark.anyio
async def test_async_twins(fake_server: FakeOpenAIServer) -> None:
    fake_server.add("async answer", reply("x y z"))
    llm = make_llm(fake_server)
    assert await llm.ainvoke(HI) == "async answer"
    assert [chunk async for chunk in llm.astream(HI)] == ["x", " y", " z"]
    await llm.aclose()


# ---- faults and retries -------------------------------------------------------------------------


def test_rate_limit_is_retried_after_retry_after(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(Fault.rate_limit(retry_after=0.05), "finally")
    assert make_llm(fake_server).invoke(HI) == "finally"
    assert len(fake_server.chat_requests) == 2


def test_rate_limit_gives_up_after_max_retries(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(*[Fault.rate_limit(retry_after=0.01)] * 3)
    with pytest.raises(LLMRateLimitError) as raised:
        make_llm(fake_server).invoke(HI)
    assert raised.value.status_code == 429
    assert len(fake_server.chat_requests) == 3  # 1 attempt + 2 retries


def test_total_budget_stops_retrying(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(*[Fault.rate_limit(retry_after=0.2)] * 10)
    policy = RetryPolicy(max_retries=10, total_budget=0.3)
    # A rate limit when the next wait would pass the budget; on a loaded machine the
    # budget may run out during an attempt instead, which is a timeout.
    with pytest.raises((LLMRateLimitError, LLMTimeoutError)):
        make_llm(fake_server, retry_policy=policy).invoke(HI)
    assert len(fake_server.chat_requests) <= 2
    fake_server.add()  # the rest of the script is deliberately unused


@pytest.mark.parametrize("status", [500, 502, 503])
def test_server_errors_are_retried(fake_server: FakeOpenAIServer, status: int) -> None:
    fake_server.add(Fault.status(status), "recovered")
    assert make_llm(fake_server).invoke(HI) == "recovered"


def test_client_errors_are_not_retried(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(Fault.status(400, "bad request: unknown field"))
    with pytest.raises(LLMStatusError, match=r"HTTP 400.*unknown field") as raised:
        make_llm(fake_server).invoke(HI)
    assert not raised.value.retryable
    assert len(fake_server.chat_requests) == 1


def test_refused_key_is_an_authentication_error() -> None:
    with FakeOpenAIServer(["never"], api_key="the-right-key") as server:
        with pytest.raises(LLMAuthenticationError, match="401"):
            make_llm(server).invoke(HI)
        assert len(server.chat_requests) == 1


def test_delay_past_timeout_is_a_timeout_error(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(Fault.delay(5, "too late"))
    llm = make_llm(fake_server, timeout=0.3, retry_policy=RetryPolicy(max_retries=0))
    with pytest.raises(LLMTimeoutError, match=r"within 0\.3s"):
        llm.invoke(HI)


def test_a_cloud_providers_timeout_is_retried(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(Fault.delay(5, "too late"), "on time")
    assert make_llm(fake_server, timeout=0.3, provider="openai").invoke(HI) == "on time"


def test_a_self_hosted_servers_timeout_is_not_retried(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(Fault.delay(5, "too late"), "on time")
    llm = make_llm(fake_server, timeout=0.3)  # a server on this machine: provider "local"
    with pytest.raises(LLMTimeoutError, match="not retried") as raised:
        llm.invoke(HI)
    assert raised.value.retryable is False
    assert len(fake_server.chat_requests) == 1


def test_a_self_hosted_servers_5xx_is_still_retried(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(Fault.status(503), "recovered")
    assert make_llm(fake_server).invoke(HI) == "recovered"


def test_cut_stream_raises_after_the_partial_text(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(Fault.cut_stream(after_chunks=3, then=reply("one two three four five")))
    received: list[str] = []
    with pytest.raises(LLMStreamError, match="broke after part of the answer"):
        for chunk in make_llm(fake_server).stream_invoke(HI):
            received.append(chunk)
    assert received == ["one", " two"]  # chunk 0 is the role-only chunk
    assert len(fake_server.chat_requests) == 1  # never retried once text was delivered


def test_stream_cut_before_any_text_is_retried(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(Fault.cut_stream(after_chunks=0), "whole answer")
    assert "".join(make_llm(fake_server).stream_invoke(HI)) == "whole answer"


def test_stream_without_finish_reason_is_not_silently_short(fake_server: FakeOpenAIServer) -> None:
    # A clean end of stream without a finish reason: the answer is incomplete.
    fake_server.add(Fault.cut_stream(after_chunks=2, then=reply("x y z"), clean=True))
    with pytest.raises(LLMStreamError, match="before the model finished"):
        list(make_llm(fake_server).stream_invoke(HI))
    assert len(fake_server.chat_requests) == 1


def test_malformed_json_is_a_response_error(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(Fault.malformed_json())
    with pytest.raises(LLMResponseError, match="could not be read"):
        make_llm(fake_server).invoke(HI)


def test_malformed_stream_chunk_is_a_response_error(fake_server: FakeOpenAIServer) -> None:
    fake_server.add(Fault.malformed_json())
    with pytest.raises(LLMResponseError):
        list(make_llm(fake_server).stream_invoke(HI))


def test_unreachable_server_is_a_connection_error() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    llm = HelloAgentsLLM(
        base_url=f"http://127.0.0.1:{port}/v1", api_key=KEY, retry_policy=RetryPolicy(max_retries=0)
    )
    with pytest.raises(LLMConnectionError, match="cannot reach") as raised:
        llm.invoke(HI)
    assert raised.value.__cause__ is not None  # chained


# ---- configuration ----------------------------------------------------------------------------


@pytest.mark.parametrize("timeout", [0, -1, -0.5])
def test_non_positive_timeout_is_an_error(timeout: float) -> None:
    with pytest.raises(ConfigException, match="timeout must be a positive"):
        HelloAgentsLLM(base_url="http://127.0.0.1:9/v1", timeout=timeout)


def test_timeout_defaults_and_env(monkeypatch: pytest.MonkeyPatch) -> None:
    assert HelloAgentsLLM(base_url="http://127.0.0.1:9/v1").timeout == 60
    monkeypatch.setenv("LLM_TIMEOUT", "12.5")
    assert HelloAgentsLLM(base_url="http://127.0.0.1:9/v1").timeout == 12.5
    monkeypatch.setenv("LLM_TIMEOUT", "0")
    with pytest.raises(ConfigException):
        HelloAgentsLLM(base_url="http://127.0.0.1:9/v1")


def test_unknown_constructor_arguments_warn_with_the_likely_meaning() -> None:
    with pytest.warns(
        UserWarning, match=r"unknown argument temprature= \(did you mean temperature=\?\)"
    ):
        llm = HelloAgentsLLM(base_url="http://127.0.0.1:9/v1", temprature=0.1)
    assert llm.temperature == 0.7


def test_model_name_is_ignored_with_a_warning_naming_model() -> None:
    # The reference package ignores unknown arguments; the tutorial passes model_name=.
    with pytest.warns(UserWarning, match=r"model_name= \(did you mean model=\?\)"):
        llm = HelloAgentsLLM(base_url="http://127.0.0.1:9/v1", model="m", model_name="other")
    assert llm.model == "m"


def test_config_supplies_defaults(
    fake_server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TEMPERATURE", "0.15")
    monkeypatch.setenv("MAX_TOKENS", "77")
    fake_server.add("ok")
    make_llm(fake_server).invoke(HI)
    body = fake_server.chat_requests[0].body
    assert (body["temperature"], body["max_tokens"]) == (0.15, 77)


# ---- secrets ------------------------------------------------------------------------------------


def test_key_never_appears_in_repr_describe_errors_or_logs(
    fake_server: FakeOpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    fake_server.add(Fault.status(400, f"invalid key {KEY} for this model"), "ok")
    with caplog.at_level(logging.DEBUG):
        llm = make_llm(fake_server)
        with pytest.raises(LLMStatusError) as raised:
            llm.invoke(HI)
        llm.invoke(HI)
    assert "invalid key ***" in str(raised.value)
    for text in (repr(llm), str(llm), str(llm.describe()), str(raised.value), caplog.text):
        assert KEY not in text


# ---- extending by subclassing (the tutorial's ModelScope exercise) ----------------------------


class MyLLM(HelloAgentsLLM):
    """A learner's subclass: takes over one provider, defers everything else."""

    def __init__(self, model=None, api_key=None, base_url=None, provider="auto", **kwargs):  # type: ignore[no-untyped-def]
        if provider == "acme":
            super().__init__(
                model=model or "acme-large",
                api_key=api_key or "acme-key",
                base_url=base_url or "https://api.acme.test/v1",
                provider="auto",
                **kwargs,
            )
            self.provider = "acme"
            return
        super().__init__(
            model=model, api_key=api_key, base_url=base_url, provider=provider, **kwargs
        )


def test_provider_subclass_takes_over_its_provider(fake_server: FakeOpenAIServer) -> None:
    fake_server.add("from acme")
    llm = MyLLM(provider="acme", base_url=fake_server.base_url)
    assert (llm.provider, llm.model, llm.api_key) == ("acme", "acme-large", "acme-key")
    assert llm.invoke(HI) == "from acme"
    assert fake_server.chat_requests[0].headers["authorization"] == "Bearer acme-key"


def test_provider_subclass_defers_other_providers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEEPSEEK_API_KEY", "sk-deep")
    llm = MyLLM()
    assert (llm.provider, llm.base_url, llm.model) == (
        "deepseek",
        "https://api.deepseek.com",
        "deepseek-chat",
    )
