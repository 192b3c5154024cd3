"""Reward functions: what counts as a good answer, as numbers GRPO can compare.

Every reward is called the way TRL calls one: ``reward(completions, **columns)``
with one completion per sample and the dataset's other columns as lists
(``ground_truth=[...]``); it returns one float per completion. A completion is
text, or a list of chat messages (the last one is read).

The chapter's rewards are terms added up:

* accuracy: 1 when the final answer equals the ground truth, else 0;
* length penalty: ``-penalty_weight * max(0, length - max_length)`` (characters),
  only on correct answers, so a wrong short answer never beats a wrong long one;
* step bonus: ``+step_bonus * steps`` (``Step N:`` lines), only on correct answers;
* combined: any weighted sum of those terms (:func:`create_combined_reward`).

:class:`BrevityReward` is the chapter's reward-hacking lesson in one class: it pays
for short answers whatever they say, and GRPO learns to say nothing.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hello_agents.core.exceptions import ConfigException
from hello_agents.rl.data import FINAL_ANSWER

RewardFunction = Callable[..., list[float]]
"""``(completions, **columns) -> one float per completion``, as TRL's GRPOTrainer calls it."""

_FINAL = re.compile(r"Final\s*Answer\s*:\s*\$?\s*(-?[\d,]*\.?\d+)", re.IGNORECASE)
_HASHES = re.compile(r"####\s*\$?\s*(-?[\d,]*\.?\d+)")
_NUMBER = re.compile(r"-?\d[\d,]*\.?\d*")
_STEP = re.compile(r"\bStep\s*\d+\s*:", re.IGNORECASE)


def completion_text(completion: Any) -> str:
    """The text of one completion: a string, or the content of the last chat message."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence) and completion and isinstance(completion[-1], Mapping):
        return str(completion[-1].get("content", ""))
    return str(completion)


def extract_answer(text: str) -> float | None:
    """The number a completion gives as its answer.

    ``Final Answer: N`` first, then GSM8K's ``#### N``, then the last number.
    ``None`` when there is no number at all.
    """
    for pattern in (_FINAL, _HASHES):
        found = pattern.findall(text)
        if found:
            return _to_number(found[-1])
    numbers = _NUMBER.findall(text)
    return _to_number(numbers[-1]) if numbers else None


def _to_number(text: str) -> float | None:
    try:
        return float(text.replace(",", "").rstrip("."))
    except ValueError:
        return None


def is_correct(text: str, ground_truth: Any, tolerance: float = 1e-6) -> bool:
    """Whether the answer of ``text`` equals ``ground_truth`` (``72.0`` equals ``"72"``)."""
    predicted = extract_answer(text)
    truth = _to_number(str(ground_truth))
    return predicted is not None and truth is not None and abs(predicted - truth) <= tolerance


def has_answer_format(text: str) -> bool:
    """Whether the completion states its answer as ``Final Answer: N``."""
    return bool(_FINAL.search(text))


def count_steps(text: str) -> int:
    """The reasoning steps of a completion: its ``Step N:`` markers."""
    return len(_STEP.findall(text))


class MathRewardFunction:
    """A reward scored one completion at a time against its ``ground_truth``.

    Subclasses write :meth:`score`; calling the object scores a batch the way
    TRL calls a reward. ``__name__`` is what TRL logs the reward as
    (``rewards/<name>/mean``).

    Args:
        tolerance: How far a numeric answer may be from the truth and still count.
    """

    name = "math"

    def __init__(self, tolerance: float = 1e-6) -> None:
        self.tolerance = tolerance
        self.__name__ = self.name

    def __call__(self, completions: Sequence[Any], **columns: Any) -> list[float]:
        truths = columns.get("ground_truth")
        if truths is None:
            truths = [None] * len(completions)
        if len(truths) != len(completions):
            raise ValueError(
                f"{len(completions)} completions but {len(truths)} ground_truth values"
            )
        return [
            float(self.score(completion_text(completion), truth))
            for completion, truth in zip(completions, truths, strict=True)
        ]

    def score(self, text: str, ground_truth: Any) -> float:
        """The reward of one completion."""
        return 1.0 if self.correct(text, ground_truth) else 0.0

    def correct(self, text: str, ground_truth: Any) -> bool:
        """Whether ``text`` answers ``ground_truth`` (never, when there is no truth)."""
        return ground_truth is not None and is_correct(text, ground_truth, self.tolerance)

    def describe(self) -> str:
        """One line on what the reward pays for."""
        return "1.0 for a correct final answer, else 0.0"


class AccuracyReward(MathRewardFunction):
    """1 for a correct final answer, 0 otherwise."""

    name = "accuracy"


class LengthPenaltyReward(MathRewardFunction):
    """Accuracy, less ``penalty_weight`` per character beyond ``max_length`` (correct answers only).

    Args:
        max_length: The length (characters) from which the penalty starts.
        penalty_weight: The penalty per character beyond it.
        tolerance: As for :class:`MathRewardFunction`.
    """

    name = "length_penalty"

    def __init__(
        self, max_length: int = 1024, penalty_weight: float = 0.001, tolerance: float = 1e-6
    ) -> None:
        super().__init__(tolerance)
        self.max_length = max_length
        self.penalty_weight = penalty_weight

    def term(self, text: str, ground_truth: Any) -> float:
        """The penalty alone (zero or negative)."""
        if not self.correct(text, ground_truth):
            return 0.0
        return -self.penalty_weight * max(0, len(text) - self.max_length)

    def score(self, text: str, ground_truth: Any) -> float:
        accuracy = super().score(text, ground_truth)
        return max(0.0, accuracy + self.term(text, ground_truth))

    def describe(self) -> str:
        return (
            f"accuracy minus {self.penalty_weight} per character beyond {self.max_length} "
            "(correct answers only)"
        )


class StepReward(MathRewardFunction):
    """Accuracy, plus ``step_bonus`` per ``Step N:`` (correct answers only).

    Args:
        step_bonus: The bonus per step.
        tolerance: As for :class:`MathRewardFunction`.
    """

    name = "step"

    def __init__(self, step_bonus: float = 0.1, tolerance: float = 1e-6) -> None:
        super().__init__(tolerance)
        self.step_bonus = step_bonus

    def term(self, text: str, ground_truth: Any) -> float:
        """The bonus alone."""
        if not self.correct(text, ground_truth):
            return 0.0
        return self.step_bonus * count_steps(text)

    def score(self, text: str, ground_truth: Any) -> float:
        return super().score(text, ground_truth) + self.term(text, ground_truth)

    def describe(self) -> str:
        return f"accuracy plus {self.step_bonus} per 'Step N:' (correct answers only)"


class BrevityReward(MathRewardFunction):
    """``1 - words / max_length``, floored at 0: pays for shortness, not for being right.

    A deliberately bad reward (the chapter's reward hacking): GRPO drives the
    answers towards nothing at all.

    Args:
        max_length: The number of words that earns 0.
    """

    name = "brevity"

    def __init__(self, max_length: int = 16) -> None:
        super().__init__()
        self.max_length = max_length

    def score(self, text: str, ground_truth: Any) -> float:
        return max(0.0, 1.0 - len(text.split()) / self.max_length)

    def describe(self) -> str:
        return f"1 - words / {self.max_length}, whatever the answer says (reward hacking)"


class CombinedReward(MathRewardFunction):
    """A weighted sum of terms: accuracy, the length penalty, the step bonus.

    Args:
        components: ``(reward, weight)`` pairs; a :class:`LengthPenaltyReward` or
            :class:`StepReward` adds its term alone (its penalty or bonus), any
            other reward its whole score.
    """

    name = "combined"

    def __init__(self, components: Sequence[tuple[MathRewardFunction, float]]) -> None:
        super().__init__()
        if not components:
            raise ConfigException("a combined reward needs at least one component")
        self.components = list(components)

    def parts(self, text: str, ground_truth: Any) -> dict[str, float]:
        """Each component's weighted contribution, by its name."""
        parts: dict[str, float] = {}
        for reward, weight in self.components:
            if isinstance(reward, (LengthPenaltyReward, StepReward)):
                value = reward.term(text, ground_truth)
            else:
                value = reward.score(text, ground_truth)
            parts[reward.name] = parts.get(reward.name, 0.0) + weight * value
        return parts

    def score(self, text: str, ground_truth: Any) -> float:
        return sum(self.parts(text, ground_truth).values())

    def describe(self) -> str:
        return " + ".join(f"{weight} x {reward.name}" for reward, weight in self.components)


def create_accuracy_reward(tolerance: float = 1e-6) -> AccuracyReward:
    """The accuracy reward."""
    return AccuracyReward(tolerance)


def create_length_penalty_reward(
    base_reward: MathRewardFunction | None = None,
    max_length: int = 1024,
    penalty_weight: float = 0.001,
) -> LengthPenaltyReward:
    """Accuracy with the length penalty (``base_reward`` lends its tolerance)."""
    tolerance = base_reward.tolerance if base_reward is not None else 1e-6
    return LengthPenaltyReward(max_length, penalty_weight, tolerance)


def create_step_reward(
    base_reward: MathRewardFunction | None = None, step_bonus: float = 0.1
) -> StepReward:
    """Accuracy with the step bonus (``base_reward`` lends its tolerance)."""
    tolerance = base_reward.tolerance if base_reward is not None else 1e-6
    return StepReward(step_bonus, tolerance)


def create_brevity_reward(max_length: int = 16) -> BrevityReward:
    """The reward-hacking demo's reward."""
    return BrevityReward(max_length)


def create_combined_reward(components: Sequence[Mapping[str, Any]]) -> CombinedReward:
    """A combined reward from the chapter's ``reward_config["components"]``.

    Args:
        components: Dicts with ``type`` and ``weight`` (default 1.0), and the
            options of that type (``target_length`` or ``max_length``,
            ``penalty_weight``, ``step_bonus``).
    """
    built: list[tuple[MathRewardFunction, float]] = []
    for component in components:
        options = dict(component)
        reward_type = options.pop("type", None)
        weight = float(options.pop("weight", 1.0))
        if reward_type == "combined":
            raise ConfigException("a combined reward cannot contain another combined reward")
        built.append((create_reward(str(reward_type), options), weight))
    return CombinedReward(built)


REWARD_TYPES = ("accuracy", "length_penalty", "step", "combined", "brevity", "tool_use")


def create_reward(reward_type: str, config: Mapping[str, Any] | None = None) -> MathRewardFunction:
    """The reward called ``reward_type``, with the options of ``config``.

    Raises:
        ConfigException: An unknown type or option (the message lists the valid ones).
    """
    options = dict(config or {})
    if "target_length" in options:  # the chapter's name for max_length in a combined reward
        options["max_length"] = options.pop("target_length")
    allowed: dict[str, tuple[str, ...]] = {
        "accuracy": ("tolerance",),
        "length_penalty": ("max_length", "penalty_weight", "tolerance"),
        "step": ("step_bonus", "tolerance"),
        "combined": ("components",),
        "brevity": ("max_length",),
        "tool_use": ("call_weight", "use_weight", "accuracy_weight"),
    }
    if reward_type not in allowed:
        raise ConfigException(
            f"unknown reward_type {reward_type!r}; valid types: {', '.join(REWARD_TYPES)}"
        )
    unknown = set(options) - set(allowed[reward_type])
    if unknown:
        raise ConfigException(
            f"unknown option(s) {sorted(unknown)} for reward_type {reward_type!r}; valid: "
            f"{', '.join(allowed[reward_type])}"
        )
    if reward_type == "accuracy":
        return AccuracyReward(**options)
    if reward_type == "length_penalty":
        return LengthPenaltyReward(**options)
    if reward_type == "step":
        return StepReward(**options)
    if reward_type == "brevity":
        return BrevityReward(**options)
    if reward_type == "tool_use":
        return ToolUseReward(**options)
    return create_combined_reward(options.get("components", []))


def evaluate_rewards(
    completions: Sequence[Any], ground_truths: Sequence[Any], reward_fn: RewardFunction
) -> dict[str, float]:
    """Score completions and summarise: ``mean_reward``, ``std_reward``, ``min_reward``,
    ``max_reward`` and ``accuracy`` (the share with a correct answer)."""
    rewards = reward_fn(list(completions), ground_truth=list(ground_truths))
    count = len(rewards)
    if count == 0:
        return {
            "mean_reward": 0.0,
            "std_reward": 0.0,
            "min_reward": 0.0,
            "max_reward": 0.0,
            "accuracy": 0.0,
        }
    mean = sum(rewards) / count
    correct = sum(
        is_correct(completion_text(c), t) for c, t in zip(completions, ground_truths, strict=True)
    )
    return {
        "mean_reward": mean,
        "std_reward": math.sqrt(sum((r - mean) ** 2 for r in rewards) / count),
        "min_reward": min(rewards),
        "max_reward": max(rewards),
        "accuracy": correct / count,
    }


class ToolUseReward(MathRewardFunction):
    """Scores a whole episode: a tool was called, its result was the answer, the answer is right.

    ``call_weight`` when at least one call ran without error, plus ``use_weight``
    when the final answer equals the last successful call's result, plus
    ``accuracy_weight`` when the final answer is correct. Reads the
    ``tool_calls`` column :class:`ToolEpisodeRollout` adds; without it (a plain
    completion), no call was made.

    Args:
        call_weight: For calling a tool successfully.
        use_weight: For answering with the tool's result.
        accuracy_weight: For the right answer.
    """

    name = "tool_use"

    def __init__(
        self, call_weight: float = 0.2, use_weight: float = 0.3, accuracy_weight: float = 1.0
    ) -> None:
        super().__init__()
        self.call_weight = call_weight
        self.use_weight = use_weight
        self.accuracy_weight = accuracy_weight

    def __call__(self, completions: Sequence[Any], **columns: Any) -> list[float]:
        truths = columns.get("ground_truth") or [None] * len(completions)
        trajectories = columns.get("tool_calls") or [[] for _ in completions]
        return [
            sum(self.parts(completion_text(completion), truth, calls).values())
            for completion, truth, calls in zip(completions, truths, trajectories, strict=True)
        ]

    def parts(
        self, text: str, ground_truth: Any, calls: Sequence[Mapping[str, Any]]
    ) -> dict[str, float]:
        """Each term's weighted value: ``called``, ``used``, ``correct``."""
        succeeded = [call for call in calls if call.get("ok")]
        answer = final_answer_of(text)
        used = False
        if succeeded and answer is not None:
            result = extract_answer(str(succeeded[-1].get("result", "")))
            used = result is not None and abs(result - answer) < 1e-6
        # The text holds the observations too: only a stated Final Answer counts.
        correct = answer is not None and is_correct(f"{FINAL_ANSWER} {answer}", ground_truth)
        return {
            "called": self.call_weight * bool(succeeded),
            "used": self.use_weight * used,
            "correct": self.accuracy_weight * correct,
        }

    def score(self, text: str, ground_truth: Any) -> float:
        return sum(self.parts(text, ground_truth, []).values())

    def describe(self) -> str:
        return (
            f"{self.call_weight} for a successful tool call + {self.use_weight} for answering "
            f"with its result + {self.accuracy_weight} for the right answer"
        )


def final_answer_of(text: str) -> float | None:
    """The number after the last ``Final Answer:`` (``None`` without one): the episode's answer."""
    _, marker, tail = text.rpartition(FINAL_ANSWER.rstrip(":"))
    return extract_answer(tail) if marker else None


__all__ = [
    "REWARD_TYPES",
    "AccuracyReward",
    "BrevityReward",
    "CombinedReward",
    "LengthPenaltyReward",
    "MathRewardFunction",
    "RewardFunction",
    "StepReward",
    "ToolUseReward",
    "completion_text",
    "count_steps",
    "create_accuracy_reward",
    "create_brevity_reward",
    "create_combined_reward",
    "create_length_penalty_reward",
    "create_reward",
    "create_step_reward",
    "evaluate_rewards",
    "extract_answer",
    "final_answer_of",
    "has_answer_format",
    "is_correct",
]
