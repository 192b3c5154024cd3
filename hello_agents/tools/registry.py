"""The tool registry: where agents find tools, and the one door through which tools run.

Register Tool objects, plain or typed functions, or decorate functions with
``@registry.tool``; all of them end up as :class:`~hello_agents.tools.base.Tool`
objects in one table, so every agent reaches every tool the same way.

Every call goes through :meth:`ToolRegistry.execute` (or its async twin):

    look the tool up -> guard the arguments -> run it (with a time limit) -> ToolResult

and each step that can fail turns into a failed :class:`ToolResult` the model
can read, never an exception in the agent's loop.

How a call runs, so that a hung tool can be abandoned without holding anything.

Python cannot stop a thread. So a tool with a time limit runs in a *daemon
thread* (:class:`DaemonWorkers`: an idle one kept from an earlier call, or a new
one when all are busy), not in a pool that someone joins: when it overruns, the
caller stops waiting and moves on, and the thread is simply forgotten. Nothing
waits for it later: not ``asyncio.run`` (which joins the loop's default
executor), not a pool's ``shutdown``, not the interpreter's exit (daemon threads
do not delay it).

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
import logging
import os
import queue
import re
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, ParamSpec, Protocol, TypeVar, overload, runtime_checkable

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.arguments import (
    RawArguments,
    arguments_unreadable,
    check_arguments,
    tool_exited,
    tool_failed,
    tool_timed_out,
    unknown_tool,
)
from hello_agents.tools.base import Tool, ToolResult
from hello_agents.tools.typed import FunctionTool

ParamsT = ParamSpec("ParamsT")
ResultT = TypeVar("ResultT")

DEFAULT_TOOL_TIMEOUT = 60.0
"""Seconds a tool call may take when neither the call, the tool nor the registry
sets another limit (``ToolRegistry(default_timeout=None)`` removes it)."""


_CALLER_LOOP: contextvars.ContextVar[asyncio.AbstractEventLoop | None] = contextvars.ContextVar(
    "hello_agents_caller_loop", default=None
)


logger = logging.getLogger(__name__)

DEFAULT_GROUP = "default"
NO_TOOLS_DESCRIPTION = "No tools available."
_VALID_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # what OpenAI-compatible APIs accept

ValueT = TypeVar("ValueT")


class ToolRegistry:
    """A table of tools, by name, each in a named group.

    Args:
        max_output_chars: Longer tool output is cut to this many characters, with
            a visible marker (``None``: never cut).
        default_timeout: Seconds a call may take when neither the call nor the
            tool sets a limit: :data:`DEFAULT_TOOL_TIMEOUT` (60) unless given;
            ``None`` for no limit at all (a sync tool then runs in the caller's thread).

    Raises:
        ToolException: ``default_timeout`` or ``max_output_chars`` is not positive.
    """

    def __init__(
        self,
        *,
        max_output_chars: int | None = 20_000,
        default_timeout: float | None = DEFAULT_TOOL_TIMEOUT,
    ) -> None:
        if max_output_chars is not None and max_output_chars <= 0:
            raise ToolException(f"max_output_chars must be positive, got {max_output_chars}")
        self.max_output_chars = max_output_chars
        self.default_timeout = _checked_timeout(default_timeout)
        self._tools: dict[str, Tool] = {}
        self._groups: dict[str, str] = {}

    # ------------------------------------------------------------------ registration

    def register_tool(
        self,
        tool: Tool,
        *function_and_description: Any,
        replace: bool = False,
        group: str = DEFAULT_GROUP,
        auto_expand: bool = True,
    ) -> Tool:
        """Add a Tool object.

        ``register_tool("name", function, "description")`` (a name, a function and
        a description, as some tutorial code writes it) is read as
        :meth:`register_function` with the same three. A tool with ``auto_expand``
        set and an ``expanded_tools()`` method (chapter 10's ``MCPTool``) is
        registered as the tools it expands into.

        Args:
            tool: The tool. Its schema is built now, so a badly defined tool
                fails here rather than at its first call.
            function_and_description: Only for the three-argument form above.
            replace: Allow replacing a tool registered under the same name.
            group: The group the tool belongs to (see :mod:`hello_agents.tools.groups`).
            auto_expand: Expand a tool that stands for several (as the tutorial's
                ``register_tool(tool, auto_expand=True)``); False registers it as one
                tool whatever its own switch says.

        Returns:
            The tool, so the call can be chained.

        Raises:
            ToolException: The name is taken (and ``replace`` is False), the name is
                not ``[A-Za-z0-9_-]{1,64}``, the tool's parameters are invalid, or
                the arguments are neither a Tool nor name, function, description.
        """
        given: object = tool
        if not isinstance(given, Tool) or function_and_description:
            return self._register_tutorial_form(given, function_and_description, replace, group)
        expand = getattr(tool, "expanded_tools", None)
        if auto_expand and getattr(tool, "auto_expand", False) and callable(expand):
            # A tool standing for several (an MCP server, as the tutorial's MCPTool
            # with auto_expand): its parts are registered, one tool each.
            for part in expand():
                self.register_tool(part, replace=replace, group=tool.name)
            return tool
        if not _VALID_NAME.match(tool.name):
            raise ToolException(
                f"Tool name {tool.name!r} is not valid: use 1-64 letters, digits, '_' or '-'."
            )
        if tool.name in self._tools and not replace:
            raise ToolException(
                f"A tool named {tool.name!r} is already registered; "
                "pass replace=True to replace it, or choose another name."
            )
        tool.input_model()  # fail now on an unknown parameter type
        tool.input_schema()
        self._tools[tool.name] = tool
        self._groups[tool.name] = group
        logger.debug("registered tool %r in group %r", tool.name, group)
        return tool

    def _register_tutorial_form(
        self, first: object, rest: tuple[Any, ...], replace: bool, group: str
    ) -> FunctionTool:
        """``register_tool(name, function, description)`` (either order of the last two)."""
        if isinstance(first, str) and len(rest) == 2:
            function, description = rest if callable(rest[0]) else reversed(rest)
            if callable(function) and isinstance(description, str):
                return self.register_function(
                    first, description, function, replace=replace, group=group
                )
        raise ToolException(
            "register_tool() takes a Tool object, e.g. registry.register_tool(CalculatorTool()). "
            "For a function write registry.register_function(name, description, function), "
            "or decorate it with @registry.tool."
        )

    def register_function(
        self,
        name: str,
        description: str,
        func: Callable[..., Any],
        *,
        replace: bool = False,
        group: str = DEFAULT_GROUP,
        timeout: float | None = None,
    ) -> FunctionTool:
        """Add a function as a tool, as the tutorial does.

        A tutorial function takes one string (``Callable[[str], str]``); a typed
        function with several parameters works too, and its schema is generated
        from its type hints (unannotated parameters are taken as strings).

        Args:
            name: The tool name.
            description: What it does, for the model.
            func: The function (sync or ``async``).
            replace: Allow replacing a tool of the same name.
            group: The group the tool belongs to.
            timeout: Seconds one call may take.

        Returns:
            The :class:`FunctionTool` made from ``func``.

        Raises:
            ToolException: As for :meth:`register_tool`, or the signature has ``*args``.
        """
        function_tool = FunctionTool(
            func, name=name, description=description, timeout=timeout, require_annotations=False
        )
        self.register_tool(function_tool, replace=replace, group=group)
        return function_tool

    @overload
    def tool(self, function: Callable[..., Any], /) -> FunctionTool: ...

    @overload
    def tool(
        self,
        /,
        *,
        name: str | None = None,
        description: str | None = None,
        group: str = DEFAULT_GROUP,
        timeout: float | None = None,
        replace: bool = False,
    ) -> Callable[[Callable[..., Any]], FunctionTool]: ...

    def tool(
        self,
        function: Callable[..., Any] | None = None,
        /,
        *,
        name: str | None = None,
        description: str | None = None,
        group: str = DEFAULT_GROUP,
        timeout: float | None = None,
        replace: bool = False,
    ) -> FunctionTool | Callable[[Callable[..., Any]], FunctionTool]:
        """Decorator form: ``@registry.tool`` or ``@registry.tool(group="files")``.

        The function must be typed and have a docstring (see :func:`hello_agents.tools.tool`).

        Args:
            function: The function, when used as a bare ``@registry.tool``.
            name: The tool name; the function's name by default.
            description: Overrides the docstring summary.
            group: The group the tool belongs to.
            timeout: Seconds one call may take.
            replace: Allow replacing a tool of the same name.

        Returns:
            The registered :class:`FunctionTool`, or a decorator that makes one.

        Raises:
            ToolException: No docstring, untyped parameters, or a name collision.
        """

        def decorate(target: Callable[..., Any]) -> FunctionTool:
            made = FunctionTool(target, name=name, description=description, timeout=timeout)
            self.register_tool(made, replace=replace, group=group)
            return made

        return decorate(function) if function is not None else decorate

    def unregister(self, name: str) -> bool:
        """Remove a tool.

        Args:
            name: The tool's name.

        Returns:
            True if it was registered, False if there was nothing to remove.
        """
        self._groups.pop(name, None)
        return self._tools.pop(name, None) is not None

    # ------------------------------------------------------------------ discovery

    def get_tool(self, name: str) -> Tool | None:
        """The tool registered under ``name``, or None."""
        return self._tools.get(name)

    @property
    def tools(self) -> dict[str, Tool]:
        """Every tool by name (a copy: register and unregister to change the registry)."""
        return dict(self._tools)

    @property
    def _functions(self) -> dict[str, dict[str, Any]]:
        """The tools registered as functions, as the tutorial's registry keeps them:
        ``{name: {"description": ..., "func": ...}}`` (a read-only view)."""
        return {
            name: {"description": tool.description, "func": tool.function}
            for name, tool in self._tools.items()
            if isinstance(tool, FunctionTool)
        }

    def get_function(self, name: str) -> Callable[..., Any] | None:
        """The function registered under ``name`` (with :meth:`register_function` or
        ``@registry.tool``), or None for a Tool object or an unknown name."""
        tool = self._tools.get(name)
        return tool.function if isinstance(tool, FunctionTool) else None

    def get_all_tools(self) -> list[Tool]:
        """Every registered tool, in registration order."""
        return list(self._tools.values())

    def list_tools(self) -> list[str]:
        """The names of every registered tool, in registration order."""
        return list(self._tools)

    def list_groups(self) -> list[str]:
        """The group names in use, in order of first registration."""
        return list(dict.fromkeys(self._groups.values()))

    def group_of(self, name: str) -> str | None:
        """The group of the tool ``name``, or None if it is not registered."""
        return self._groups.get(name)

    def tools_in_group(self, group: str) -> list[Tool]:
        """The tools of one group, in registration order."""
        return [tool for name, tool in self._tools.items() if self._groups[name] == group]

    def get_tools_description(self) -> str:
        """The tool list for a text prompt: one ``- name: description`` line per tool.

        Returns:
            The lines, or ``"No tools available."`` when the registry is empty.
        """
        if not self._tools:
            return NO_TOOLS_DESCRIPTION
        return "\n".join(f"- {tool.name}: {tool.description}" for tool in self._tools.values())

    def to_openai_schema(self) -> list[dict[str, Any]]:
        """Every tool in OpenAI function-calling form, for ``tools=`` of a chat request.

        Returns:
            ``[{"type": "function", "function": {"name", "description", "parameters"}}]``.
        """
        return [tool.to_openai_schema() for tool in self._tools.values()]

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    # ------------------------------------------------------------------ execution

    def execute_tool(self, name: str, input_text: RawArguments = None) -> str:
        """Run a tool and return its text: the tutorial's entry point.

        Args:
            name: The tool name.
            input_text: The arguments: a string (JSON, key=value, or the bare
                value of a one-parameter tool) or a dict.

        Returns:
            The tool's output, or an error message written for the model.
        """
        return str(self.execute(name, input_text))

    def execute(
        self, name: str, arguments: RawArguments = None, *, timeout: float | None = None
    ) -> ToolResult:
        """Run a tool: look it up, guard its ``arguments`` (a dict, or JSON, key=value or
        bare-value text), run it in a daemon thread abandoned when it overruns its limit
        (``timeout``, the tool's, or :data:`DEFAULT_TOOL_TIMEOUT`; none: in this thread).
        A failed call is an ``ok=False`` result; a developer's error (a ``timeout`` that
        is not positive, a tool defined wrongly) raises :class:`ToolException`."""
        prepared = self._prepare(name, arguments)
        if isinstance(prepared, ToolResult):
            return prepared
        tool, validated = prepared
        limit = self._limit_for(tool, timeout)
        if limit is None and not tool.is_async:  # nothing to enforce: run it right here
            return self._finish(tool, outcome_here(tool, validated))
        started = start_tool(tool, validated, limit, blocked_loop=caller_event_loop())
        try:
            outcome = started.future.result(timeout=started.limit)
        except concurrent.futures.TimeoutError:
            started.cancel()
            return tool_timed_out(started.tool.name, started.limit or 0.0)
        return self._finish(started.tool, outcome)

    async def aexecute(
        self,
        name: str,
        arguments: RawArguments = None,
        *,
        timeout: float | None = None,
        executor: concurrent.futures.Executor | None = None,
    ) -> ToolResult:
        """Async form of :meth:`execute`: the same steps, awaited without blocking the loop.

        A sync tool runs in a daemon thread of its own (or in ``executor``) and is
        abandoned at its limit. An async tool is awaited on the caller's loop, so
        it can share that loop's resources (sessions, locks, events), and is
        cancelled at its limit. An async tool that blocks the loop instead
        (``time.sleep``) cannot be interrupted there: when it overruns its limit
        that way, the call is reported as timed out and the tool is marked
        :attr:`~hello_agents.tools.base.Tool.blocking`, so that its later calls
        run on a loop of their own in a thread, where the limit holds.

        Args:
            name: The tool name.
            arguments: A dict, or text (JSON, key=value, or a bare value).
            timeout: Seconds this call may take; overrides the tool's own limit.
            executor: Where sync tools run instead of their own thread (a pool of
                yours; a timed-out tool then holds one of its workers).

        Returns:
            The outcome, exactly as :meth:`execute` describes.

        Raises:
            ToolException: ``timeout`` is not positive, or the tool is defined wrongly.
        """
        prepared = self._prepare(name, arguments)
        if isinstance(prepared, ToolResult):
            return prepared
        tool, validated = prepared
        limit = self._limit_for(tool, timeout)
        if tool.is_async and not tool.blocking:
            return await self._await_on_this_loop(tool, validated, limit)
        started = start_tool(tool, validated, limit, executor)
        waiting = asyncio.wrap_future(started.future)
        if not await _finished_within(waiting, limit, started.cancel):
            return tool_timed_out(tool.name, limit or 0.0)
        return self._finish(tool, waiting.result())

    async def _await_on_this_loop(
        self, tool: Tool, arguments: dict[str, Any], limit: float | None
    ) -> ToolResult:
        """Await an async tool on the running loop, cancelled at its limit."""
        task = asyncio.ensure_future(outcome_of_coroutine(tool.ainvoke(arguments)))
        began = time.monotonic()
        if not await _finished_within(task, limit, task.cancel):
            return tool_timed_out(tool.name, limit or 0.0)
        if limit is not None and time.monotonic() - began > limit:
            # Our timer could not fire: the tool held the loop past its limit.
            tool.blocking = True
            logger.warning(
                "async tool %r blocked the event loop for %.1f s (limit %g s); "
                "its next calls run on a loop of their own",
                tool.name,
                time.monotonic() - began,
                limit,
            )
            return tool_timed_out(tool.name, limit)
        return self._finish(tool, task.result())

    def _finish(self, tool: Tool, outcome: ToolOutcome) -> ToolResult:
        """The ToolResult of a call that ended: its value, or what it raised."""
        if outcome.error is None:
            return ToolResult.from_value(tool.name, outcome.value).truncated_to(
                self.max_output_chars
            )
        return _raised(tool, outcome.error)

    def _prepare(
        self, name: str, arguments: RawArguments
    ) -> tuple[Tool, dict[str, Any]] | ToolResult:
        """Find the tool and guard the arguments; a ToolResult means stop here."""
        name_value: object = name  # callers outside the type checker send null or numbers
        if not isinstance(name_value, str):
            return unknown_tool(repr(name_value), self.list_tools())
        tool = self._tools.get(name.strip())
        if tool is None:
            return unknown_tool(name, self.list_tools())
        try:
            checked = check_arguments(tool, arguments)
        except ToolException:
            raise
        except Exception as error:  # whatever the arguments are, the model gets a reply
            logger.debug("reading the arguments of %r failed", tool.name, exc_info=True)
            return arguments_unreadable(tool.name, error)
        if isinstance(checked, ToolResult):
            logger.debug("rejected arguments for %r: %s", tool.name, checked.content)
            return checked
        return tool, checked

    def _limit_for(self, tool: Tool, timeout: float | None) -> float | None:
        """The call's own limit, else the tool's, else the registry default."""
        for limit in (timeout, tool.timeout, self.default_timeout):
            if limit is not None:
                return _checked_timeout(limit)
        return None


# ---- running one call -----------------------------------------------------------------


def caller_event_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop blocked by the code that called this tool, if any (a tool that
    needs it, an MCP client connected on it, fails at once rather than time out)."""
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
    """Start a tool call in a daemon thread (or a sync tool in ``executor``). The
    caller enforces ``limit`` by waiting no longer; ``blocked_loop`` is the loop it
    blocks meanwhile, reported to the tool by :func:`caller_event_loop`."""
    context = contextvars.copy_context()  # logging and tracing context follow the call
    context.run(_CALLER_LOOP.set, blocked_loop)
    if tool.is_async:
        return _start_async_tool(tool, arguments, limit, context)
    if executor is not None:
        future = executor.submit(context.run, _outcome_of, tool.invoke, arguments)
        return RunningTool(tool, limit, future)
    done: concurrent.futures.Future[ToolOutcome] = concurrent.futures.Future()
    _daemon(tool.name, lambda: done.set_result(context.run(_outcome_of, tool.invoke, arguments)))
    return RunningTool(tool, limit, done)


def _start_async_tool(
    tool: Tool, arguments: dict[str, Any], limit: float | None, context: contextvars.Context
) -> RunningTool:
    """:func:`start_tool` for an async tool: a loop of its own in a daemon thread,
    its task cancelled when the caller stops waiting."""
    future: concurrent.futures.Future[ToolOutcome] = concurrent.futures.Future()
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
    """An executor that runs each call in a daemon thread, and never waits for one.

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
        """Start ``fn(*args, **kwargs)`` in a daemon thread (see :class:`DaemonWorkers`).

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

        _WORKERS.start(f"{self.thread_name_prefix}-{next(self._numbers)}", run)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Refuse new calls; running ones are never waited for (``wait`` is ignored)."""
        self._shut_down = True


def _outcome_of(function: Callable[..., Any], *arguments: Any) -> ToolOutcome:
    try:
        return ToolOutcome(value=function(*arguments))
    except BaseException as error:  # SystemExit and KeyboardInterrupt too: the registry decides
        return ToolOutcome(error=error)


class DaemonWorkers:
    """Daemon threads kept between calls: a call goes to an idle one, else to a new one.

    Starting a thread per call costs a thread start and a wait for it to run
    (much of a fast tool call's time on a busy machine). A worker that stays
    idle for :attr:`idle_seconds` ends; one that hangs in a tool is simply never
    idle again, and the next call gets another.
    """

    idle_seconds = 30.0

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """No workers yet (also in a forked child, which has none of the parent's threads)."""
        self._jobs: queue.SimpleQueue[tuple[str, Callable[[], Any]]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._idle = 0  # workers waiting for a job nobody has handed them yet

    def start(self, name: str, job: Callable[[], Any]) -> None:
        """Run ``job`` in a daemon thread named ``name``."""
        with self._lock:
            if self._idle:
                self._idle -= 1
                self._jobs.put((name, job))
                return
        threading.Thread(target=self._work, args=(name, job), name=name, daemon=True).start()

    def _work(self, name: str, job: Callable[[], Any]) -> None:
        while True:
            threading.current_thread().name = name
            contextvars.Context().run(job)  # as in a new thread: nothing left by the last job
            del job  # let go of what the call held while this thread waits
            with self._lock:
                self._idle += 1
            try:
                name, job = self._jobs.get(timeout=self.idle_seconds)
            except queue.Empty:
                with self._lock:
                    if self._idle:  # nobody handed this thread a job: it ends
                        self._idle -= 1
                        return
                name, job = self._jobs.get()  # one was handed over just now


_WORKERS = DaemonWorkers()
if hasattr(os, "register_at_fork"):  # a forked child has the count but not the threads
    os.register_at_fork(after_in_child=_WORKERS.reset)


def _daemon(tool_name: str, target: Callable[[], Any]) -> None:
    _WORKERS.start(f"hello-agents-tool-{tool_name}", target)


async def _finished_within(
    waiting: asyncio.Future[ToolOutcome], limit: float | None, cancel: Callable[[], object]
) -> bool:
    """Wait for ``waiting`` at most ``limit`` seconds; whether it finished. The call
    is cancelled when time runs out, and when the caller itself is cancelled."""
    try:
        done, _ = await asyncio.wait({waiting}, timeout=limit)
    except asyncio.CancelledError:
        cancel()
        raise
    if not done:
        cancel()
    return bool(done)


def _raised(tool: Tool, error: BaseException) -> ToolResult:
    """The ToolResult of a call that raised ``error`` (Ctrl-C is raised again)."""
    if isinstance(error, KeyboardInterrupt):
        raise error
    # The model reads the error; the console stays quiet unless DEBUG is on.
    logger.info("tool %r raised %s", tool.name, type(error).__name__)
    logger.debug("traceback of tool %r", tool.name, exc_info=error)
    if isinstance(error, SystemExit):
        return tool_exited(tool.name, error)
    return tool_failed(tool.name, error)


def _checked_timeout(timeout: float | None) -> float | None:
    if timeout is not None and timeout <= 0:
        raise ToolException(f"A timeout must be a positive number of seconds, got {timeout}")
    return timeout


@runtime_checkable
class ToolProvider(Protocol):
    """What an agent needs from its tools: a :class:`ToolRegistry`, or a view of one
    such as :class:`~hello_agents.tools.groups.ProgressiveToolView`."""

    def list_tools(self) -> list[str]: ...

    def get_tool(self, name: str) -> Tool | None: ...

    def get_tools_description(self) -> str: ...

    def to_openai_schema(self) -> list[dict[str, Any]]: ...

    def execute_tool(self, name: str, input_text: RawArguments = None) -> str: ...

    def execute(
        self, name: str, arguments: RawArguments = None, *, timeout: float | None = None
    ) -> ToolResult: ...

    async def aexecute(
        self,
        name: str,
        arguments: RawArguments = None,
        *,
        timeout: float | None = None,
        executor: concurrent.futures.Executor | None = None,
    ) -> ToolResult: ...

    def __len__(self) -> int: ...


__all__ = [
    "DEFAULT_GROUP",
    "DEFAULT_TOOL_TIMEOUT",
    "NO_TOOLS_DESCRIPTION",
    "DaemonThreadExecutor",
    "RunningTool",
    "ToolOutcome",
    "ToolProvider",
    "ToolRegistry",
    "caller_event_loop",
    "outcome_here",
    "outcome_of_coroutine",
    "start_tool",
]
