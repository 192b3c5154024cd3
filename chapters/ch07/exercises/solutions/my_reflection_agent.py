"""Solution (extension exercise): a ReflectionAgent that stops on a quality score.

The reviewer ends its review with ``SCORE: n/10``; the loop stops as soon as a
score reaches ``score_threshold``, instead of waiting for ``VERDICT: DONE``.

Check it:  python chapters/ch07/exercises/solutions/my_reflection_agent.py
"""

from __future__ import annotations

import re

from hello_agents import Config, ReflectionAgent
from hello_agents.agents.reflection_agent import Critique
from hello_agents.core.llm import BaseLLM

SCORED_REFLECT_PROMPT = """You are a strict reviewer. Review this answer to the task.

Task:
{task}

Answer:
{content}

List every error, gap or unclear passage, and how to fix it. Do not rewrite the answer.
Give your verdict as the very last line, a quality score from 0 to 10:
SCORE: n/10"""

_SCORE = re.compile(r"score\s*[:：=]\s*\**\s*(\d+(?:\.\d+)?)\s*(?:/\s*10)?", re.IGNORECASE)


def read_score(review: str) -> float | None:
    """The last ``SCORE: n/10`` in a review, or None when there is none."""
    scores = _SCORE.findall(review)
    return float(scores[-1]) if scores else None


class MyReflectionAgent(ReflectionAgent):
    """ReflectionAgent whose loop stops when the review's score reaches a threshold."""

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        system_prompt: str | None = None,
        config: Config | None = None,
        max_iterations: int = 3,
        score_threshold: float = 8.0,
        custom_prompts: dict[str, str] | None = None,
    ) -> None:
        prompts = {"reflect": SCORED_REFLECT_PROMPT, **(custom_prompts or {})}
        super().__init__(name, llm, system_prompt, config, max_iterations, prompts)
        self.score_threshold = score_threshold

    def parse_critique(self, text: str) -> Critique:
        """A review is 'done' when its score reaches the threshold; no score means revise."""
        score = read_score(text)
        feedback = "\n".join(line for line in text.splitlines() if not _SCORE.search(line))
        good_enough = score is not None and score >= self.score_threshold
        return Critique(
            text=text,
            feedback=feedback.strip(),
            verdict="done" if good_enough else "revise",
            marker_found=score is not None,
        )


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("reflection_quality_stop", MyReflectionAgent))
