"""ReActAgent: reason, act, observe, repeat, until ``Finish[answer]``.

Each step sends the task (tools, question) and the steps so far, reads one
``Thought`` and one ``Action`` from the reply, runs the tool and records its
``Observation``. The steps go to the model as chat turns (its own reply, then
an ``Observation:`` message), or, with ``history_style="prompt"``, inside the
one prompt as the tutorial's agent does. The trajectory is kept as typed
:class:`ReActStep` records. Parsing lives in
:mod:`hello_agents.agents.react_parser`, which accepts the many ways real
models write the format; the prompt and the texts sent back to the model live
in :mod:`hello_agents.agents.react_prompts`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from hello_agents.agents.parsing import strip_thinking
from hello_agents.agents.prompts import check_template, render
from hello_agents.agents.react_parser import ParsedReply, ReActAction, parse_react_reply
from hello_agents.agents.react_prompts import (
    CALCULATOR_EXAMPLE,
    FORMAT_REMINDER,
    GAVE_UP_ANSWER,
    GENERIC_EXAMPLE,
    HISTORY_HEADER,
    MAX_STEPS_ANSWER,
    PLACEHOLDER_ANSWER,
    PLACEHOLDERS,
    REACT_PROMPT,
    REPEATED_ACTION,
    UNEVALUATED_ANSWER,
)
from hello_agents.agents.tool_support import ToolUsingAgent, describe_tools
from hello_agents.core.config import Config
from hello_agents.core.llm_base import BaseLLM
from hello_agents.core.message import Message
from hello_agents.core.response import LLMResponse
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
        repeated: True when the action repeated an earlier one and was not run again.
        rejected_answer: A ``Finish`` answer that was not accepted (a placeholder
            or an unevaluated calculation); the observation says why.
    """

    reply: str
    thought: str | None = None
    action: ReActAction | None = None
    observation: str | None = None
    final_answer: str | None = None
    ok: bool = True
    note: str | None = None
    repeated: bool = False
    rejected_answer: str | None = None

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
        return "\n".join(lines) or self.reply.strip()

    def render_observation(self) -> str:
        """The ``Observation:`` line that answers this step."""
        observation = self.observation or ""
        if self.repeated:
            observation = render(REPEATED_ACTION, observation=observation)
        return f"Observation: {observation}"


class ReActAgent(ToolUsingAgent):
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

    Raises:
        AgentException: If ``custom_prompt`` lacks a placeholder.
    """

    stop_sequences: tuple[str, ...] = ("\nObservation:",)

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
    ) -> None:
        super().__init__(name, llm, system_prompt, config, tool_registry)
        self.max_steps = max_steps
        self.max_format_errors = max_format_errors
        self.history_style = history_style
        self.prompt_template = check_template(
            custom_prompt or REACT_PROMPT, ("tools", "question", "history"), "custom_prompt"
        )
        self.steps: list[ReActStep] = []

    # ---- the loop ------------------------------------------------------------------

    def run(self, input_text: str, **kwargs: Any) -> str:
        """Answer ``input_text`` with the ReAct loop; see :meth:`iter_steps`."""
        answer = ""
        for step in self.iter_steps(input_text, **kwargs):
            answer = step.final_answer if step.final_answer is not None else answer
        return answer

    def iter_steps(self, input_text: str, **kwargs: Any) -> Iterator[ReActStep]:
        """Run the loop, yielding each step as it completes (for live display).

        The last step yielded always carries ``final_answer``: the model's, or
        a message saying why the run stopped.
        """
        max_steps = int(kwargs.pop("max_steps", self.max_steps))
        options = {"stop": list(self.stop_sequences), **self.model_options(kwargs)}
        self.hooks.emit("run_start", self.name, input=input_text)
        self.steps, format_errors = [], 0
        for _ in range(max_steps):
            response = self.call_llm(self.build_step_messages(input_text), **options)
            step = self.take_step(response)
            self.steps.append(step)
            if step.final_answer is not None:
                break
            format_errors += 0 if step.ok or step.action is not None else 1
            if format_errors > self.max_format_errors:
                step.final_answer = GAVE_UP_ANSWER
                break
            yield step
        else:
            step = ReActStep(reply="", ok=False, final_answer=self.max_steps_answer(max_steps))
            self.steps.append(step)
        self.remember(input_text, step.final_answer or "")
        self.hooks.emit("run_end", self.name, output=step.final_answer, steps=list(self.steps))
        yield step

    async def arun(self, input_text: str, **kwargs: Any) -> str:
        """Async twin of :meth:`run`: the model and the tools are awaited."""
        max_steps = int(kwargs.pop("max_steps", self.max_steps))
        options = {"stop": list(self.stop_sequences), **self.model_options(kwargs)}
        self.hooks.emit("run_start", self.name, input=input_text)
        self.steps, format_errors = [], 0
        for _ in range(max_steps):
            messages = self.build_step_messages(input_text)
            step = await self.atake_step(await self.acall_llm(messages, **options))
            self.steps.append(step)
            if step.final_answer is not None:
                break
            format_errors += 0 if step.ok or step.action is not None else 1
            if format_errors > self.max_format_errors:
                step.final_answer = GAVE_UP_ANSWER
                break
        else:
            step = ReActStep(reply="", ok=False, final_answer=self.max_steps_answer(max_steps))
            self.steps.append(step)
        self.remember(input_text, step.final_answer or "")
        self.hooks.emit("run_end", self.name, output=step.final_answer, steps=list(self.steps))
        return step.final_answer or ""

    # ---- one step, in overridable pieces ---------------------------------------------

    def build_step_messages(self, question: str) -> list[Message]:
        """System prompt, earlier conversation turns, then the task and its trajectory.

        With ``history_style="messages"`` each step is the model's own turn
        followed by an ``Observation:`` user turn; with ``"prompt"`` the whole
        trajectory goes inside the one prompt, through ``{history}``.
        """
        if self.history_style == "prompt":
            return self.build_messages(self.build_prompt(question))
        messages = self.build_messages(self.build_prompt(question, with_history=False))
        for step in self.steps:
            messages.append(Message(step.render_reply(), "assistant"))
            messages.append(Message(step.render_observation(), "user"))
        return messages

    def build_prompt(self, question: str, with_history: bool = True) -> str:
        """The task prompt: tools, question and (optionally) the trajectory so far."""
        history = "\n".join(step.render() for step in self.steps) if with_history else ""
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

    def take_step(self, response: LLMResponse) -> ReActStep:
        """Read the model's reply and act on it: finish, run the tool, or report the error."""
        step = self.read_step(response)
        if step.action is not None and step.final_answer is None:
            earlier = self.earlier_observation(step.action)
            if earlier is not None:  # weak models loop on one action: do not rerun it
                step.observation, step.repeated = earlier, True
                return step
            result = self.run_tool(step.action.tool, step.action.input)
            step.observation, step.ok = result.content, result.ok
        return step

    async def atake_step(self, response: LLMResponse) -> ReActStep:
        """Async twin of :meth:`take_step`."""
        step = self.read_step(response)
        if step.action is not None and step.final_answer is None:
            earlier = self.earlier_observation(step.action)
            if earlier is not None:
                step.observation, step.repeated = earlier, True
                return step
            result = await self.arun_tool(step.action.tool, step.action.input)
            step.observation, step.ok = result.content, result.ok
        return step

    def earlier_observation(self, action: ReActAction) -> str | None:
        """The result of the same successful action earlier in this run, if any."""
        for step in self.steps:
            if step.action == action and step.ok and step.observation is not None:
                return step.observation
        return None

    def read_step(self, response: LLMResponse) -> ReActStep:
        """Parse a reply into a step; an unusable reply gets a format reminder as observation."""
        parsed = self.parse(response.content)
        step = ReActStep(reply=response.content, thought=parsed.thought, action=parsed.action)
        if parsed.discarded_actions:
            step.note = f"{parsed.discarded_actions} further action(s) in the reply were ignored"
        error = parsed.error or "no action"
        if parsed.final_answer is not None:
            problem = self.final_answer_problem(parsed.final_answer)
            if problem is None:
                step.final_answer = parsed.final_answer
                return step
            step.rejected_answer, error = parsed.final_answer, problem
        elif parsed.action is not None:
            return step
        self.hooks.emit("parse_error", self.name, text=response.content, error=error)
        step.ok = False
        step.observation = render(
            FORMAT_REMINDER, error=error, tool_names=", ".join(self.list_tools()) or "none"
        )
        return step

    def final_answer_problem(self, answer: str) -> str | None:
        """Why a ``Finish`` answer cannot be the answer, or ``None`` to accept it.

        Rejected: a template word copied literally (``Finish[answer]``), always;
        a bare calculation such as ``Finish[144 * 27]``, once per run (a second
        one is accepted as written). Override to check answers your own way.
        """
        if answer.strip().strip("<>\"'`*").strip().lower() in PLACEHOLDERS:
            return render(PLACEHOLDER_ANSWER, answer=answer)
        if is_unevaluated_arithmetic(answer) and not any(
            step.rejected_answer is not None and is_unevaluated_arithmetic(step.rejected_answer)
            for step in self.steps
        ):
            return render(UNEVALUATED_ANSWER, answer=answer)
        return None

    def max_steps_answer(self, max_steps: int) -> str:
        """The answer when the step budget runs out."""
        last = next((s.observation for s in reversed(self.steps) if s.ok and s.observation), None)
        return render(
            MAX_STEPS_ANSWER,
            max_steps=max_steps,
            last=f" The last result was: {last}" if last else "",
        )

    def remember(self, question: str, answer: str) -> None:
        """Keep the exchange in the (bounded) history."""
        self.add_message(Message(question, "user"))
        self.add_message(Message(answer, "assistant"))

    @property
    def current_history(self) -> list[str]:
        """The trajectory as text lines, as the tutorial's agent keeps it."""
        return [line for step in self.steps for line in step.render().splitlines()]


_ARITHMETIC = re.compile(r"[\d\s.,()+\-*/×÷^%=]+")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_OPERATOR = re.compile(r"[*×÷^+=]|\s[-/]\s")


def is_unevaluated_arithmetic(text: str) -> bool:
    """Whether ``text`` is only a calculation (``144 * 27``, ``(80 - 12) / 4``).

    A date (``2024-03-01``), a fraction (``3/4``) or a negative number is not:
    ``-`` and ``/`` count as operators only with spaces around them.
    """
    value = text.strip().rstrip(".")
    return (
        _ARITHMETIC.fullmatch(value) is not None
        and len(_NUMBER.findall(value)) >= 2
        and _OPERATOR.search(value) is not None
    )


__all__ = [
    "FORMAT_REMINDER",
    "REACT_PROMPT",
    "ReActAgent",
    "ReActStep",
    "is_unevaluated_arithmetic",
]
