"""Exercise 2: my_group_advantages, how GRPO turns rewards into a learning signal.

GRPO samples num_generations completions for each prompt (a group) and needs no
value model: each completion is compared with its own group. Its advantage is

    (reward - mean of its group) / (standard deviation of its group + 1e-4)

The completions of one prompt sit next to each other in the batch
([p1, p1, p1, p1, p2, p2, p2, p2] for 4 generations). The standard deviation is
the sample one (divide by n - 1), as torch.std and TRL use. When every completion
of a group gets the same reward, its advantages are all 0.0: that group teaches
nothing, which is what TRL's frac_reward_zero_std counts. With scale=False only
the mean is subtracted (TRL's scale_rewards="none"). (The framework's version is
hello_agents/rl/advantages.py: group_advantages.)

Fill in the TODOs, then check your function:

    python chapters/ch11/exercises/my_group_advantage.py

A model answer is in solutions/my_group_advantage.py: try first.
"""

from __future__ import annotations


def sample_std(values: list[float]) -> float:
    """TODO 1: the sample standard deviation of values (divide by n - 1); 0.0 for fewer
    than two values."""
    raise NotImplementedError("TODO: sample_std")


def my_group_advantages(
    rewards: list[float], num_generations: int, scale: bool = True
) -> list[float]:
    """TODO 2: one advantage per reward, in order. Raise ValueError when the rewards do
    not split into groups of num_generations; for each consecutive group subtract its
    mean and, with scale, divide by its sample_std + 1e-4."""
    raise NotImplementedError("TODO: my_group_advantages")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("group_advantages", my_group_advantages))
