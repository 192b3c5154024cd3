"""GRPO's group-relative advantage, in plain Python: what each completion is worth
compared with the other completions of its own prompt.

GRPO samples ``num_generations`` completions per prompt (one *group*) and needs
no value model: a completion's advantage is its reward minus its group's mean,
divided by its group's standard deviation. A completion better than its siblings
is pushed up, a worse one down. When every completion of a group has the same
reward (all wrong, say), the advantages are all zero: that group teaches nothing
(TRL logs the share of such groups as ``frac_reward_zero_std``).

TRL's ``GRPOTrainer`` computes exactly this (``scale_rewards="group"``): groups are
consecutive runs of ``num_generations`` rewards, the standard deviation is the
sample one (divided by ``n - 1``), and ``1e-4`` is added to it so that a group
without variance divides by a small number, not by zero.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from hello_agents.core.exceptions import ConfigException

EPSILON = 1e-4
"""Added to the standard deviation, as TRL does."""


def group_advantages(
    rewards: Sequence[float], num_generations: int, scale: bool = True
) -> list[float]:
    """The advantage of each completion within its group.

    Args:
        rewards: One reward per completion, the completions of one prompt next to
            each other (``[p1, p1, p1, p1, p2, p2, ...]`` for 4 generations).
        num_generations: Completions per prompt (the group size).
        scale: Divide by the group's standard deviation (TRL's
            ``scale_rewards="group"``); ``False`` only subtracts the mean
            (``scale_rewards="none"``, as Dr. GRPO recommends).

    Returns:
        One advantage per reward, in the same order.

    Raises:
        ConfigException: ``num_generations`` below 1, or rewards that do not
            split into whole groups.
    """
    if num_generations < 1:
        raise ConfigException(f"num_generations must be at least 1, not {num_generations}")
    if len(rewards) % num_generations:
        raise ConfigException(
            f"{len(rewards)} rewards do not split into groups of {num_generations}"
        )
    advantages: list[float] = []
    for start in range(0, len(rewards), num_generations):
        group = [float(reward) for reward in rewards[start : start + num_generations]]
        mean = sum(group) / len(group)
        if not scale:
            advantages.extend(reward - mean for reward in group)
            continue
        spread = group_std(group)
        advantages.extend((reward - mean) / (spread + EPSILON) for reward in group)
    return advantages


def group_std(group: Sequence[float]) -> float:
    """The sample standard deviation (``n - 1``); 0 for a group of one."""
    if len(group) < 2:
        return 0.0
    mean = sum(group) / len(group)
    return math.sqrt(sum((value - mean) ** 2 for value in group) / (len(group) - 1))


__all__ = ["EPSILON", "group_advantages", "group_std"]
