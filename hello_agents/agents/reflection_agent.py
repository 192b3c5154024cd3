"""ReflectionAgent: draft, critique, refine, until the critic says it is done.

The paradigm of the tutorial's section 7.4.3, in three prompts:

1. ``initial`` asks for a first draft of the task;
2. ``reflect`` asks the model to review the latest draft and to end its review
   with a verdict line, ``VERDICT: DONE`` or ``VERDICT: REVISE``;
3. ``refine`` gives the model the draft and the review and asks for a better draft.

Steps 2 and 3 repeat at most ``max_iterations`` times. The loop stops early only
on an explicit ``VERDICT: DONE`` line: free text such as "no need for
improvement" never stops it, and a review without a verdict counts as
``REVISE`` (and emits the ``parse_error`` hook).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any, Literal

from hello_agents.agents.text import merge_prompts, render, strip_thinking
from hello_agents.core.config import Config
from hello_agents.core.llm import BaseLLM
from hello_agents.core.loop import LoopAgent, check_count
from hello_agents.core.run import AgentLoop, ModelCall, RunResult, StepDone

logger = logging.getLogger(__name__)

INITIAL_PROMPT = """\
Complete the following task. Give a complete, accurate and well-organised answer.

Task:
{task}"""

REFLECT_PROMPT = """\
You are a demanding reviewer. Review the answer below to the task.

Task:
{task}

Answer to review:
{content}

Point out every factual error, omission, unclear passage or weakness, and say concretely \
how to fix each one. Do not rewrite the answer yourself.

End your review with one last line that is exactly one of:
VERDICT: DONE
VERDICT: REVISE
Write VERDICT: DONE only if the answer needs no change at all; otherwise write VERDICT: REVISE."""

REFINE_PROMPT = """\
Improve your answer to the task using the review.

Task:
{task}

Your previous answer:
{last_attempt}

Review:
{feedback}

Write the complete improved answer. Fix every point of the review and keep what was \
already good. Reply with the answer only, without comments about the changes."""

DEFAULT_PROMPTS: dict[str, str] = {
    "initial": INITIAL_PROMPT,
    "reflect": REFLECT_PROMPT,
    "refine": REFINE_PROMPT,
}
"""The three templates, by the names ``custom_prompts`` uses."""

REQUIRED_PLACEHOLDERS: dict[str, tuple[str, ...]] = {
    "initial": ("task",),
    "reflect": ("task", "content"),
    "refine": ("task", "feedback"),
}
"""The placeholders each template must contain (checked at construction).
``refine`` may also use ``{last_attempt}`` (the draft to improve); the tutorial's
own custom prompts leave it out, so it is optional."""

Verdict = Literal["done", "revise"]
StopReason = Literal["approved", "max_iterations"]

NO_CHANGE_PHRASES = (
    "无需改进",
    "no need for improvement",
    "no improvement needed",
    "no improvements needed",
    "no further improvement",
)
"""What approves a draft when the reflect prompt asks for no verdict line."""

MISSING_VERDICT = (
    "the review did not end with a verdict line (VERDICT: DONE or VERDICT: REVISE), "
    "so the draft is revised"
)
"""The ``parse_error`` text when a review has no verdict line."""

# A verdict line: "VERDICT: DONE", "**Verdict:** revise", "## Final verdict - [Done]." ...
# Only a line that holds nothing but the marker counts, never a phrase in a sentence.
_VERDICT_LINE = re.compile(
    r"(?:final\s+)?verdict\s*[:：\-=]?\s*[\[(\"']?(done|revise)[\])\"']?\s*[.!]?",
    re.IGNORECASE,
)
_MARKDOWN = re.compile(r"[*_`~]")

NO_ANSWER_MESSAGE = "The model gave no answer to this task (every draft was empty)."


@dataclass(frozen=True)
class Critique:
    """One review of a draft.

    Attributes:
        text: The review as the model wrote it (``<think>`` blocks removed).
        feedback: The review without its verdict line (what ``refine`` receives).
        verdict: ``"done"`` or ``"revise"``; ``"revise"`` when no verdict was found.
        marker_found: Whether the review had an explicit verdict line.
    """

    text: str
    feedback: str
    verdict: Verdict
    marker_found: bool


@dataclass(frozen=True)
class Draft:
    """One draft of the answer (the first, or a refinement).

    Attributes:
        text: The draft as the model wrote it (``<think>`` blocks removed).
    """

    text: str


@dataclass
class ReflectionResult(RunResult[Draft | Critique]):
    """Everything one run produced: its steps are the drafts and reviews, in order.

    ``stopped_reason`` is ``"approved"`` (a review said ``VERDICT: DONE``) or
    ``"max_iterations"`` (the loop ran out of rounds).
    """

    stopped_reason: str = "max_iterations"

    @property
    def task(self) -> str:
        """The task the agent worked on (the run's input)."""
        return self.input

    @property
    def drafts(self) -> list[str]:
        """Every draft, the first one included, in order."""
        return [step.text for step in self.steps if isinstance(step, Draft)]

    @property
    def critiques(self) -> list[Critique]:
        """Every review; ``critiques[i]`` reviews ``drafts[i]``."""
        return [step for step in self.steps if isinstance(step, Critique)]

    def final_draft(self) -> str:
        """The last non-empty draft, or a clear message if all were empty."""
        for draft in reversed(self.drafts):
            if draft.strip():
                return draft
        return NO_ANSWER_MESSAGE

    @property
    def model_calls(self) -> int:
        """How many times the model was called."""
        return len(self.steps)


class ReflectionAgent(LoopAgent):
    """Draft, review and refine an answer until the review approves it.

    Args:
        name: The agent's name.
        llm: The model client.
        system_prompt: Sent as the system message of every model call.
        config: Settings (model parameters, history length, context budget).
        max_iterations: Review-and-refine rounds at most; with 3, a run makes
            at most 1 + 2 * 3 = 7 model calls.
        custom_prompts: Templates replacing some or all of
            :data:`DEFAULT_PROMPTS` (keys ``initial``, ``reflect``, ``refine``).

    Raises:
        AgentException: For an unknown template key or a template missing
            one of its placeholders (see :data:`REQUIRED_PLACEHOLDERS`).
        AgentArgumentError: If ``max_iterations`` is negative (also a ``ValueError``).

    Attributes:
        prompts: The templates in use, defaults merged with ``custom_prompts``.
        last_result: The :class:`ReflectionResult` of the latest run.
    """

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        system_prompt: str | None = None,
        config: Config | None = None,
        max_iterations: int = 3,
        custom_prompts: dict[str, str] | None = None,
    ) -> None:
        super().__init__(name, llm, system_prompt, config)
        self.max_iterations = check_count("max_iterations", max_iterations)
        self.prompts = merge_prompts(DEFAULT_PROMPTS, custom_prompts, REQUIRED_PLACEHOLDERS)
        # Only the default parser looks for VERDICT lines; a subclass that reads
        # reviews its own way is not warned.
        default_parser = type(self).parse_critique is ReflectionAgent.parse_critique
        if default_parser and not self.asks_for_verdict():
            logger.warning(
                "the reflect prompt of %s never mentions VERDICT: a review stops the loop "
                "only if it says there is no need for improvement (%s); otherwise every run "
                "uses all %d rounds",
                name,
                " / ".join(NO_CHANGE_PHRASES[:2]),
                max_iterations,
            )

    # ---- the loop ------------------------------------------------------------------

    def loop(self, input_text: str, **kwargs: Any) -> AgentLoop:
        """Draft, then review and refine until a review approves or rounds run out.

        Args:
            input_text: The task.
            **kwargs: ``max_iterations`` for this run; model parameters for every
                call (``temperature``, ``max_tokens`` ...).
        """
        limits, options = self.split_run_options(kwargs, ("max_iterations",))
        rounds = check_count("max_iterations", limits.get("max_iterations", self.max_iterations))
        result = ReflectionResult(input_text)
        reply = yield self.ask(self.initial_prompt(input_text), options)  # 1. first draft
        draft = Draft(self.clean_reply(reply.content))
        result.steps.append(draft)
        yield StepDone(draft)
        for _ in range(rounds):
            # 2. Review the draft; only an explicit VERDICT: DONE line ends the loop.
            review = yield self.ask(self.reflect_prompt(input_text, draft.text), options)
            critique = self.parse_critique(review.content)
            result.steps.append(critique)
            yield StepDone(critique)
            if not critique.marker_found and self.asks_for_verdict():
                self.hooks.emit("parse_error", self.name, text=critique.text, error=MISSING_VERDICT)
            if critique.verdict == "done":
                result.stopped_reason = "approved"
                break
            # 3. Refine the draft with the review, then review again.
            reply = yield self.ask(self.refine_prompt(input_text, draft.text, critique), options)
            draft = Draft(self.clean_reply(reply.content))
            result.steps.append(draft)
            yield StepDone(draft)
        result.answer = result.final_draft()
        return result

    # ---- prompts -------------------------------------------------------------------

    def initial_prompt(self, task: str) -> str:
        """The request for the first draft."""
        return render(self.prompts["initial"], task=task)

    def reflect_prompt(self, task: str, draft: str) -> str:
        """The request to review ``draft``."""
        return render(self.prompts["reflect"], task=task, content=draft)

    def refine_prompt(self, task: str, draft: str, critique: Critique) -> str:
        """The request to improve ``draft`` according to ``critique``."""
        feedback = critique.feedback or critique.text
        return render(self.prompts["refine"], task=task, last_attempt=draft, feedback=feedback)

    # ---- parsing -------------------------------------------------------------------

    def parse_critique(self, text: str) -> Critique:
        """Read the verdict of a review.

        The verdict is the last line that holds nothing but a marker such as
        ``VERDICT: DONE`` (case, bold, backticks, a heading ``#`` or a final
        full stop do not matter). A marker inside a sentence does not count.
        Without a verdict line the draft is revised, except with a reflect
        prompt that never asks for a verdict (the tutorial's own custom prompts):
        then a review saying "无需改进" or "no need for improvement"
        (:data:`NO_CHANGE_PHRASES`) approves the draft, as the tutorial's agent does.
        """
        visible = strip_thinking(text)
        verdict: Verdict | None = None
        kept: list[str] = []
        for line in visible.splitlines():
            match = _VERDICT_LINE.fullmatch(_MARKDOWN.sub("", line).strip("#>-• \t"))
            if match:
                verdict = "done" if match.group(1).lower() == "done" else "revise"
            else:
                kept.append(line)
        marker_found = verdict is not None
        if verdict is None and not self.asks_for_verdict():
            lowered = visible.lower()
            verdict = "done" if any(p in lowered for p in NO_CHANGE_PHRASES) else None
        return Critique(
            text=text,
            feedback="\n".join(kept).strip(),
            verdict=verdict or "revise",
            marker_found=marker_found,
        )

    def asks_for_verdict(self) -> bool:
        """Whether the reflect prompt asks the reviewer for a ``VERDICT`` line."""
        return "verdict" in self.prompts["reflect"].lower()

    def clean_reply(self, text: str) -> str:
        """A draft as the user should see it: no ``<think>`` block, no outer blank lines."""
        return strip_thinking(text)

    # ---- plumbing ------------------------------------------------------------------

    def ask(self, prompt: str, options: dict[str, Any]) -> ModelCall:
        """The model call for one prompt: system prompt, history, then ``prompt``."""
        return ModelCall(self.build_messages(prompt), options)


__all__ = [
    "DEFAULT_PROMPTS",
    "INITIAL_PROMPT",
    "REFINE_PROMPT",
    "REFLECT_PROMPT",
    "REQUIRED_PLACEHOLDERS",
    "Critique",
    "Draft",
    "ReflectionAgent",
    "ReflectionResult",
]
