"""Run a data set on an agent, many tasks at once, resumably.

    runner = EvalRunner(factory, results_path="runs/bfcl.jsonl", concurrency=8)
    results = runner.run(load_tasks("bfcl_sample"))

* Tasks run concurrently on one event loop, at most ``concurrency`` at a time,
  each on a fresh agent built by the factory (agents keep history, so they are
  never shared between tasks). An agent's ``arun`` is awaited; the base class
  runs ``run`` in a worker thread when a paradigm has no async loop of its own.
* Every finished task is appended to the results file as one JSON line, flushed
  and fsynced (off the event loop, results finishing together sharing one fsync)
  before its slot takes the next task, so a run killed at any moment loses at
  most the tasks that were in flight.
* Started again with the same results file, the runner reads the tasks already
  there and runs only the others; a last line cut short by the kill is dropped.
  The file is keyed by task id, so a task is never run twice or lost.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.evaluation.dataset import Task
from hello_agents.evaluation.execution import AgentFactory, TaskResult, arun_task, background_loop
from hello_agents.tools.registry import ToolRegistry

logger = logging.getLogger(__name__)

ToolsForTask = Callable[[Task], ToolRegistry]


@dataclass(frozen=True)
class Progress:
    """Reported after each finished task.

    Attributes:
        done: Tasks finished so far, resumed ones included.
        total: Tasks in the run.
        correct: Correct tasks so far.
        result: The task that just finished.
    """

    done: int
    total: int
    correct: int
    result: TaskResult


ProgressCallback = Callable[[Progress], object]


class ResultsFileError(HelloAgentsException):
    """The results file cannot be read back (a line other than the last is broken)."""


def read_results(path: str | Path) -> list[TaskResult]:
    """The results already in a results file (none when it does not exist).

    A broken last line (a write cut by a kill) is ignored; the runner rewrites
    the file without it before appending.

    Raises:
        ResultsFileError: A line before the last is not a result.
    """
    source = Path(path)
    if not source.exists():
        return []
    lines = source.read_text(encoding="utf-8").splitlines()
    results = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            results.append(TaskResult.from_dict(json.loads(line)))
        except (json.JSONDecodeError, TypeError) as error:
            if number == len(lines):
                logger.warning("%s: dropping a last line cut short (%s)", source, error)
                continue
            raise ResultsFileError(f"{source}:{number}: not a result line ({error})") from error
    return results


class ResultsWriter:
    """Appends results as JSON lines, durably (flushed and fsynced).

    From async code, :meth:`awrite` does the writing in a worker thread and
    commits in groups: results that finish while an fsync is under way are
    written together and share the next one, so the event loop never waits on
    the disk and a slow disk costs one fsync per group, not per task. A result
    is reported (``awrite`` returns) only once it is on disk.
    """

    def __init__(self, path: str | Path, kept: Sequence[TaskResult] = ()) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Rewrite what was kept (drops a cut last line), then append from there.
        temporary = self.path.with_suffix(self.path.suffix + ".tmp")
        with temporary.open("w", encoding="utf-8") as handle:
            handle.writelines(_line(result) for result in kept)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, self.path)
        self._handle = self.path.open("a", encoding="utf-8")
        self._pending: list[tuple[str, asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None

    def write(self, result: TaskResult) -> None:
        """Append one result durably (blocking)."""
        self._commit([_line(result)])

    async def awrite(self, result: TaskResult) -> None:
        """Append one result durably without blocking the event loop."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((_line(result), done))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_pending())
        await done

    async def _commit_pending(self) -> None:
        while self._pending:
            group, self._pending = self._pending, []
            try:
                await asyncio.to_thread(self._commit, [line for line, _ in group])
            except BaseException as error:
                for _, done in group:
                    if not done.done():
                        done.set_exception(error)
                raise
            for _, done in group:
                if not done.done():
                    done.set_result(None)

    def _commit(self, lines: list[str]) -> None:
        self._handle.writelines(lines)
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        """Close the file."""
        self._handle.close()


def _line(result: TaskResult) -> str:
    return json.dumps(result.to_dict(), ensure_ascii=False) + "\n"


class EvalRunner:
    """Runs tasks on fresh agents, concurrently, writing results as they finish.

    Args:
        factory: Builds an agent for a task from the tools it gets:
            ``factory(task, registry) -> Agent``.
        results_path: The JSONL results file (resumed when it exists); None
            keeps results in memory only.
        concurrency: Tasks in flight at once (at least 1).
        tools_for_task: The tools an answer task gets (default: none); function-
            calling tasks always get recording tools for their functions.
        on_progress: Called after each finished task.
        keep_trajectories: Keep every hook event in the results.
    """

    def __init__(
        self,
        factory: AgentFactory,
        results_path: str | Path | None = None,
        *,
        concurrency: int = 4,
        tools_for_task: ToolsForTask | None = None,
        on_progress: ProgressCallback | None = None,
        keep_trajectories: bool = True,
    ) -> None:
        if concurrency < 1:
            raise HelloAgentsException(f"concurrency must be at least 1, got {concurrency}")
        self.factory = factory
        self.results_path = Path(results_path) if results_path is not None else None
        self.concurrency = concurrency
        self.tools_for_task = tools_for_task
        self.on_progress = on_progress
        self.keep_trajectories = keep_trajectories

    def run(self, tasks: Sequence[Task]) -> list[TaskResult]:
        """Sync twin of :meth:`arun`.

        Runs on one event loop kept for the process (in a background thread), not
        on a new loop per call: model clients keep their async connections bound
        to the loop that opened them, so a second run with the same agents' LLM
        must use the same loop. Ctrl-C cancels the tasks in flight; the results
        already written stay.
        """
        future = asyncio.run_coroutine_threadsafe(self.arun(tasks), background_loop())
        try:
            return future.result()
        except BaseException:
            future.cancel()
            raise

    async def arun(self, tasks: Sequence[Task]) -> list[TaskResult]:
        """Run the tasks not yet in the results file; return all results in task order.

        Raises:
            ResultsFileError: The results file holds a broken line.
        """
        wanted = {task.id for task in tasks}
        previous = read_results(self.results_path) if self.results_path else []
        done = {result.id: result for result in previous if result.id in wanted}
        writer = ResultsWriter(self.results_path, previous) if self.results_path else None
        pending = [task for task in tasks if task.id not in done]
        if done:
            logger.info("resuming: %d of %d tasks already done", len(done), len(tasks))
        semaphore = asyncio.Semaphore(self.concurrency)
        counts = {"done": len(done), "correct": sum(r.correct for r in done.values())}

        async def one(task: Task) -> None:
            async with semaphore:
                registry = self.tools_for_task(task) if self.tools_for_task else None
                result = await arun_task(
                    task, self.factory, registry, keep_trajectory=self.keep_trajectories
                )
                # The slot is held until the result is on disk: a kill can lose only
                # tasks in flight, never one that finished.
                if writer is not None:
                    await writer.awrite(result)
            done[task.id] = result
            counts["done"] += 1
            counts["correct"] += int(result.correct)
            if self.on_progress is not None:
                self.on_progress(Progress(counts["done"], len(tasks), counts["correct"], result))

        running = [asyncio.ensure_future(one(task)) for task in pending]
        try:
            await asyncio.gather(*running)
        except BaseException:
            # One task failed outside the agent (e.g. a tool it names does not exist):
            # stop the others before the results file closes.
            for future in running:
                future.cancel()
            await asyncio.gather(*running, return_exceptions=True)
            raise
        finally:
            if writer is not None:
                writer.close()
        return [done[task.id] for task in tasks if task.id in done]


def summarize(results: Sequence[TaskResult]) -> dict[str, Any]:
    """Headline figures: counts, accuracy overall and per category, latency, tokens."""
    from hello_agents.evaluation.report import summary

    return summary(results)


__all__ = [
    "EvalRunner",
    "Progress",
    "ProgressCallback",
    "ResultsFileError",
    "ResultsWriter",
    "read_results",
    "summarize",
]
