"""What a run is made of: the requests a loop makes, the events it reports, its record.

An agent's loop (see :mod:`hello_agents.core.loop`) is a generator. It yields

* requests, and receives their answer: :class:`ModelCall` (the answer is an
  :class:`~hello_agents.core.message.LLMResponse`), or another :class:`Request`
  that the agent knows how to perform (tool calls, in ``agents/``);
* events for whoever watches: :class:`StepDone` and, when streaming,
  :class:`TextChunk`; the drivers add the final :class:`RunEnd`;

and it returns its :class:`RunResult`, the record of the run that every
paradigm fills the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from hello_agents.core.message import Message

StepT = TypeVar("StepT")


# ---- what a loop yields ---------------------------------------------------------------


class TextDisplay(Protocol):
    """Decides what of a streamed reply the user sees (e.g. hides tool-call markup)."""

    def feed(self, text: str) -> str:
        """Take a new piece of the reply; return what may be shown now."""

    def flush(self) -> str:
        """The reply is complete: return what is left to show."""


class ShowAll:
    """A :class:`TextDisplay` that shows every piece of text as it arrives."""

    def feed(self, text: str) -> str:
        return text

    def flush(self) -> str:
        return ""


@dataclass
class ModelCall:
    """Request: call the model. The loop receives the :class:`LLMResponse`.

    Attributes:
        messages: The conversation to send.
        options: Model parameters (``temperature``, ``tools``, ``stop`` ...).
        display: When streaming, how this reply's text is shown to the user
            (a factory of :class:`TextDisplay`); ``None``: this reply is the
            agent's own business and is not shown.
    """

    messages: list[Message]
    options: dict[str, Any] = field(default_factory=dict)
    display: Callable[[], TextDisplay] | None = None


class Request:
    """Base of the requests a loop may yield besides :class:`ModelCall`; the
    agent that understands one performs it in :meth:`LoopAgent.perform`."""


@dataclass(frozen=True)
class TextChunk:
    """Event: a piece of text to show the user (only when streaming)."""

    text: str


@dataclass(frozen=True)
class StepDone(Generic[StepT]):
    """Event: a step of the run is complete (a ReAct step, a tool round ...)."""

    step: StepT


@dataclass(frozen=True)
class Intervention:
    """Something the framework did to what the model wrote (an aid's verdict).

    Only the small-model aids intervene (see :mod:`hello_agents.agents.aids`);
    each time, one of these goes into the run's record and the ``intervention``
    hook fires, so a run never changes silently.

    Attributes:
        check: The name of the check that acted (e.g. ``"unused_quantities"``).
        action: ``"sent_back"`` (the model was told ``message`` and asked again),
            ``"replaced"`` (the answer became ``replacement``), ``"read_as_call"``
            (an answer that was only a tool call was run as that call), or
            ``"skipped_call"`` (a call repeating an earlier one was not run again).
        reply: The model's reply as it wrote it.
        answer: The answer (or call) as read from that reply.
        message: What the model was told, or the note that explains a replacement.
        replacement: The answer that replaced the model's, for ``"replaced"``.
        step: How many steps the run had when it happened.
        values: The question's values the model was told about, if any.
        held_to: For ``"sent_back"``: the tools the model's next reply was to call
            one of, if any (the ``json_schema`` strategy holds it to such a call).
    """

    check: str
    action: str
    reply: str
    answer: str
    message: str = ""
    replacement: str | None = None
    step: int = 0
    values: tuple[str, ...] = ()
    held_to: tuple[str, ...] = ()


@dataclass
class RunResult(Generic[StepT]):
    """The record of one run, the same shape in every paradigm.

    Attributes:
        input: What the run was asked.
        steps: The typed steps, in order (what a step is depends on the paradigm).
        answer: The final answer, as ``run`` returns it.
        stopped_reason: Why the loop ended (e.g. ``"answered"``, ``"max_steps"``).
        interventions: What the small-model aids did in this run, in order
            (empty when they are off, the default for all but small models).
        aids: Whether this run had the small-model aids on, and why
            (``"on: the embedded model is a small model"``, ``"off: ..."``);
            ``""`` for an agent that has none.
    """

    input: str
    steps: list[StepT] = field(default_factory=list)
    answer: str = ""
    stopped_reason: str = "answered"
    interventions: list[Intervention] = field(default_factory=list)
    aids: str = ""


@dataclass(frozen=True)
class RunEnd:
    """Event: the run is over; always the last event of a run."""

    result: RunResult[Any]


RunEvent = TextChunk | StepDone[Any] | RunEnd
"""What :meth:`LoopAgent.stream_events` yields."""

AgentLoop = Generator[Any, Any, RunResult[Any]]
"""The type of a paradigm's :meth:`LoopAgent.loop`."""


__all__ = [
    "AgentLoop",
    "Intervention",
    "ModelCall",
    "Request",
    "RunEnd",
    "RunEvent",
    "RunResult",
    "ShowAll",
    "StepDone",
    "TextChunk",
    "TextDisplay",
]
