"""Fan tasks out to Ray workers, for runs larger than one machine (optional).

    pip install "hello-agents[ray]"

    runner = RayEvalRunner(AgentSpec("function", base_url=URL, model="qwen"), "runs/r.jsonl",
                           concurrency=32, address="ray://head:10001")
    results = runner.run(load_tasks("bfcl_sample"))

Each task runs in a Ray worker (:func:`~hello_agents.evaluation.execution.run_task`
on a fresh agent); the driver keeps at most ``concurrency`` tasks in flight, and
writes each result to the results file as it arrives, durably, exactly as
:class:`~hello_agents.evaluation.runner.EvalRunner` does, so resuming works the
same. ``address=None`` starts (or joins) a local Ray instance.

The factory and the tool function are sent to the workers, so they must pickle:
:class:`AgentSpec` builds the agent inside the worker from plain settings (the API
key is read from the worker's environment, never shipped).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hello_agents.core.agent import Agent
from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.evaluation.dataset import Task
from hello_agents.evaluation.execution import AgentFactory, TaskResult, run_task
from hello_agents.evaluation.runner import (
    Progress,
    ProgressCallback,
    ResultsWriter,
    ToolsForTask,
    read_results,
)
from hello_agents.tools.registry import ToolRegistry


def import_ray() -> Any:
    """The ``ray`` module, or an error naming the extra to install."""
    try:
        import ray
    except ImportError as error:
        raise HelloAgentsException(
            'the Ray backend needs Ray: pip install "hello-agents[ray]"'
        ) from error
    return ray


@dataclass(frozen=True)
class AgentSpec:
    """A picklable agent factory: the paradigm and where the model is.

    Attributes:
        paradigm: ``react``, ``function`` or ``simple``.
        base_url: The OpenAI-compatible server the workers call.
        model: The model name.
        provider: A provider name (default: detected in the worker).
        system_prompt: For tasks without their own.
        max_steps: ReAct steps / tool rounds.
        temperature: Sampling temperature (None: the worker's configuration, else 0).
        tool_call_strategy: The function agent's strategy.
    """

    paradigm: str
    base_url: str | None = None
    model: str | None = None
    provider: str | None = None
    system_prompt: str | None = None
    max_steps: int = 5
    temperature: float | None = None
    tool_call_strategy: str = "auto"

    def __call__(self, task: Task, registry: ToolRegistry) -> Agent:
        from hello_agents.cli_agents import agent_config, make_agent
        from hello_agents.core.llm import HelloAgentsLLM

        llm = HelloAgentsLLM(provider=self.provider, model=self.model, base_url=self.base_url)
        return make_agent(
            self.paradigm,
            llm,
            registry,
            task.system_prompt or self.system_prompt,
            self.max_steps,
            agent_config(self.temperature),
            tool_call_strategy=self.tool_call_strategy,
        )


def _run_in_worker(
    task: Task,
    factory: AgentFactory,
    tools_for_task: ToolsForTask | None,
    keep_trajectory: bool,
) -> TaskResult:
    registry = tools_for_task(task) if tools_for_task is not None else None
    return run_task(task, factory, registry, keep_trajectory=keep_trajectory)


class RayEvalRunner:
    """:class:`~hello_agents.evaluation.runner.EvalRunner`'s job on Ray workers.

    Args:
        factory: A picklable ``factory(task, registry) -> Agent`` (see :class:`AgentSpec`).
        results_path: The JSONL results file (resumed when it exists), or None.
        concurrency: Tasks in flight at once across the cluster.
        tools_for_task: A picklable function giving an answer task its tools.
        on_progress: Called in the driver after each finished task.
        keep_trajectories: Keep every hook event in the results.
        address: A Ray cluster address; None starts or joins a local instance.
        init_options: More ``ray.init`` keywords (e.g. ``num_cpus``).
        task_options: Ray options of each task (default ``{"num_cpus": 1}``; agent
            tasks mostly wait on the model server, so fractions are fine).
    """

    def __init__(
        self,
        factory: AgentFactory,
        results_path: str | Path | None = None,
        *,
        concurrency: int = 8,
        tools_for_task: ToolsForTask | None = None,
        on_progress: ProgressCallback | None = None,
        keep_trajectories: bool = True,
        address: str | None = None,
        init_options: dict[str, Any] | None = None,
        task_options: dict[str, Any] | None = None,
    ) -> None:
        if concurrency < 1:
            raise HelloAgentsException(f"concurrency must be at least 1, got {concurrency}")
        self.factory = factory
        self.results_path = Path(results_path) if results_path is not None else None
        self.concurrency = concurrency
        self.tools_for_task = tools_for_task
        self.on_progress = on_progress
        self.keep_trajectories = keep_trajectories
        self.address = address
        self.init_options = dict(init_options or {})
        self.task_options = dict(task_options or {"num_cpus": 1})

    def run(self, tasks: Sequence[Task]) -> list[TaskResult]:
        """Run the tasks not yet in the results file; return all results in task order."""
        ray = import_ray()
        if not ray.is_initialized():
            ray.init(address=self.address, **self.init_options)
        remote: Any = ray.remote(_run_in_worker).options(**self.task_options)
        wanted = {task.id for task in tasks}
        previous = read_results(self.results_path) if self.results_path else []
        done = {result.id: result for result in previous if result.id in wanted}
        writer = ResultsWriter(self.results_path, previous) if self.results_path else None
        pending = [task for task in tasks if task.id not in done]
        correct = sum(result.correct for result in done.values())
        in_flight: dict[Any, Task] = {}
        try:
            while pending or in_flight:
                while pending and len(in_flight) < self.concurrency:
                    task = pending.pop(0)
                    reference = remote.remote(
                        task, self.factory, self.tools_for_task, self.keep_trajectories
                    )
                    in_flight[reference] = task
                ready, _ = ray.wait(list(in_flight), num_returns=1)
                for reference in ready:
                    in_flight.pop(reference)
                    result: TaskResult = ray.get(reference)
                    if writer is not None:
                        writer.write(result)
                    done[result.id] = result
                    correct += int(result.correct)
                    if self.on_progress is not None:
                        self.on_progress(Progress(len(done), len(tasks), correct, result))
        finally:
            for reference in in_flight:
                ray.cancel(reference)
            if writer is not None:
                writer.close()
        return [done[task.id] for task in tasks if task.id in done]


__all__ = ["AgentSpec", "RayEvalRunner", "import_ray"]
