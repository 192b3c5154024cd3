"""``hello-agents eval``: run a data set on an agent and write a report.

    hello-agents eval bfcl_sample --agent function --concurrency 8
    hello-agents eval gaia_sample --agent react
    hello-agents eval my_tasks.jsonl --results runs/mine.jsonl --limit 20
    hello-agents eval local_battery --tools-from benchmarks.local_tasks:TYPED_TOOLS

DATASET is a JSONL file or the name of a shipped sample (``bfcl_sample``,
``gaia_sample``, ``local_battery``). Results go to ``--results`` (default
``eval_runs/<dataset>-<agent>/results.jsonl``), one line per finished task; run
the same command again after an interruption and only the missing tasks run
(``--fresh`` starts over). The report (``report.md`` with SVG plots) is written
beside the results.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from hello_agents.cli_agents import (
    TOOL_CALL_STRATEGIES,
    agent_config,
    make_agent,
    start_embedded,
)
from hello_agents.core.agent import Agent
from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.evaluation.dataset import Task, load_tasks, resolve_dataset
from hello_agents.evaluation.report import summary, write_report
from hello_agents.evaluation.runner import EvalRunner, Progress
from hello_agents.tools.registry import ToolRegistry

AGENTS = ("react", "function", "simple")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``eval`` sub-command's options."""
    parser.add_argument(
        "dataset", help="a JSONL file, or a shipped sample: bfcl_sample, gaia_sample, local_battery"
    )
    parser.add_argument("--agent", choices=AGENTS, default="function", help="paradigm (function)")
    parser.add_argument("--concurrency", type=int, default=4, help="tasks in flight at once (4)")
    parser.add_argument("--results", type=Path, help="results file (JSONL); resumed when it exists")
    parser.add_argument("--report-dir", type=Path, help="where report.md goes (beside the results)")
    parser.add_argument(
        "--fresh", action="store_true", help="discard earlier results and start over"
    )
    parser.add_argument("--limit", type=int, help="run only the first N tasks")
    parser.add_argument("--category", help="run only the tasks of this category")
    parser.add_argument(
        "--tools-from",
        metavar="MODULE:NAME",
        help="extra tools for answer tasks: a ToolRegistry or a list of typed functions",
    )
    parser.add_argument("--provider", help="provider name (default: detected)")
    parser.add_argument("--model", help="model name (default: the provider's)")
    parser.add_argument("--base-url", help="API root of an OpenAI-compatible server")
    parser.add_argument("--system", help="system prompt for every task (a task's own wins)")
    parser.add_argument("--max-steps", type=int, default=5, help="ReAct steps / tool rounds (5)")
    parser.add_argument("--tool-call-strategy", choices=TOOL_CALL_STRATEGIES, default="auto")
    parser.add_argument("--temperature", type=float, help="sampling temperature (default 0)")
    parser.add_argument("--no-trajectories", action="store_true", help="do not keep hook events")
    parser.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local: one process (default); ray: tasks fanned out to Ray workers",
    )
    parser.add_argument("--ray-address", help="a Ray cluster (default: a local Ray instance)")
    parser.add_argument("--quiet", action="store_true", help="no per-task progress lines")


def run(arguments: argparse.Namespace) -> int:
    """Run the evaluation the arguments describe; 0 when it completed."""
    from hello_agents.core.llm import HelloAgentsLLM

    tasks = select_tasks(arguments)
    dataset_name = resolve_dataset(arguments.dataset).stem
    results_path = (
        arguments.results
        or Path("eval_runs") / f"{dataset_name}-{arguments.agent}" / "results.jsonl"
    )
    if arguments.fresh and results_path.exists():
        results_path.unlink()
    llm = HelloAgentsLLM(
        provider=arguments.provider, model=arguments.model, base_url=arguments.base_url
    )
    print(f"provider: {llm.provider} · model: {llm.model or '(embedded default)'}", flush=True)
    if llm.provider == "embedded":
        start_embedded(llm, quiet=arguments.quiet)
    config = agent_config(arguments.temperature)

    def factory(task: Task, registry: ToolRegistry) -> Agent:
        return make_agent(
            arguments.agent,
            llm,
            registry,
            task.system_prompt or arguments.system,
            arguments.max_steps,
            config,
            tool_call_strategy=arguments.tool_call_strategy,
        )

    bar = TaskProgress()
    runner: Any
    options: dict[str, Any] = {  # the same for either backend
        "concurrency": arguments.concurrency,
        "tools_for_task": tool_catalogue(arguments.tools_from),
        "on_progress": None if arguments.quiet else bar.task_done,
        "keep_trajectories": not arguments.no_trajectories,
    }
    if arguments.backend == "ray":
        from hello_agents.evaluation.ray_backend import AgentSpec, RayEvalRunner

        spec = AgentSpec(
            arguments.agent,
            base_url=llm.base_url,
            model=llm.model,
            provider=None if llm.provider == "embedded" else llm.provider,
            system_prompt=arguments.system,
            max_steps=arguments.max_steps,
            temperature=arguments.temperature,
            tool_call_strategy=arguments.tool_call_strategy,
        )
        runner = RayEvalRunner(spec, results_path, address=arguments.ray_address, **options)
    else:
        runner = EvalRunner(factory, results_path, **options)
    print(f"{len(tasks)} tasks from {arguments.dataset} · agent {arguments.agent} · "
          f"concurrency {arguments.concurrency} · results {results_path}", flush=True)  # fmt: skip
    if arguments.quiet:
        results = runner.run(tasks)
    else:
        with bar.running(len(tasks)):
            results = runner.run(tasks)
    report = write_report(
        results,
        arguments.report_dir or results_path.parent,
        title=f"Evaluation of {dataset_name}",
        details={
            "data set": str(arguments.dataset),
            "agent": arguments.agent,
            "model": str(llm.model or llm.provider),
            "results": str(results_path),
        },
    )
    print_summary(results, report)
    return 0


def select_tasks(arguments: argparse.Namespace) -> list[Task]:
    """The tasks of the data set, filtered by ``--category`` and ``--limit``."""
    tasks = load_tasks(arguments.dataset)
    if arguments.category:
        tasks = [task for task in tasks if task.category == arguments.category]
    if arguments.limit is not None:
        tasks = tasks[: arguments.limit]
    if not tasks:
        raise HelloAgentsException("no task left to run (check --category and --limit)")
    return tasks


def tool_catalogue(spec: str | None) -> Callable[[Task], ToolRegistry]:
    """Tools for answer tasks: each task gets the tools it names, looked up among
    the builtins (``calculator``, ``search``) and those of ``MODULE:NAME``."""
    extra = _load_tools(spec) if spec else ToolRegistry()

    def tools_for(task: Task) -> ToolRegistry:
        registry = ToolRegistry()
        for name in task.tools:
            tool = extra.get_tool(name)
            if tool is not None:
                registry.register_tool(tool, replace=True)
            elif name == "calculator":
                from hello_agents.tools.builtin.calculator import CalculatorTool

                registry.register_tool(CalculatorTool(), replace=True)
            elif name == "search":
                from hello_agents.tools.builtin.search import SearchTool

                registry.register_tool(SearchTool(), replace=True)
            else:
                raise HelloAgentsException(
                    f"task {task.id!r} names tool {name!r}, which is neither builtin "
                    "(calculator, search) nor given by --tools-from"
                )
        return registry

    return tools_for


def _load_tools(spec: str) -> ToolRegistry:
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise HelloAgentsException(f"--tools-from wants MODULE:NAME, got {spec!r}")
    sys.path.insert(0, str(Path.cwd()))  # so that benchmarks.local_tasks is found from a clone
    try:
        value: Any = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise HelloAgentsException(f"cannot load tools from {spec!r}: {error}") from error
    if isinstance(value, ToolRegistry):
        return value
    registry = ToolRegistry()
    for function in value:
        registry.tool(function)
    return registry


def progress_line(progress: Progress) -> str:
    """One line for a finished task: ``[ 3/20] ✓ simple_2 (simple) 4.10s · 3/3 correct``."""
    result = progress.result
    mark = "✓" if result.correct else ("!" if result.error else "✗")
    width = len(str(progress.total))
    note = f"  {result.error}" if result.error else ""
    return (
        f"[{progress.done:>{width}}/{progress.total}] {mark} {result.id} "
        f"({result.category}) {result.latency:.2f}s · {progress.correct}/{progress.done} correct"
        f"{note}"
    )


def show_progress(progress: Progress) -> None:
    """Print one line per finished task."""
    print(progress_line(progress), flush=True)


class TaskProgress:
    """A line per finished task and, on a terminal, a bar of the whole run below them,
    whose clock moves while the first tasks are still running.

    Args:
        stream: Where to write (standard output by default).
        live: Draw the bar; by default when ``stream`` is a terminal.
    """

    LABEL = "tasks"

    def __init__(self, stream: TextIO | None = None, *, live: bool | None = None) -> None:
        from hello_agents.progress_bar import ProgressBar

        self.bar = ProgressBar(stream if stream is not None else sys.stdout, live=live)

    @contextmanager
    def running(self, total: int) -> Iterator[TaskProgress]:
        """Within the block, ``total`` tasks run: the bar shows from the start."""
        if self.bar.live:
            self.bar.update(self.LABEL, 0, total, "starting")
        try:
            with self.bar.ticking():
                yield self
        finally:
            self.bar.finish()

    def task_done(self, progress: Progress) -> None:
        """Report a finished task (an ``on_progress`` callback of the runners)."""
        self.bar.note(progress_line(progress))
        if self.bar.live:
            self.bar.update(
                self.LABEL, progress.done, progress.total, f"{progress.correct} correct"
            )


def print_summary(results: list[Any], report: Path) -> None:
    """The headline figures and where the report is."""
    figures = summary(results)
    print(f"\naccuracy: {figures['accuracy']:.1%} ({figures['correct']}/{figures['total']})")
    for name, group in figures["by_category"].items():
        print(f"  {name:<20} {group['correct']:>3}/{group['total']:<3} {group['accuracy']:.0%}")
    latency, tokens = figures["latency"], figures["tokens"]
    print(
        f"latency: mean {latency['mean']:.2f}s · p50 {latency['p50']:.2f}s"
        f" · p90 {latency['p90']:.2f}s"
    )
    print(f"tokens: {tokens['total']} ({tokens['per_task']:.0f} per task)")
    print(f"report: {report}")


__all__ = [
    "AGENTS",
    "TaskProgress",
    "add_arguments",
    "progress_line",
    "run",
    "select_tasks",
    "show_progress",
    "tool_catalogue",
]
