"""The LLM client's deadlines hold against servers that never finish.

Each case runs through the real openai SDK against a raw-socket server. The
hard per-test limit (pytest-timeout) is what fails a hang; the assertions say
which typed error ended the call and why.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from hostile_http import (
    HostileServer,
    cut_mid_body,
    first_chunk_then_silence,
    garbage,
    headers_then_silence,
    trickle_forever,
)

from hello_agents import HelloAgentsLLM
from hello_agents.core import (
    LLMConnectionError,
    LLMException,
    LLMRateLimitError,
    LLMStreamError,
    LLMTimeoutError,
    RetryPolicy,
)
from hello_agents.local.server_kind import remember_server_kind
from hello_agents.testing import FakeOpenAIServer
from hello_agents.testing.script import Fault

pytestmark = pytest.mark.timeout(20)

HI = [{"role": "user", "content": "hi"}]


def make_llm(server: HostileServer, **options: Any) -> HelloAgentsLLM:
    # These servers answer every request the same way: the kind probe would get the
    # same treatment (tests/local/test_server_kind.py); here only calls are counted.
    remember_server_kind(server.base_url, None)
    options.setdefault("retry_policy", RetryPolicy(max_retries=0))
    return HelloAgentsLLM(base_url=server.base_url, api_key="k-test", model="m", **options)


def drain(iterator: Any) -> list[Any]:
    return list(iterator)


async def adrain(iterator: Any) -> list[Any]:
    return [item async for item in iterator]


CALL_MODES: dict[str, Callable[[HelloAgentsLLM], Any]] = {
    "invoke": lambda llm: llm.invoke(HI),
    "ainvoke": lambda llm: asyncio.run(llm.ainvoke(HI)),
    "stream": lambda llm: drain(llm.stream_invoke(HI)),
    "astream": lambda llm: asyncio.run(adrain(llm.astream(HI))),
}


@pytest.mark.parametrize("mode", CALL_MODES)
def test_a_trickling_server_is_cut_at_the_deadline(mode: str) -> None:
    with HostileServer(trickle_forever) as server:
        llm = make_llm(server, timeout=1.5)
        with pytest.raises(LLMTimeoutError, match=r"within 1\.5s"):
            CALL_MODES[mode](llm)


@pytest.mark.parametrize("mode", CALL_MODES)
def test_the_total_budget_cuts_the_attempt_in_flight(mode: str) -> None:
    with HostileServer(trickle_forever) as server:
        policy = RetryPolicy(max_retries=5, initial_delay=0.01, total_budget=1.0)
        llm = make_llm(server, timeout=30, retry_policy=policy)
        with pytest.raises(LLMTimeoutError, match="total budget") as raised:
            CALL_MODES[mode](llm)
        assert raised.value.retryable is False
        assert len(server.requests) == 1


@pytest.mark.parametrize("mode", CALL_MODES)
def test_retries_of_a_trickle_stop_with_the_budget(mode: str) -> None:
    with HostileServer(trickle_forever) as server:
        policy = RetryPolicy(max_retries=10, initial_delay=0.01, total_budget=2.5)
        # A cloud provider's timeouts are retried (a self-hosted server's are not).
        llm = make_llm(server, timeout=1.0, retry_policy=policy, provider="openai")
        with pytest.raises(LLMTimeoutError):
            CALL_MODES[mode](llm)
        assert 2 <= len(server.requests) <= 3


@pytest.mark.parametrize("mode", ["stream", "astream"])
def test_a_stream_that_goes_silent_is_cut_at_the_idle_limit(mode: str) -> None:
    with HostileServer(first_chunk_then_silence) as server:
        llm = make_llm(server, timeout=30, stream_idle_timeout=0.5)
        with pytest.raises(LLMStreamError, match=r"sent nothing for 0\.5s") as raised:
            CALL_MODES[mode](llm)
        assert isinstance(raised.value.__cause__, Exception)


@pytest.mark.parametrize("mode", CALL_MODES)
def test_headers_then_silence_is_a_timeout(mode: str) -> None:
    with HostileServer(headers_then_silence) as server, pytest.raises(LLMTimeoutError):
        CALL_MODES[mode](make_llm(server, timeout=0.8))


@pytest.mark.parametrize("mode", CALL_MODES)
@pytest.mark.parametrize("behaviour", [cut_mid_body, garbage], ids=["cut", "garbage"])
def test_a_broken_connection_is_a_typed_retryable_error(mode: str, behaviour: Any) -> None:
    with HostileServer(behaviour) as server:
        policy = RetryPolicy(max_retries=1, initial_delay=0.01)
        with pytest.raises(LLMException) as raised:
            CALL_MODES[mode](make_llm(server, timeout=5, retry_policy=policy))
        assert isinstance(raised.value, (LLMConnectionError, LLMStreamError))
        assert len(server.requests) == 2  # retried once, then given up


def test_a_timed_out_generation_of_the_embedded_model_is_not_retried() -> None:
    with HostileServer(trickle_forever) as server:
        llm = HelloAgentsLLM(
            provider="embedded", retry_policy=RetryPolicy(max_retries=3), timeout=1.0
        )
        # As hello_agents.local does once its server runs.
        llm.base_url, llm.api_key, llm.model = server.base_url, "local", "m"
        with pytest.raises(LLMTimeoutError, match="not retried") as raised:
            llm.invoke(HI)
        assert raised.value.retryable is False
        assert len(server.requests) == 1


@pytest.mark.parametrize("mode", CALL_MODES)
def test_a_retry_cut_by_the_budget_reports_what_caused_the_retry(mode: str) -> None:
    script = [Fault.rate_limit(retry_after=0.05), Fault.delay(10, "too late")]
    with FakeOpenAIServer(script) as server:
        policy = RetryPolicy(max_retries=3, initial_delay=0.01, total_budget=1.0)
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="k", model="m",
                             timeout=30, retry_policy=policy)  # fmt: skip
        with pytest.raises(LLMRateLimitError):
            CALL_MODES[mode](llm)
        assert len(server.chat_requests) == 2
