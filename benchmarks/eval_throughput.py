"""Evaluation runner throughput: tasks per second at concurrency 1, 8 and 64.

A local scripted OpenAI-compatible server (FakeOpenAIServer, one thread per
connection) answers every request after a fixed delay, as a model server with
unlimited parallel slots would. Each task is one SimpleAgent call (one request),
so the ideal is ``concurrency / delay`` tasks per second; the overhead per task is
what the runner, the agent, the HTTP client and the results file add on top.
The bare SDK column is the same number of requests sent with ``AsyncOpenAI``
alone at the same concurrency: what the client and the server manage on this
machine without any framework (on two busy cores it, not the runner, is the
ceiling at high concurrency).

    python benchmarks/eval_throughput.py [--tasks 128] [--delay 0.2]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from hello_agents.agents import SimpleAgent
from hello_agents.core.agent import Agent
from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.evaluation import EvalRunner, Task
from hello_agents.testing import FakeOpenAIServer, Fault, fake_server
from hello_agents.tools.registry import ToolRegistry

# socketserver listens with a backlog of 5 connections: a burst of 64 would be refused
# by the fake server itself, where a real model server (backlog 128+) accepts it.
fake_server._QuietServer.request_queue_size = 256


def tasks(count: int) -> list[Task]:
    return [
        Task.from_dict(
            {"id": f"t{i}", "question": f"Echo {i}", "expected": str(i), "match": "number"}
        )
        for i in range(count)
    ]


def measure(count: int, delay: float, concurrency: int, folder: Path) -> dict[str, Any]:
    def answer(body: dict[str, Any]) -> Fault:
        question = body["messages"][-1]["content"]
        return Fault.delay(delay, then=question.split()[-1])

    with FakeOpenAIServer(responder=answer) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="bench", model="fake", max_retries=0)

        def factory(task: Task, registry: ToolRegistry) -> Agent:
            return SimpleAgent("bench", llm)

        # Warm up (imports, the client's first connection, the token counter) untimed.
        EvalRunner(factory, concurrency=concurrency).run(tasks(min(concurrency, 8)))
        runner = EvalRunner(
            factory,
            folder / f"c{concurrency}.jsonl",
            concurrency=concurrency,
            keep_trajectories=True,
        )
        started = time.perf_counter()
        results = runner.run(tasks(count))
        elapsed = time.perf_counter() - started
    assert all(result.correct for result in results), [r.error for r in results if not r.correct][
        :3
    ]
    rate = count / elapsed
    ideal = min(concurrency, count) / delay
    # The wall time beyond the ideal, spread over the tasks each slot ran.
    overhead = (elapsed - count / ideal) / (count / min(concurrency, count))
    return {"concurrency": concurrency, "rate": rate, "ideal": ideal, "overhead": overhead}


def measure_bare_sdk(count: int, delay: float, concurrency: int) -> float:
    """Requests per second through the bare ``AsyncOpenAI`` client, same server."""
    from openai import AsyncOpenAI

    with FakeOpenAIServer(responder=lambda body: Fault.delay(delay, then="1")) as server:

        async def go() -> float:
            client = AsyncOpenAI(base_url=server.base_url, api_key="bench", max_retries=0)
            slots = asyncio.Semaphore(concurrency)

            async def one() -> None:
                async with slots:
                    messages: Any = [{"role": "user", "content": "Echo 1"}]
                    await client.chat.completions.create(model="fake", messages=messages)

            await asyncio.gather(*(one() for _ in range(min(concurrency, 8))))  # warm up
            started = time.perf_counter()
            await asyncio.gather(*(one() for _ in range(count)))
            elapsed = time.perf_counter() - started
            await client.close()
            return count / elapsed

        return asyncio.run(go())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=128)
    parser.add_argument("--delay", type=float, default=0.2, help="server latency per request (s)")
    parser.add_argument("--concurrency", type=int, nargs="*", default=[1, 8, 64])
    arguments = parser.parse_args()
    print(
        f"{arguments.tasks} tasks (1 request each), server latency {arguments.delay * 1000:.0f} ms"
    )
    print(
        f"{'concurrency':>11} {'tasks/s':>9} {'ideal':>9} {'of ideal':>9} "
        f"{'bare SDK/s':>11} {'of SDK':>7} {'overhead/task':>14}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for concurrency in arguments.concurrency:
            count = arguments.tasks if concurrency > 1 else max(8, arguments.tasks // 16)
            row = measure(count, arguments.delay, concurrency, Path(folder))
            bare = measure_bare_sdk(count, arguments.delay, concurrency)
            print(
                f"{row['concurrency']:>11} {row['rate']:>9.1f} {row['ideal']:>9.1f} "
                f"{row['rate'] / row['ideal']:>9.0%} {bare:>11.1f} {row['rate'] / bare:>7.0%} "
                f"{row['overhead'] * 1000:>11.1f} ms"
            )


if __name__ == "__main__":
    main()
