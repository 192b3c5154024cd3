"""A model answer to exercise 3 (my_format_row). Run it to see the check pass:

python chapters/ch11/exercises/solutions/my_formatter.py
"""

from __future__ import annotations

import re
from typing import Any


def chat_prompt(question: str) -> str:
    """The question as a ChatML prompt that opens the assistant's turn."""
    return f"<|im_start|>user\n{question}<|im_end|>\n<|im_start|>assistant\n"


def steps_and_answer(answer: str) -> tuple[list[str], str]:
    """The calculations (notes removed) and the final answer (commas removed)."""
    body, _, final = answer.rpartition("####")
    steps = [re.sub(r"<<[^>]*>>", "", line).strip() for line in body.splitlines()]
    return [step for step in steps if step], final.strip().replace(",", "")


def my_format_row(row: dict[str, Any], format_type: str) -> dict[str, Any]:
    """A raw row in the SFT or the RL shape."""
    prompt = chat_prompt(row["question"])
    steps, final = steps_and_answer(row["answer"])
    if format_type == "sft":
        lines = [f"Step {number}: {step}" for number, step in enumerate(steps, 1)]
        return {"prompt": prompt, "completion": "\n".join([*lines, f"Final Answer: {final}"])}
    if format_type == "rl":
        return {"prompt": prompt, "ground_truth": final}
    raise ValueError(f"format_type must be 'sft' or 'rl', not {format_type!r}")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("dataset_formatter", my_format_row))
