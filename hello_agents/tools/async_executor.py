"""AsyncToolExecutor: run independent tool calls at the same time.

Tool calls mostly wait on I/O (HTTP requests, disks, subprocesses), so running
several at once costs little more than the slowest one. The executor starts
every task, then waits for all of them with :func:`asyncio.gather`:

* **async tools** are awaited natively on the event loop;
* **sync tools** run in daemon threads of the executor's own, at most
  ``max_workers`` at a time (give it as many workers as calls you want to
  overlap).

Each task goes through :meth:`ToolRegistry.aexecute`, so arguments are
guarded, and exceptions and timeouts come back as ``status="error"`` results,
in the same order as the tasks. A malformed task dict is an error result too.

Release the executor with :meth:`AsyncToolExecutor.close`, or use it as a
context manager (``with`` or ``async with``). A sync tool that times out is
abandoned, not killed (Python cannot stop a thread): its thread runs on in the
background until the tool returns, but it no longer counts against
``max_workers``, and neither ``close()``, ``asyncio.run`` nor the interpreter's
exit waits for it.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any, Literal, SupportsIndex, overload

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.base import ToolResult
from hello_agents.tools.registry import DaemonThreadExecutor, ToolRegistry
from hello_agents.tools.typed import run_coroutine_sync

logger = logging.getLogger(__name__)


class TaskResult(str):
    """The outcome of one task: the tool's text, as the tutorial's executor returns it,
    that also answers the keys of a result record.

    ``print(result)``, ``result[:100]`` and ``result == "4"`` work on the text, as the
    tutorial's ``List[str]``; ``result["status"]`` and the attributes give the rest.

    Keys and attributes:
        task_id: The task's position in the list, from 0.
        tool_name: The tool the task asked for.
        input_data: The task's input.
        result: The tool's output, or the error message (the text itself).
        status: ``"success"`` or ``"error"``.
        error_kind: Why it failed (see :class:`ToolResult`), None on success.
        tool_result: The full :class:`ToolResult`.
    """

    KEYS = ("task_id", "tool_name", "input_data", "result", "status", "error_kind", "tool_result")

    task_id: int
    tool_name: str
    input_data: Any
    status: Literal["success", "error"]
    error_kind: str | None
    tool_result: ToolResult

    def __new__(
        cls, *, task_id: int, tool_name: str, input_data: Any, result: ToolResult
    ) -> TaskResult:
        made = super().__new__(cls, result.content)
        made.task_id = task_id
        made.tool_name = tool_name
        made.input_data = input_data
        made.status = "success" if result.ok else "error"
        made.error_kind = result.error_kind
        made.tool_result = result
        return made

    @property
    def result(self) -> str:
        """The text: the tool's output or the error message."""
        return str.__str__(self)

    @overload
    def __getitem__(self, key: str) -> Any: ...

    @overload
    def __getitem__(self, key: SupportsIndex | slice) -> str: ...

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            if key not in self.KEYS:
                raise KeyError(key)
            return getattr(self, key)
        return str.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key``, as a dict's ``get``."""
        return self[key] if key in self.KEYS else default

    def keys(self) -> tuple[str, ...]:
        """The record's keys."""
        return self.KEYS

    def to_dict(self) -> dict[str, Any]:
        """The record as a plain dict."""
        return {key: self[key] for key in self.KEYS}

    def __repr__(self) -> str:
        return f"TaskResult({self.to_dict()!r})"


class AsyncToolExecutor:
    """Runs tool calls from one registry concurrently.

    Args:
        registry: Where the tools are.
        max_workers: Threads for sync tools: how many can run at once.
        timeout: Default seconds per task (``None``: the registry's limits apply).

    Raises:
        ToolException: ``max_workers`` is below 1 or ``timeout`` is not positive.
    """

    def __init__(
        self, registry: ToolRegistry, max_workers: int = 4, *, timeout: float | None = None
    ) -> None:
        if max_workers < 1:
            raise ToolException(f"max_workers must be at least 1, got {max_workers}")
        if timeout is not None and timeout <= 0:
            raise ToolException(f"timeout must be a positive number of seconds, got {timeout}")
        self.registry = registry
        self.max_workers = max_workers
        self.timeout = timeout
        self._pool: DaemonThreadExecutor | None = DaemonThreadExecutor("hello-agents-parallel")
        # One semaphore per event loop (an asyncio primitive belongs to one loop).
        self._slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary()
        )

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` has been called."""
        return self._pool is None

    async def execute(
        self, tool_name: str, input_data: Any = None, *, timeout: float | None = None
    ) -> ToolResult:
        """Run one tool call without blocking the event loop.

        Args:
            tool_name: The tool.
            input_data: Its arguments: text (JSON, key=value or a bare value) or a dict.
            timeout: Seconds this call may take; the executor's default otherwise.

        Returns:
            The structured outcome; failures are ``ok=False`` results, not exceptions.

        Raises:
            ToolException: The executor is closed.
        """
        pool = self._pool
        if pool is None:
            raise ToolException("This AsyncToolExecutor is closed; create a new one.")
        limit = timeout if timeout is not None else self.timeout
        tool = self.registry.get_tool(tool_name) if isinstance(tool_name, str) else None
        if tool is None or (tool.is_async and not tool.blocking):  # no thread to bound
            return await self.registry.aexecute(tool_name, input_data, timeout=limit)
        async with self._slot():  # released when the call ends or is abandoned
            return await self.registry.aexecute(tool_name, input_data, timeout=limit, executor=pool)

    def _slot(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        slots = self._slots.get(loop)
        if slots is None:
            slots = self._slots[loop] = asyncio.Semaphore(self.max_workers)
        return slots

    async def execute_tool_async(self, tool_name: str, input_data: Any = None) -> str:
        """Run one tool call and return its text, as the tutorial does.

        Args:
            tool_name: The tool.
            input_data: Its arguments.

        Returns:
            The tool's output, or an error message written for the model.
        """
        return str(await self.execute(tool_name, input_data))

    async def execute_tools_parallel(
        self, tasks: Sequence[Mapping[str, Any]], *, timeout: float | None = None
    ) -> list[TaskResult]:
        """Run every task at the same time and return the results in task order.

        Args:
            tasks: ``[{"tool_name": ..., "input_data": ...}]``; a task may also set
                its own ``"timeout"`` in seconds.
            timeout: Seconds each task may take, unless the task sets its own.

        Returns:
            One :class:`TaskResult` per task, in the same order.

        Raises:
            ToolException: The executor is closed.
        """
        if self._pool is None:
            raise ToolException("This AsyncToolExecutor is closed; create a new one.")
        return list(
            await asyncio.gather(
                *(self._run_task(task_id, task, timeout) for task_id, task in enumerate(tasks))
            )
        )

    async def execute_tools_batch(
        self, tool_name: str, inputs: Sequence[Any], *, timeout: float | None = None
    ) -> list[TaskResult]:
        """Run one tool on many inputs at the same time.

        Args:
            tool_name: The tool.
            inputs: One input per call.
            timeout: Seconds each call may take.

        Returns:
            One :class:`TaskResult` per input, in the same order.
        """
        tasks = [{"tool_name": tool_name, "input_data": item} for item in inputs]
        return await self.execute_tools_parallel(tasks, timeout=timeout)

    async def _run_task(self, task_id: int, task: object, timeout: float | None) -> TaskResult:
        if not isinstance(task, Mapping):
            problem = (
                f"expected a dict like {{'tool_name': ..., 'input_data': ...}}, got {task!r:.80}"
            )
            return _malformed(task_id, "?", task, problem)
        task_problem = _task_problem(task)
        if task_problem is not None:
            name = str(task.get("tool_name"))
            return _malformed(task_id, name, task.get("input_data"), task_problem)
        input_data = task.get("input_data")
        arguments = str(input_data) if isinstance(input_data, (int, float)) else input_data
        try:
            result = await self.execute(
                task["tool_name"], arguments, timeout=task.get("timeout", timeout)
            )
        except Exception as error:  # one broken task must not sink the whole gather
            logger.warning("task %d could not run", task_id, exc_info=True)
            message = f"Task {task_id} could not run: {type(error).__name__}: {error}"
            result = ToolResult.failure(task["tool_name"], "execution_error", message)
        return _task_result(task_id, input_data, result)

    # ------------------------------------------------------------------ lifecycle

    def close(self) -> None:
        """Refuse new calls. Returns at once: abandoned (timed-out) tools are not waited for."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False)

    async def aclose(self) -> None:
        """Async form of :meth:`close` (which never blocks)."""
        self.close()

    def __enter__(self) -> AsyncToolExecutor:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    async def __aenter__(self) -> AsyncToolExecutor:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"AsyncToolExecutor(max_workers={self.max_workers}, {state})"


def _task_problem(task: Mapping[str, Any]) -> str | None:
    """What is wrong with a task dict, or None if it can run."""
    name = task.get("tool_name")
    if not isinstance(name, str) or not name.strip():
        return "it needs a 'tool_name' string, e.g. {'tool_name': 'search', 'input_data': ...}."
    input_data = task.get("input_data")
    if input_data is not None and not isinstance(input_data, (str, int, float, Mapping)):
        return (
            "'input_data' must be text (JSON, key=value or a bare value), a number, "
            f"or a dict of arguments; got {type(input_data).__name__}."
        )
    limit = task.get("timeout")
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, (int, float)) or limit <= 0:
        return f"'timeout' must be a positive number of seconds, got {limit!r}."
    return None


def _malformed(task_id: int, tool_name: str, input_data: Any, problem: str) -> TaskResult:
    message = f"Task {task_id} is malformed: {problem}"
    return _task_result(
        task_id, input_data, ToolResult.failure(tool_name, "invalid_arguments", message)
    )


def _task_result(task_id: int, input_data: Any, result: ToolResult) -> TaskResult:
    return TaskResult(
        task_id=task_id, tool_name=result.tool_name, input_data=input_data, result=result
    )


async def run_parallel_tools(
    registry: ToolRegistry, tasks: Sequence[Mapping[str, Any]], max_workers: int = 4
) -> list[TaskResult]:
    """Run tasks in parallel with a short-lived executor.

    Args:
        registry: Where the tools are.
        tasks: ``[{"tool_name": ..., "input_data": ...}]``.
        max_workers: Threads for sync tools.

    Returns:
        One result per task, in task order.
    """
    async with AsyncToolExecutor(registry, max_workers) as executor:
        return await executor.execute_tools_parallel(tasks)


async def run_batch_tool(
    registry: ToolRegistry, tool_name: str, input_list: Sequence[Any], max_workers: int = 4
) -> list[TaskResult]:
    """Run one tool on many inputs in parallel with a short-lived executor.

    Args:
        registry: Where the tools are.
        tool_name: The tool.
        input_list: One input per call.
        max_workers: Threads for sync tools.

    Returns:
        One result per input, in order.
    """
    async with AsyncToolExecutor(registry, max_workers) as executor:
        return await executor.execute_tools_batch(tool_name, input_list)


def run_parallel_tools_sync(
    registry: ToolRegistry, tasks: Sequence[Mapping[str, Any]], max_workers: int = 4
) -> list[TaskResult]:
    """Blocking twin of :func:`run_parallel_tools` (works inside a running loop too)."""
    return run_coroutine_sync(run_parallel_tools(registry, tasks, max_workers))


def run_batch_tool_sync(
    registry: ToolRegistry, tool_name: str, input_list: Sequence[Any], max_workers: int = 4
) -> list[TaskResult]:
    """Blocking twin of :func:`run_batch_tool` (works inside a running loop too)."""
    return run_coroutine_sync(run_batch_tool(registry, tool_name, input_list, max_workers))


__all__ = [
    "AsyncToolExecutor",
    "TaskResult",
    "run_batch_tool",
    "run_batch_tool_sync",
    "run_parallel_tools",
    "run_parallel_tools_sync",
]
