"""The task battery through smolagents' ``ToolCallingAgent``, for ``benchmarks/local_model.py``.

Runs inside the peer virtual environment (``benchmarks/.venv-peers``, made by
``local_model.py``), never with hello-agents installed or imported. It gets the
server's URL and model name, runs the same tasks of ``benchmarks/local_tasks.py``
with the same tool functions (wrapped with ``smolagents.tool``) and the same
answer check, and writes its results as JSON::

    python smolagents_battery.py --base-url URL --model NAME --output out.json \
        [--batteries calculator,typed] [--max-steps 5] [--max-tokens 300]

Model settings as for hello-agents: temperature 0, the same ``max_tokens``.
``max_steps`` counts model calls, as hello-agents' ``ReActAgent.max_steps`` does.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import local_tasks
import smolagents
from local_batteries import BATTERIES, TYPED_BATTERIES, typed_tools
from smolagents import OpenAIServerModel, ToolCallingAgent, tool
from smolagents.memory import ActionStep


def make_tools(battery: str) -> list[Any]:
    """The battery's tools as smolagents tools (same functions as hello-agents' side)."""
    if battery not in TYPED_BATTERIES:
        return [tool(local_tasks.python_calculator)]
    return [tool(function) for function in typed_tools(battery)]


def run_task(
    task: local_tasks.Task, battery: str, model: OpenAIServerModel, max_steps: int
) -> dict[str, Any]:
    """One task through a fresh ToolCallingAgent; the result record."""
    agent = ToolCallingAgent(
        tools=make_tools(battery), model=model, max_steps=max_steps, verbosity_level=0
    )
    started = time.perf_counter()
    answer: Any = None
    error: str | None = None
    try:
        answer = agent.run(task.question)
    except Exception as exc:  # a failed run is a failed task, recorded with its reason
        error = f"{type(exc).__name__}: {exc}"
    wall = time.perf_counter() - started
    calls: list[dict[str, Any]] = []
    trajectory: list[dict[str, Any]] = []
    for step in agent.memory.steps:
        if not isinstance(step, ActionStep):
            continue
        for call in step.tool_calls or []:
            calls.append({"tool": call.name, "arguments": call.arguments})
        trajectory.append(
            {
                "model_output": step.model_output
                if isinstance(step.model_output, str) or step.model_output is None
                else str(step.model_output),
                "observations": step.observations,
                "error": str(step.error) if step.error else None,
            }
        )
    tool_calls = [call for call in calls if call["tool"] != "final_answer"]
    return {
        "task": task.id,
        "question": task.question,
        "expected": task.expected,
        "answer": None if answer is None else str(answer),
        "ok": error is None and local_tasks.answer_matches(answer, task.expected, task.kind),
        "wall_s": round(wall, 3),
        "tool_calls": tool_calls,
        "final_answer_calls": len(calls) - len(tool_calls),
        "model_calls": len(trajectory),
        "error": error,
        "trajectory": trajectory,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--model", required=True)
    parser.add_argument("--output", required=True, type=Path)
    parser.add_argument("--batteries", default="calculator,typed")
    parser.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    parser.add_argument("--max-steps", type=int, default=5)
    parser.add_argument("--max-tokens", type=int, default=300)
    parser.add_argument(
        "--budget",
        type=float,
        default=0.0,
        help="seconds per battery after which no new task starts (0: no limit)",
    )
    args = parser.parse_args(argv)

    model = OpenAIServerModel(
        model_id=args.model,
        api_base=args.base_url,
        api_key="sk-no-key-required",
        client_kwargs={"timeout": 600, "max_retries": 0},
        temperature=0,
        max_tokens=args.max_tokens,
    )
    only = {name for name in args.tasks.split(",") if name}
    results: dict[str, list[dict[str, Any]]] = {}
    skipped: dict[str, list[str]] = {}
    for battery in [name for name in args.batteries.split(",") if name]:
        results[battery], skipped[battery] = [], []
        battery_started = time.perf_counter()
        for task in BATTERIES[battery]:
            if only and task.id not in only:
                continue
            if args.budget and time.perf_counter() - battery_started > args.budget:
                skipped[battery].append(task.id)
                continue
            try:
                record = run_task(task, battery, model, args.max_steps)
            except Exception:  # never lose the whole battery to one task
                record = {"task": task.id, "ok": False, "error": traceback.format_exc()}
            status = "ok " if record["ok"] else "FAIL"
            print(
                f"  smolagents {battery:10} {task.id:12} {status} {record.get('wall_s', 0):6.1f}s"
                f" answer={str(record.get('answer'))[:60]!r}",
                file=sys.stderr,
                flush=True,
            )
            results[battery].append(record)
            write(args.output, results, skipped, args.budget)  # after every task
    write(args.output, results, skipped, args.budget)
    return 0


def write(
    output: Path,
    results: dict[str, list[dict[str, Any]]],
    skipped: dict[str, list[str]],
    budget: float,
) -> None:
    """Write the results so far (a partial file survives an interrupted run)."""
    document = {
        "framework": "smolagents",
        "version": smolagents.__version__,
        "budget_s_per_battery": budget or None,
        "skipped": skipped,
        "results": results,
    }
    output.write_text(json.dumps(document, indent=1))


if __name__ == "__main__":
    sys.exit(main())
