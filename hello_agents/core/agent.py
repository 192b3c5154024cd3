"""The Agent base class: one entry point, shared history, injected LLM and Config.

Every paradigm (Simple, ReAct, Reflection, PlanAndSolve, FunctionCall)
subclasses :class:`Agent` and implements :meth:`Agent.run`. The base keeps
what they share:

* the history, bounded by ``Config.max_history_length`` (oldest whole turns
  go first, so it never starts in the middle of an exchange);
* :meth:`Agent.call_llm`, the one way agents call the model: it applies the
  Config's model parameters, fits the request into
  ``Config.max_context_tokens`` and emits the ``llm_*`` hooks;
* :attr:`Agent.hooks`, where callers watch a run.

Hooks watch an agent's run without changing it. An agent emits named events as
it works; handlers registered with :meth:`Hooks.on` receive a :class:`HookEvent`
carrying the data a tracer needs. A handler that raises is logged and skipped:
observing a run can never break it.

    agent.hooks.on("tool_end", lambda event: print(event.data["result"]))

Events and their data:

* ``run_start`` (input) / ``run_end`` (output, steps)
* ``llm_start`` (messages, options) / ``llm_end`` (response, seconds) / ``llm_error`` (error)
* ``tool_start`` (tool, arguments) / ``tool_end`` (tool, result, seconds) / ``tool_error``
  (tool, result: the failed :class:`~hello_agents.tools.base.ToolResult`)
* ``parse_error`` (text, error): the model's reply did not follow the format
* ``intervention`` (intervention): a small-model aid sent an answer back, replaced
  it, read it as a call or skipped a repeated call (a
  :class:`~hello_agents.core.run.Intervention`; only when the aids are on)

Every event emitted during a run carries that run's ``run_id`` (and the
``parent_run_id`` of a run started inside another, e.g. an agent used as a
tool), so a tracer can tell overlapping runs apart and nest them.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from hello_agents.core.config import Config
from hello_agents.core.exceptions import AgentException
from hello_agents.core.llm import REQUEST_PARAMETERS, BaseLLM
from hello_agents.core.message import LLMResponse, Message, StreamEnd, StreamEvent
from hello_agents.core.tokens import TokenCounter

logger = logging.getLogger(__name__)


class Agent(ABC):
    """Base class of all agents.

    Args:
        name: A name for logs, hooks and traces.
        llm: The model client (a :class:`~hello_agents.core.llm.HelloAgentsLLM`,
            or any :class:`BaseLLM` such as the scripted test LLM).
        system_prompt: Instructions sent first in every conversation.
        config: Settings; ``Config.from_env()`` when omitted.
    """

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        system_prompt: str | None = None,
        config: Config | None = None,
    ) -> None:
        self.name = name
        self.llm = llm
        self.system_prompt = system_prompt
        self.config = config or Config.from_env()
        self.hooks = Hooks()
        self._history: list[Message] = []
        self._token_counter: TokenCounter | None = None

    @abstractmethod
    def run(self, input_text: str, **kwargs: Any) -> str:
        """Answer ``input_text``; the one entry point every paradigm shares."""

    async def arun(self, input_text: str, **kwargs: Any) -> str:
        """Async twin of :meth:`run` (runs it in a worker thread unless overridden)."""
        return await asyncio.to_thread(self.run, input_text, **kwargs)

    # ---- history -------------------------------------------------------------------

    def add_message(self, message: Message) -> None:
        """Append to the history, then trim it to ``config.max_history_length``."""
        self._history.append(message)
        self._trim_history()

    def clear_history(self) -> None:
        """Forget the conversation."""
        self._history.clear()

    def get_history(self) -> list[Message]:
        """A copy of the history: changing it does not change the agent."""
        return self._history.copy()

    def _trim_history(self) -> None:
        limit = self.config.max_history_length
        if len(self._history) <= limit:
            return
        del self._history[: len(self._history) - limit]
        # Drop the remains of a cut turn: the history starts with a user message.
        while self._history and self._history[0].role != "user":
            del self._history[0]

    # ---- calling the model -----------------------------------------------------------

    def build_messages(self, input_text: str, system_prompt: str | None = None) -> list[Message]:
        """System prompt (if any), the history, then ``input_text`` as a user message."""
        prompt = self.system_prompt if system_prompt is None else system_prompt
        messages = [Message(prompt, "system")] if prompt else []
        return [*messages, *self._history, Message(input_text, "user")]

    def model_options(self, run_kwargs: dict[str, Any]) -> dict[str, Any]:
        """The keywords given to ``run`` that are model parameters (``temperature``,
        ``max_tokens`` ...); the others are the agent's business, never sent."""
        ignored = sorted(set(run_kwargs) - REQUEST_PARAMETERS)
        if ignored:
            logger.debug("%s: run() keywords not sent to the model: %s", self.name, ignored)
        return {key: value for key, value in run_kwargs.items() if key in REQUEST_PARAMETERS}

    def llm_options(self) -> dict[str, Any]:
        """Model parameters set on purpose in this agent's Config (temperature, max_tokens)."""
        chosen = self.config.model_fields_set  # set on purpose, not left at the default
        return {
            name: getattr(self.config, name)
            for name in ("temperature", "max_tokens")
            if name in chosen
        }

    def call_llm(self, messages: Sequence[Message], **options: Any) -> LLMResponse:
        """Call the model with hooks, Config parameters and the context budget applied
        (:class:`AgentException` when the newest turn alone exceeds it;
        :class:`LLMException` when the call fails after the client's retries)."""
        with self.observed_call(messages, options) as call:
            return call.done(self.llm.chat(call.messages, **call.options))

    async def acall_llm(self, messages: Sequence[Message], **options: Any) -> LLMResponse:
        """Async twin of :meth:`call_llm`."""
        with self.observed_call(messages, options) as call:
            return call.done(await self.llm.achat(call.messages, **call.options))

    def stream_llm(self, messages: Sequence[Message], **options: Any) -> Iterator[StreamEvent]:
        """Streaming twin of :meth:`call_llm`: yields deltas, then a ``StreamEnd``."""
        with self.observed_call(messages, options) as call:
            for event in self.llm.stream_chat(call.messages, **call.options):
                if isinstance(event, StreamEnd):
                    call.done(event.response)
                yield event

    async def astream_llm(
        self, messages: Sequence[Message], **options: Any
    ) -> AsyncIterator[StreamEvent]:
        """Async twin of :meth:`stream_llm`."""
        with self.observed_call(messages, options) as call:
            async for event in self.llm.astream_chat(call.messages, **call.options):
                if isinstance(event, StreamEnd):
                    call.done(event.response)
                yield event

    @contextmanager
    def observed_call(
        self, messages: Sequence[Message], options: dict[str, Any]
    ) -> Iterator[ObservedCall]:
        """What every model call shares: Config parameters and the context budget
        applied, ``llm_start`` before, ``llm_end`` (via :meth:`ObservedCall.done`)
        or ``llm_error`` after."""
        options = {**self.llm_options(), **options}
        fitted = list(messages)
        if self.config.max_context_tokens is not None:
            fitted = self.fit_context(fitted, tools=options.get("tools"))
        self.hooks.emit("llm_start", self.name, messages=fitted, options=options)
        call = ObservedCall(self, fitted, options)
        try:
            yield call
        except Exception as error:
            self.hooks.emit("llm_error", self.name, error=error)
            raise

    # ---- context budget --------------------------------------------------------------

    @property
    def token_counter(self) -> TokenCounter:
        """The counter for this agent's model (created on first use)."""
        if self._token_counter is None or self._token_counter.model != self.llm.model:
            self._token_counter = TokenCounter(self.llm.model)
        return self._token_counter

    def fit_context(
        self, messages: Sequence[Message], tools: Sequence[dict[str, Any]] | None = None
    ) -> list[Message]:
        """Drop the oldest whole turns until the request fits ``max_context_tokens``.

        System messages and the newest turn (the last user message and what
        follows it) are always kept; a turn is a user message and everything
        up to the next one.

        Raises:
            AgentException: If system messages plus the newest turn alone do
                not fit.
        """
        budget = self.config.max_context_tokens
        messages = list(messages)
        if budget is None:
            return messages
        counter = self.token_counter
        overhead = counter.count_tools(tools) + 3  # 3: the reply's priming tokens
        system = [m for m in messages if m.role == "system"]
        turns: list[list[Message]] = []
        for message in messages:
            if message.role == "system":
                continue
            if message.role == "user" or not turns:
                turns.append([])
            turns[-1].append(message)
        if not turns:
            return system

        def cost(group: Sequence[Message]) -> int:
            return sum(counter.count_message(m.to_dict()) for m in group)

        fixed = overhead + cost(system) + cost(turns[-1])
        if fixed > budget:
            raise AgentException(
                f"the newest turn alone needs about {fixed} tokens (system prompt, tool "
                f"schemas and the latest message included), more than max_context_tokens="
                f"{budget}; shorten the input or raise the budget"
            )
        kept: list[list[Message]] = []
        used = fixed
        for turn in reversed(turns[:-1]):
            used += cost(turn)
            if used > budget:
                break
            kept.insert(0, turn)
        return [*system, *(m for turn in kept for m in turn), *turns[-1]]

    def __str__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, provider={self.llm.provider!r})"

    __repr__ = __str__


class ObservedCall:
    """One model call in progress (see :meth:`Agent.observed_call`)."""

    def __init__(self, agent: Agent, messages: list[Message], options: dict[str, Any]) -> None:
        self.agent = agent
        self.messages = messages
        self.options = options
        self.started = time.perf_counter()

    def done(self, response: LLMResponse) -> LLMResponse:
        """Report the response (``llm_end``, with the call's duration) and return it."""
        seconds = time.perf_counter() - self.started
        self.agent.hooks.emit("llm_end", self.agent.name, response=response, seconds=seconds)
        return response


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
        if handlers:
            self._call(handlers, event, agent, data)

    @staticmethod
    def _call(handlers: list[Handler], event: str, agent: str, data: dict[str, Any]) -> None:
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
    "Agent",
    "EventName",
    "Handler",
    "HookEvent",
    "Hooks",
    "RunContext",
    "current_run",
    "run_scope",
]
