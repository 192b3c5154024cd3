"""Which agent ``hello-agents run`` should use by default, measured on the embedded model.

Both candidates get the calculator, as ``run`` gives them, and the same questions:
the calculator batteries of :mod:`local_batteries` (word problems whose answer
needs the tool) and questions that need no tool at all (a capital, an author,
a symbol, a planet: knowledge a 1.5B model has). It prints, per agent and battery,
how many were solved and how long they took, and the ratio of the two agents.

    python benchmarks/default_agent.py                       # both agents, every battery
    python benchmarks/default_agent.py --agents function --batteries no-tool

The embedded server is started once (``hello-agents local start`` reuses it) and
every run is at temperature 0 with ``max_tokens`` 300, a fresh agent per question.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import local_tasks
from local_batteries import BATTERIES

from hello_agents import CalculatorTool, FunctionCallAgent, HelloAgentsLLM, ReActAgent
from hello_agents.core.agent import Agent
from hello_agents.core.llm import BaseLLM
from hello_agents.tools.registry import ToolRegistry

NO_TOOL = (
    local_tasks.Task("capital", "What is the capital of Australia?", "Canberra", "word"),
    local_tasks.Task("author", "Who wrote Hamlet?", "Shakespeare", "word"),
    local_tasks.Task("symbol", "What is the chemical symbol for gold?", "Au", "word"),
    local_tasks.Task(
        "planet", "Which planet is the largest in the solar system?", "Jupiter", "word"
    ),
)
"""Questions a small model knows the answer to and no calculator can help with."""

BATTERY_NAMES = ("calculator", "percent-tuning", "zh-calculator", "no-tool")


def make_agent(kind: str, llm: BaseLLM) -> Agent:
    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    if kind == "function":
        return FunctionCallAgent("default", llm, tool_registry=registry)
    return ReActAgent("default", llm, registry)


def run_battery(kind: str, llm: BaseLLM, battery: str) -> tuple[int, int, float]:
    tasks = NO_TOOL if battery == "no-tool" else BATTERIES[battery]
    solved, started = 0, time.monotonic()
    for task in tasks:
        try:
            answer = make_agent(kind, llm).run(task.question)
        except Exception as error:  # a failed run is a failed task, reported as such
            answer = f"error: {type(error).__name__}: {error}"
        ok = local_tasks.answer_matches(answer, task.expected, task.kind)
        solved += ok
        print(f"  {kind:8s} {battery:14s} {task.id:18s} {'ok  ' if ok else 'FAIL'} {answer[:60]!r}")
    return solved, len(tasks), time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="function,react")
    parser.add_argument("--batteries", default=",".join(BATTERY_NAMES))
    options = parser.parse_args(argv)
    llm = HelloAgentsLLM(provider="embedded", temperature=0, max_tokens=300)
    table: dict[tuple[str, str], tuple[int, int, float]] = {}
    for kind in options.agents.split(","):
        for battery in options.batteries.split(","):
            table[kind, battery] = run_battery(kind, llm, battery)
    print("\n| agent | battery | solved | time |\n|---|---|---|---|")
    for (kind, battery), (solved, total, seconds) in table.items():
        print(f"| {kind} | {battery} | {solved}/{total} | {seconds:.0f} s |")
    kinds = options.agents.split(",")
    if len(kinds) == 2:
        first, second = kinds
        mine = sum(table[first, b][0] for b in options.batteries.split(","))
        theirs = sum(table[second, b][0] for b in options.batteries.split(","))
        print(
            f"\nsolved, {first} vs {second}: {mine} vs {theirs} (ratio {mine / max(theirs, 1):.2f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
