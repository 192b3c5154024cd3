"""Rubric templates, and the judge and win-rate evaluators that take one.

Chapter 12's last two examples score data against a named template of
dimensions instead of the fixed four::

    config = EvaluationConfig.load_template("code")
    judge = UniversalLLMJudgeEvaluator(llm=llm, eval_config=config,
                                       field_mapping={"problem": "code"})
    judge.evaluate_single(item)["scores"]   # one score per dimension of "code"

A template is only a list of :class:`~hello_agents.evaluation.judge.Criterion`;
the evaluators are :class:`~hello_agents.evaluation.judge.LLMJudgeEvaluator` and
:class:`~hello_agents.evaluation.win_rate.WinRateEvaluator` given those criteria,
so ``criteria=[...]`` on those classes does the same without a template.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hello_agents.core.llm import BaseLLM
from hello_agents.evaluation.judge import DEFAULT_CRITERIA, Criterion, LLMJudgeEvaluator
from hello_agents.evaluation.win_rate import WinRateEvaluator

TEMPLATES: dict[str, tuple[Criterion, ...]] = {
    # The tutorial's four dimensions for generated contest problems.
    "aime": DEFAULT_CRITERIA,
    "math": (
        Criterion("correctness", "Are the mathematics and the final answer right?"),
        Criterion("clarity", "Are the statement and the solution easy to follow?"),
        Criterion("completeness", "Does the solution give every step to the answer?"),
        Criterion("difficulty_match", "Is the difficulty the one the problem aims at?"),
        Criterion("originality", "Does it show an idea beyond the textbook method?"),
    ),
    "code": (
        Criterion("correctness", "Does the code do what it is meant to, edge cases included?"),
        Criterion("robustness", "Does it handle bad input and failures sensibly?"),
        Criterion("efficiency", "Are its time and memory use reasonable for the task?"),
        Criterion("readability", "Are names, structure and comments clear?"),
        Criterion("style_compliance", "Does it follow the language's usual style (PEP 8)?"),
    ),
}


@dataclass(frozen=True)
class EvaluationConfig:
    """A named rubric: the dimensions a judge scores.

    Attributes:
        name: The template's name.
        criteria: One :class:`Criterion` per dimension.
    """

    name: str
    criteria: tuple[Criterion, ...]

    @classmethod
    def load_template(cls, name: str) -> EvaluationConfig:
        """The rubric of a named template: ``aime``, ``math`` or ``code``.

        Raises:
            ValueError: No template has that name.
        """
        if name not in TEMPLATES:
            raise ValueError(
                f"no evaluation template {name!r}: use one of {', '.join(sorted(TEMPLATES))}, "
                "or build EvaluationConfig(name, criteria=(Criterion(...), ...))"
            )
        return cls(name, TEMPLATES[name])

    def get_dimension_names(self) -> list[str]:
        """The dimensions' names, in order (the keys of a judge's ``scores``)."""
        return [criterion.name for criterion in self.criteria]


class _OnRubric:
    """What the two universal evaluators share: an :class:`EvaluationConfig` whose
    criteria the evaluator judges on, handed to the evaluator's own ``__init__``."""

    def __init__(
        self,
        llm: BaseLLM,
        eval_config: EvaluationConfig | None = None,
        field_mapping: Mapping[str, str] | None = None,
        **options: Any,
    ) -> None:
        self.eval_config = eval_config or EvaluationConfig.load_template("aime")
        super().__init__(  # type: ignore[call-arg]
            llm, criteria=self.eval_config.criteria, field_mapping=field_mapping, **options
        )


class UniversalLLMJudgeEvaluator(_OnRubric, LLMJudgeEvaluator):
    """An :class:`LLMJudgeEvaluator` scoring the dimensions of an :class:`EvaluationConfig`.

    Args:
        llm: The judge model.
        eval_config: The rubric (default: the ``aime`` template).
        field_mapping: Which item fields hold what, e.g. ``{"problem": "code"}``.
        **options: The other options of :class:`LLMJudgeEvaluator`.
    """


class UniversalWinRateEvaluator(_OnRubric, WinRateEvaluator):
    """A :class:`WinRateEvaluator` judging on the dimensions of an :class:`EvaluationConfig`.

    Args:
        llm: The judge model.
        eval_config: The rubric (default: the ``aime`` template).
        field_mapping: Which item fields to show, e.g. ``{"problem": "code"}``.
        **options: The other options of :class:`WinRateEvaluator`.
    """


__all__ = [
    "TEMPLATES",
    "EvaluationConfig",
    "UniversalLLMJudgeEvaluator",
    "UniversalWinRateEvaluator",
]
