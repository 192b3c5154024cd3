"""Replay recorded typed-battery runs through today's FunctionCallAgent and its aids.

``benchmarks/local_model.py`` records every reply the model wrote. Played back by a
``ScriptedLLM``, with the small-model aids on as they are on a small model's
server, a recorded run shows what a change of the aids does to it without the
model: a run the change leaves alone asks the model as often and ends with the
same answer; one it touches asks more or fewer times, or ends otherwise. Where
the change sends an answer back the recording holds nothing for what the model
would have said next, so that run is reported as changed, not scored.

Sealed batteries are refused: their records are not read to decide a change.

    python benchmarks/replay_aids.py benchmarks/results/local_model-....json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import local_batteries

from hello_agents import FunctionCallAgent, ToolRegistry, tool
from hello_agents.testing import ScriptedLLM
from hello_agents.testing.scripted_llm import ScriptExhaustedError


def replay(record: dict[str, Any], battery: str) -> tuple[str, str]:
    """Play one recorded run back; the outcome (``same`` or ``changed``) and why."""
    registry = ToolRegistry()
    for function in local_batteries.typed_tools(battery):
        registry.register_tool(tool(function))
    script = [reply["content"] or "" for reply in record["replies"]]
    llm = ScriptedLLM(script)
    agent = FunctionCallAgent(
        "function",
        llm,
        tool_registry=registry,
        tool_call_strategy=record.get("strategy", "json_schema"),
        small_model_aids=True,
    )
    seen: list[str] = []
    agent.hooks.on("intervention", lambda event: seen.append(event.data["intervention"].check))
    try:
        answer = agent.run(record["question"])
    except ScriptExhaustedError:
        return "changed", f"asks the model once more, after {seen}"
    if len(llm.calls) != len(script):
        return "changed", f"asks the model {len(llm.calls)} times, not {len(script)}"
    if answer != record["answer"]:
        return "changed", f"answer {answer[:80]!r}, recorded {record['answer'][:80]!r}"
    return "same", ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path, nargs="+", help="local_model.py results JSON")
    args = parser.parse_args(argv)
    changed = 0
    for path in args.results:
        data = json.loads(path.read_text())
        for model, runs in data["models"].items():
            for battery, records in runs.get("ours", {}).items():
                if battery in local_batteries.SEALED or battery.startswith("sealed"):
                    print(f"{path.name} {model} {battery}: sealed, not replayed")
                    continue
                if battery not in local_batteries.TYPED_BATTERIES:
                    continue
                outcomes = [(record, *replay(record, battery)) for record in records]
                same = sum(outcome == "same" for _, outcome, _ in outcomes)
                print(f"{path.name} {model} {battery}: {same}/{len(outcomes)} replay the same")
                for record, outcome, why in outcomes:
                    if outcome != "same":
                        changed += 1
                        ok = "solved" if record["ok"] else "failed"
                        print(f"  {record['task']} (recorded {ok}): {why}")
    return 0 if changed == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
