"""A 3-agent pipeline over A2A (researcher -> writer -> editor): framework overhead per hop.

Three SimpleAgents with scripted models (zero model latency) are each served by
an A2AServer on a free loopback port; one pipeline run asks each in turn, passing
the answer on. The same three agents are also run in process (``agent.run`` one
after another). The difference, divided by three, is what one A2A hop costs; it
is printed beside the bare SDK's own round trip (SDK client -> SDK server, see
benchmarks/protocols_a2a.py), the floor for any A2A hop.

    python benchmarks/protocols_pipeline.py [--pipelines 20] [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hello_agents import SimpleAgent
from hello_agents.protocols import A2AClient, A2AServer
from hello_agents.protocols._runtime import LoopbackServer, background_loop
from hello_agents.testing import ScriptedLLM

sys.path.insert(0, str(Path(__file__).resolve().parent))
from protocols_a2a import sdk_ask, sdk_server_app

ROLES = ("researcher", "writer", "editor")
REPLY = {"researcher": "three findings", "writer": "a short article", "editor": "Approved."}


def make_agents(replies: int) -> dict[str, SimpleAgent]:
    return {
        role: SimpleAgent(role, ScriptedLLM([REPLY[role]] * replies), system_prompt=f"A {role}.")
        for role in ROLES
    }


def timed(call: Callable[[], object], repeats: int) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        call()
    return (time.perf_counter() - start) / repeats


def measure(pipelines: int, runs: int) -> dict[str, float]:
    from a2a.client import ClientConfig, create_client

    replies = pipelines * (runs + 2)
    local = make_agents(replies)
    served = make_agents(replies)
    servers = {role: A2AServer.from_agent(agent, role) for role, agent in served.items()}
    urls = {role: server.start().url for role, server in servers.items()}
    clients = {role: A2AClient(url) for role, url in urls.items()}
    loop = background_loop()
    try:
        with LoopbackServer(sdk_server_app) as sdk_served:
            sdk_client = asyncio.run_coroutine_threadsafe(
                create_client(sdk_served.url, client_config=ClientConfig()), loop
            ).result()

            def in_process() -> str:
                text = "agent protocols"
                for role in ROLES:
                    text = local[role].run(text)
                return text

            def over_a2a() -> str:
                text = "agent protocols"
                for role in ROLES:
                    text = clients[role].ask(text)
                return text

            def sdk_hop() -> Any:
                return asyncio.run_coroutine_threadsafe(sdk_ask(sdk_client, "x"), loop).result()

            assert in_process() == over_a2a() == "Approved."
            contenders = {"in process": in_process, "over A2A": over_a2a, "SDK hop": sdk_hop}
            samples: dict[str, list[float]] = {label: [] for label in contenders}
            for run in range(runs + 1):  # run 0 warms up
                for label, call in contenders.items():
                    seconds = timed(call, pipelines)
                    if run:
                        samples[label].append(seconds)
            asyncio.run_coroutine_threadsafe(sdk_client.close(), loop).result()
    finally:
        for client in clients.values():
            client.close()
        for server in servers.values():
            server.stop()
    return {label: statistics.median(values) for label, values in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pipelines", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    figures = measure(options.pipelines, options.runs)
    per_hop = (figures["over A2A"] - figures["in process"]) / len(ROLES)
    sdk_hop = figures["SDK hop"]
    print(f"3-agent pipeline, median of {options.runs} runs x {options.pipelines} pipelines")
    print(f"  in process (agent.run x3)   {figures['in process'] * 1000:8.2f} ms/pipeline")
    print(f"  over A2A (3 hops)           {figures['over A2A'] * 1000:8.2f} ms/pipeline")
    print(f"  A2A cost per hop            {per_hop * 1000:8.2f} ms")
    ratio = per_hop / sdk_hop
    print(f"  bare SDK round trip         {sdk_hop * 1000:8.2f} ms   per-hop ratio {ratio:.2f}x")


if __name__ == "__main__":
    main()
