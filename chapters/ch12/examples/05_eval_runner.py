"""Chapter 12 at scale: many tasks at once, resumable, with trajectories and a report.

The same as ``hello-agents eval bfcl_sample --agent function --concurrency 4``.

Run:  python chapters/ch12/examples/05_eval_runner.py
"""

import tempfile
from pathlib import Path
from typing import Any

from example_llm import banner, make_llm

from hello_agents import FunctionCallAgent
from hello_agents.evaluation import EvalRunner, load_tasks, summary, write_report
from hello_agents.evaluation.execution import tool_name_for
from hello_agents.testing import ScriptedReply, tool_call, tool_calls

tasks = load_tasks("bfcl_sample")


def scripted_model(request: dict[str, Any]) -> ScriptedReply:
    """The scripted model: calls the expected functions, then answers (tasks run in
    any order, so the reply depends on the request, not on its position)."""
    messages = request["messages"]
    if any(message["role"] == "tool" for message in messages):
        return ScriptedReply(content="Done.")
    question = next(m["content"] for m in messages if m["role"] == "user")
    task = next(t for t in tasks if t.question == question)
    calls = [
        tool_call(tool_name_for(name), {k: v[0] for k, v in args.items() if v[0] != ""})
        for answer in task.ground_truth
        for name, args in answer.items()
    ]
    if task.id == "parallel_1":  # one mistake, to see in the report: 8 instead of 7
        calls[-1] = tool_call("math_factorial", {"number": 8})
    return tool_calls(*calls) if calls else ScriptedReply(content="No tool fits; I answer myself.")


llm = make_llm([scripted_model] * (2 * len(tasks)))
print(banner(llm))


def factory(task, registry):  # a fresh agent per task, with the task's functions as tools
    return FunctionCallAgent("evaluated", llm, tool_registry=registry)


folder = Path(tempfile.mkdtemp(prefix="ch12_run_"))
runner = EvalRunner(factory, folder / "results.jsonl", concurrency=4)
results = runner.run(tasks)

figures = summary(results)
print(f"accuracy: {figures['accuracy']:.1%} ({figures['correct']}/{figures['total']})")
for name, group in figures["by_category"].items():
    print(f"  {name:<18} {group['correct']}/{group['total']}")
wrong = [r for r in results if not r.correct]
for result in wrong:
    print(f"wrong: {result.id}: {result.check}")
print("events in the first trajectory:", [e["event"] for e in results[0].trajectory])
print("report:", write_report(results, folder))
