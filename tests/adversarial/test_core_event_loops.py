"""The async client follows the running event loop; client-side faults are typed.

Before: the second ``asyncio.run(llm.ainvoke(...))`` on one object failed with
"Event loop is closed", reported as a bad response; a message with a lone
surrogate failed to encode and was reported the same way.
"""

from __future__ import annotations

import asyncio
import gc
import json
import threading

import pytest

from hello_agents import HelloAgentsLLM
from hello_agents.core import LLMRequestError, LLMResponseError, RetryPolicy
from hello_agents.core.llm import request_json
from hello_agents.testing import FakeOpenAIServer

pytestmark = pytest.mark.timeout(30)

HI = [{"role": "user", "content": "hi"}]


def make_llm(server: FakeOpenAIServer) -> HelloAgentsLLM:
    return HelloAgentsLLM(
        base_url=server.base_url, api_key="k", model="m", retry_policy=RetryPolicy(max_retries=2)
    )


def test_asyncio_run_twice_on_one_client() -> None:
    with FakeOpenAIServer(["one", "two", "three"]) as server:
        llm = make_llm(server)
        assert asyncio.run(llm.ainvoke(HI)) == "one"
        gc.collect()
        assert asyncio.run(llm.ainvoke(HI)) == "two"
        assert llm.invoke(HI) == "three"


def test_async_streams_on_successive_loops() -> None:
    async def collect(llm: HelloAgentsLLM) -> str:
        return "".join([piece async for piece in llm.astream(HI)])

    with FakeOpenAIServer(["first answer", "second answer"]) as server:
        llm = make_llm(server)
        assert asyncio.run(collect(llm)) == "first answer"
        assert asyncio.run(collect(llm)) == "second answer"


def test_loops_in_two_threads_share_one_client() -> None:
    with FakeOpenAIServer(responder=lambda body: "ok") as server:
        llm = make_llm(server)
        answers: list[str] = []

        def run() -> None:
            answers.extend(asyncio.run(llm.ainvoke(HI)) for _ in range(3))

        threads = [threading.Thread(target=run) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert answers == ["ok"] * 6


@pytest.mark.parametrize("mode", ["invoke", "ainvoke"])
def test_lone_surrogates_are_replaced_and_the_request_is_sent(mode: str) -> None:
    broken = "result: caf\udce9 \ud83d"  # bytes decoded with surrogateescape, half an emoji
    messages = [{"role": "user", "content": "hi"}, {"role": "tool", "content": broken,
                                                    "tool_call_id": "c1"}]  # fmt: skip
    with FakeOpenAIServer(["fine"]) as server:
        llm = make_llm(server)
        answer = llm.invoke(messages) if mode == "invoke" else asyncio.run(llm.ainvoke(messages))
        sent = server.chat_requests[0].body["messages"][1]["content"]
    assert answer == "fine"
    assert sent == "result: caf\ufffd \ufffd"


def test_a_surrogate_pair_written_as_two_halves_is_joined() -> None:
    with FakeOpenAIServer(["fine"]) as server:
        make_llm(server).invoke([{"role": "user", "content": "\ud83d\ude00"}])
        assert server.chat_requests[0].body["messages"][0]["content"] == "\U0001f600"


def test_request_json_mends_only_what_needs_it() -> None:
    clean = {"messages": [{"role": "user", "content": "水 boils at 100 °C"}], "n": 3}
    assert json.loads(request_json(clean)) == clean  # nothing to mend: sent as built
    deep: list[object] = ["ok"]
    for _ in range(500):  # deep nesting is encoded as it is
        deep = [deep]
    assert json.loads(request_json({"deep": deep})) == {"deep": deep}
    nested = {"messages": [{"content": ["a", {"text": "b\udc80"}]}], "k\ud800": 3}
    assert json.loads(request_json(nested)) == {
        "messages": [{"content": ["a", {"text": "b\ufffd"}]}],
        "k\ufffd": 3,
    }
    assert nested["messages"][0]["content"][1]["text"] == "b\udc80"  # the caller's value is kept
    with pytest.raises(ValueError):
        request_json({"temperature": float("nan")})


@pytest.mark.parametrize("mode", ["invoke", "ainvoke"])
def test_a_request_that_cannot_be_sent_is_a_request_error_not_retried(mode: str) -> None:
    unsendable = {"extra_body": {"callback": object()}}  # not JSON: fails on this side
    with FakeOpenAIServer(["never sent"]) as server:
        llm = make_llm(server)
        with pytest.raises(LLMRequestError, match="on this side") as raised:
            if mode == "invoke":
                llm.invoke(HI, **unsendable)
            else:
                asyncio.run(llm.ainvoke(HI, **unsendable))
        assert not isinstance(raised.value, LLMResponseError)
        assert raised.value.retryable is False
        assert server.chat_requests == []


def test_a_client_pinned_to_a_closed_loop_is_a_request_error() -> None:
    with FakeOpenAIServer(["one", "two"]) as server:
        llm = make_llm(server)

        async def pin_and_call() -> str:
            llm._async_client = llm.async_client  # as a subclass assigning its own client
            return await llm.ainvoke(HI)

        assert asyncio.run(pin_and_call()) == "one"
        with pytest.raises(LLMRequestError, match="on this side") as raised:
            asyncio.run(llm.ainvoke(HI))  # the pinned client's connections died with loop 1
        assert "loop" in str(raised.value).lower()
        # Whether the dead connection got the request out varies; it was not retried.
        assert len(server.chat_requests) <= 2
