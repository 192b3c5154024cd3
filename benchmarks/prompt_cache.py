"""Prompt cache reuse across the steps of a run, on the embedded llama.cpp server.

::

    python benchmarks/prompt_cache.py                   # 1.5B, 4 ReAct and 4 typed-tool tasks
    python benchmarks/prompt_cache.py --tasks 2 --json results.json
    HELLO_AGENTS_LOCAL_MODEL=qwen2.5-coder-0.5b python benchmarks/prompt_cache.py

A llama.cpp server keeps the KV cache of its slot: when a request starts with the
same tokens as the previous one, only the new tail is processed. An agent's later
steps resend the whole trajectory, so they are cheap only if each request extends
the previous one unchanged (a stable prefix). This benchmark runs ReActAgent and
FunctionCallAgent tasks of ``benchmarks/local_tasks.py`` through the tutorial API
(``HelloAgentsLLM(model=..., api_key=..., base_url=...)``) with a recording proxy
between the agent and the server. For every model call it keeps the server's own
``timings``: ``prompt_n`` (prompt tokens processed), ``cache_n`` (prompt tokens
reused from the cache) and ``prompt_ms`` (prompt processing: the time to the first
token), and prints, per agent, the first step against the later ones. An
unrelated one-token request before each run evicts the slot's cached prompt, so
that runs start cold; a server that also keeps earlier prompts in memory (recent
llama.cpp does) may still restore one whose start matches (FunctionCallAgent's
system prompt, with its tool list, is the same for every task). Such first steps
are counted apart, as warm.

Target: the later steps' time to first token at most half the first step's
(median over the runs).
"""

from __future__ import annotations

import argparse
import http.server
import json
import statistics
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from local_tasks import CALCULATOR_TASKS, TYPED_TASKS, TYPED_TOOLS, answer_matches

from hello_agents import (
    CalculatorTool,
    Config,
    FunctionCallAgent,
    HelloAgentsLLM,
    ReActAgent,
    ToolRegistry,
    tool,
)
from hello_agents.local import LocalSettings, embedded_endpoint, stop_embedded_server


@dataclass
class Call:
    """What the server reported for one chat-completions request."""

    prompt_n: int
    cache_n: int
    prompt_ms: float
    predicted_n: int
    wall_ms: float


@dataclass
class Run:
    """One task's model calls, in order."""

    agent: str
    task: str
    solved: bool
    calls: list[Call] = field(default_factory=list)


class Recorder:
    """A forwarding HTTP proxy that keeps the ``timings`` of each completion."""

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream.rstrip("/")
        self.calls: list[Call] = []
        self._lock = threading.Lock()

    def handler(self) -> type[http.server.BaseHTTPRequestHandler]:
        recorder = self

        class Forward(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                return

            def do_GET(self) -> None:
                self._forward(None)

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                self._forward(self.rfile.read(length))

            def _forward(self, body: bytes | None) -> None:
                headers = {
                    key: value
                    for key, value in self.headers.items()
                    if key.lower() in ("content-type", "authorization", "accept")
                }
                request = urllib.request.Request(
                    recorder.upstream + self.path, data=body, headers=headers
                )
                started = time.perf_counter()
                try:
                    with urllib.request.urlopen(request, timeout=600) as response:
                        status, payload = response.status, response.read()
                        kind = response.headers.get("content-type", "application/json")
                except urllib.error.HTTPError as error:
                    status, payload = error.code, error.read()
                    kind = error.headers.get("content-type", "application/json")
                wall_ms = (time.perf_counter() - started) * 1000
                if body is not None and self.path.endswith("/chat/completions"):
                    recorder.keep(payload, wall_ms)
                self.send_response(status)
                self.send_header("content-type", kind)
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        return Forward

    def keep(self, payload: bytes, wall_ms: float) -> None:
        """Read ``timings`` from a JSON answer or from the last SSE chunk that has them."""
        timings: dict[str, Any] = {}
        text = payload.decode("utf-8", "replace")
        documents = (
            [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]
            if text.lstrip().startswith("data:")
            else [text]
        )
        for document in documents:
            try:
                value = json.loads(document)
            except json.JSONDecodeError:
                continue
            if isinstance(value, dict) and isinstance(value.get("timings"), dict):
                timings = value["timings"]
        with self._lock:
            self.calls.append(
                Call(
                    prompt_n=int(timings.get("prompt_n", 0)),
                    cache_n=int(timings.get("cache_n", 0)),
                    prompt_ms=float(timings.get("prompt_ms", 0.0)),
                    predicted_n=int(timings.get("predicted_n", 0)),
                    wall_ms=wall_ms,
                )
            )

    def take(self) -> list[Call]:
        with self._lock:
            calls, self.calls = self.calls, []
        return calls


@contextmanager
def proxy(upstream: str) -> Iterator[tuple[str, Recorder]]:
    recorder = Recorder(upstream)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), recorder.handler())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", recorder
    finally:
        server.shutdown()
        server.server_close()


def forget(upstream: str, model: str) -> None:
    """Replace the slot's cached prompt with an unrelated one, so that the next run
    starts cold (consecutive runs would otherwise share the cached system prompt)."""
    body = {"model": model, "messages": [{"role": "user", "content": "Say OK."}], "max_tokens": 1}
    request = urllib.request.Request(
        upstream.rstrip("/") + "/v1/chat/completions",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=600) as response:
        response.read()


def run_tasks(base_url: str, api_key: str, model: str, recorder: Recorder, count: int) -> list[Run]:
    llm = HelloAgentsLLM(model=model, api_key=api_key, base_url=base_url, timeout=600)
    config = Config(temperature=0, max_tokens=300, max_history_length=0)
    runs: list[Run] = []
    for task in CALCULATOR_TASKS[:count]:
        registry = ToolRegistry()
        registry.register_tool(CalculatorTool())
        agent = ReActAgent("react", llm, registry, config=config, max_steps=5)
        forget(recorder.upstream, model)
        answer = agent.run(task.question)
        runs.append(
            Run("ReActAgent", task.id, answer_matches(answer, task.expected), recorder.take())
        )
    for task in TYPED_TASKS[:count]:
        registry = ToolRegistry()
        for function in TYPED_TOOLS:
            registry.register_tool(tool(function))
        agent = FunctionCallAgent("function", llm, config=config, tool_registry=registry)
        forget(recorder.upstream, model)
        answer = agent.run(task.question)
        runs.append(
            Run(
                "FunctionCallAgent",
                task.id,
                answer_matches(answer, task.expected, task.kind),
                recorder.take(),
            )
        )
    llm.close()
    return runs


def share_reused(call: Call) -> float:
    """The share of the prompt that came from the server's cache."""
    return call.cache_n / max(1, call.cache_n + call.prompt_n)


def report(runs: list[Run]) -> str:
    lines = [
        f"{'agent':<18} {'task':<12} {'step':>4} {'prompt tok':>10} {'cached':>7} "
        f"{'TTFT ms':>8} {'wall ms':>8}"
    ]
    for run in runs:
        for number, call in enumerate(run.calls, 1):
            lines.append(
                f"{run.agent:<18} {run.task:<12} {number:>4} {call.prompt_n:>10} "
                f"{call.cache_n:>7} {call.prompt_ms:>8.0f} {call.wall_ms:>8.0f}"
            )
    lines.append("")
    for agent in sorted({run.agent for run in runs}):
        mine = [run for run in runs if run.agent == agent and len(run.calls) > 1]
        cold = [run.calls[0].prompt_ms for run in mine if share_reused(run.calls[0]) < 0.5]
        warm = [run.calls[0].prompt_ms for run in mine if share_reused(run.calls[0]) >= 0.5]
        later = [call.prompt_ms for run in mine for call in run.calls[1:]]
        reused = [share_reused(call) for run in mine for call in run.calls[1:]]
        if not cold or not later:
            lines.append(f"{agent}: no multi-step run with a cold first step")
            continue
        ratio = statistics.median(later) / statistics.median(cold)
        warm_text = f"{statistics.median(warm):.0f} ms" if warm else "none"
        lines.append(
            f"{agent}: {len(mine)} multi-step runs; time to first token, median: cold first "
            f"step {statistics.median(cold):.0f} ms ({len(cold)}), later steps "
            f"{statistics.median(later):.0f} ms ({len(later)}): ratio {ratio:.2f} (target at "
            f"most 0.50); first steps warm from an earlier run: {warm_text} ({len(warm)}); "
            f"prompt tokens reused on later steps, median {statistics.median(reused):.0%}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tasks", type=int, default=4, help="tasks per agent")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    options = parser.parse_args(argv)
    settings = LocalSettings.from_env()
    try:
        endpoint = embedded_endpoint(settings)
        with proxy(endpoint.base_url.removesuffix("/v1")) as (url, recorder):
            runs = run_tasks(url, endpoint.api_key, endpoint.model, recorder, options.tasks)
    finally:
        stop_embedded_server()
    print(f"model {endpoint.model}, {settings.threads} thread(s)\n")
    print(report(runs))
    if options.json:
        options.json.write_text(json.dumps([asdict(run) for run in runs], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
