"""Running one tool call so that a hung tool can be abandoned without holding anything.

Python cannot stop a thread. So a tool with a time limit runs in a *daemon thread
of its own*, not in a shared pool: when it overruns, the caller stops waiting and
moves on, and the thread is simply forgotten. Nothing waits for it later: not
``asyncio.run`` (which joins the loop's default executor), not a pool's
``shutdown``, not the interpreter's exit (daemon threads do not delay it).

An async tool called from sync code (``execute``), or one marked ``blocking``,
runs on an event loop of its own in such a thread: an async tool that blocks
(``time.sleep``, a sync HTTP client) then cannot stall anyone else's loop, and it
still times out. At its limit its task is also cancelled, so a well-behaved
coroutine stops at its next ``await``. From async code (``aexecute``) an async
tool is awaited on the caller's loop, where it can share that loop's resources.

A separate process would be the only way to *kill* a runaway tool; it would cost
pickling the arguments and a process start per call, and break every tool that
shares state with the program, so it is not used here.

Whatever the tool raises, ``SystemExit`` and ``KeyboardInterrupt`` included, is
caught in its thread and handed back as a :class:`ToolOutcome`; the registry
decides what each becomes.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import contextvars
import itertools
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from hello_agents.tools.base import Tool

ParamsT = ParamSpec("ParamsT")
ResultT = TypeVar("ResultT")

DEFAULT_TOOL_TIMEOUT = 60.0
"""Seconds a tool call may take when neither the call, the tool nor the registry
sets another limit (``ToolRegistry(default_timeout=None)`` removes it)."""


_CALLER_LOOP: contextvars.ContextVar[asyncio.AbstractEventLoop | None] = contextvars.ContextVar(
    "hello_agents_caller_loop", default=None
)


def caller_event_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop blocked by the code that called this tool, if any.

    A sync ``registry.execute`` called from async code blocks that code's loop
    while the tool runs in its own thread. A tool that would need that loop
    (an MCP client connected on it) asks here, and fails at once instead of
    waiting for a loop that cannot answer until the call times out.

    Returns:
        The running loop of this thread, or else the loop of the thread that
        started this tool call; None when neither runs one.
    """
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return _CALLER_LOOP.get()


@dataclass(frozen=True)
class ToolOutcome:
    """How a tool call ended: its return value, or what it raised."""

    value: Any = None
    error: BaseException | None = None


@dataclass
class RunningTool:
    """A tool call that has started.

    Attributes:
        tool: The tool.
        limit: Seconds it may take (``None``: no limit).
        future: Resolves to the call's :class:`ToolOutcome` (never to an exception).
    """

    tool: Tool
    limit: float | None
    future: concurrent.futures.Future[ToolOutcome]
    _cancel: Callable[[], None] = field(default=lambda: None)

    def cancel(self) -> None:
        """Stop waiting for the call; an async tool's task is cancelled too."""
        self._cancel()


def outcome_here(tool: Tool, arguments: dict[str, Any]) -> ToolOutcome:
    """Run a sync tool in the calling thread (when there is no limit to enforce)."""
    return _outcome_of(tool.invoke, arguments)


async def outcome_of_coroutine(coroutine: Coroutine[Any, Any, Any]) -> ToolOutcome:
    """Await an async tool's coroutine; what it raises becomes the outcome (not cancellation)."""
    try:
        return ToolOutcome(value=await coroutine)
    except asyncio.CancelledError:
        raise
    except BaseException as error:  # SystemExit and KeyboardInterrupt too: the registry decides
        return ToolOutcome(error=error)


def start_tool(
    tool: Tool,
    arguments: dict[str, Any],
    limit: float | None,
    executor: concurrent.futures.Executor | None = None,
    blocked_loop: asyncio.AbstractEventLoop | None = None,
) -> RunningTool:
    """Start a tool call in a daemon thread of its own (or in ``executor``, for a sync tool).

    Args:
        tool: The tool, its arguments already validated.
        arguments: The arguments.
        limit: Seconds it may take; the caller enforces it by waiting no longer.
        executor: Where a sync tool runs instead (the caller's own pool).
        blocked_loop: The loop the caller blocks while it waits (sync code called
            from async code), reported to the tool by :func:`caller_event_loop`.

    Returns:
        The running call.
    """
    future: concurrent.futures.Future[ToolOutcome] = concurrent.futures.Future()
    context = contextvars.copy_context()  # logging and tracing context follow the call
    context.run(_CALLER_LOOP.set, blocked_loop)
    if not tool.is_async:
        if executor is not None:
            return RunningTool(
                tool, limit, executor.submit(context.run, _outcome_of, tool.invoke, arguments)
            )
        _daemon(
            tool.name, lambda: future.set_result(context.run(_outcome_of, tool.invoke, arguments))
        )
        return RunningTool(tool, limit, future)

    loop = asyncio.new_event_loop()
    task: list[asyncio.Task[Any]] = []

    def run_async() -> None:
        async def main() -> Any:
            task.append(asyncio.current_task())  # type: ignore[arg-type]
            return await tool.ainvoke(arguments)

        try:
            future.set_result(_outcome_of(loop.run_until_complete, main()))
        finally:
            loop.close()

    def cancel() -> None:
        if task and not loop.is_closed():
            # RuntimeError: the loop closed in the meantime, nothing left to cancel
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(task[0].cancel)

    _daemon(tool.name, lambda: context.run(run_async))
    return RunningTool(tool, limit, future, cancel)


class DaemonThreadExecutor(concurrent.futures.Executor):
    """An executor that runs each call in a new daemon thread, and never waits for one.

    What a ``ThreadPoolExecutor`` cannot offer: ``shutdown()`` returns at once
    even while a timed-out tool still runs, and the interpreter exits without
    joining it. How many calls run at once is the caller's business
    (:class:`~hello_agents.tools.async_executor.AsyncToolExecutor` bounds it).

    Args:
        thread_name_prefix: The start of each thread's name.
    """

    def __init__(self, thread_name_prefix: str = "hello-agents-tool") -> None:
        self.thread_name_prefix = thread_name_prefix
        self._numbers = itertools.count(1)
        self._shut_down = False

    def submit(
        self, fn: Callable[ParamsT, ResultT], /, *args: ParamsT.args, **kwargs: ParamsT.kwargs
    ) -> concurrent.futures.Future[ResultT]:
        """Start ``fn(*args, **kwargs)`` in a daemon thread.

        Raises:
            RuntimeError: The executor was shut down.
        """
        if self._shut_down:
            raise RuntimeError("cannot schedule new calls after shutdown")
        future: concurrent.futures.Future[ResultT] = concurrent.futures.Future()

        def run() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                result = fn(*args, **kwargs)
            except BaseException as error:  # handed to whoever waits on the future
                future.set_exception(error)
            else:
                future.set_result(result)

        name = f"{self.thread_name_prefix}-{next(self._numbers)}"
        threading.Thread(target=run, name=name, daemon=True).start()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Refuse new calls; running ones are never waited for (``wait`` is ignored)."""
        self._shut_down = True


def _outcome_of(function: Callable[..., Any], *arguments: Any) -> ToolOutcome:
    try:
        return ToolOutcome(value=function(*arguments))
    except BaseException as error:  # SystemExit and KeyboardInterrupt too: the registry decides
        return ToolOutcome(error=error)


def _daemon(tool_name: str, target: Callable[[], Any]) -> None:
    threading.Thread(target=target, name=f"hello-agents-tool-{tool_name}", daemon=True).start()


__all__ = [
    "DEFAULT_TOOL_TIMEOUT",
    "DaemonThreadExecutor",
    "RunningTool",
    "ToolOutcome",
    "caller_event_loop",
    "outcome_here",
    "outcome_of_coroutine",
    "start_tool",
]
