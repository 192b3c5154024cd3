"""Exercise 1: my_accuracy_reward, the reward GRPO maximises.

TRL's GRPOTrainer calls a reward as ``reward(completions, **columns)``: one
completion per sample (plain text, or a list of chat messages whose last one is
the answer) and every other column of the dataset as a list of the same length
(``ground_truth=["36", "12", ...]``). It wants one float per completion back.

Score 1.0 when the completion's answer equals the ground truth, else 0.0. The
answer is the number after ``Final Answer:``; without that line, the number after
GSM8K's ``####``; without either, the last number of the text. Compare numbers,
not strings ("72.0" is "72", "1,200" is "1200"), and never raise on a completion
that has no number. (The framework's version is hello_agents/rl/rewards.py:
AccuracyReward and extract_answer.)

Fill in the TODOs, then check your function:

    python chapters/ch11/exercises/my_reward.py

A model answer is in solutions/my_reward.py: try first.
"""

from __future__ import annotations

from typing import Any


def completion_text(completion: Any) -> str:
    """TODO 1: the text of one completion: the string itself, or, for a list of chat
    messages (dicts), the "content" of the last one."""
    raise NotImplementedError("TODO: completion_text")


def my_extract_answer(text: str) -> float | None:
    """TODO 2: the number the text gives as its answer: after the last "Final Answer:",
    else after "####", else the last number; commas removed, sign kept. None when the
    text holds no number."""
    raise NotImplementedError("TODO: my_extract_answer")


def my_accuracy_reward(completions: list[Any], **columns: Any) -> list[float]:
    """TODO 3: one float per completion: 1.0 when its answer equals
    columns["ground_truth"][i] (as numbers), else 0.0. Ignore the other columns."""
    raise NotImplementedError("TODO: my_accuracy_reward")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("accuracy_reward", my_accuracy_reward))
