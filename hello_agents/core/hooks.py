"""Hooks: watch an agent's run without changing it.

An agent emits named events as it works; handlers registered with
:meth:`Hooks.on` receive a :class:`HookEvent` carrying the data a tracer
needs. A handler that raises is logged and skipped: observing a run can
never break it.

    agent.hooks.on("tool_end", lambda event: print(event.data["result"]))

Events and their data:

* ``run_start`` (input) / ``run_end`` (output, steps)
* ``llm_start`` (messages, options) / ``llm_end`` (response, seconds) / ``llm_error`` (error)
* ``tool_start`` (tool, arguments) / ``tool_end`` (tool, result, seconds) / ``tool_error``
  (tool, result: the failed :class:`~hello_agents.tools.result.ToolResult`)
* ``parse_error`` (text, error): the model's reply did not follow the format
* ``intervention`` (intervention): a small-model aid sent an answer back, replaced
  it, read it as a call or skipped a repeated call (a
  :class:`~hello_agents.core.run.Intervention`; only when the aids are on)

Every event emitted during a run carries that run's ``run_id`` (and the
``parent_run_id`` of a run started inside another, e.g. an agent used as a
tool), so a tracer can tell overlapping runs apart and nest them.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

logger = logging.getLogger(__name__)

EventName = Literal[
    "run_start",
    "run_end",
    "llm_start",
    "llm_end",
    "llm_error",
    "tool_start",
    "tool_end",
    "tool_error",
    "parse_error",
    "intervention",
]
EVENT_NAMES: tuple[str, ...] = get_args(EventName)


@dataclass(frozen=True)
class RunContext:
    """The run a piece of code works for: its id, and its parent run's id, if any."""

    run_id: str
    parent_run_id: str | None = None


_CURRENT_RUN: ContextVar[RunContext | None] = ContextVar("hello_agents_run", default=None)


def current_run() -> RunContext | None:
    """The run the calling code works for (``None`` outside any run)."""
    return _CURRENT_RUN.get()


@contextmanager
def run_scope() -> Iterator[RunContext]:
    """Mark the code inside as working for a new run (nested in the current one)."""
    parent = _CURRENT_RUN.get()
    scope = RunContext(uuid.uuid4().hex[:16], parent.run_id if parent else None)
    token = _CURRENT_RUN.set(scope)
    try:
        yield scope
    finally:
        try:
            _CURRENT_RUN.reset(token)
        except ValueError:  # closed from another context (an abandoned generator)
            _CURRENT_RUN.set(parent)


@dataclass(frozen=True)
class HookEvent:
    """One thing that happened during a run.

    Attributes:
        name: The event name (see :data:`EVENT_NAMES`).
        agent: The name of the agent that emitted it.
        data: Event-specific data (see the module docstring).
        time: When it happened (``time.time()``).
        run_id: The run it belongs to (``None`` outside a run).
        parent_run_id: The run that started that run, if any.
    """

    name: str
    agent: str
    data: dict[str, Any] = field(default_factory=dict)
    time: float = field(default_factory=time.time)
    run_id: str | None = None
    parent_run_id: str | None = None


Handler = Callable[[HookEvent], object]


class Hooks:
    """A registry of event handlers, several per event."""

    def __init__(self) -> None:
        self._handlers: defaultdict[str, list[Handler]] = defaultdict(list)

    def on(self, event: EventName, handler: Handler) -> Handler:
        """Call ``handler`` on every ``event``; returns the handler.

        Raises:
            ValueError: For an unknown event name.
        """
        if event not in EVENT_NAMES:
            raise ValueError(f"unknown hook event {event!r}; known: {', '.join(EVENT_NAMES)}")
        self._handlers[event].append(handler)
        return handler

    def off(self, event: EventName, handler: Handler) -> None:
        """Stop calling ``handler`` on ``event`` (no error if it was not registered)."""
        if handler in self._handlers.get(event, []):
            self._handlers[event].remove(handler)

    def emit(self, event: EventName, agent: str, **data: Any) -> None:
        """Call every handler of ``event``; a failing handler is logged, never raised."""
        handlers = self._handlers.get(event)
        if not handlers:
            return
        scope = _CURRENT_RUN.get()
        payload = HookEvent(
            event,
            agent,
            data,
            run_id=scope.run_id if scope else None,
            parent_run_id=scope.parent_run_id if scope else None,
        )
        for handler in list(handlers):
            try:
                handler(payload)
            except Exception:
                logger.exception("hook handler %r for %s failed; the run goes on", handler, event)


__all__ = [
    "EVENT_NAMES",
    "EventName",
    "Handler",
    "HookEvent",
    "Hooks",
    "RunContext",
    "current_run",
    "run_scope",
]
