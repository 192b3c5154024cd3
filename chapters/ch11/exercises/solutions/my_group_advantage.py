"""A model answer to exercise 2 (my_group_advantages). Run it to see the check pass:

python chapters/ch11/exercises/solutions/my_group_advantage.py
"""

from __future__ import annotations

import math


def sample_std(values: list[float]) -> float:
    """The sample standard deviation (n - 1); 0.0 for fewer than two values."""
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return math.sqrt(sum((value - mean) ** 2 for value in values) / (len(values) - 1))


def my_group_advantages(
    rewards: list[float], num_generations: int, scale: bool = True
) -> list[float]:
    """Each reward compared with its own group: centred, and scaled by the group's std."""
    if num_generations < 1 or len(rewards) % num_generations:
        raise ValueError(f"{len(rewards)} rewards do not split into groups of {num_generations}")
    advantages = []
    for start in range(0, len(rewards), num_generations):
        group = rewards[start : start + num_generations]
        mean = sum(group) / len(group)
        divisor = sample_std(group) + 1e-4 if scale else 1.0
        advantages += [(reward - mean) / divisor for reward in group]
    return advantages


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("group_advantages", my_group_advantages))
