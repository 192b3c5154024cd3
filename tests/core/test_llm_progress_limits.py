"""On a self-hosted server, a call's time limits follow the generation, not the clock.

A stand-in llama.cpp server (it answers ``GET /v1/models`` as llama.cpp does,
so the client recognises it) streams what a real one streams: a
``prompt_progress`` report when it starts reading the prompt, one per batch,
then the tokens, then ``timings`` and ``usage``. Each test scripts the pauses.
The real server is exercised by tests/local/test_local_integration.py.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from hello_agents import HelloAgentsLLM
from hello_agents.core import LLMTimeoutError, RetryPolicy
from hello_agents.core.transport import ASSUMED_PROMPT_RATE, remember_prompt_rate
from hello_agents.local import server_kind as kinds
from hello_agents.testing import FakeOpenAIServer

pytestmark = pytest.mark.timeout(30)

HI = [{"role": "user", "content": "hi"}]
Step = tuple[str, Any]  # ("pause", seconds) | ("send", chunk) | ("cut", None) | ("hang", None)


def chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> dict[str, Any]:
    body = {
        "object": "chat.completion.chunk",
        "model": "m",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return {**body, **extra}


def progress(total: int, processed: int, ms: float, cache: int = 0) -> Step:
    report = {"total": total, "cache": cache, "processed": processed, "time_ms": ms}
    return ("send", chunk({"role": "assistant", "content": None}, prompt_progress=report))


def tokens(*pieces: str, every: float = 0.0) -> list[Step]:
    steps: list[Step] = []
    for piece in pieces:
        steps += [("pause", every), ("send", chunk({"content": piece}))]
    return steps


def finish(prompt_n: int = 10, prompt_rate: float = 100.0) -> list[Step]:
    timings = {"prompt_n": prompt_n, "prompt_per_second": prompt_rate, "predicted_n": 3}
    usage = {"prompt_tokens": prompt_n, "completion_tokens": 3, "total_tokens": prompt_n + 3}
    return [
        ("send", chunk({}, "stop", timings=timings)),
        ("send", {**chunk({}), "choices": [], "usage": usage}),
    ]


class StandInLlama:
    """Answers each chat request with the next script: a list of steps."""

    def __init__(self, *scripts: list[Step]) -> None:
        self.scripts = list(scripts)
        self.bodies: list[dict[str, Any]] = []
        self.stopping = threading.Event()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                models = {"object": "list", "data": [{"id": "m", "owned_by": "llamacpp"}]}
                data = json.dumps(models if self.path == "/v1/models" else {}).encode()
                self.send_response(200 if self.path == "/v1/models" else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                owner.bodies.append(body)
                script = owner.scripts.pop(0)
                if not body.get("stream"):
                    text = "".join(
                        step[1]["choices"][0]["delta"].get("content") or ""
                        for step in script
                        if step[0] == "send" and step[1].get("choices")
                    )
                    message = {"role": "assistant", "content": text}
                    data = json.dumps(
                        {
                            "model": "m",
                            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                        }
                    ).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for kind, value in [*script, ("send", "[DONE]")]:
                    if kind == "pause":
                        if owner.stopping.wait(value):
                            return
                    elif kind == "hang":
                        owner.stopping.wait()
                        return
                    elif kind == "cut":
                        self.close_connection = True
                        return
                    else:
                        text = value if isinstance(value, str) else json.dumps(value)
                        data = f"data: {text}\n\n".encode()
                        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                        self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True

    def __enter__(self) -> StandInLlama:
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stopping.set()
        self.httpd.shutdown()
        self.httpd.server_close()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"


@pytest.fixture(autouse=True)
def fresh_kinds() -> Iterator[None]:
    kinds.forget_server_kinds()
    yield
    kinds.forget_server_kinds()


def make_llm(server: StandInLlama | FakeOpenAIServer, **options: Any) -> HelloAgentsLLM:
    options.setdefault("retry_policy", RetryPolicy(max_retries=0))
    return HelloAgentsLLM(base_url=server.base_url, api_key="k", model="m", **options)


def test_a_call_to_a_llama_cpp_server_is_streamed_and_asks_for_progress_and_usage() -> None:
    script = [progress(12, 0, 0), progress(12, 12, 40), *tokens("4", "2"), *finish(12)]
    with StandInLlama(script) as server:
        text = make_llm(server).invoke(HI)
    assert text == "42"
    body = server.bodies[0]
    assert body["stream"] is True
    assert body["return_progress"] is True
    assert body["stream_options"] == {"include_usage": True}


def test_a_long_prompt_is_not_cut_while_the_server_reports_progress() -> None:
    # timeout=1: before, a call that takes 3.5 s was cut at 1 s. The prompt
    # reports come 1.5 s apart, the tokens 0.25 s apart: the call always progresses.
    script = [
        progress(400, 0, 0),
        ("pause", 1.5),
        progress(400, 200, 1500),
        ("pause", 1.5),
        progress(400, 400, 3000),
        *tokens("The", " answer", " is", " 7.", every=0.25),
        *finish(400, 133.0),
    ]
    with StandInLlama(script) as server:
        started = time.monotonic()
        text = make_llm(server, timeout=1.0).invoke(HI)
    assert text == "The answer is 7."
    assert time.monotonic() - started > 3.0


def test_the_async_call_follows_the_progress_too() -> None:
    script = [
        progress(400, 0, 0),
        ("pause", 1.5),
        progress(400, 400, 1500),
        *tokens("ok"),
        *finish(),
    ]
    with StandInLlama(script) as server:
        text = asyncio.run(make_llm(server, timeout=1.0).ainvoke(HI))
    assert text == "ok"


@pytest.mark.parametrize("mode", ["invoke", "ainvoke", "stream"])
def test_a_server_that_stops_reading_the_prompt_is_cut_in_time_sized_to_the_prompt(
    mode: str,
) -> None:
    # 10 tokens left at the assumed speed: 3 x 10 / 20 = 1.5 s, more than timeout=1.
    script = [progress(10, 0, 0), ("hang", None)]
    with StandInLlama(script) as server:
        llm = make_llm(server, timeout=1.0, retry_policy=RetryPolicy(max_retries=3))
        started = time.monotonic()
        with pytest.raises(LLMTimeoutError, match="no progress") as raised:
            if mode == "invoke":
                llm.invoke(HI)
            elif mode == "ainvoke":
                asyncio.run(llm.ainvoke(HI))
            else:
                list(llm.stream_invoke(HI))
        elapsed = time.monotonic() - started
    assert 1.4 <= elapsed < 6.0, elapsed
    assert "10 of 10 tokens left" in str(raised.value)
    assert raised.value.retryable is False
    assert len(server.bodies) == 1  # a self-hosted generation that timed out is not retried


def test_the_silence_allowed_follows_the_speed_the_server_showed_before() -> None:
    # The first call teaches the server's speed (1000 tokens/s); the second stalls
    # with 2000 tokens left: 3 x 2000 / 1000 = 6 s allowed, not the 300 s the
    # assumed speed of a slow CPU would allow.
    first = [progress(500, 0, 0), *tokens("a"), *finish(500, 1000.0)]
    second = [progress(2000, 0, 0), ("hang", None)]
    with StandInLlama(first, second) as server:
        llm = make_llm(server, timeout=1.0)
        assert llm.invoke(HI) == "a"
        started = time.monotonic()
        with pytest.raises(LLMTimeoutError, match="no progress for 6s"):
            llm.invoke(HI)
    assert time.monotonic() - started < 12.0
    assert 3 * 2000 / ASSUMED_PROMPT_RATE > 100  # what a first call would have allowed


def test_a_call_reports_progress_at_its_own_speed_when_it_has_shown_one() -> None:
    # Speed measured within the call (100 of 1100 tokens in 0.1 s: 1000/s) wins
    # over a remembered slow one: 3 x 1000 / 1000 = 3 s allowed.
    script = [progress(1100, 0, 0), progress(1100, 100, 100), ("hang", None)]
    with StandInLlama(script) as server:
        remember_prompt_rate(server.base_url, 1.0)
        started = time.monotonic()
        with pytest.raises(LLMTimeoutError, match="no progress for 3s"):
            make_llm(server, timeout=1.0).invoke(HI)
    assert time.monotonic() - started < 8.0


def test_a_generation_that_goes_silent_is_cut_at_the_idle_limit() -> None:
    script = [progress(5, 0, 0), progress(5, 5, 10), *tokens("half"), ("hang", None)]
    with StandInLlama(script) as server:
        started = time.monotonic()
        with pytest.raises(LLMTimeoutError, match=r"sent nothing for 1s"):
            make_llm(server, timeout=1.0).invoke(HI)
    assert time.monotonic() - started < 5.0


def test_a_connection_cut_mid_generation_of_a_whole_call_is_retried() -> None:
    # Nothing reached the caller yet, so a broken connection is retried as for
    # any call; a stream the caller reads would fail instead.
    with StandInLlama(
        [progress(5, 0, 0), *tokens("par"), ("cut", None)], [*tokens("whole"), *finish()]
    ) as server:
        policy = RetryPolicy(max_retries=1, initial_delay=0.01)
        assert make_llm(server, retry_policy=policy).invoke(HI) == "whole"
    assert len(server.bodies) == 2


def test_usage_of_a_call_streamed_on_the_wire_is_reported() -> None:
    with StandInLlama([*tokens("x"), *finish(prompt_n=321)]) as server:
        llm = make_llm(server)
        request = llm.build_request(HI, {})
        response = llm._complete(request)
    assert response.usage is not None and response.usage.prompt_tokens == 321
    assert response.finish_reason == "stop"


def test_stream_on_wire_false_sends_a_plain_call() -> None:
    with StandInLlama([*tokens("plain"), *finish()]) as server:
        assert make_llm(server, stream_on_wire=False).invoke(HI) == "plain"
    assert server.bodies[0].get("stream") in (None, False)


def test_a_server_of_unknown_kind_gets_plain_calls_unless_asked() -> None:
    with FakeOpenAIServer(["plain", "streamed"]) as server:
        assert make_llm(server).invoke(HI) == "plain"
        assert make_llm(server, stream_on_wire=True).invoke(HI) == "streamed"
        bodies = [request.body for request in server.chat_requests]
    assert not bodies[0].get("stream")
    assert bodies[1]["stream"] is True and "return_progress" not in bodies[1]


def test_a_self_hosted_server_has_no_total_budget_by_default() -> None:
    local = HelloAgentsLLM(base_url="http://127.0.0.1:8080/v1", api_key="k", model="m")
    cloud = HelloAgentsLLM(provider="openai", api_key="sk-test", model="m")
    assert local.retry_policy.total_budget is None
    assert cloud.retry_policy.total_budget == 120.0
