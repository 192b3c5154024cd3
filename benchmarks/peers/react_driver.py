"""Time a ReActAgent through the tutorial's chapter-7 calls, in a process of its own.

Run by ``benchmarks/agent_overhead.py --reference`` twice: with this project's
interpreter (``hello_agents`` is ours) and inside the reference package's virtual
environment (``benchmarks/.venv-reference``, where ``hello_agents`` is
hello-agents 0.1.1), never imported by the project. Both runs execute this same
code in a process apart from the server, so neither shares its interpreter (and
its lock) with the server's threads. It builds the agent with one tool, ``add``
(a tutorial text function), runs it ``rounds`` times on the question against the
server at ``base_url`` (which answers ``steps`` model calls per run), and prints
as JSON on its last line the seconds of each run, and the process's CPU seconds
and voluntary thread switches over all of them. The reference prints every
step; that output goes to a null device, as a quiet run would.

Further arguments change our agent (never the reference's): ``no-time-limit`` builds our
registry with ``default_timeout=None``, so that each tool call runs in the agent's own
thread, as the reference's do, instead of in a worker thread that a hanging tool cannot
hold; ``prompt-history`` builds our agent with ``history_style="prompt"``, so that each
request carries the trajectory inside one prompt, as the reference's do, instead of as a
chat turn per step.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import resource
import sys
import time


def main() -> None:
    base_url, steps, rounds, warmup = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), 3
    from hello_agents import HelloAgentsLLM, ReActAgent, ToolRegistry

    options = sys.argv[4:]
    registry = ToolRegistry(default_timeout=None) if "no-time-limit" in options else ToolRegistry()
    style = {"history_style": "prompt"} if "prompt-history" in options else {}
    registry.register_function("add", "Add two numbers given as JSON.", lambda text: "5")
    llm = HelloAgentsLLM(model="fake", api_key="bench", base_url=base_url)
    seconds = []
    cpu = switches = 0.0
    with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
        for number in range(warmup + rounds):
            agent = ReActAgent("bench", llm, registry, max_steps=steps + 1, **style)
            gc.disable()
            before = resource.getrusage(resource.RUSAGE_SELF)
            started = time.perf_counter()
            answer = agent.run("What is 2 + 3?")
            elapsed = time.perf_counter() - started
            after = resource.getrusage(resource.RUSAGE_SELF)
            gc.enable()
            if answer is None or "5" not in str(answer):
                raise SystemExit(f"the reference agent answered {answer!r}")
            if number >= warmup:
                seconds.append(elapsed)
                cpu += after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
                switches += after.ru_nvcsw - before.ru_nvcsw
    print(json.dumps({"seconds": seconds, "cpu_seconds": cpu, "switches": switches}))


if __name__ == "__main__":
    main()
