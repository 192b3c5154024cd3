"""Exercise 7 (extension): a ReflectionAgent that stops on a quality score.

The framework's ReflectionAgent stops when the review ends with ``VERDICT: DONE``.
The tutorial's exercise asks for a quality score instead: the reviewer ends with
``SCORE: n/10``, and the loop stops as soon as a score reaches ``score_threshold``.
Only two pieces change: the review prompt, and how a review is read
(``parse_critique``); the loop itself is inherited.

Fill in the TODOs, then check your class:

    python chapters/ch07/exercises/my_reflection_agent.py

A model answer is in solutions/my_reflection_agent.py: try first.
"""

from __future__ import annotations

import re  # noqa: F401  (you will need it)

from hello_agents import Config, ReflectionAgent
from hello_agents.agents.reflection_agent import Critique
from hello_agents.core.llm import BaseLLM

# TODO 1: write a review prompt with the placeholders {task} and {content} that asks for
# concrete criticism and, as the very last line, "SCORE: n/10" (mention the word
# "verdict" somewhere: ReflectionAgent warns about prompts that never do).
SCORED_REFLECT_PROMPT: str | None = None


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
        prompts = dict(custom_prompts or {})
        if SCORED_REFLECT_PROMPT is not None:
            prompts.setdefault("reflect", SCORED_REFLECT_PROMPT)
        super().__init__(name, llm, system_prompt, config, max_iterations, prompts)
        self.score_threshold = score_threshold

    def parse_critique(self, text: str) -> Critique:
        """TODO 2: read the last ``SCORE: n/10`` of the review. Return
        ``Critique(text=text, feedback=<the review without the score line>,
        verdict="done" or "revise", marker_found=<a score was found>)``: "done" only
        when there is a score and it is at least ``self.score_threshold``."""
        raise NotImplementedError("TODO: parse_critique")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("reflection_quality_stop", MyReflectionAgent))
