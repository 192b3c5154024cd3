"""FunctionCallAgent: the model calls tools through the API's function calling.

Instead of asking for a text format and parsing it with regular expressions,
the agent sends the tools' JSON Schemas (``tools=``) and the model answers with
structured ``tool_calls``. The loop, which :meth:`FunctionCallAgent.run` shows
on one screen::

    call the model with the tools
    ├─ it asked for tools → record its message, run the calls (concurrently),
    │                       add one role="tool" message per call id, repeat
    ├─ it only repeated earlier calls → tell it the result it has, final call
    └─ it answered        → that text is the final answer (once per run, an
                            answer the trajectory doubts is sent back first;
                            json_schema then holds the next reply to a call
                            that passes the question's unused numbers)
    after max_tool_iterations rounds: one last call with tool_choice="none";
    if that answer still drops the last result, the result is the answer

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
from typing import Any

from hello_agents.agents.call_syntax import call_in_answer
from hello_agents.agents.content_tool_calls import (
    parse_content_tool_calls,
    strip_tool_call_markup,
)
from hello_agents.agents.function_call_parts import (
    DEFAULT_PROMPTS,
    EMPTY_ANSWER,
    KEPT_RESULT,
    NO_FINAL_ANSWER,
    PARSE_ERROR_FEEDBACK,
    REQUIRED_PLACEHOLDERS,
    RESULT_REMINDER,
    UNGROUNDED_NUMBERS,
    UNUSED_QUANTITIES,
    UNUSED_RESULT,
    FunctionCallTutorialNames,
    HeldBackText,
    call_key,
    checked_iterations,
    describe_call,
    is_short_value,
    kept_answer,
    lost_result,
    normalise_tool_choice,
    result_of,
    successful_calls,
    unique_call_id,
)
from hello_agents.agents.prompts import merge_prompts, render
from hello_agents.agents.quantities import (
    new_codes,
    new_quantities,
    numbers_in,
    quantities,
    quantity_value,
    unused_quantities,
)
from hello_agents.agents.result_use import made_from, uses_results
from hello_agents.agents.tool_call_json import ToolChoice, answer_from_json, tool_choice_name
from hello_agents.agents.tool_call_strategies import ModelTurn, ToolCallStrategy, resolve_strategy
from hello_agents.agents.tool_support import ToolCalls, ToolRound
from hello_agents.core.config import Config
from hello_agents.core.exceptions import AgentException
from hello_agents.core.llm_base import REQUEST_PARAMETERS, BaseLLM
from hello_agents.core.message import Message, ToolCall
from hello_agents.core.response import LLMResponse
from hello_agents.core.run import AgentLoop, ModelCall, RunResult, StepDone
from hello_agents.tools.registry import ToolRegistry
from hello_agents.tools.result import ToolResult

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
    call_ids: set[str] = field(default_factory=set)
    answer_checked: bool = False
    doubted_values: list[str] = field(default_factory=list)  # see questions_answer
    doubted_rounds: int = 0
    hold_next_call: bool = False
    tool_options: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def rounds(self) -> list[ToolRound]:
        """The tool rounds so far."""
        return self.result.steps

    @property
    def calls(self) -> list[ToolCall]:
        """Every call of the rounds so far, in order."""
        return [call for step in self.rounds for call in step.calls]


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

    Raises:
        AgentArgumentError: A negative ``max_tool_iterations`` or a malformed tool choice.
        AgentException: An unknown strategy name, or a bad custom prompt.

    Attributes:
        stop_on_repeated_calls: When a reply only repeats calls already made
            in the run, skip them, tell the model the result it already has
            and make the final call for the answer.
        check_answers: Send an answer back once per run when its numbers show a
            step missing (see :meth:`answer_doubt`).
        hold_unused_values: After such an answer, hold a small model's next
            reply (on a strategy that can, ``json_schema``) to a call that passes
            the question's unused numbers (see :meth:`questions_answer`). The
            model must then call one of the tools: turn this off when a
            pointless call to one of them would do harm.
        keep_results: When the final call's answer (the one made after the
            iteration limit or a repeated call) drops the last tool result (see
            :func:`~hello_agents.agents.function_call_parts.lost_result`),
            answer with the result and say so (:data:`KEPT_RESULT`).
        last_rounds: The tool rounds of the latest run (its ``steps``).
    """

    stop_on_repeated_calls = True
    keep_results = True
    check_answers = True
    hold_unused_values = True

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
    ) -> None:
        super().__init__(name, llm, system_prompt, config, tool_registry)
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
            run.hold_next_call = False
            turn = self.read_turn(response, run)
            if turn.is_final:
                if self.questions_answer(run, turn.text, response.content):
                    continue  # told, once, what the answer lacks (see answer_doubt)
                return self.answered(run, self.kept_result(run, turn.text, final=False))
            if self.repeats_earlier_calls(turn, run):
                self.remind(run, *result_of(run.rounds, turn.calls))
                break  # it already has these results: ask for the answer
            results = (yield ToolCalls(turn.calls)) if turn.calls else []
            step = self.record_round(run, turn, results)
            if step is not None:
                yield StepDone(step)
            iteration += 1
        final = yield self.model_call(run, final=True)
        run.result.stopped_reason = "max_tool_iterations"
        return self.answered(run, self.kept_result(run, self.final_answer(final, run)))

    # ---- steps a subclass may replace ------------------------------------------------

    def start_run(self, input_text: str, kwargs: dict[str, Any]) -> RunState:
        """Read the run's options and build the first messages."""
        iterations = kwargs.pop("max_tool_iterations", None)
        choice = kwargs.pop("tool_choice", None)
        ignored = sorted(set(kwargs) - RUN_OPTIONS)
        if ignored:
            logger.warning("%s ignores unknown run options: %s", self.name, ", ".join(ignored))
        run = RunState(
            input_text=input_text,
            result=RunResult(input_text),
            messages=self.build_messages(input_text, self.build_system_prompt()),
            max_tool_iterations=(
                self.max_tool_iterations if iterations is None else checked_iterations(iterations)
            ),
            tool_choice=(
                self.default_tool_choice if choice is None else normalise_tool_choice(choice)
            ),
            options={key: value for key, value in kwargs.items() if key in RUN_OPTIONS},
        )
        forced = tool_choice_name(run.tool_choice)
        if forced is not None and self.tools_enabled() and forced not in self.tool_registry:
            raise AgentException(
                f"tool_choice names {forced!r}, which is not registered "
                f"(tools: {', '.join(self.list_tools()) or 'none'})"
            )
        return run

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
        choice = self.tool_choice_for(run, iteration, final=final)
        if run.hold_next_call and not final:
            numbers = [number for text in self.run_texts(run) for number in numbers_in(text)]
            held = self.strategy.passing_options(self.tool_registry, run.doubted_values, numbers)
            if held is not None:
                return {**run.options, **held}
        key = json.dumps(choice, sort_keys=True)
        if key not in run.tool_options:  # tool schemas are built once per run, not per call
            run.tool_options[key] = self.strategy.request_options(self.tool_registry, choice)
        return {**run.options, **run.tool_options[key]}

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

        An answer that is nothing but a call of a declared tool written as a
        function call (``fruit_price('pear')``, see
        :func:`~hello_agents.agents.call_syntax.call_in_answer`) is that call.

        Emits ``parse_error`` when the reply tried to call a tool but could not be read.
        """
        if not self.tools_enabled():
            return ModelTurn(text=response.content)
        turn = self.strategy.read(response, self.list_tools())
        written = call_in_answer(turn.text, self.tool_registry) if turn.is_final else None
        if written is not None:  # the answer is a call such as fruit_price('pear')
            turn = ModelTurn(calls=(written,), from_content=True)
        if turn.problem is not None:
            self.hooks.emit("parse_error", self.name, text=response.content, error=turn.problem)
        calls = tuple(
            ToolCall(
                id=unique_call_id(call.id, run.call_ids), name=call.name, arguments=call.arguments
            )
            for call in turn.calls
        )
        return ModelTurn(turn.text, calls, turn.problem, turn.from_content)

    def repeats_earlier_calls(self, turn: ModelTurn, run: RunState) -> bool:
        """Whether every call of ``turn`` was already made in this run, with the same arguments.

        Small models often repeat a call after its result came back instead of
        answering; running it again cannot help, so the agent asks for the answer.
        Set :attr:`stop_on_repeated_calls` to False to run repeats anyway.
        """
        if not self.stop_on_repeated_calls or not turn.calls:
            return False
        made = {call_key(call) for past in run.rounds for call in past.calls}
        return all(call_key(call) in made for call in turn.calls)

    def questions_answer(self, run: RunState, answer: str, reply: str = "") -> bool:
        """Whether to send the answer back with what it seems to lack, once per run.

        ``answer`` is the answer as the strategy read it, ``reply`` the model's
        message as it wrote it (when it has text). When :meth:`answer_doubt`
        finds something, the reply and the doubt are added to the conversation,
        and the loop goes on: the model may call a tool or answer again. This
        turn does not count against ``max_tool_iterations``. Set
        :attr:`check_answers` to False to accept every first answer.

        The numbers of the question that no call was passed are kept
        (``run.doubted_values``, read by :meth:`insists`). On a small-model
        strategy the next request holds the reply to a call that passes them
        (``run.hold_next_call``), when the strategy can
        (:meth:`ToolCallStrategy.passing_options`; ``json_schema`` does) and
        :attr:`hold_unused_values` is set.
        """
        if not self.check_answers or run.answer_checked or not self.tools_enabled():
            return False
        doubt = self.answer_doubt(run, answer)
        if doubt is None:
            return False
        run.answer_checked = True
        if run.rounds:
            run.doubted_values = unused_quantities(run.input_text, run.calls)
            run.doubted_rounds = len(run.rounds)
            run.hold_next_call = self.strategy.reads_content and self.hold_unused_values
        run.messages += [Message(reply or answer, "assistant"), Message(doubt, "user")]
        logger.info("%s: answer sent back: %s", self.name, doubt)
        return True

    def answer_doubt(self, run: RunState, answer: str) -> str | None:
        """What the run's trajectory says an answer lacks, as a message for the model.

        Three cases, read from the answer's numbers and words only (see
        :mod:`~hello_agents.agents.quantities` and
        :mod:`~hello_agents.agents.result_use`):

        * after tool calls: a number or date of the question reached none of the
          calls, and every number of the answer comes from the question or a tool
          result. Small models answer one step early: the price of one banana
          for the cost of fourteen (:data:`UNUSED_QUANTITIES`);
        * after tool calls, with a strategy for small local models (one that reads
          calls from the text): the answer takes no number or word from any
          successful result ("3 miles", asked how many feet that is, after the
          conversion returned 15840): :data:`UNUSED_RESULT`;
        * before any tool call, with such a strategy: the answer states a number,
          or a code with digits (a phone number, an office), that the question
          does not give. A directory's phone extension "recalled" as 1234 or
          222-333-4444 (:data:`UNGROUNDED_NUMBERS`).

        Cloud models on ``native`` are only checked for the first.

        Returns:
            The message, or ``None`` when the answer stands.
        """
        results = [result.content for step in run.rounds for result in step.results]
        new = new_quantities(answer, [run.input_text, *results])
        if run.rounds:
            unused = unused_quantities(run.input_text, run.calls)
            if unused and not new:
                return render(self.prompts["unused_quantities"], quantities=", ".join(unused))
            ignored = self.unused_result(run, answer)
            if ignored is not None:
                call, result = ignored
                return render(
                    self.prompts["unused_result"], call=describe_call(call), result=result[:500]
                )
        elif self.strategy.reads_content:
            made_up = new or new_codes(answer, [run.input_text])
            if made_up:
                return render(self.prompts["ungrounded_numbers"], numbers=", ".join(made_up))
        return None

    def unused_result(self, run: RunState, answer: str) -> tuple[ToolCall, str] | None:
        """The last successful call and its result, when a small model's answer
        (a strategy that reads calls from the text) takes nothing from any
        successful result (:func:`~hello_agents.agents.result_use.uses_results`).

        The last call that took an argument from the question or an earlier
        result (:meth:`made_from_run`), when there is one:
        after ``multiply(106, 24)``, a made-up ``lookup_employee("John Doe")``
        is not what the answer left out.
        """
        if not self.strategy.reads_content:
            return None
        done = successful_calls(run.rounds)
        if not done or uses_results(answer, run.input_text, [result for _, result in done]):
            return None
        return next((pair for pair in reversed(done) if self.made_from_run(run, pair[0])), done[-1])

    @staticmethod
    def made_from_run(run: RunState, call: ToolCall) -> bool:
        """Whether ``call`` took an argument from the question or a result that came
        before it (:func:`~hello_agents.agents.result_use.made_from`); its own
        result, which may echo the arguments, does not count."""
        given = [run.input_text]
        for earlier, result in successful_calls(run.rounds):
            if earlier is call:
                break
            given.append(result)
        return made_from(call, given)

    @staticmethod
    def run_texts(run: RunState) -> list[str]:
        """What the run was given: the text of its user and tool messages (history included)."""
        return [m.content for m in run.messages if m.role in ("user", "tool") and m.content]

    def remind(self, run: RunState, call: ToolCall, result: str) -> None:
        """Tell the model plainly the result it already has, and ask for the answer."""
        reminder = render(self.prompts["result_reminder"], call=describe_call(call), result=result)
        run.messages.append(Message(reminder, "user"))

    def kept_result(self, run: RunState, answer: str, *, final: bool = True) -> str:
        """``answer``, or the last tool result (said so, :data:`KEPT_RESULT`) if the
        answer dropped it.

        Dropped: by :func:`~hello_agents.agents.function_call_parts.lost_result`
        (a single number the answer does not state) in the final call of any
        strategy, and in every answer of a small-model strategy (one that reads
        calls from the text). With such a strategy also when the answer takes
        nothing from any result (:meth:`unused_result`), every number of the
        question reached a call, and that result is a short value
        (:func:`~hello_agents.agents.function_call_parts.is_short_value`): the
        question asked for what the calls computed. In every case the call that
        returned the result must have been made from the question or an earlier
        result, not made up (:meth:`made_from_run`): a result of
        ``lookup_employee("John Doe")`` or ``days_between("2023-01-01", ...)``
        is not kept, and one of an earlier call may be instead. And an answer
        that :meth:`insists` is never replaced.
        """
        if not self.keep_results or not (final or self.strategy.reads_content):
            return answer
        if self.insists(run, answer):
            return answer
        lost = lost_result(run.rounds, answer)
        if lost is None or not self.made_from_run(run, lost[0]):
            lost = self.unused_result(run, answer)
            if (
                lost is None
                or not is_short_value(lost[1])
                or unused_quantities(run.input_text, run.calls)
                or not self.made_from_run(run, lost[0])
            ):
                lost = None
        return kept_answer(self.prompts["kept_result"], lost, answer)

    def insists(self, run: RunState, answer: str) -> bool:
        """Whether an answer given after being told of unused numbers stands as it is.

        It does when it takes something from the results the run had when it
        was sent back, and states none of the numbers it was told about: they
        played no part ("In 2 words, which department ...": "Research"), and
        whatever was called since (a call held to pass 2) is not the answer.
        An answer that states them ("20 apples cost 45 cents") does not insist.
        """
        if not run.doubted_values or len(run.rounds) <= run.doubted_rounds:
            return False
        earlier = [result for _, result in successful_calls(run.rounds[: run.doubted_rounds])]
        if not earlier or not uses_results(answer, run.input_text, earlier):
            return False
        told = {quantity_value(value) for value in run.doubted_values}
        return not told & {quantity_value(value) for value in quantities(answer)}

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
        """The text of the last call, with no raw tool call left in it.

        If the model still asked for tools, their JSON is removed; if nothing
        else is left, the answer says so and shows the last tool result.
        """
        if not self.tools_enabled():
            return response.content
        turn = self.read_turn(response, run)
        found = parse_content_tool_calls(turn.text, self.list_tools())  # JSON calls left in text
        if found.final_answer is not None:
            return found.final_answer
        text = strip_tool_call_markup(found.text if found.calls or found.problem else turn.text)
        text = answer_from_json(text) or text  # a leftover {"answer": X} object is the answer
        wanted = [*turn.calls, *found.calls, *response.tool_calls]
        if text or not (wanted or found.problem):
            return text
        last = run.rounds[-1].results[-1].content if run.rounds else "(none)"
        names = (
            ", ".join(dict.fromkeys(call.name for call in wanted)) or f"a tool ({found.problem})"
        )
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
    "KEPT_RESULT",
    "NO_FINAL_ANSWER",
    "PARSE_ERROR_FEEDBACK",
    "RESULT_REMINDER",
    "UNGROUNDED_NUMBERS",
    "UNUSED_QUANTITIES",
    "UNUSED_RESULT",
    "FunctionCallAgent",
    "RunState",
    "ToolRound",
    "call_key",
    "checked_iterations",
    "normalise_tool_choice",
    "unique_call_id",
]
