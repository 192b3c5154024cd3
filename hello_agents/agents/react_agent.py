"""ReActAgent: reason, act, observe, repeat, until ``Finish[answer]``.

Each step sends the task (tools, question) and the steps so far, reads one
``Thought`` and one ``Action`` from the reply, runs the tool and records its
``Observation``. The steps go to the model as chat turns (its own reply, then
an ``Observation:`` message), or, with ``history_style="prompt"``, inside the
one prompt as the tutorial's agent does. The trajectory is kept as typed
:class:`ReActStep` records. The prompt and the texts sent back to the model
live in :mod:`hello_agents.agents.react_prompts`.

Reading a reply (:func:`parse_react_reply`, below the agent): a reply written
exactly as the prompt asks is read in a few lines (:func:`parse_plain_reply`).
Real models, small local ones especially, often write something else, and the
tolerant reader (:func:`parse_tolerant_reply`) accepts what they actually write:

* labels plain or decorated: ``Action:``, ``**Action:**``, ``**Action**:``,
  ``### Action:``, ``- Action:``, any case, full-width colons, Chinese labels;
* the action bare, in backticks, or in a code fence; on the label's line or the next;
* ``tool[input]`` with nested brackets, JSON or newlines inside the input,
  tool names with ``-`` or ``.``; ``tool(input)``; a JSON object
  (``{"tool": ..., "input": ...}``); LangChain's ``Action:`` + ``Action Input:``;
* ``Finish[answer]`` spanning several lines, ``Finish: answer``, or
  ``Final Answer: answer``;
* an Observation the model invented: everything from it on is ignored;
* several actions in one reply: the first is kept, the others counted as discarded.

The result is a :class:`ParsedReply`; a reply with no usable action carries an
``error`` saying what was missing, which the agent turns into an observation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from hello_agents.agents.aids.checks import (
    PlaceholderAnswer,
    RepeatedCalls,
    UnevaluatedArithmetic,
    UnusedQuantities,
    is_unevaluated_arithmetic,
)
from hello_agents.agents.aids.policy import Attempt, CallMade, Check, SmallModelAids
from hello_agents.agents.react_prompts import (
    CALCULATOR_EXAMPLE,
    FORMAT_REMINDER,
    GAVE_UP_ANSWER,
    GENERIC_EXAMPLE,
    HISTORY_HEADER,
    MAX_STEPS_ANSWER,
    REACT_PROMPT,
    REPEATED_ACTION,
    REPEATED_FAILURE,
    UNUSED_QUANTITIES,
)
from hello_agents.agents.text import (
    MAX_REPLY_CHARS,
    cap_note,
    capped,
    check_template,
    matching_bracket,
    render,
    strip_code_fences,
    strip_thinking,
    strip_wrapping,
)
from hello_agents.agents.tool_support import (
    AidsSetting,
    ToolCalls,
    describe_tools,
)
from hello_agents.agents.tutorial_names import ReActTutorialNames
from hello_agents.core.config import Config
from hello_agents.core.exceptions import AgentArgumentError
from hello_agents.core.llm import BaseLLM
from hello_agents.core.loop import check_count
from hello_agents.core.message import LLMResponse, Message, ToolCall
from hello_agents.core.run import AgentLoop, ModelCall, RunResult, StepDone
from hello_agents.tools.registry import ToolRegistry


@dataclass
class ReActStep:
    """One step of the trajectory.

    Attributes:
        reply: The model's raw reply.
        thought: Its reasoning, if any.
        action: The tool call it made, if any.
        observation: What came back: the tool's output, or a format error.
        final_answer: Set on the last step, when the model finished.
        ok: False when the reply could not be used or the tool failed.
        note: Extra information (e.g. discarded actions).
        repeated: True when the action repeated an earlier one and was not run
            again (only with the small-model aids on).
        failed_again: True when the action failed, as an identical earlier action
            did, with the same message (see :data:`REPEATED_FAILURE`).
        rejected_answer: A ``Finish`` answer that was not accepted; the
            observation says why.
        doubted: True when ``rejected_answer`` was sent back by the small-model
            aids (the run's ``interventions`` say which check).
    """

    reply: str
    thought: str | None = None
    action: ReActAction | None = None
    observation: str | None = None
    final_answer: str | None = None
    ok: bool = True
    note: str | None = None
    repeated: bool = False
    failed_again: bool = False
    rejected_answer: str | None = None
    doubted: bool = False

    def render(self) -> str:
        """The step as history lines for the next prompt."""
        lines = [self.render_reply()] if self.thought or self.action else []
        if self.observation is not None:
            lines.append(self.render_observation())
        return "\n".join(lines)

    def render_reply(self) -> str:
        """What the model said, cleaned: its Thought and Action (or the raw reply)."""
        lines = [f"Thought: {self.thought}"] if self.thought else []
        if self.action is not None:
            lines.append(f"Action: {self.action.tool}[{self.action.input}]")
        elif self.rejected_answer is not None:
            lines.append(f"Action: Finish[{self.rejected_answer}]")
        return "\n".join(lines) or self.reply.strip()

    def render_observation(self) -> str:
        """The ``Observation:`` line that answers this step."""
        observation = self.observation or ""
        if self.repeated:
            observation = render(REPEATED_ACTION, observation=observation)
        elif self.failed_again:
            observation = render(REPEATED_FAILURE, observation=observation)
        return f"Observation: {observation}"


class ReActAgent(ReActTutorialNames):
    """The ReAct paradigm: Thought / Action / Observation until Finish.

    Args:
        name: The agent's name.
        llm: The model client.
        tool_registry: The tools it may use.
        system_prompt: Sent as the system message of every call.
        config: Settings.
        max_steps: Model calls allowed per run.
        custom_prompt: Replaces :data:`REACT_PROMPT`; must contain ``{tools}``,
            ``{question}`` and ``{history}``.
        max_format_errors: Unusable replies tolerated per run before giving up.
        history_style: ``"messages"`` (default) sends each step as the model's own
            turn plus an ``Observation:`` turn, which small models follow far
            better; ``"prompt"`` puts the whole trajectory in ``{history}`` of one
            prompt, exactly as the tutorial's agent does.

        small_model_aids: ``"auto"`` (on for a model known to be small), ``True``,
            ``False``, or a :class:`~hello_agents.agents.aids.SmallModelAids`
            policy. Off, the ``Finish`` answer is the answer as the model wrote it.

    Raises:
        AgentException: If ``custom_prompt`` lacks a placeholder.
        AgentArgumentError: If ``max_steps`` is below 1 or ``max_format_errors`` below 0.

    Attributes:
        default_checks: The checks the aids run for this agent when their policy
            names none: a placeholder or a bare calculation as the answer, a number
            of the question no Action used (sent back once per run, not counted
            against ``max_steps``), an Action repeating an earlier one (not run again).

    The tutorial's subclass calls ``super().__init__(name, llm, system_prompt,
    config)``, which puts its system prompt where the registry goes; a ``str``
    given as ``tool_registry`` (and a ``Config`` as ``system_prompt``) is taken
    as meant, and the subclass then assigns ``self.tool_registry`` itself.
    """

    stop_sequences: tuple[str, ...] = ("\nObservation:",)
    default_checks: ClassVar[tuple[Check, ...]] = (
        PlaceholderAnswer(),
        UnevaluatedArithmetic(),
        UnusedQuantities(UNUSED_QUANTITIES),
        RepeatedCalls(),
    )

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        tool_registry: ToolRegistry | None = None,
        system_prompt: str | None = None,
        config: Config | None = None,
        max_steps: int = 5,
        custom_prompt: str | None = None,
        max_format_errors: int = 2,
        history_style: Literal["messages", "prompt"] = "messages",
        *,
        small_model_aids: AidsSetting = "auto",
    ) -> None:
        positional: Any = (tool_registry, system_prompt)
        if isinstance(positional[0], str) or isinstance(positional[1], Config):
            # super().__init__(name, llm, system_prompt, config) from a subclass
            tool_registry, system_prompt, config = None, positional[0], positional[1]
        super().__init__(
            name, llm, system_prompt, config, tool_registry, small_model_aids=small_model_aids
        )
        self.max_steps = check_count("max_steps", max_steps, 1)
        self.max_format_errors = check_count("max_format_errors", max_format_errors)
        if history_style not in ("messages", "prompt"):
            raise AgentArgumentError(
                f"history_style must be 'messages' or 'prompt', got {history_style!r}"
            )
        self.history_style = history_style
        self._turns: dict[int, tuple[ReActStep, tuple[str, str], tuple[Message, Message]]] = {}
        self.prompt_template = check_template(
            custom_prompt or REACT_PROMPT, ("tools", "question", "history"), "custom_prompt"
        )

    # ---- the loop ------------------------------------------------------------------

    def loop(self, input_text: str, **kwargs: Any) -> AgentLoop:
        """Thought / Action / Observation until ``Finish[answer]`` or ``max_steps``
        (``kwargs``: ``max_steps`` for this run, model parameters)."""
        limits, options = self.split_run_options(kwargs, ("max_steps",))
        max_steps = check_count("max_steps", limits.get("max_steps", self.max_steps))
        options = {"stop": list(self.stop_sequences), **options}
        result: RunResult[ReActStep] = RunResult(input_text)
        self._turns.clear()  # the turns of the last run's steps
        aids = self.aids(result)  # None unless the model is small (or the aids were asked for)
        format_errors = 0
        used = 0
        while used < max_steps:
            response = yield ModelCall(self.build_step_messages(input_text, result.steps), options)
            step = self.read_step(response, result.steps)
            if aids is not None:
                self.review_step(aids, input_text, step, result)
            if step.action is not None and step.final_answer is None and not step.repeated:
                [outcome] = yield ToolCalls([action_call(step.action, len(result.steps) + 1)])
                step.observation, step.ok = outcome.content, outcome.ok
                step.failed_again = not outcome.ok and failed_before(step, result.steps)
            format_errors += 0 if step.ok or step.action is not None or step.doubted else 1
            if step.final_answer is None and format_errors > self.max_format_errors:
                step.final_answer, result.stopped_reason = GAVE_UP_ANSWER, "format_errors"
            result.steps.append(step)
            yield StepDone(step)
            if step.final_answer is not None:
                result.answer = step.final_answer
                return result
            used += 0 if step.doubted else 1
        step = ReActStep(reply="", ok=False, final_answer=self.max_steps_answer(max_steps, result))
        result.steps.append(step)
        yield StepDone(step)
        result.answer, result.stopped_reason = step.final_answer or "", "max_steps"
        return result

    # ---- one step, in overridable pieces ---------------------------------------------

    def build_step_messages(self, question: str, steps: Sequence[ReActStep] = ()) -> list[Message]:
        """System prompt, earlier turns, the task, then each step as the model's turn
        and an ``Observation:`` turn (``history_style="prompt"``: in ``{history}``)."""
        if self.history_style == "prompt":
            return self.build_messages(self.build_prompt(question, steps))
        messages = self.build_messages(self.build_prompt(question))
        for step in steps:
            messages.extend(self._turns_of(step))
        return messages

    def _turns_of(self, step: ReActStep) -> tuple[Message, Message]:
        """The step as the model's turn and an ``Observation:`` turn, made once per step:
        a long run sends every earlier step again with each model call."""
        texts = (step.render_reply(), step.render_observation())
        made = self._turns.get(id(step))
        if made is None or made[0] is not step or made[1] != texts:
            turns = (Message(texts[0], "assistant"), Message(texts[1], "user"))
            made = self._turns[id(step)] = (step, texts, turns)
        return made[2]

    def build_prompt(self, question: str, steps: Sequence[ReActStep] = ()) -> str:
        """The task prompt: tools, question and the trajectory so far (if any is given)."""
        history = "\n".join(step.render() for step in steps)
        return render(
            self.prompt_template,
            tools=describe_tools(self.tool_registry),
            question=question,
            history=f"{HISTORY_HEADER}\n{history}\n" if history else "",
            example=self.prompt_example(),
        )

    def prompt_example(self) -> str:
        """The worked example for ``{example}``: a calculator run when a calculator
        is registered (:data:`CALCULATOR_EXAMPLE`), else :data:`GENERIC_EXAMPLE`."""
        calculator = next((name for name in self.list_tools() if "calculator" in name), None)
        if calculator is None:
            return GENERIC_EXAMPLE
        return render(CALCULATOR_EXAMPLE, tool=calculator)

    def parse(self, reply: str) -> ParsedReply:
        """Read the reply (override to support another format); ``<think>`` blocks
        of reasoning models are dropped first."""
        return parse_react_reply(strip_thinking(reply), self.list_tools())

    def earlier_observation(
        self, action: ReActAction, steps: Sequence[ReActStep] = ()
    ) -> str | None:
        """The result of the same successful action earlier in this run, if any."""
        for step in steps:
            if step.action == action and step.ok and step.observation is not None:
                return step.observation
        return None

    def read_step(self, response: LLMResponse, steps: Sequence[ReActStep] = ()) -> ReActStep:
        """Parse a reply into a step; an unusable reply gets a format reminder as observation."""
        parsed = self.parse(response.content)
        step = ReActStep(reply=response.content, thought=parsed.thought, action=parsed.action)
        if parsed.discarded_actions:
            step.note = f"{parsed.discarded_actions} further action(s) in the reply were ignored"
        error = parsed.error or "no action"
        if parsed.final_answer is not None:
            problem = self.final_answer_problem(parsed.final_answer, steps)
            if problem is None:
                step.final_answer = parsed.final_answer
                return step
            step.rejected_answer, error = parsed.final_answer, problem
        elif parsed.action is not None:
            return step
        return self._unusable(step, error)

    def _unusable(self, step: ReActStep, error: str) -> ReActStep:
        """A reply without a usable action: a format reminder is its observation."""
        self.hooks.emit("parse_error", self.name, text=step.reply, error=error)
        step.ok = False
        step.observation = render(
            FORMAT_REMINDER, error=error, tool_names=", ".join(self.list_tools()) or "none"
        )
        return step

    def final_answer_problem(self, answer: str, steps: Sequence[ReActStep] = ()) -> str | None:
        """Why a ``Finish`` answer cannot be the answer (sent back as the observation),
        or ``None``: every answer is accepted. Override to check answers your way."""
        return None

    def review_step(
        self, aids: SmallModelAids, question: str, step: ReActStep, result: RunResult[ReActStep]
    ) -> None:
        """Let the small-model aids look at the step's answer, or at its action.

        A ``Finish`` answer sent back becomes ``rejected_answer``, the message its
        observation, and ``doubted`` is set (neither a step nor a format error);
        an answer replaced becomes the replacement. An action repeating an earlier
        successful one is not run again: its observation is the earlier one
        (``repeated``). Each is recorded in ``result.interventions``.
        """
        attempt = Attempt(
            question,
            step.final_answer or "",
            step.reply,
            calls=self.calls_made(result.steps),
            earlier=tuple(result.interventions),
            tools=self.tool_registry,
            reads_calls_from_text=True,
        )
        if step.final_answer is not None:
            verdict = aids.review(attempt, self.default_checks)
            if verdict is None or verdict.action not in ("sent_back", "replaced"):
                return
            self.intervene(result, verdict, step.reply, step.final_answer)
            if verdict.action == "replaced":
                step.final_answer = verdict.replacement or step.final_answer
                return
            step.rejected_answer, step.final_answer = step.final_answer, None
            step.observation, step.ok, step.doubted = verdict.message, False, True
        elif step.action is not None:
            call = action_call(step.action, len(result.steps) + 1)
            verdict = aids.review_calls([call], attempt, self.default_checks)
            earlier = self.earlier_observation(step.action, result.steps)
            if verdict is None or verdict.action != "skipped_call" or earlier is None:
                return
            self.intervene(result, verdict, step.reply, f"{step.action.tool}[{step.action.input}]")
            step.observation, step.repeated = earlier, True

    @staticmethod
    def calls_made(steps: Sequence[ReActStep]) -> tuple[CallMade, ...]:
        """The actions run so far, with their observations, for the aids."""
        return tuple(
            CallMade(action_call(step.action, number), step.observation, step.ok, number)
            for number, step in enumerate(steps, 1)
            if step.action is not None and step.observation is not None and not step.repeated
        )

    def max_steps_answer(self, max_steps: int, result: RunResult[ReActStep]) -> str:
        """The answer when the step budget runs out."""
        steps = result.steps
        last = next((s.observation for s in reversed(steps) if s.ok and s.observation), None)
        return render(
            MAX_STEPS_ANSWER,
            max_steps=max_steps,
            last=f" The last result was: {last}" if last else "",
        )


DEFAULT_REACT_PROMPT = REACT_PROMPT
"""The tutorial's name for :data:`REACT_PROMPT`."""


def failed_before(step: ReActStep, steps: Sequence[ReActStep]) -> bool:
    """Whether an earlier step made the same action and it failed with the same message."""
    return any(
        (past.action, past.ok, past.observation) == (step.action, False, step.observation)
        for past in steps
    )


def action_call(action: ReActAction, number: int) -> ToolCall:
    """A parsed action as a typed call for the registry (id ``step_N``)."""
    return ToolCall(id=f"step_{number}", name=action.tool, arguments=action.input)


_LABEL_NAMES = {
    "thought": "thought",
    "思考": "thought",
    "action input": "action_input",
    "action": "action",
    "行动": "action",
    "final answer": "final",
    "最终答案": "final",
    "observation": "observation",
    "观察": "observation",
}
# A label at the start of a line, with optional markdown decoration around it.
# The decoration is skipped with str.lstrip and the label matched from there:
# one regex with a starred class followed by more optional stars backtracks
# quadratically on a line of a million "*" or tabs.
_DECORATION = " \t>#*-0123456789."
_LABEL_WORD = re.compile(
    r"thought|思考|action[ \t]+input|action|行动|final[ \t]+answer|最终答案|observation|观察",
    re.IGNORECASE,
)
_TOOL_NAME = r"[A-Za-z_\u4e00-\u9fff][\w.\-\u4e00-\u9fff]*"
_CALL_START = re.compile(rf"^(?P<name>{_TOOL_NAME})[ \t]*(?P<open>[\[(])")
_FINISH_START = re.compile(r"finish[ \t]*(?P<open>\[)", re.IGNORECASE)
_FINISH_COLON = re.compile(r"^finish[ \t]*[:：][ \t]*(?P<answer>.+)", re.IGNORECASE | re.DOTALL)


THOUGHT_WITHOUT_ACTION = (
    "your reply has a Thought but no Action line. If your Thought already gives the answer, "
    "reply with that Thought and Action: Finish[...] with the answer"
)
"""The parse error of a reply that thinks but does not act (models often stop
there once they have the answer)."""


@dataclass(frozen=True)
class _Label:
    """A label found at the start of a line: where it starts, where its text begins."""

    start: int
    end: int
    label: str


@dataclass(frozen=True)
class ReActAction:
    """A tool call parsed from a reply: the tool's name and its raw input text."""

    tool: str
    input: str


@dataclass(frozen=True)
class ParsedReply:
    """What one ReAct reply contained.

    Attributes:
        thought: The reasoning, if the model wrote one.
        action: The tool call to run, if any.
        final_answer: The answer, when the model finished.
        error: Why no action could be read (``None`` when one was).
        discarded_actions: Further actions in the same reply that were ignored.
    """

    thought: str | None = None
    action: ReActAction | None = None
    final_answer: str | None = None
    error: str | None = None
    discarded_actions: int = 0


def parse_react_reply(text: str, tool_names: Iterable[str] = ()) -> ParsedReply:
    """Parse one reply: in a few lines when it is written exactly as the prompt asks
    (:func:`parse_plain_reply`), else by :func:`parse_tolerant_reply`, which reads
    every variant the module's docstring lists (with ``tool_names``, an unlabelled
    ``tool[input]`` too). Never raises."""
    plain = parse_plain_reply(text)
    return plain if plain is not None else parse_tolerant_reply(text, tool_names)


_PLAIN_NAME = re.compile(r"[A-Za-z_][\w.\-]*")
_LABELS = ("thought", "action", "observation", "final answer", "思考", "行动", "观察", "最终答案")


def parse_plain_reply(text: str) -> ParsedReply | None:
    """A reply in the prompt's own format: ``Thought: ...``, then a last line
    ``Action: tool[input]`` or ``Action: Finish[answer]``; ``None`` for anything
    else (another label in the thought, brackets in the input, markdown, a reply
    too long to read whole)."""
    if len(text) > MAX_REPLY_CHARS or "`" in text:
        return None
    head, label, action = text.strip().rpartition("\nAction: ")
    thought = head.removeprefix("Thought: ")
    if not label or thought == head or not action.endswith("]") or "\n" in action:
        return None
    if thought.lstrip(" \t").startswith("*"):  # "Thought: **...": markdown around the label
        return None
    name, bracket, argument = action[:-1].partition("[")
    lowered = thought.lower()
    if not bracket or any(mark in argument for mark in "[]") or not _PLAIN_NAME.fullmatch(name):
        return None
    if any(word in lowered for word in _LABELS):
        return None
    if name.lower() == "finish":
        return ParsedReply(thought=thought.strip(), final_answer=argument.strip())
    return ParsedReply(thought=thought.strip(), action=ReActAction(name, argument.strip()))


def parse_tolerant_reply(text: str, tool_names: Iterable[str] = ()) -> ParsedReply:
    """Parse a reply in any of the forms the module's docstring lists.

    Args:
        text: The model's reply.
        tool_names: Known tool names, to recognise an unlabelled ``tool[input]``.

    Returns:
        The parsed reply; never raises.
    """
    text, was_capped = capped(text)
    clean = strip_code_fences(text)
    labels = _labels(clean)
    sections = _sections(clean, labels)
    thought = _first(sections, "thought")
    actions = [body for label, body in sections if label == "action"]
    action_input = _first(sections, "action_input")
    final = _first(sections, "final")
    # Actions after an invented Observation are discarded too: count them all.
    written = sum(1 for found in labels if found.label == "action")
    discarded = max(written - 1, 0)

    if actions:
        parsed = _parse_action(actions[0], action_input)
        if parsed is not None:
            return _with(parsed, thought, discarded)
        return ParsedReply(
            thought=thought,
            error=f"the Action {actions[0].strip()[:80]!r} is neither tool_name[input] "
            "nor Finish[answer]",
            discarded_actions=discarded,
        )
    if final is not None and final.strip():
        return ParsedReply(thought=thought, final_answer=final.strip())
    loose = _find_unlabelled(strip_code_fences(text), set(tool_names))
    if loose is not None:
        return _with(loose, thought, 0)
    if thought:
        return ParsedReply(thought=thought, error=THOUGHT_WITHOUT_ACTION + cap_note(was_capped))
    return ParsedReply(thought=thought, error="the reply has no Action line" + cap_note(was_capped))


def _labels(text: str) -> list[_Label]:
    """Every label at the start of a line (``**Action:**``, ``### Thought 2:`` ...), in order.

    One pass over the lines; each line is looked at once, so the cost is linear.
    """
    found: list[_Label] = []
    line_start = 0
    while line_start <= len(text):
        line_end = text.find("\n", line_start)
        line_end = len(text) if line_end == -1 else line_end
        label = _label_on_line(text, line_start, line_end)
        if label is not None:
            found.append(label)
        line_start = line_end + 1
    return found


def _label_on_line(text: str, line_start: int, line_end: int) -> _Label | None:
    """The label that starts the line ``text[line_start:line_end]``, if there is one."""
    position = line_start
    while position < line_end and text[position] in _DECORATION:
        position += 1
    word = _LABEL_WORD.match(text, position, line_end)
    if word is None:
        return None
    position = _skip(text, word.end(), line_end, " \t*")
    digits = _skip(text, position, line_end, "0123456789")  # "Thought 2:"
    if digits > position:
        position = _skip(text, digits, line_end, " \t")
    if position >= line_end or text[position] not in ":：":
        return None
    end = _skip(text, position + 1, line_end, " \t*")
    name = _LABEL_NAMES[" ".join(word.group().lower().split())]
    return _Label(line_start, end, name)


def _skip(text: str, position: int, end: int, characters: str) -> int:
    """The first index from ``position`` (before ``end``) not holding one of ``characters``."""
    while position < end and text[position] in characters:
        position += 1
    return position


def _sections(text: str, labels: list[_Label]) -> list[tuple[str, str]]:
    """Split the text at labels; stop at the first Observation after an Action."""
    sections: list[tuple[str, str]] = []
    seen_action = False
    for index, found in enumerate(labels):
        end = labels[index + 1].start if index + 1 < len(labels) else len(text)
        if found.label == "observation":
            if seen_action:
                break  # the model invented the observation: ignore it and all after
            continue
        seen_action = seen_action or found.label == "action"
        sections.append((found.label, text[found.end : end]))
    return sections


def _first(sections: list[tuple[str, str]], label: str) -> str | None:
    for name, body in sections:
        if name == label:
            return body.strip()
    return None


def _with(parsed: ReActAction | str, thought: str | None, discarded: int) -> ParsedReply:
    if isinstance(parsed, str):
        return ParsedReply(thought=thought, final_answer=parsed, discarded_actions=discarded)
    return ParsedReply(thought=thought, action=parsed, discarded_actions=discarded)


def _parse_action(body: str, action_input: str | None) -> ReActAction | str | None:
    """An Action's body as a tool call, a final answer (str), or None."""
    value = strip_wrapping(body)
    finish = _finish_answer(value)
    if finish is not None:
        return finish
    if value.startswith("{"):
        return _json_action(value)
    call = _bracket_call(value)
    if call is not None:
        return call
    name = strip_wrapping(value.splitlines()[0] if value else "")
    if action_input is not None and re.fullmatch(_TOOL_NAME, name):
        if name.lower() == "finish":
            return strip_wrapping(action_input)
        return ReActAction(name, strip_wrapping(action_input))
    return None


def _finish_answer(value: str) -> str | None:
    match = _FINISH_START.match(value)
    if match:
        return _bracket_body(value, match.start("open")).strip()
    colon = _FINISH_COLON.match(value)
    if colon:
        return strip_wrapping(colon.group("answer"))
    return None


def _bracket_call(value: str) -> ReActAction | None:
    match = _CALL_START.match(value)
    if match is None:
        return None
    return ReActAction(match.group("name"), _bracket_body(value, match.start("open")).strip())


def _bracket_body(value: str, open_at: int) -> str:
    """Text inside the bracket at ``open_at``; tolerant of unbalanced brackets."""
    close = matching_bracket(value, open_at)
    if close is None:  # unbalanced: take up to the last closing bracket of that kind
        closer = "]" if value[open_at] == "[" else ")"
        last = value.rfind(closer)
        close = last if last > open_at else len(value)
    return value[open_at + 1 : close]


def _json_action(value: str) -> ReActAction | str | None:
    close = matching_bracket(value, 0)
    try:
        data = json.loads(value[: close + 1] if close is not None else value)
    except (ValueError, RecursionError):  # bad JSON, a 5,000-digit number, deep nesting
        return None
    if not isinstance(data, dict):
        return None
    name = next((data[k] for k in ("tool", "name", "action", "tool_name") if k in data), None)
    raw_input = next(
        (
            data[k]
            for k in ("input", "action_input", "arguments", "args", "tool_input")
            if k in data
        ),
        "",
    )
    if not isinstance(name, str):
        return None
    text_input = raw_input if isinstance(raw_input, str) else json.dumps(raw_input)
    return text_input if name.lower() == "finish" else ReActAction(name, text_input)


def _find_unlabelled(text: str, tool_names: set[str]) -> ReActAction | str | None:
    """``Finish[...]`` or ``known_tool[...]`` written without an Action label."""
    finish = _FINISH_START.search(text)
    if finish:
        return _bracket_body(text, finish.start("open")).strip()
    if not tool_names:
        return None
    bracket = text.find("[")
    while bracket != -1:
        name = _name_before(text, bracket)
        if name in tool_names:
            return ReActAction(name, _bracket_body(text, bracket).strip())
        bracket = text.find("[", bracket + 1)
    return None


def _name_before(text: str, bracket: int) -> str:
    """The tool name written just before the ``[`` at ``bracket`` ("" if none).

    Walks back over name characters, then forward to the first one a name may
    start with: the same name a ``tool_name[`` regex search would find, without
    a regex that rescans every long word from each of its letters.
    """
    start = bracket
    while start > 0 and _is_name_character(text[start - 1]):
        start -= 1
    while start < bracket and not _starts_name(text[start]):
        start += 1
    return text[start:bracket]


def _is_name_character(character: str) -> bool:
    return character.isalnum() or character in "_.-"


def _starts_name(character: str) -> bool:
    return (character.isascii() and (character.isalpha() or character == "_")) or (
        "\u4e00" <= character <= "\u9fff"
    )


__all__ = [
    "DEFAULT_REACT_PROMPT",
    "FORMAT_REMINDER",
    "REACT_PROMPT",
    "THOUGHT_WITHOUT_ACTION",
    "ParsedReply",
    "ReActAction",
    "ReActAgent",
    "ReActStep",
    "is_unevaluated_arithmetic",
    "parse_plain_reply",
    "parse_react_reply",
    "parse_tolerant_reply",
]
