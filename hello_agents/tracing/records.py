"""The records of a traced run: its model calls, tool calls, parse errors,
interventions of the small-model aids, and steps.

Plain dataclasses: :class:`~hello_agents.tracing.recorder.TraceRecorder` fills
them from an agent's hook events, :mod:`hello_agents.tracing.html` draws them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from hello_agents.core.redaction import Redactor


@dataclass
class ModelCallRecord:
    """One model call: what was sent, what came back (or the error)."""

    messages: list[dict[str, Any]]
    options: dict[str, Any]
    started: float
    ended: float | None = None
    seconds: float | None = None
    content: str = ""
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    finish_reason: str | None = None
    model: str | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    error: str | None = None
    error_type: str | None = None


@dataclass
class ToolCallRecord:
    """One tool call: its arguments and its result."""

    tool: str
    arguments: str
    call_id: str | None
    started: float
    ended: float | None = None
    seconds: float | None = None
    ok: bool | None = None
    content: str = ""
    error_kind: str | None = None


@dataclass
class ParseErrorRecord:
    """A reply that did not follow the expected format."""

    text: str
    error: str
    time: float


@dataclass
class InterventionRecord:
    """A small-model aid acting on what the model wrote (a recorded
    :class:`~hello_agents.core.run.Intervention`; docs/small-model-aids.md).

    Attributes:
        check: The name of the check that acted (e.g. ``"unused_result"``).
        action: ``"sent_back"``, ``"replaced"``, ``"read_as_call"`` or ``"skipped_call"``.
        reply: The model's own reply, kept as it wrote it.
        answer: The answer (or call) as read from that reply.
        message: What the model was told, or the note that explains a replacement.
        replacement: The answer that replaced the model's, for ``"replaced"``.
        step: How many steps the run had when it happened.
        values: The question's values the model was told about, if any.
        time: When it happened.
        held_to: The tools the model's next reply was to call one of, if any.
    """

    check: str
    action: str
    reply: str
    answer: str
    message: str
    replacement: str | None
    step: int
    values: tuple[str, ...]
    time: float
    held_to: tuple[str, ...] = ()


Entry = ModelCallRecord | ToolCallRecord | ParseErrorRecord | InterventionRecord


@dataclass(frozen=True)
class StepView:
    """A typed step of the run, as text: its type and its set fields (secrets masked)."""

    kind: str
    fields: tuple[tuple[str, str], ...]


def _shown(value: Any) -> str:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = ", ".join(f"{f.name}={getattr(value, f.name)!r}" for f in dataclasses.fields(value))
        return f"{type(value).__name__}({inner})"
    if isinstance(value, (list, tuple)) and value:
        return "\n".join(_shown(item) for item in value)
    return str(value)


def step_view(step: Any, redactor: Redactor) -> StepView:
    """``step`` (any paradigm's) as a :class:`StepView`."""
    if dataclasses.is_dataclass(step) and not isinstance(step, type):
        pairs = [
            (f.name, getattr(step, f.name))
            for f in dataclasses.fields(step)
            if getattr(step, f.name) not in (None, "", (), [], False)
        ]
    else:
        pairs = [("value", step)]
    return StepView(
        type(step).__name__, tuple((name, redactor.text(_shown(value))) for name, value in pairs)
    )


@dataclass
class RunRecord:
    """One run of an agent, as its hooks reported it.

    ``aids_enabled`` says whether the agent's small-model aids were on (``None``
    for an agent that has none, or a run that has not ended); ``aids_reason``
    says why, as ``agent.aids_decision()`` gives it.
    """

    run_id: str
    agent: str
    input: str
    started: float
    parent_run_id: str | None = None
    ended: float | None = None
    answer: str | None = None
    stopped_reason: str | None = None
    steps: list[StepView] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    aids_enabled: bool | None = None
    aids_reason: str = ""

    @property
    def model_calls(self) -> list[ModelCallRecord]:
        """The model calls of this run, in order."""
        return [entry for entry in self.entries if isinstance(entry, ModelCallRecord)]

    @property
    def tool_calls(self) -> list[ToolCallRecord]:
        """The tool calls of this run, in the order they started."""
        return [entry for entry in self.entries if isinstance(entry, ToolCallRecord)]

    @property
    def interventions(self) -> list[InterventionRecord]:
        """What the small-model aids did in this run, in order."""
        return [entry for entry in self.entries if isinstance(entry, InterventionRecord)]


__all__ = [
    "Entry",
    "InterventionRecord",
    "ModelCallRecord",
    "ParseErrorRecord",
    "RunRecord",
    "StepView",
    "ToolCallRecord",
    "step_view",
]
