"""FunctionCallAgent: the model calls tools through the API's function calling.

Instead of asking for a text format and parsing it with regular expressions,
the agent sends the tools' JSON Schemas (``tools=``) and the model answers with
structured ``tool_calls``. The loop, which :meth:`FunctionCallAgent.loop` shows
on one screen::

    call the model with the tools
    ├─ it asked for tools → record its message, run the calls (concurrently),
    │                       add one role="tool" message per call id, repeat
    └─ it answered        → that text is the final answer
    after max_tool_iterations rounds: one last call with tool_choice="none"

With the small-model aids on (only for a model known to be small, or when asked
for, see :mod:`hello_agents.agents.aids`), their checks may also send an answer
back, replace it, read it as a call, or skip a repeated call; each such step is
an :class:`~hello_agents.core.run.Intervention` in the run's record.

Every call goes through the registry's schema guard, so a wrong tool name,
invalid JSON or a bad argument comes back to the model as a tool message that
says what to fix. Small local models that write the call as JSON text instead
of native ``tool_calls`` are handled by the ``tool_call_strategy`` (see
:mod:`hello_agents.agents.tool_call_strategies`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar

from hello_agents.agents.aids.checks import (
    CallInAnswer,
    DifferenceLeftOut,
    KeptResult,
    OtherSide,
    RepeatedCalls,
    SameAnswer,
    UnconvertedUnits,
    UngroundedNumbers,
    UntranslatedValues,
    UnusedCodes,
    UnusedQuantities,
    UnusedResult,
)
from hello_agents.agents.aids.policy import Attempt, CallMade, Check, SmallModelAids, Verdict
from hello_agents.agents.aids.quantities import numbers_in
from hello_agents.agents.content_tool_calls import StreamGate
from hello_agents.agents.text import merge_prompts, render
from hello_agents.agents.tool_call_json import (
    ToolChoice,
    answer_from_json,
    text_without_calls,
    tool_choice_name,
)
from hello_agents.agents.tool_call_strategies import ModelTurn, ToolCallStrategy, resolve_strategy
from hello_agents.agents.tool_support import AidsDecision, AidsSetting, ToolCalls, ToolRound
from hello_agents.agents.tutorial_names import FunctionCallTutorialNames
from hello_agents.core.config import Config
from hello_agents.core.exceptions import AgentArgumentError, AgentException
from hello_agents.core.llm import REQUEST_PARAMETERS, BaseLLM
from hello_agents.core.loop import check_count
from hello_agents.core.message import LLMResponse, Message, ToolCall
from hello_agents.core.run import AgentLoop, ModelCall, RunResult, StepDone
from hello_agents.tools.base import ToolResult
from hello_agents.tools.registry import ToolRegistry

TOOL_CHOICES = ("auto", "none", "required")


class HeldBackText:
    """The display of a streamed reply: prose at once, a tool call written as
    text held back (see :class:`~hello_agents.agents.content_tool_calls.StreamGate`)."""

    def __init__(self, hold_json: bool) -> None:
        self._gate = StreamGate(hold_json=hold_json)

    def feed(self, text: str) -> str:
        return "".join(self._gate.feed(text))

    def flush(self) -> str:
        return ""


# ---- what the agent says ----------------------------------------------------------------

PARSE_ERROR_FEEDBACK = (
    "Your last reply looked like a tool call but could not be used: {problem}.\n"
    "Call one of the available tools ({tools}) with a JSON object such as "
    '{"name": "<tool>", "arguments": {...}}, or answer in plain text.'
)
"""Told to the model when it wrote an unusable tool call as text ({problem}, {tools})."""

NO_FINAL_ANSWER = (
    "No final answer after {rounds} tool round(s): the model still wanted to call "
    "{tools}. Last tool result: {last_result}"
)
"""The answer when even the final call (tool_choice="none") only asked for tools."""

EMPTY_ANSWER = "(The model returned an empty answer.)"
"""The answer when the model's final reply had no text at all."""

CALL_TEXT_CUT = "call_text_in_final_answer"
"""The intervention's name when the aids clean the final reply: a call written as text
taken out of a native reply (the final call cannot run it), an ``{"answer": X}`` read as X."""

CALL_TEXT_NOTE = "a tool call or a JSON wrapper written into the final answer was taken out"
"""The note of that intervention."""

DEFAULT_PROMPTS = {
    "parse_error": PARSE_ERROR_FEEDBACK,
    "no_final_answer": NO_FINAL_ANSWER,
}
"""FunctionCallAgent's templates, by the names ``custom_prompts`` uses."""
REQUIRED_PLACEHOLDERS = {
    "parse_error": ("problem",),
    "no_final_answer": (),
}


# ---- small helpers ----------------------------------------------------------------------


def unique_call_id(proposed: str, taken: set[str]) -> str:
    """``proposed`` if it is a fresh, non-empty id, else a generated one; remembers it."""
    candidate = proposed.strip()
    number = len(taken) + 1
    while not candidate or candidate in taken:
        candidate = f"call_{number}"
        number += 1
    taken.add(candidate)
    return candidate


def normalise_tool_choice(choice: ToolChoice) -> ToolChoice:
    """Check a tool choice; a bare tool name becomes the API's named-function form.

    Raises:
        AgentArgumentError: For a choice that is neither a known string nor a named function.
    """
    if isinstance(choice, str):
        if choice in TOOL_CHOICES:
            return choice
        if choice.strip():
            return {"type": "function", "function": {"name": choice.strip()}}
    elif tool_choice_name(choice) is not None:
        return choice
    raise AgentArgumentError(
        f"invalid tool_choice {choice!r}: use 'auto', 'none', 'required', a tool name, or "
        '{"type": "function", "function": {"name": ...}}'
    )


def checked_iterations(value: object) -> int:
    """``value`` if it is a valid ``max_tool_iterations`` (an integer >= 0).

    Raises:
        AgentArgumentError: Otherwise.
    """
    return check_count("max_tool_iterations", value)


logger = logging.getLogger(__name__)

DEFAULT_SYSTEM_PROMPT = "You are a helpful assistant. Use the tools when they help."
"""Sent when the agent has no ``system_prompt`` of its own."""

# Options a run may pass to the model; the agent owns "tools" (from its registry).
RUN_OPTIONS = REQUEST_PARAMETERS - {"tools", "tool_choice"}


@dataclass
class RunState:
    """What one run carries from step to step (its record is ``result``)."""

    input_text: str
    messages: list[Message]
    max_tool_iterations: int
    tool_choice: ToolChoice
    options: dict[str, Any]
    result: RunResult[ToolRound]
    aids: SmallModelAids | None = None
    call_ids: set[str] = field(default_factory=set)
    held_values: tuple[str, ...] = ()  # the next call must pass these (aids, json_schema)
    held_tools: tuple[str, ...] = ()  # the next reply must call one of these (aids, json_schema)
    tool_options: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def rounds(self) -> list[ToolRound]:
        """The tool rounds so far."""
        return self.result.steps

    def calls_made(self) -> tuple[CallMade, ...]:
        """Every call of the rounds so far with its result, in order, for the aids."""
        return tuple(
            CallMade(call, result.content, result.ok, number)
            for number, step in enumerate(self.rounds, 1)
            for call, result in zip(step.calls, step.results, strict=True)
        )


class FunctionCallAgent(FunctionCallTutorialNames):
    """An agent that uses the model's native function calling.

    Args:
        name: The agent's name.
        llm: The model client.
        system_prompt: Instructions sent first (default: :data:`DEFAULT_SYSTEM_PROMPT`).
        config: Settings (history length, temperature, context budget ...).
        tool_registry: The tools; an empty registry when omitted.
        enable_tool_calling: False sends no tools: a plain chat agent.
        default_tool_choice: ``"auto"``, ``"none"``, ``"required"``, a tool name, or
            ``{"type": "function", "function": {"name": ...}}``. A forcing choice
            applies to a run's first model call only (then ``"auto"``), so a
            forced tool cannot loop until the iteration limit.
        max_tool_iterations: Model calls that may use tools; then one final
            call with ``tool_choice="none"``.
        tool_call_strategy: ``"auto"`` (by the server kind, then the provider),
            ``"native"``, ``"content"``, ``"json_schema"``, ``"forced"``, or a
            :class:`ToolCallStrategy` instance.
        custom_prompts: Templates replacing some or all of :data:`DEFAULT_PROMPTS`
            (``parse_error`` needs ``{problem}``).
        small_model_aids: ``"auto"`` (on for a model known to be small), ``True``,
            ``False``, or a :class:`~hello_agents.agents.aids.SmallModelAids`
            policy. Off, the answer is the model's as it wrote it. Independent of
            ``tool_call_strategy``.

    Raises:
        AgentArgumentError: A negative ``max_tool_iterations`` or a malformed tool choice.
        AgentException: An unknown strategy name, or a bad custom prompt.

    Attributes:
        default_checks: The checks the aids run for this agent when their policy
            names none (see :mod:`hello_agents.agents.aids.checks`).
        last_rounds: The tool rounds of the latest run (its ``steps``).
    """

    default_checks: ClassVar[tuple[Check, ...]] = (
        CallInAnswer(),
        RepeatedCalls(),
        OtherSide(),
        UnusedCodes(),
        UnusedQuantities(),
        DifferenceLeftOut(),
        UnusedResult(),
        UnconvertedUnits(),
        UntranslatedValues(),
        UngroundedNumbers(),
        SameAnswer(),
        KeptResult(),
    )

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        system_prompt: str | None = None,
        config: Config | None = None,
        tool_registry: ToolRegistry | None = None,
        enable_tool_calling: bool = True,
        default_tool_choice: ToolChoice = "auto",
        max_tool_iterations: int = 3,
        *,
        tool_call_strategy: str | ToolCallStrategy = "auto",
        custom_prompts: dict[str, str] | None = None,
        small_model_aids: AidsSetting = "auto",
    ) -> None:
        super().__init__(
            name, llm, system_prompt, config, tool_registry, small_model_aids=small_model_aids
        )
        self.enable_tool_calling = enable_tool_calling
        self.default_tool_choice = normalise_tool_choice(default_tool_choice)
        self.max_tool_iterations = checked_iterations(max_tool_iterations)
        self.tool_call_strategy = tool_call_strategy
        resolve_strategy(tool_call_strategy, llm.provider)  # fail early on a bad name
        self.prompts = merge_prompts(DEFAULT_PROMPTS, custom_prompts, REQUIRED_PLACEHOLDERS)

    @property
    def strategy(self) -> ToolCallStrategy:
        """The tool-call strategy in use: ``"auto"`` resolved by the server behind
        the LLM (detected once per endpoint, see :meth:`BaseLLM.server_kind`), then
        by its provider."""
        setting = self.tool_call_strategy
        kind = self.llm.server_kind() if setting == "auto" else None
        return resolve_strategy(setting, self.llm.provider, kind)

    # ---- the loop --------------------------------------------------------------------

    def loop(self, input_text: str, **kwargs: Any) -> AgentLoop:
        """Call the model with the tools; run what it calls; repeat until it answers.

        Args:
            input_text: The user's message.
            **kwargs: ``max_tool_iterations`` and ``tool_choice`` for this run;
                model parameters (``temperature``, ``max_tokens`` ...); anything
                else is ignored with a warning.
        """
        run = self.start_run(input_text, kwargs)
        iteration = 0
        while iteration < run.max_tool_iterations:
            response = yield self.model_call(run, iteration)
            turn = self.read_turn(response, run)
            verdict = self.review(run, turn, response.content) if run.aids else None
            if verdict is not None and verdict.action == "sent_back":
                continue  # the model was told what its answer lacks (max_send_backs)
            if verdict is not None and verdict.action == "skipped_call":
                run.result.stopped_reason = "repeated_calls"
                break  # it already has these results: ask for the answer
            if verdict is not None and verdict.action == "replaced":
                return self.answered(run, verdict.replacement or turn.text)
            if verdict is not None and verdict.call is not None:
                turn = self.read_as_call(verdict.call, run)
            if turn.is_final:
                return self.answered(run, turn.text)
            results = (yield ToolCalls(turn.calls)) if turn.calls else []
            step = self.record_round(run, turn, results)
            if step is not None:
                yield StepDone(step)
            iteration += 1
        final = yield self.model_call(run, final=True)
        if run.result.stopped_reason == "answered":
            run.result.stopped_reason = "max_tool_iterations"
        answer = self.final_answer(final, run)
        verdict = (
            self.review(run, ModelTurn(answer), final.content, final=True) if run.aids else None
        )
        if verdict is not None and verdict.action == "replaced":
            answer = verdict.replacement or answer
        return self.answered(run, answer)

    # ---- steps a subclass may replace ------------------------------------------------

    def start_run(self, input_text: str, kwargs: dict[str, Any]) -> RunState:
        """Read the run's options and build the first messages."""
        iterations = kwargs.pop("max_tool_iterations", None)
        choice = kwargs.pop("tool_choice", None)
        ignored = sorted(set(kwargs) - RUN_OPTIONS)
        if ignored:
            logger.warning("%s ignores unknown run options: %s", self.name, ", ".join(ignored))
        result: RunResult[ToolRound] = RunResult(input_text)
        run = RunState(
            input_text=input_text,
            result=result,
            messages=self.build_messages(input_text, self.build_system_prompt()),
            max_tool_iterations=(
                self.max_tool_iterations if iterations is None else checked_iterations(iterations)
            ),
            tool_choice=(
                self.default_tool_choice if choice is None else normalise_tool_choice(choice)
            ),
            options={key: value for key, value in kwargs.items() if key in RUN_OPTIONS},
            aids=self.aids(result),
        )
        if isinstance(run.tool_choice, dict):
            self.check_forced_tool(run.tool_choice)
        return run

    def aids_decision(self) -> AidsDecision:
        """As every tool-using agent decides, except that a run without tools has
        nothing for the aids to check (``hello-agents run --tools none``)."""
        if not self.tools_enabled():
            return AidsDecision(False, "off: the run has no tools")
        return super().aids_decision()

    def check_forced_tool(self, choice: ToolChoice) -> None:
        """Refuse a ``tool_choice`` that names a tool this agent does not have.

        Raises:
            AgentException: The named tool is not registered.
        """
        forced = tool_choice_name(choice)
        if forced is not None and forced not in self.tool_registry:
            raise AgentException(
                f"tool_choice names {forced!r}, which is not registered "
                f"(tools: {', '.join(self.list_tools()) or 'none'})"
            )

    def build_system_prompt(self) -> str:
        """The agent's system prompt (or the default), as the strategy sends it."""
        base = self.system_prompt if self.system_prompt is not None else DEFAULT_SYSTEM_PROMPT
        return (
            self.strategy.system_prompt(base, self.tool_registry) if self.tools_enabled() else base
        )

    def tools_enabled(self) -> bool:
        """Whether this agent offers tools (enabled, and at least one registered)."""
        return self.enable_tool_calling and self.has_tools()

    def model_call(self, run: RunState, iteration: int = 0, *, final: bool = False) -> ModelCall:
        """One call: the run's messages (plus a started assistant reply when the
        strategy prefills one, see :meth:`ToolCallStrategy.prefill`), the model
        parameters, and how a streamed reply is shown.

        When streaming, text that starts like a JSON tool call is held back until
        the reply is complete (with a content-reading strategy, and always in the
        final call), so a call written as text is never shown as the answer.
        """
        options = self.request_options(run, iteration, final=final)
        hold_json = final or (self.tools_enabled() and self.strategy.reads_content)
        display = partial(HeldBackText, hold_json)
        if not self.tools_enabled():
            return ModelCall(run.messages, options, display)
        prefill = self.strategy.prefill(self.tool_choice_for(run, iteration, final=final))
        messages = [*run.messages, Message(prefill, "assistant")] if prefill else run.messages
        return ModelCall(messages, options, display)

    def request_options(
        self, run: RunState, iteration: int = 0, *, final: bool = False
    ) -> dict[str, Any]:
        """The model parameters of one call: the run's options plus the strategy's tools."""
        if not self.tools_enabled():
            return dict(run.options)
        holding = run.held_values or run.held_tools
        held = self.held_call_options(run) if holding and not final else None
        if held is not None:
            return {**run.options, **held}
        choice = self.tool_choice_for(run, iteration, final=final)
        key = json.dumps(choice, sort_keys=True)
        if key not in run.tool_options:  # tool schemas are built once per run, not per call
            run.tool_options[key] = self.strategy.request_options(self.tool_registry, choice)
        return {**run.options, **run.tool_options[key]}

    def held_call_options(self, run: RunState) -> dict[str, Any] | None:
        """The options that hold the next call to pass the values, or to call one
        of the tools, the aids named when they sent an answer back (``json_schema``;
        ``None`` if nothing is held or it cannot be)."""
        values, tools = run.held_values, run.held_tools
        run.held_values, run.held_tools = (), ()
        if values:
            numbers = [number for text in self.run_texts(run) for number in numbers_in(text)]
            return self.strategy.passing_options(self.tool_registry, values, numbers)
        if tools:
            return self.strategy.calling_options(self.tool_registry, tools)
        return None

    def tool_choice_for(
        self, run: RunState, iteration: int = 0, *, final: bool = False
    ) -> ToolChoice:
        """The tool choice of one call: a forcing choice applies to the first
        call only (then ``"auto"``); the final call always uses ``"none"``."""
        if final:
            return "none"
        if iteration > 0 and run.tool_choice not in ("auto", "none"):
            return "auto"
        return run.tool_choice

    def read_turn(self, response: LLMResponse, run: RunState) -> ModelTurn:
        """Read a response with the strategy and give every call a unique id.

        The model's reasoning, if it gave one, stays with the turn: it goes back
        with the round's assistant message. Emits ``parse_error`` when the reply
        tried to call a tool but could not be read.
        """
        if not self.tools_enabled():
            return ModelTurn(text=response.content)
        turn = self.strategy.read(response, self.list_tools())
        if turn.problem is not None:
            self.hooks.emit("parse_error", self.name, text=response.content, error=turn.problem)
        calls = tuple(
            ToolCall(
                id=unique_call_id(call.id, run.call_ids), name=call.name, arguments=call.arguments
            )
            for call in turn.calls
        )
        return ModelTurn(
            turn.text, calls, turn.problem, turn.from_content, response.reasoning_content
        )

    def read_as_call(self, call: ToolCall, run: RunState) -> ModelTurn:
        """The turn of an answer the aids read as ``call`` (with a unique id)."""
        unique = ToolCall(unique_call_id(call.id, run.call_ids), call.name, call.arguments)
        return ModelTurn(calls=(unique,), from_content=True)

    def review(
        self, run: RunState, turn: ModelTurn, reply: str, *, final: bool = False
    ) -> Verdict | None:
        """Let the small-model aids look at the model's answer, or at its calls.

        A verdict acted on is recorded (:meth:`intervene`). A ``"sent_back"`` one
        adds the reply and the message to the conversation (the model may then
        call a tool or answer again; not counted against ``max_tool_iterations``),
        and may hold the next call to the values it names (``json_schema``). A
        ``"skipped_call"`` one adds the reminder, for the final call.
        """
        aids = run.aids
        if aids is None or (turn.problem is not None and not turn.calls):
            return None
        attempt = Attempt(
            run.input_text,
            turn.text,
            reply,
            calls=run.calls_made(),
            earlier=tuple(run.result.interventions),
            final=final,
            tools=self.tool_registry,
            reads_calls_from_text=self.strategy.reads_content,
        )
        if turn.calls:
            verdict = aids.review_calls(turn.calls, attempt, self.default_checks)
        else:
            verdict = aids.review(attempt, self.default_checks)
        if verdict is None:
            return None
        answer = ", ".join(f"{c.name}({c.arguments})" for c in turn.calls) or turn.text
        self.intervene(run.result, verdict, reply, answer)
        if verdict.action == "sent_back":
            run.messages += [
                Message(reply or turn.text, "assistant"),
                Message(verdict.message, "user"),
            ]
            if aids.hold_calls and self.strategy.reads_content:
                run.held_values, run.held_tools = verdict.hold, verdict.hold_tools
        elif verdict.action == "skipped_call":
            run.messages.append(Message(verdict.message, "user"))
        logger.info("%s: %s %s", self.name, verdict.check, verdict.action)
        return verdict

    @staticmethod
    def run_texts(run: RunState) -> list[str]:
        """What the run was given: the text of its user and tool messages (history included)."""
        return [m.content for m in run.messages if m.role in ("user", "tool") and m.content]

    def record_round(
        self, run: RunState, turn: ModelTurn, results: Sequence[ToolResult]
    ) -> ToolRound | None:
        """Append the model's message and what it gets back; returns the round.

        Calls: the assistant message with its ``tool_calls``, then exactly one
        ``role="tool"`` message per call id, in the calls' order. An unusable
        call written as text: the reply, then a user message saying what to fix
        (and no round is returned).
        """
        if not turn.calls:
            tools = ", ".join(self.list_tools())
            feedback = render(self.prompts["parse_error"], problem=turn.problem or "", tools=tools)
            run.messages += [Message(turn.text, "assistant"), Message(feedback, "user")]
            return None
        run.messages += self.strategy.round_messages(turn, results)
        step = ToolRound(turn.calls, tuple(results))
        run.rounds.append(step)
        return step

    def final_answer(self, response: LLMResponse, run: RunState) -> str:
        """The text of the last call (made with ``tool_choice="none"``).

        With native tool calling the reply's content is the answer, as the model
        wrote it. With a strategy that reads calls from the text, a call written
        there is protocol and is taken out (the final call will not run it). With the
        small-model aids on, a native reply loses such a call too, and an answer
        wrapped as ``{"answer": X}`` becomes X; either is recorded as an
        intervention. If the model only asked for tools, the answer says so and shows
        the last tool result.
        """
        if not self.tools_enabled():
            return response.content
        turn = self.read_turn(response, run)
        native = not self.strategy.reads_content
        if native and run.aids is None:  # as written
            wanted = [*turn.calls, *response.tool_calls]
            return turn.text if turn.text.strip() or not wanted else self.no_answer(run, wanted)
        text, found = text_without_calls(turn.text, self.list_tools())
        if run.aids is not None:
            before = turn.text if native else text
            text = answer_from_json(text) or text  # small models answer in JSON unasked
            if text.strip() not in ("", before.strip()):
                cut = Verdict(CALL_TEXT_CUT, "replaced", CALL_TEXT_NOTE, replacement=text)
                self.intervene(run.result, cut, response.content, before)
        wanted = [*turn.calls, *found.calls, *response.tool_calls]
        if text.strip() or not (wanted or found.problem):
            return text
        return self.no_answer(run, wanted, found.problem)

    def no_answer(
        self, run: RunState, wanted: Sequence[ToolCall], problem: str | None = None
    ) -> str:
        """The answer when the final call only asked for tools (``wanted``, or a call
        that could not be read, ``problem``): what happened, and the last tool result."""
        last = run.rounds[-1].results[-1].content if run.rounds else "(none)"
        names = ", ".join(dict.fromkeys(call.name for call in wanted)) or f"a tool ({problem})"
        return render(
            self.prompts["no_final_answer"], rounds=len(run.rounds), tools=names, last_result=last
        )

    def answered(self, run: RunState, answer: str) -> RunResult[ToolRound]:
        """The run's record with its answer; an empty answer becomes
        :data:`EMPTY_ANSWER`, so the user sees what happened."""
        run.result.answer = answer if answer.strip() else EMPTY_ANSWER
        return run.result

    @property
    def last_rounds(self) -> list[ToolRound]:
        """The tool rounds of the latest run (its :attr:`steps`)."""
        return self.steps


__all__ = [
    "DEFAULT_PROMPTS",
    "DEFAULT_SYSTEM_PROMPT",
    "EMPTY_ANSWER",
    "NO_FINAL_ANSWER",
    "PARSE_ERROR_FEEDBACK",
    "REQUIRED_PLACEHOLDERS",
    "TOOL_CHOICES",
    "FunctionCallAgent",
    "HeldBackText",
    "RunState",
    "ToolRound",
    "checked_iterations",
    "normalise_tool_choice",
    "unique_call_id",
]
