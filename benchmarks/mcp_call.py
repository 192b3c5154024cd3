"""tools/call round-trip latency over stdio: our MCPClient against the SDK's bare ClientSession.

One server (the SDK test server in ``tests/mcp/servers/sdk_server.py``, over stdio)
is called ``--calls`` times with ``add(a, b)`` by:

* **SDK**: a bare ``mcp.ClientSession`` on ``stdio_client`` (the floor);
* **ours, async**: ``await MCPClient.acall_tool`` on the caller's loop;
* **ours, sync**: ``MCPClient.call_tool`` from a thread (session on the background loop);
* **ours, registry**: ``ToolRegistry.execute`` of the MCP tool (guard + extraction included).

All four talk to their own server process, opened side by side; their batches are
interleaved run after run, so machine drift hits all of them alike. Each figure
is the median per-call latency of ``--runs`` batches (after a warm-up batch); the
ratio to the SDK is printed for each. Target: within 1.2x.

    python benchmarks/mcp_call.py [--calls 200] [--runs 9]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from hello_agents.mcp import MCPClient, StdioServer
from hello_agents.tools.registry import ToolRegistry

SERVER = Path(__file__).resolve().parent.parent / "tests" / "mcp" / "servers" / "sdk_server.py"
ARGUMENTS = {"a": 2, "b": 40}


async def batch_async(call: Callable[[], Awaitable[object]], calls: int) -> float:
    """Seconds per call of ``calls`` awaited calls in a row."""
    start = time.perf_counter()
    for _ in range(calls):
        await call()
    return (time.perf_counter() - start) / calls


def batch_sync(call: Callable[[], object], calls: int) -> float:
    """Seconds per call of ``calls`` blocking calls in a row."""
    start = time.perf_counter()
    for _ in range(calls):
        call()
    return (time.perf_counter() - start) / calls


async def measure(calls: int, runs: int) -> dict[str, float]:
    """Open every client at once, then interleave their batches so drift hits all alike."""
    spec = StdioServer(sys.executable, (str(SERVER),))
    parameters = StdioServerParameters(command=spec.command, args=list(spec.args))
    async with (
        stdio_client(parameters) as (read, write),
        ClientSession(read, write) as session,
        MCPClient(spec, name="async") as async_client,
    ):
        await session.initialize()
        sync_client = MCPClient(spec, name="sync").connect()
        try:
            registry = ToolRegistry()
            sync_client.register_tools(registry)
            contenders: dict[str, Callable[[], Awaitable[float]]] = {
                "SDK ClientSession (bare)": lambda: batch_async(
                    lambda: session.call_tool("add", ARGUMENTS), calls
                ),
                "MCPClient.acall_tool (async)": lambda: batch_async(
                    lambda: async_client.acall_tool("add", ARGUMENTS), calls
                ),
                "MCPClient.call_tool (sync)": lambda: asyncio.to_thread(
                    batch_sync, lambda: sync_client.call_tool("add", ARGUMENTS), calls
                ),
                "ToolRegistry.execute (sync)": lambda: asyncio.to_thread(
                    batch_sync, lambda: registry.execute("add", ARGUMENTS), calls
                ),
            }
            samples: dict[str, list[float]] = {label: [] for label in contenders}
            for run in range(runs + 1):  # run 0 warms up every path
                for label, batch in contenders.items():
                    seconds = await batch()
                    if run:
                        samples[label].append(seconds)
        finally:
            sync_client.close()
    return {label: statistics.median(values) for label, values in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--runs", type=int, default=9)
    options = parser.parse_args()

    figures = asyncio.run(measure(options.calls, options.runs))
    sdk = figures.pop("SDK ClientSession (bare)")
    print(
        f"tools/call over stdio, median of {options.runs} interleaved runs x {options.calls} calls"
    )
    print(f"  {'SDK ClientSession (bare)':<29} {sdk * 1000:7.3f} ms/call")
    for label, value in figures.items():
        print(f"  {label:<29} {value * 1000:7.3f} ms/call   ratio {value / sdk:.2f}x")
    ratio = figures["MCPClient.acall_tool (async)"] / sdk
    verdict = "within" if ratio <= 1.2 else "OVER"
    print(f"async client ratio {ratio:.2f}x: {verdict} the 1.2x target")


if __name__ == "__main__":
    main()
