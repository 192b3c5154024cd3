"""The small-model aids as one policy: a list of checks, and what their verdicts look like.

A check reads one answer (or one batch of tool calls) with the run so far, an
:class:`Attempt`, and either lets it stand (returns ``None``) or returns a
:class:`Verdict`: send the answer back with a message, replace it (with a note
that says so), read it as a tool call, or skip a call that repeats an earlier
one. :class:`SmallModelAids` runs its checks in order and returns the first
verdict it may act on; the agent records every verdict it acts on as an
:class:`~hello_agents.core.run.Intervention` and fires the ``intervention`` hook.

The policy is off unless asked for, or unless the model is known to be small
(see :func:`~hello_agents.agents.tool_support.ToolUsingAgent.aids_decision`):
what a capable model answers always comes back as it wrote it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from hello_agents.core.message import ToolCall
from hello_agents.core.run import Intervention
from hello_agents.tools.registry import ToolRegistry

Action = Literal["sent_back", "replaced", "read_as_call", "skipped_call"]


@dataclass(frozen=True)
class CallMade:
    """One tool call of the run and what it returned.

    Attributes:
        call: The call as the model made it.
        result: The result's text (or the error the model was shown).
        ok: Whether the tool ran and returned normally.
        round: The number of the model reply that asked for it (1, 2, ...).
    """

    call: ToolCall
    result: str
    ok: bool
    round: int


@dataclass(frozen=True)
class Attempt:
    """What a check reads: the question, the run so far, and the model's answer.

    Attributes:
        question: The user's message.
        answer: The answer as the agent read it from the reply.
        reply: The reply as the model wrote it.
        calls: Every tool call of the run so far, in order.
        earlier: This run's interventions so far.
        final: True when no model call may follow (the step budget is spent):
            the answer can be replaced, not sent back.
        tools: The agent's tools.
        reads_calls_from_text: Whether the model writes its calls as text (a
            ReAct agent; the ``content``, ``json_schema`` or ``forced`` strategy).
    """

    question: str
    answer: str
    reply: str = ""
    calls: tuple[CallMade, ...] = ()
    earlier: tuple[Intervention, ...] = ()
    final: bool = False
    tools: ToolRegistry = field(default_factory=ToolRegistry)
    reads_calls_from_text: bool = False

    @property
    def done(self) -> list[CallMade]:
        """The calls that succeeded."""
        return [made for made in self.calls if made.ok]


@dataclass(frozen=True)
class Verdict:
    """What a check decided about an answer (or a call) that does not stand.

    Attributes:
        check: The check's name.
        action: What to do (see :class:`~hello_agents.core.run.Intervention`).
        message: ``"sent_back"``: what the model is told; ``"replaced"``: the note
            that explains it; ``"skipped_call"``: the reminder the model gets.
        replacement: ``"replaced"``: the answer the user gets.
        call: ``"read_as_call"``: the call the answer is read as.
        hold: ``"sent_back"``: values the model's next call should pass, which a
            strategy that can (``json_schema``) holds it to.
        hold_tools: ``"sent_back"``: tools the model's next reply should call one
            of, which a strategy that can (``json_schema``) holds it to.
    """

    check: str
    action: Action
    message: str = ""
    replacement: str | None = None
    call: ToolCall | None = None
    hold: tuple[str, ...] = ()
    hold_tools: tuple[str, ...] = ()


class Check:
    """One aid: a short rule about answers, or about calls. Subclasses set
    :attr:`name` and override :meth:`review` or :meth:`review_calls`."""

    name: ClassVar[str] = "check"

    def review(self, attempt: Attempt) -> Verdict | None:
        """A verdict on ``attempt.answer``, or ``None`` to let it stand."""
        return None

    def review_calls(self, calls: Sequence[ToolCall], attempt: Attempt) -> Verdict | None:
        """A verdict on calls the model asked for (``attempt.answer`` is empty),
        or ``None`` to run them."""
        return None

    def verdict(self, action: Action, message: str = "", **details: object) -> Verdict:
        """A :class:`Verdict` of this check."""
        return Verdict(self.name, action, message, **details)  # type: ignore[arg-type]


class SmallModelAids:
    """The small-model aids: checks that send an answer back, replace it, read
    it as a call, or skip a repeated call.

    Args:
        checks: The checks, in the order they are asked; ``None``: the agent's
            own default list (``ReActAgent.default_checks``,
            ``FunctionCallAgent.default_checks``).
        max_send_backs: Answers sent back per run at most, each by a different
            check (a check does not send back the answer to its own message); after
            that an answer is only replaced or let stand.
        hold_calls: Let a ``"sent_back"`` verdict hold the next reply to a call
            that passes the values it names, or to a call of the tools it names
            (``json_schema`` only). The model must then call a tool: turn this
            off where a pointless call would do harm.
    """

    def __init__(
        self,
        checks: Sequence[Check] | None = None,
        *,
        max_send_backs: int = 2,
        hold_calls: bool = True,
    ) -> None:
        self.checks = list(checks) if checks is not None else None
        self.max_send_backs = max_send_backs
        self.hold_calls = hold_calls

    def __repr__(self) -> str:
        names = "default" if self.checks is None else [check.name for check in self.checks]
        return f"SmallModelAids(checks={names}, max_send_backs={self.max_send_backs})"

    def review(self, attempt: Attempt, defaults: Sequence[Check] = ()) -> Verdict | None:
        """The first verdict on the answer that may be acted on, or ``None``."""
        checks = self.checks if self.checks is not None else defaults
        return self._acted_on((check.review(attempt) for check in checks), attempt)

    def review_calls(
        self, calls: Sequence[ToolCall], attempt: Attempt, defaults: Sequence[Check] = ()
    ) -> Verdict | None:
        """The first verdict on ``calls`` that may be acted on, or ``None`` to run them."""
        checks = self.checks if self.checks is not None else defaults
        return self._acted_on((check.review_calls(calls, attempt) for check in checks), attempt)

    def _acted_on(self, verdicts: Iterable[Verdict | None], attempt: Attempt) -> Verdict | None:
        """The first verdict that may be acted on: a send-back only while the run has
        sent back fewer than :attr:`max_send_backs` answers, by a check that has sent
        none back yet, and never on the final call (the checks are asked one by one,
        until one gives such a verdict)."""
        sent_by = [done.check for done in attempt.earlier if done.action == "sent_back"]
        may_send_back = not attempt.final and len(sent_by) < self.max_send_backs
        for verdict in verdicts:
            if verdict is None:
                continue
            if verdict.action != "sent_back" or (may_send_back and verdict.check not in sent_by):
                return verdict
        return None


__all__ = ["Attempt", "CallMade", "Check", "SmallModelAids", "Verdict"]
