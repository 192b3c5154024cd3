"""Framework time per agent step, against a local OpenAI-compatible server with zero latency.

The model is a :class:`~hello_agents.testing.FakeOpenAIServer` whose responder
answers instantly, so what is measured is everything else: HTTP, the openai SDK,
and the framework's own work (messages, hooks, the schema guard, the loop).
Each measurement runs the same job twice, through hello-agents and through the
bare ``openai`` SDK by hand, and prints both per-step times and their ratio.

* FunctionCall round: one tool call (``add``) and the final answer, i.e. two
  chat-completions requests and one tool execution.
* ReAct step: a two-step run (``Action: add[...]``, then ``Finish[...]``)
  divided by two; by hand: the same two requests, a regular expression for the
  action, the tool call, the observation appended.
* Tracing: the same ReAct step with tracing off (no hook handler: the hooks
  return at once), with OpenTelemetry spans on (SDK, in-memory exporter; needs
  the ``otel`` extra) and with the HTML trace recorder on, round by round in
  turn; ratios against off.

Run it with::

    python benchmarks/agent_overhead.py [--rounds 300]
    python benchmarks/agent_overhead.py --only react_step --growth --growth-rounds 10

``--growth`` adds ReAct runs of 3, 10 and 40 steps and a 50-turn SimpleAgent
chat, each per step against the bare SDK, and the 40-step / 3-step ratio.

``--reference`` times ReAct runs of 3, 10 and 40 steps through ours and through the
reference package, hello-agents 0.1.1, which the tutorial's chapter 7 installs (in
its own virtual environment ``benchmarks/.venv-reference``, created on first use
with ``hello-agents==0.1.1``; never a dependency): the same driver script
(``peers/react_driver.py``, the tutorial's calls) in a process of its own for each,
the two taking turns eight times (a change of load falls on both), against a server in
this process, per model call, with the ratio ours / reference
(target: at most 1.0x). A third series runs ours with the tools' time limit off
(``ToolRegistry(default_timeout=None)``: each call in the agent's own thread, as the
reference runs it), so the report shows what the limit's worker thread costs; a fourth
with ``history_style="prompt"`` (the trajectory inside one prompt, the reference's
request shape, instead of a chat turn per step), so it shows what the default request
shape costs as the trajectory grows::

    python benchmarks/agent_overhead.py --only react_step --reference --growth-rounds 24

``--only tool_time_limit`` times one call of a trivial tool under the default time
limit (a worker thread) and with it off (the caller's thread): the handoff's cost per
tool call, which a ReAct step pays once.

To add a measurement, write a function that takes the round count and returns
a :class:`Comparison` (or another object with a ``report()``), and add it to :data:`MEASUREMENTS`.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import statistics
import subprocess
import sys
import time
import venv
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openai

from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.agents.react_agent import ReActAgent
from hello_agents.agents.simple_agent import SimpleAgent
from hello_agents.core.config import Config
from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.testing import (
    FakeOpenAIServer,
    ScriptedLLM,
    ScriptItem,
    tool_call,
    tool_calls,
)
from hello_agents.tools.registry import ToolRegistry

WARMUP_ROUNDS = 20
QUESTION = "What is 2 + 3?"


@dataclass(frozen=True)
class Comparison:
    """Seconds per step through hello-agents and through the bare SDK, for one job."""

    name: str
    framework: list[float]
    bare_sdk: list[float]
    in_process: list[float] | None = None  # framework alone, with an in-process scripted model
    notes: tuple[str, ...] = ()  # further lines of figures
    labels: tuple[str, str] = ("hello-agents", "bare openai SDK")  # the two series

    def report(self) -> str:
        """A few lines of figures (medians, in milliseconds)."""
        framework = statistics.median(self.framework) * 1000
        bare = statistics.median(self.bare_sdk) * 1000
        lines = [
            f"{self.name} ({len(self.framework)} rounds, median)",
            f"  {self.labels[0] + ':':<21} {framework:7.3f} ms",
            f"  {self.labels[1] + ':':<21} {bare:7.3f} ms",
            f"  ratio:                {framework / bare:7.2f}x "
            f"(framework adds {framework - bare:+.3f} ms)",
        ]
        if self.in_process:
            alone = statistics.median(self.in_process) * 1000
            lines.append(f"  framework alone:      {alone:7.3f} ms (scripted model, no HTTP)")
        return "\n".join([*lines, *self.notes])


# ---- the FunctionCall round -------------------------------------------------------------


def add(a: int, b: int) -> int:
    """Add two integers.

    Args:
        a: The first number.
        b: The second number.
    """
    return a + b


def instant_responder(body: dict[str, Any]) -> ScriptItem:
    """The model: call ``add`` for a question, answer once the tool result is in."""
    last = body["messages"][-1]
    if last["role"] == "tool":
        return f"The sum is {last['content']}."
    return tool_calls(tool_call("add", {"a": 2, "b": 3}))


def timed(step: Callable[[], object], rounds: int) -> list[float]:
    """Seconds per call of ``step``, after a warm-up, with the garbage collector paused."""
    for _ in range(WARMUP_ROUNDS):
        step()
    gc.collect()
    gc.disable()
    try:
        samples = []
        for _ in range(rounds):
            started = time.perf_counter()
            step()
            samples.append(time.perf_counter() - started)
        return samples
    finally:
        gc.enable()


def function_call_round(rounds: int) -> Comparison:
    """One tool call plus the final answer: FunctionCallAgent against the SDK by hand."""
    registry = ToolRegistry()
    registry.tool(add)
    config = Config(max_history_length=0)  # every round starts from the same messages
    with FakeOpenAIServer(responder=instant_responder) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="bench", model="fake")
        agent = FunctionCallAgent("bench", llm, tool_registry=registry, config=config)
        client = openai.OpenAI(base_url=server.base_url, api_key="bench", max_retries=0)
        tools = registry.to_openai_schema()

        def with_framework() -> None:
            assert agent.run(QUESTION) == "The sum is 5."

        def by_hand() -> None:
            messages: list[Any] = [
                {"role": "system", "content": "You are a helpful assistant."},
                {"role": "user", "content": QUESTION},
            ]
            first = client.chat.completions.create(
                model="fake", messages=messages, tools=tools, tool_choice="auto"
            )
            message = first.choices[0].message
            messages.append(message.model_dump(exclude_none=True))
            for call in message.tool_calls or []:
                arguments = json.loads(call.function.arguments)  # type: ignore[union-attr]
                result = add(**arguments)
                messages.append({"role": "tool", "tool_call_id": call.id, "content": str(result)})
            second = client.chat.completions.create(
                model="fake", messages=messages, tools=tools, tool_choice="auto"
            )
            assert second.choices[0].message.content == "The sum is 5."

        framework, bare = timed(with_framework, rounds), timed(by_hand, rounds)
        llm.close()
        client.close()

    def scripted_round() -> None:
        scripted = ScriptedLLM([tool_calls(tool_call("add", {"a": 2, "b": 3})), "The sum is 5."])
        FunctionCallAgent("bench", scripted, tool_registry=registry, config=config).run(QUESTION)

    return Comparison("FunctionCall round", framework, bare, timed(scripted_round, rounds))


# ---- the ReAct step ------------------------------------------------------------------


def react_responder(body: dict[str, Any]) -> ScriptItem:
    """The model: act first, finish once an Observation came back."""
    if body["messages"][-1]["content"].startswith("Observation:"):
        return "Thought: I have it.\nAction: Finish[5]"
    return 'Thought: add them.\nAction: add[{"a": 2, "b": 3}]'


def react_step(rounds: int) -> Comparison:
    """Per ReAct step: ReActAgent against the SDK plus a regular expression by hand."""
    import re

    registry = ToolRegistry()
    registry.tool(add)
    config = Config(max_history_length=0)
    action = re.compile(r"Action: (\w+)\[(.*)\]", re.DOTALL)
    with FakeOpenAIServer(responder=react_responder) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="bench", model="fake")
        agent = ReActAgent("bench", llm, registry, config=config)
        client = openai.OpenAI(base_url=server.base_url, api_key="bench", max_retries=0)

        def with_framework() -> None:
            assert agent.run(QUESTION) == "5"

        def by_hand() -> None:
            messages: list[Any] = [{"role": "user", "content": f"Tools: add\nQuestion: {QUESTION}"}]
            while True:
                reply = client.chat.completions.create(
                    model="fake", messages=messages, stop=["\nObservation:"]
                )
                text = reply.choices[0].message.content or ""
                found = action.search(text)
                assert found is not None
                if found.group(1) == "Finish":
                    assert found.group(2) == "5"
                    return
                result = add(**json.loads(found.group(2)))
                messages += [
                    {"role": "assistant", "content": text},
                    {"role": "user", "content": f"Observation: {result}"},
                ]

        framework, bare = timed(with_framework, rounds), timed(by_hand, rounds)
        llm.close()
        client.close()

    def scripted_run() -> None:
        scripted = ScriptedLLM(['Action: add[{"a": 2, "b": 3}]', "Action: Finish[5]"])
        ReActAgent("bench", scripted, registry, config=config).run(QUESTION)

    def per_step(samples: list[float]) -> list[float]:
        return [seconds / 2 for seconds in samples]

    return Comparison(
        "ReAct step (per model call)",
        per_step(framework),
        per_step(bare),
        per_step(timed(scripted_run, rounds)),
    )


# ---- tracing on and off -------------------------------------------------------------


@dataclass(frozen=True)
class TracingComparison:
    """Seconds per ReAct step with tracing off and on, through HTTP and in-process."""

    rounds: int
    http: dict[str, list[float]]
    in_process: dict[str, list[float]]

    def report(self) -> str:
        """A few lines of figures (medians, in milliseconds), ratios against ``off``."""
        lines = [f"Tracing, ReAct step (per model call, {self.rounds} rounds, median)"]
        for where, samples in (("HTTP", self.http), ("scripted model, no HTTP", self.in_process)):
            off = statistics.median(samples["off"]) * 1000
            lines.append(f"  {where}:")
            for name, values in samples.items():
                value = statistics.median(values) * 1000
                ratio = (
                    "" if name == "off" else f"  ratio {value / off:5.3f}x ({value - off:+.3f} ms)"
                )
                lines.append(f"    {name + ':':<28}{value:7.3f} ms{ratio}")
        return "\n".join(lines)


def tracing(rounds: int) -> TracingComparison:
    """The ReAct step with tracing off, OpenTelemetry on, the HTML recorder on."""
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from hello_agents.tracing import TraceRecorder, instrument

    registry = ToolRegistry()
    registry.tool(add)
    config = Config(max_history_length=0)
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))

    def measure(agent: ReActAgent) -> dict[str, list[float]]:
        """Round by round, each mode in turn (so that drift hits them all alike)."""
        recorder = TraceRecorder()
        instrumentation = instrument([], tracer_provider=provider)

        def switch(mode: str, on: bool) -> None:
            if mode == "OpenTelemetry on":
                instrumentation.add(agent) if on else instrumentation.uninstrument()
            elif mode == "HTML recorder on":
                recorder.attach(agent) if on else recorder.detach()

        modes = ["off", "OpenTelemetry on", "HTML recorder on"]
        results: dict[str, list[float]] = {mode: [] for mode in modes}
        for round_number in range(WARMUP_ROUNDS + rounds):
            for mode in modes:
                switch(mode, True)
                gc.disable()
                started = time.perf_counter()
                assert agent.run(QUESTION) == "5"
                elapsed = time.perf_counter() - started
                gc.enable()
                switch(mode, False)
                exporter.clear()
                recorder.runs.clear()
                calls = getattr(agent.llm, "calls", None)
                if calls is not None:
                    calls.clear()
                if round_number >= WARMUP_ROUNDS:
                    results[mode].append(elapsed / 2)  # two model calls per run
        return results

    with FakeOpenAIServer(responder=react_responder) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="bench", model="fake")
        http = measure(ReActAgent("bench", llm, registry, config=config))
        llm.close()

    def scripted(body: dict[str, Any]) -> ScriptItem:
        return react_responder(body)

    in_process = measure(
        ReActAgent("bench", ScriptedLLM([scripted] * 10**7), registry, config=config)
    )
    provider.shutdown()
    return TracingComparison(rounds, http, in_process)


# ---- per-step cost against run length: ReAct runs and a long chat ------------------------

RUN_LENGTHS = (3, 10, 40)
CHAT_TURNS = 50


def long_react_responder(steps: int) -> Callable[[dict[str, Any]], ScriptItem]:
    """A ``steps``-call ReAct run: act until ``steps - 1`` Observations came back, then finish."""

    def respond(body: dict[str, Any]) -> ScriptItem:
        seen = sum(
            1
            for message in body["messages"]
            if str(message.get("content", "")).lstrip().startswith("Observation:")
        )
        if seen >= steps - 1:
            return "Thought: done.\nAction: Finish[5]"
        return 'Thought: add them.\nAction: add[{"a": 2, "b": 3}]'

    return respond


def react_run_per_step(steps: int, rounds: int) -> Comparison:
    """ms per model call of a ``steps``-call ReAct run, against the same run by hand on the SDK."""
    import re

    registry = ToolRegistry()
    registry.tool(add)
    action = re.compile(r"Action: (\w+)\[(.*)\]", re.DOTALL)
    with FakeOpenAIServer(responder=long_react_responder(steps)) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="bench", model="fake")
        config = Config(max_history_length=0)
        agent = ReActAgent("bench", llm, registry, config=config, max_steps=steps + 1)
        client = openai.OpenAI(base_url=server.base_url, api_key="bench", max_retries=0)

        def with_framework() -> None:
            assert agent.run(QUESTION) == "5"

        def by_hand() -> None:
            messages: list[Any] = [{"role": "user", "content": f"Tools: add\nQuestion: {QUESTION}"}]
            while True:
                reply = client.chat.completions.create(
                    model="fake", messages=messages, stop=["\nObservation:"]
                )
                text = reply.choices[0].message.content or ""
                found = action.search(text)
                assert found is not None
                if found.group(1) == "Finish":
                    return
                result = add(**json.loads(found.group(2)))
                messages += [
                    {"role": "assistant", "content": text},
                    {"role": "user", "content": f"Observation: {result}"},
                ]

        framework = timed(with_framework, rounds)
        bare = timed(by_hand, rounds)
        llm.close()
        client.close()
    return Comparison(
        f"ReAct run of {steps} steps (per model call)",
        [seconds / steps for seconds in framework],
        [seconds / steps for seconds in bare],
    )


def chat_per_turn(rounds: int, turns: int = CHAT_TURNS) -> Comparison:
    """ms per turn of a ``turns``-turn SimpleAgent chat (history kept), against the SDK by hand."""
    with FakeOpenAIServer(responder=lambda body: "ok") as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="bench", model="fake")
        client = openai.OpenAI(base_url=server.base_url, api_key="bench", max_retries=0)

        def with_framework() -> None:
            agent = SimpleAgent("bench", llm, config=Config(max_history_length=4 * turns))
            for turn in range(turns):
                assert agent.run(f"message {turn}") == "ok"

        def by_hand() -> None:
            messages: list[Any] = [{"role": "system", "content": "You are a helpful assistant."}]
            for turn in range(turns):
                messages.append({"role": "user", "content": f"message {turn}"})
                reply = client.chat.completions.create(model="fake", messages=messages)
                messages.append({"role": "assistant", "content": reply.choices[0].message.content})

        framework = timed(with_framework, rounds)
        bare = timed(by_hand, rounds)
        llm.close()
        client.close()
    return Comparison(
        f"SimpleAgent chat of {turns} turns (per turn)",
        [seconds / turns for seconds in framework],
        [seconds / turns for seconds in bare],
    )


def growth(rounds: int) -> str:
    """Per-step overhead at each run length, and the 40-step figure against the 3-step one."""
    runs = [react_run_per_step(steps, rounds) for steps in RUN_LENGTHS]
    chat = chat_per_turn(rounds)
    lines = [comparison.report() for comparison in [*runs, chat]]
    first = statistics.median(runs[0].framework)
    last = statistics.median(runs[-1].framework)
    lines.append(
        f"ReAct per-step time, {RUN_LENGTHS[-1]} steps vs {RUN_LENGTHS[0]}: "
        f"{last / first:.2f}x (target: at most 1.2x)"
    )
    return "\n\n".join(lines)


# ---- against the reference package (hello-agents 0.1.1) ---------------------------------

HERE = Path(__file__).resolve().parent
REFERENCE_VENV = HERE / ".venv-reference"
REFERENCE_PIN = "0.1.1"
REACT_DRIVER = HERE / "peers" / "react_driver.py"


def reference_python() -> Path:
    """The reference venv's interpreter, made on first use with ``hello-agents==0.1.1``."""
    python = REFERENCE_VENV / "bin" / "python"
    check = [str(python), "-c", "import importlib.metadata as m; print(m.version('hello-agents'))"]
    if python.exists():
        found = subprocess.run(check, capture_output=True, text=True, check=False)
        if found.stdout.strip() == REFERENCE_PIN:
            return python
    print(f"creating {REFERENCE_VENV} with hello-agents=={REFERENCE_PIN}", file=sys.stderr)
    venv.EnvBuilder(with_pip=True, clear=True).create(REFERENCE_VENV)
    install = [str(python), "-m", "pip", "install", "-q", f"hello-agents=={REFERENCE_PIN}"]
    subprocess.run(install, check=True)
    return python


def counting_responder(steps: int) -> Callable[[dict[str, Any]], ScriptItem]:
    """Runs of ``steps`` model calls, whatever the layout of the prompt: the
    ``steps``-th request of each run finishes (runs are sequential)."""
    counter = itertools.count()

    def respond(body: dict[str, Any]) -> ScriptItem:
        if next(counter) % steps == steps - 1:
            return "Thought: done.\nAction: Finish[5]"
        return 'Thought: add them.\nAction: add[{"a": 2, "b": 3}]'

    return respond


@dataclass
class DrivenRuns:
    """What one driver process measured: seconds per run, and over all its runs, the
    CPU seconds and voluntary thread switches of its process (a switch is a wait: for
    the server, for a tool's thread, for a lock)."""

    seconds: list[float]
    cpu_seconds: float
    switches: float


def driven_run(python: Path, steps: int, rounds: int, *options: str) -> DrivenRuns:
    """The runs of :data:`REACT_DRIVER` under ``python`` (whose ``hello_agents`` is
    ours or the reference), against a server of its own; ``options`` go to the driver."""
    env = dict(os.environ)
    if python == Path(sys.executable):  # ours: the package this benchmark sits beside
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE.parent), env.get("PYTHONPATH")]))
    with FakeOpenAIServer(responder=counting_responder(steps)) as server:
        command = [str(python), str(REACT_DRIVER), server.base_url, str(steps), str(rounds)]
        command += options
        done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return DrivenRuns(
        [float(seconds) for seconds in figures["seconds"]],
        float(figures["cpu_seconds"]),
        float(figures["switches"]),
    )


ALTERNATIONS = 8
"""Ours and the reference take turns this many times per run length, each turn an eighth
of the rounds, so that a change of the machine's load during the measurement falls on both."""


def paired_ratios(ours: list[DrivenRuns], reference: list[DrivenRuns]) -> list[float]:
    """Per turn, the median run of ours over the median run of the reference's turn
    beside it: two turns next to each other share the machine's load of the moment,
    so their ratio moves less than the ratio of medians over all turns."""
    return [
        statistics.median(mine.seconds) / statistics.median(theirs.seconds)
        for mine, theirs in zip(ours, reference, strict=True)
    ]


def against_reference(steps: int, rounds: int) -> tuple[Comparison, float]:
    """ms per model call of a ``steps``-call ReAct run: ours, and the reference's, each
    run by the same driver in a process of its own (the server stays in this one),
    taking turns (:data:`ALTERNATIONS`); with the CPU time and thread switches per call.
    Also the median of the turn-by-turn ratios (:func:`paired_ratios`)."""
    runs: dict[str, list[DrivenRuns]] = {"ours": [], "reference": [], "unlimited": [], "prompt": []}
    turn_rounds = max(1, rounds // ALTERNATIONS)
    for _ in range(ALTERNATIONS):
        runs["ours"].append(driven_run(Path(sys.executable), steps, turn_rounds))
        runs["reference"].append(driven_run(reference_python(), steps, turn_rounds))
        runs["unlimited"].append(
            driven_run(Path(sys.executable), steps, turn_rounds, "no-time-limit")
        )
        runs["prompt"].append(
            driven_run(Path(sys.executable), steps, turn_rounds, "prompt-history")
        )
    calls = ALTERNATIONS * turn_rounds * steps
    cpu = {name: sum(r.cpu_seconds for r in done) / calls * 1000 for name, done in runs.items()}
    waits = {name: sum(r.switches for r in done) / calls for name, done in runs.items()}
    per_call = {
        name: [seconds / steps for done in series for seconds in done.seconds]
        for name, series in runs.items()
    }
    paired = paired_ratios(runs["ours"], runs["reference"])
    unlimited = statistics.median(per_call["unlimited"]) * 1000
    prompt = statistics.median(per_call["prompt"]) * 1000
    reference = statistics.median(per_call["reference"]) * 1000
    comparison = Comparison(
        f"ReAct run of {steps} steps (per model call), ours vs hello-agents {REFERENCE_PIN}",
        per_call["ours"],
        per_call["reference"],
        labels=("hello-agents", f"hello-agents {REFERENCE_PIN}"),
        notes=(
            f"  turn by turn:         {statistics.median(paired):7.2f}x median "
            f"({min(paired):.2f}x-{max(paired):.2f}x over {len(paired)} pairs of turns)",
            f"  CPU time per call:    {cpu['ours']:7.3f} ms ours, {cpu['reference']:.3f} ms "
            f"reference ({cpu['ours'] / cpu['reference']:.2f}x)",
            f"  thread switches:      {waits['ours']:7.2f} per call ours, "
            f"{waits['reference']:.2f} reference",
            f"  ours, no tool time limit: {unlimited:.3f} ms ({unlimited / reference:.2f}x); "
            f"CPU {cpu['unlimited']:.3f} ms, thread switches {waits['unlimited']:.2f} per call",
            f"  ours, history in the prompt: {prompt:.3f} ms ({prompt / reference:.2f}x); "
            f"CPU {cpu['prompt']:.3f} ms",
        ),
    )
    return comparison, statistics.median(paired)


def reference_report(rounds: int) -> str:
    """Ours against the reference at each run length; the largest ratio is the figure
    (of the medians over all turns, and of the turn-by-turn ratios)."""
    measured = [against_reference(steps, rounds) for steps in RUN_LENGTHS]
    runs = [run for run, _ in measured]
    lines = [run.report() for run in runs]
    worst = max(statistics.median(r.framework) / statistics.median(r.bare_sdk) for r in runs)
    worst_paired = max(paired for _, paired in measured)
    lines.append(
        f"ReAct per-step time, ours / reference, worst length: {worst:.2f}x, "
        f"turn by turn {worst_paired:.2f}x (target <= 1.0x)"
    )
    return "\n\n".join(lines)


# ---- the tool's time limit ----------------------------------------------------------------


def tool_time_limit(rounds: int) -> Comparison:
    """One call of a trivial tool through ``ToolRegistry.execute``: under the default time
    limit (in a worker thread, which a hanging tool cannot hold), against the same call
    with the limit off (``default_timeout=None``: in the caller's thread, as the reference
    package runs every tool). The difference is the handoff to the worker and back."""
    limited, inline = ToolRegistry(), ToolRegistry(default_timeout=None)
    for registry in (limited, inline):
        registry.tool(add)
    arguments = {"a": 2, "b": 3}
    return Comparison(
        "Tool call, default time limit against none",
        timed(lambda: limited.execute("add", arguments), rounds),
        timed(lambda: inline.execute("add", arguments), rounds),
        labels=("time limit (thread)", "no limit (inline)"),
    )


# ---- running them -----------------------------------------------------------------------

MEASUREMENTS: dict[str, Callable[[int], Comparison | TracingComparison]] = {
    "function_call_round": function_call_round,
    "react_step": react_step,
    "tracing": tracing,
    "tool_time_limit": tool_time_limit,
}
"""Every measurement, by name; each takes the number of rounds and returns a Comparison."""


def main(argv: list[str] | None = None) -> None:
    """Run the measurements and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=300, help="measured rounds per job")
    parser.add_argument(
        "--only", choices=sorted(MEASUREMENTS), action="append", help="run only these"
    )
    parser.add_argument(
        "--growth", action="store_true", help="also: ReAct runs of 3/10/40 steps, a 50-turn chat"
    )
    parser.add_argument("--growth-rounds", type=int, default=0, help="runs per length (growth)")
    parser.add_argument(
        "--reference", action="store_true", help="also: ReAct runs against hello-agents 0.1.1"
    )
    options = parser.parse_args(argv)
    print("Agent overhead against FakeOpenAIServer (zero model latency)\n")
    for name in options.only or MEASUREMENTS:
        print(MEASUREMENTS[name](options.rounds).report(), end="\n\n")
    if options.growth or options.growth_rounds:
        print(growth(options.growth_rounds or max(5, options.rounds // 30)), end="\n\n")
    if options.reference:
        print(reference_report(options.growth_rounds or max(5, options.rounds // 30)))


if __name__ == "__main__":
    main()
