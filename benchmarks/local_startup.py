"""The embedded model's start-up costs: weights, load, reuse, memory, first tokens.

::

    python benchmarks/local_startup.py            # the configured model (1.5B by default)
    HELLO_AGENTS_LOCAL_MODEL=qwen2.5-coder-0.5b python benchmarks/local_startup.py

It starts the server with ``embedded_endpoint()`` (recording when each progress
stage was first seen: ``assemble`` only happens on the first run after install),
calls ``embedded_endpoint()`` again (it must return the same server at once),
reads the server's resident memory, runs one 128-token completion (llama.cpp's
own ``timings``) and one streamed answer (time to first token), and stops the
server. Figures go to stdout as JSON, with the reuse ratio: the second call's
time against the first's.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from openai import OpenAI

from hello_agents.local import LocalSettings, embedded_endpoint, stop_embedded_server


def resident_mb(pid: int) -> float:
    """VmRSS of a process, in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> int:
    settings = LocalSettings.from_env()
    stages: dict[str, float] = {}
    started = time.perf_counter()

    def on_progress(event: Any) -> None:
        stages.setdefault(event.stage, round(time.perf_counter() - started, 2))

    try:
        endpoint = embedded_endpoint(settings, progress=on_progress)
        first_call = time.perf_counter() - started
        again = time.perf_counter()
        reused = embedded_endpoint(settings)
        second_call = time.perf_counter() - again
        client = OpenAI(base_url=endpoint.base_url, api_key=endpoint.api_key)

        begun = time.perf_counter()
        completion = client.chat.completions.create(
            model=endpoint.model,
            messages=[{"role": "user", "content": "Write a paragraph on the history of bicycles."}],
            max_tokens=128,
            temperature=0,
        )
        wall = time.perf_counter() - begun
        timings = (completion.model_extra or {}).get("timings", {})
        tokens = completion.usage.completion_tokens if completion.usage else 0

        begun, first_token, chunks = time.perf_counter(), None, 0
        stream = client.chat.completions.create(
            model=endpoint.model,
            messages=[{"role": "user", "content": "Count from 1 to 10, separated by commas."}],
            max_tokens=60,
            temperature=0,
            stream=True,
        )
        for chunk in stream:
            if chunk.choices and chunk.choices[0].delta.content:
                first_token = first_token or time.perf_counter() - begun
                chunks += 1
        figures = {
            "model": endpoint.model,
            "threads": settings.threads,
            "first_call_s": round(first_call, 2),
            "progress_stages_first_seen_s": stages,
            "second_call_ms": round(second_call * 1000, 3),
            "same_server": reused.pid == endpoint.pid,
            "reuse_ratio_second_vs_first": round(second_call / first_call, 6),
            "server_rss_mb": round(resident_mb(endpoint.pid)),
            "completion_128": {
                "tokens": tokens,
                "wall_s": round(wall, 2),
                "decode_tok_s": round(timings.get("predicted_per_second", 0.0), 2),
                "prompt_tok_s": round(timings.get("prompt_per_second", 0.0), 1),
            },
            "stream": {"first_token_s": round(first_token or 0.0, 2), "chunks": chunks},
        }
    finally:
        stop_embedded_server()
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
