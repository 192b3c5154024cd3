"""A model answer to exercise 1 (my_accuracy_reward). Run it to see the check pass:

python chapters/ch11/exercises/solutions/my_reward.py
"""

from __future__ import annotations

import re
from typing import Any

NUMBER = r"-?\d[\d,]*(?:\.\d+)?"


def completion_text(completion: Any) -> str:
    """The text of one completion (a string, or the last chat message's content)."""
    if isinstance(completion, list) and completion and isinstance(completion[-1], dict):
        return str(completion[-1].get("content", ""))
    return str(completion)


def my_extract_answer(text: str) -> float | None:
    """The answer's number: after Final Answer:, else after ####, else the last one."""
    for marker in (r"Final\s*Answer\s*:\s*\$?\s*", r"####\s*\$?\s*"):
        found = re.findall(marker + f"({NUMBER})", text, flags=re.IGNORECASE)
        if found:
            return float(found[-1].replace(",", ""))
    numbers = re.findall(NUMBER, text)
    return float(numbers[-1].replace(",", "")) if numbers else None


def my_accuracy_reward(completions: list[Any], **columns: Any) -> list[float]:
    """1.0 for each completion whose answer equals its ground truth, else 0.0."""
    rewards = []
    for completion, truth in zip(completions, columns["ground_truth"], strict=True):
        answer = my_extract_answer(completion_text(completion))
        expected = my_extract_answer(str(truth))
        right = answer is not None and expected is not None and abs(answer - expected) < 1e-6
        rewards.append(1.0 if right else 0.0)
    return rewards


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("accuracy_reward", my_accuracy_reward))
