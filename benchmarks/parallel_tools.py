"""Eight tools that each wait 0.5 s on I/O: one by one, then in parallel.

Two kinds of tool, both waiting on I/O rather than the CPU:

* **sync, real HTTP**: each tool sends one HTTP request (``urllib``) to a local
  server that answers after 0.5 s (the SerpApi fake of
  :mod:`hello_agents.testing.fake_search` with its SLOW fault). The thread
  blocks on a socket, as a real search or API call does. These run in the
  executor's threads, so ``max_workers`` caps how many overlap.
* **async**: each tool awaits ``asyncio.sleep(0.5)``, the stand-in for an
  awaited network call. These are awaited natively on the event loop.

Figures: the median wall time of ``--runs`` runs, its ratio to 0.5 s (the best
possible: every call overlapped; target within 1.1x), and the speed-up over
running the eight calls one by one through ``ToolRegistry.execute``.

    python benchmarks/parallel_tools.py [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import urllib.request
from collections.abc import Callable

from hello_agents.testing.fake_search import FakeSearchServer, SearchFault
from hello_agents.tools.async_executor import AsyncToolExecutor
from hello_agents.tools.registry import ToolRegistry

TOOLS = 8
WAIT_SECONDS = 0.5


def http_tool(url: str) -> Callable[[str], str]:
    def lookup(query: str) -> str:
        with urllib.request.urlopen(f"{url}&q={query}", timeout=10) as response:
            return str(response.status)

    return lookup


async def async_io_tool(query: str) -> str:
    """Wait 0.5 s as an awaited network call would."""
    await asyncio.sleep(WAIT_SECONDS)
    return query


def build_registry(server: FakeSearchServer) -> ToolRegistry:
    registry = ToolRegistry()
    url = f"{server.serpapi_url}/search?engine=google&api_key={server.serpapi_key}"
    for number in range(TOOLS):
        registry.register_function(f"http_{number}", "An HTTP lookup", http_tool(url))
        registry.register_function(f"async_{number}", "An awaited wait", async_io_tool)
    return registry


def tasks(prefix: str) -> list[dict[str, str]]:
    return [{"tool_name": f"{prefix}_{n}", "input_data": f"q{n}"} for n in range(TOOLS)]


def parallel_seconds(registry: ToolRegistry, prefix: str, max_workers: int) -> float:
    async def run() -> float:
        async with AsyncToolExecutor(registry, max_workers=max_workers) as executor:
            started = time.perf_counter()
            results = await executor.execute_tools_parallel(tasks(prefix))
            elapsed = time.perf_counter() - started
        assert all(result["status"] == "success" for result in results), results
        return elapsed

    return asyncio.run(run())


def sequential_seconds(registry: ToolRegistry, prefix: str) -> float:
    started = time.perf_counter()
    for task in tasks(prefix):
        assert registry.execute(task["tool_name"], task["input_data"]).ok
    return time.perf_counter() - started


def report(label: str, seconds: float, sequential: float) -> None:
    ratio = seconds / WAIT_SECONDS
    verdict = "meets" if ratio <= 1.1 else "misses"
    print(
        f"{label:<44} {seconds:6.3f} s   {ratio:4.2f}x the 0.5 s limit ({verdict} 1.1x)   "
        f"{sequential / seconds:4.1f}x faster than one by one"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs

    with FakeSearchServer(slow_seconds=WAIT_SECONDS) as server:
        server.fail("serpapi", SearchFault.SLOW)
        registry = build_registry(server)

        def median(measure: Callable[[], float]) -> float:
            return statistics.median(measure() for _ in range(runs))

        sequential = sequential_seconds(registry, "http")
        print(f"{TOOLS} tools x {WAIT_SECONDS} s of I/O each; median of {runs} runs\n")
        print(f"{'one by one (registry.execute), sync HTTP':<44} {sequential:6.3f} s")
        report(
            "parallel, sync HTTP, max_workers=8",
            median(lambda: parallel_seconds(registry, "http", 8)),
            sequential,
        )
        report(
            "parallel, sync HTTP, max_workers=4 (default)",
            median(lambda: parallel_seconds(registry, "http", 4)),
            sequential,
        )
        report(
            "parallel, async tools, max_workers=4",
            median(lambda: parallel_seconds(registry, "async", 4)),
            sequential,
        )


if __name__ == "__main__":
    main()
