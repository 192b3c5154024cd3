"""benchmarks/prompt_cache.py: the proxy keeps llama.cpp's timings, the report compares cold
first steps with later ones."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from _benchmark_modules import load

from hello_agents.testing import FakeOpenAIServer

TIMINGS = {"prompt_n": 19, "cache_n": 338, "prompt_ms": 940.5, "predicted_n": 30}


def test_timings_are_read_from_a_json_answer_and_from_the_last_sse_chunk() -> None:
    bench = load("prompt_cache")
    recorder = bench.Recorder("http://unused")
    recorder.keep(json.dumps({"choices": [], "timings": TIMINGS}).encode(), 1200.0)
    stream = "data: {}\n\ndata: " + json.dumps({"timings": TIMINGS}) + "\n\ndata: [DONE]\n\n"
    recorder.keep(stream.encode(), 800.0)
    first, second = recorder.take()
    assert (first.prompt_n, first.cache_n, first.prompt_ms) == (19, 338, 940.5)
    assert second.cache_n == 338 and second.wall_ms == 800.0
    assert recorder.take() == []


def test_the_proxy_forwards_requests_and_records_each_completion() -> None:
    bench = load("prompt_cache")
    with FakeOpenAIServer(["one", "two"]) as server:
        upstream = server.base_url.removesuffix("/v1")
        with bench.proxy(upstream) as (url, recorder):
            for _ in range(2):
                request = urllib.request.Request(
                    url + "/chat/completions",
                    data=json.dumps({"model": "m", "messages": []}).encode(),
                    headers={"content-type": "application/json"},
                )
                with urllib.request.urlopen(request, timeout=10) as response:
                    assert json.load(response)["choices"]
            assert len(recorder.take()) == 2  # no timings from this server: zeros


def test_the_report_compares_cold_first_steps_with_later_ones() -> None:
    bench = load("prompt_cache")

    def call(new: int, cached: int, ms: float) -> Any:
        return bench.Call(prompt_n=new, cache_n=cached, prompt_ms=ms, predicted_n=10, wall_ms=ms)

    runs = [
        bench.Run("ReActAgent", "a", True, [call(300, 0, 10000), call(20, 330, 1000)]),
        bench.Run("ReActAgent", "b", True, [call(20, 290, 900), call(20, 330, 1000)]),
    ]
    summary = bench.report(runs).splitlines()[-1]
    assert "cold first step 10000 ms (1)" in summary
    assert "ratio 0.10" in summary
    assert "warm from an earlier run: 900 ms (1)" in summary
