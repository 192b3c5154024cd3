"""PlanAndSolveAgent: first write a plan, then solve it one step at a time.

The paradigm of the tutorial's section 7.4.4, in two prompts:

1. ``planner`` asks for the plan: a list of steps, as a Python list of strings;
2. ``executor`` is sent once per step with the question, the whole plan, the
   results of the steps done so far and the current step; it asks for the
   result of that step only.

The answer is the result of the last step, as the tutorial teaches.

Models do not always answer the planner as asked, so the plan is read by
:mod:`hello_agents.agents.plan_parser`, which accepts a Python or JSON list, in
a code fence or not, with text around it, and falls back to numbered or bulleted
lines. A reply without a usable plan is re-asked (``max_plan_retries`` times)
with a note saying what was wrong; after that the run ends with a clear message
instead of an exception.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from hello_agents.agents.plan_parser import PlanFormatError, parse_plan_reply
from hello_agents.agents.text import merge_prompts, render, strip_thinking
from hello_agents.core.config import Config
from hello_agents.core.llm import BaseLLM
from hello_agents.core.loop import LoopAgent, check_count
from hello_agents.core.message import Message
from hello_agents.core.run import AgentLoop, ModelCall, RunResult, StepDone

logger = logging.getLogger(__name__)

PLANNER_PROMPT = """\
You are a planner. Break the question below into a short sequence of simple steps that, \
done in order, answer it. Each step must be one clear, self-contained instruction, and the \
last step must produce the final answer to the question.

Question:
{question}

Reply with the plan only: a Python list of strings, one string per step, inside a \
```python code block, like this:
```python
["first step", "second step", "third step"]
```"""

EXECUTOR_PROMPT = """\
You are solving a question by following a plan, one step at a time.

Question:
{question}

Plan:
{plan}

Steps already done, with their results:
{history}

Current step:
{current_step}

Do only the current step, using the results above. Reply with the result of this step \
only, with no extra explanation or conversation."""

PLAN_RETRY_PROMPT = """\
Your plan could not be used: {error}
Reply again with the plan only: a Python list of strings, one string per step, inside a \
```python code block, like this:
```python
["first step", "second step"]
```"""

DEFAULT_PLANNER_PROMPT = PLANNER_PROMPT
"""The tutorial's name for :data:`PLANNER_PROMPT`."""
DEFAULT_EXECUTOR_PROMPT = EXECUTOR_PROMPT
"""The tutorial's name for :data:`EXECUTOR_PROMPT`."""

DEFAULT_PROMPTS: dict[str, str] = {
    "planner": PLANNER_PROMPT,
    "executor": EXECUTOR_PROMPT,
    "plan_retry": PLAN_RETRY_PROMPT,
}
"""The templates, by the names ``custom_prompts`` uses."""

REQUIRED_PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    "planner": ("question",),
    "executor": ("question", "plan", "history", "current_step"),
    "plan_retry": ("error",),
}
"""The placeholders each template must contain (checked at construction)."""

NO_PLAN_MESSAGE = "I could not make a usable plan for this question after {attempts}: {error}"
NO_HISTORY = "(none yet)"
NO_RESULT = "(no result)"
EMPTY_LAST_STEP_MESSAGE = "The plan was carried out, but its last step gave no result."

StopReason = Literal["completed", "no_plan"]


@dataclass(frozen=True)
class PlanAttempt:
    """One answer of the planner.

    Attributes:
        reply: The reply as the model wrote it (``<think>`` blocks removed).
        steps: The plan read from it (empty when it had none).
        error: What was wrong, as sent back to the model; ``None`` if usable.
    """

    reply: str
    steps: tuple[str, ...] = ()
    error: str | None = None


@dataclass(frozen=True)
class PlanStep:
    """One executed step of the plan.

    Attributes:
        number: The step's position in the plan, from 1.
        step: The step as planned.
        result: What the executor answered for it.
    """

    number: int
    step: str
    result: str


StepResult = PlanStep
"""The former name of :class:`PlanStep`, kept for older code."""


@dataclass
class PlanAndSolveResult(RunResult[PlanStep]):
    """Everything one run produced; its ``steps`` are the executed plan steps.

    Attributes:
        attempts: Every planner answer, in order (more than one after a re-ask).
        plan: The plan executed (after :meth:`PlanAndSolveAgent.limit_plan`).
        notes: Changes the agent made on its own, e.g. merged surplus steps.
        stopped_reason: ``"completed"`` or ``"no_plan"`` (no usable plan).
    """

    attempts: list[PlanAttempt] = field(default_factory=list)
    plan: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    stopped_reason: str = "completed"

    @property
    def question(self) -> str:
        """The question (the run's input)."""
        return self.input


class PlanAndSolveAgent(LoopAgent):
    """Plan the steps of a question, then solve them one by one.

    Args:
        name: The agent's name.
        llm: The model client.
        system_prompt: Sent as the system message of every model call.
        config: Settings (model parameters, history length, context budget).
        custom_prompts: Templates replacing some or all of
            :data:`DEFAULT_PROMPTS` (keys ``planner``, ``executor``, ``plan_retry``).
        max_steps: The longest plan executed; steps beyond it are merged into
            the last allowed step (see :meth:`limit_plan`).
        max_plan_retries: How many times a reply without a usable plan is
            re-asked before the run gives up with a clear message.

    Raises:
        AgentException: For an unknown template key or a template missing
            one of its placeholders (see :data:`REQUIRED_PLACEHOLDERS`).
        AgentArgumentError: If ``max_steps`` is below 1 or ``max_plan_retries`` below 0
            (also a ``ValueError``).

    Attributes:
        prompts: The templates in use, defaults merged with ``custom_prompts``.
        last_result: The :class:`PlanAndSolveResult` of the latest run.
    """

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        system_prompt: str | None = None,
        config: Config | None = None,
        custom_prompts: dict[str, str] | None = None,
        *,
        max_steps: int = 10,
        max_plan_retries: int = 2,
    ) -> None:
        super().__init__(name, llm, system_prompt, config)
        self.max_steps = check_count("max_steps", max_steps, 1)
        self.max_plan_retries = check_count("max_plan_retries", max_plan_retries)
        self.prompts = merge_prompts(DEFAULT_PROMPTS, custom_prompts, REQUIRED_PLACEHOLDERS)

    # ---- the loop ------------------------------------------------------------------

    def loop(self, input_text: str, **kwargs: Any) -> AgentLoop:
        """Plan, then execute the plan one step at a time.

        Args:
            input_text: The question.
            **kwargs: ``max_steps`` and ``max_plan_retries`` for this run; model
                parameters for every call (``temperature``, ``max_tokens`` ...).
        """
        limits, options = self.split_run_options(kwargs, ("max_steps", "max_plan_retries"))
        max_steps = check_count("max_steps", limits.get("max_steps", self.max_steps), 1)
        retries = check_count(
            "max_plan_retries", limits.get("max_plan_retries", self.max_plan_retries)
        )
        result = PlanAndSolveResult(input_text)
        # 1. Plan: ask for the steps, re-asking while the reply holds no usable plan.
        messages = self.build_messages(self.planner_prompt(input_text))
        for _ in range(1 + retries):
            attempt = self.read_plan((yield ModelCall(messages, options)).content)
            result.attempts.append(attempt)
            yield StepDone(attempt)
            if attempt.error is None:
                break
            self.hooks.emit("parse_error", self.name, text=attempt.reply, error=attempt.error)
            messages = [*messages, *self.plan_retry_messages(attempt)]
        if result.attempts[-1].error is not None:
            return self.finish_plan(result, "no_plan")
        # 2. Solve: one call per step, each seeing the results of the steps before it.
        result.plan, result.notes = self.limit_plan(list(result.attempts[-1].steps), max_steps)
        for number, step in enumerate(result.plan, 1):
            prompt = self.executor_prompt(input_text, result.plan, result.steps, step)
            reply = yield ModelCall(self.build_messages(prompt), options)
            done = PlanStep(number, step, self.clean_reply(reply.content))
            result.steps.append(done)
            yield StepDone(done)
        return self.finish_plan(result, "completed")

    # ---- prompts -------------------------------------------------------------------

    def planner_prompt(self, question: str) -> str:
        """The request for a plan."""
        return render(self.prompts["planner"], question=question)

    def plan_retry_messages(self, attempt: PlanAttempt) -> list[Message]:
        """The unusable reply and the request to try again, to append to the conversation."""
        retry = render(self.prompts["plan_retry"], error=attempt.error or "")
        return [Message(attempt.reply, "assistant"), Message(retry, "user")]

    def executor_prompt(
        self, question: str, plan: Sequence[str], done: Sequence[PlanStep], step: str
    ) -> str:
        """The request to carry out ``step``, with the plan and the results so far."""
        return render(
            self.prompts["executor"],
            question=question,
            plan=self.format_plan(plan),
            history=self.format_history(done),
            current_step=step,
        )

    def format_plan(self, plan: Sequence[str]) -> str:
        """The plan as numbered lines (the ``{plan}`` placeholder)."""
        return "\n".join(f"{number}. {step}" for number, step in enumerate(plan, 1))

    def format_history(self, done: Sequence[PlanStep]) -> str:
        """The steps done so far and their results (the ``{history}`` placeholder)."""
        if not done:
            return NO_HISTORY
        return "\n\n".join(
            f"Step {item.number}: {item.step}\nResult: {item.result or NO_RESULT}" for item in done
        )

    # ---- parsing -------------------------------------------------------------------

    def read_plan(self, reply: str) -> PlanAttempt:
        """Turn a planner reply into a :class:`PlanAttempt` (never raises)."""
        reply = self.clean_reply(reply)
        try:
            return PlanAttempt(reply, tuple(self.parse_plan(reply)))
        except ValueError as error:
            return PlanAttempt(reply, error=str(error))

    def parse_plan(self, text: str) -> list[str]:
        """Read the steps of a plan from a planner reply.

        See :func:`~hello_agents.agents.plan_parser.parse_plan_reply` for the
        formats accepted; override to support another one.

        Raises:
            PlanFormatError: With a message for the model saying what was wrong.
        """
        return parse_plan_reply(text)

    def limit_plan(
        self, steps: list[str], max_steps: int | None = None
    ) -> tuple[list[str], list[str]]:
        """Keep the plan within ``max_steps`` by merging the surplus into the last step.

        Returns:
            The plan to execute and the notes explaining any change.
        """
        max_steps = self.max_steps if max_steps is None else max_steps
        if len(steps) <= max_steps:
            return steps, []
        keep = max_steps - 1
        merged = "; then ".join(steps[keep:])
        note = (
            f"The plan had {len(steps)} steps, more than max_steps={max_steps}; "
            f"steps {keep + 1} to {len(steps)} were merged into step {keep + 1}."
        )
        logger.info("%s: %s", self.name, note)
        return [*steps[:keep], merged], [note]

    def clean_reply(self, text: str) -> str:
        """A reply without its ``<think>`` block and outer blank lines."""
        return strip_thinking(text)

    def final_answer(self, result: PlanAndSolveResult) -> str:
        """The answer of a run: the last step's result, or a message saying why not."""
        if result.stopped_reason == "no_plan":
            tries = len(result.attempts)
            attempts = "1 attempt" if tries == 1 else f"{tries} attempts"
            return render(NO_PLAN_MESSAGE, attempts=attempts, error=result.attempts[-1].error)
        last = result.steps[-1].result if result.steps else ""
        return last or EMPTY_LAST_STEP_MESSAGE

    # ---- plumbing ------------------------------------------------------------------

    def finish_plan(self, result: PlanAndSolveResult, reason: StopReason) -> PlanAndSolveResult:
        """Set why the run stopped and its answer."""
        result.stopped_reason = reason
        result.answer = self.final_answer(result)
        return result


__all__ = [
    "DEFAULT_EXECUTOR_PROMPT",
    "DEFAULT_PLANNER_PROMPT",
    "DEFAULT_PROMPTS",
    "EXECUTOR_PROMPT",
    "PLANNER_PROMPT",
    "PLAN_RETRY_PROMPT",
    "REQUIRED_PLACEHOLDERS",
    "PlanAndSolveAgent",
    "PlanAndSolveResult",
    "PlanAttempt",
    "PlanFormatError",
    "PlanStep",
    "StepResult",
]
