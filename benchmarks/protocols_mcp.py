"""An MCP tool call through the chapter's MCPTool against the SDK's bare ClientSession.

The same server (the SDK test server ``tests/mcp/servers/sdk_server.py``, over stdio)
answers ``add(2, 40)`` ``--calls`` times through:

* **SDK**: a bare ``mcp.ClientSession`` on ``stdio_client`` (the floor);
* **MCPTool.run**: ``{"action": "call_tool", "tool_name": "add", ...}`` (sync, as the
  chapter calls it; the session lives on the bridge's background loop);
* **MCPTool expanded**: the ``mcp_add`` tool through ``ToolRegistry.execute``
  (schema validation and result extraction included).

Each path talks to its own server process; batches are interleaved; each figure
is the median per-call latency of ``--runs`` batches after a warm-up batch.

    python benchmarks/protocols_mcp.py [--calls 200] [--runs 7]
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

from hello_agents.tools import MCPTool, ToolRegistry

SERVER = Path(__file__).resolve().parent.parent / "tests" / "mcp" / "servers" / "sdk_server.py"
ARGUMENTS = {"a": 2, "b": 40}


async def batch_async(call: Callable[[], Awaitable[object]], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        await call()
    return (time.perf_counter() - start) / calls


def batch_sync(call: Callable[[], object], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        call()
    return (time.perf_counter() - start) / calls


async def measure(calls: int, runs: int) -> dict[str, float]:
    parameters = StdioServerParameters(command=sys.executable, args=[str(SERVER)])
    tool = MCPTool(server_command=[sys.executable, str(SERVER)])
    expanded = MCPTool(server_command=[sys.executable, str(SERVER)])
    registry = ToolRegistry()
    try:
        expanded.register_expanded(registry)
        request = {"action": "call_tool", "tool_name": "add", "arguments": ARGUMENTS}
        assert tool.run(request) == "42"
        assert registry.execute_tool("mcp_add", ARGUMENTS) == "42"
        async with stdio_client(parameters) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            contenders: dict[str, Callable[[], Awaitable[float]]] = {
                "SDK ClientSession (bare)": lambda: batch_async(
                    lambda: session.call_tool("add", ARGUMENTS), calls
                ),
                "MCPTool.run (sync)": lambda: asyncio.to_thread(
                    batch_sync, lambda: tool.run(request), calls
                ),
                "expanded mcp_add (registry)": lambda: asyncio.to_thread(
                    batch_sync, lambda: registry.execute("mcp_add", ARGUMENTS), calls
                ),
            }
            samples: dict[str, list[float]] = {label: [] for label in contenders}
            for run in range(runs + 1):  # run 0 warms up every path
                for label, batch in contenders.items():
                    seconds = await batch()
                    if run:
                        samples[label].append(seconds)
    finally:
        tool.close()
        expanded.close()
    return {label: statistics.median(values) for label, values in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    figures = asyncio.run(measure(options.calls, options.runs))
    floor = figures["SDK ClientSession (bare)"]
    print(f"MCP tools/call over stdio, median of {options.runs} runs x {options.calls} calls")
    for label, value in figures.items():
        print(f"  {label:<28} {value * 1000:7.3f} ms/call   ratio {value / floor:.2f}x")


if __name__ == "__main__":
    main()
