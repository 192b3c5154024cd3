"""Exercise 3: my_format_row, one GSM8K row in the shapes SFT and GRPO train on.

A raw GSM8K row is {"question": ..., "answer": ...}; the answer holds one
calculation a line, with a calculator note (``2 * 12 = <<2*12=24>>24``), and ends
with ``#### 36``. The chapter trains on two other shapes:

* "sft": {"prompt", "completion"}: the prompt is the question as a ChatML chat
  that opens the assistant's turn; the completion is ``Step 1: 2 * 12 = 24`` (one
  numbered line per calculation, notes removed), then ``Final Answer: 36``;
* "rl": {"prompt", "ground_truth"}: the same prompt, and the final answer as a
  string with thousands separators removed ("1,200" becomes "1200").

Any other format is a ValueError. Never change the row you are given. (The
framework's version is hello_agents/rl/data.py: to_sft_record and to_rl_record.)

Fill in the TODOs, then check your function:

    python chapters/ch11/exercises/my_formatter.py

A model answer is in solutions/my_formatter.py: try first.
"""

from __future__ import annotations

from typing import Any


def chat_prompt(question: str) -> str:
    """TODO 1: "<|im_start|>user\\n" + question + "<|im_end|>\\n<|im_start|>assistant\\n"."""
    raise NotImplementedError("TODO: chat_prompt")


def steps_and_answer(answer: str) -> tuple[list[str], str]:
    """TODO 2: the calculation lines before "####" without their <<...>> notes (blank
    lines dropped), and the text after "####", stripped, commas removed."""
    raise NotImplementedError("TODO: steps_and_answer")


def my_format_row(row: dict[str, Any], format_type: str) -> dict[str, Any]:
    """TODO 3: the row as {"prompt", "completion"} for "sft" or {"prompt", "ground_truth"}
    for "rl"; ValueError for another format."""
    raise NotImplementedError("TODO: my_format_row")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("dataset_formatter", my_format_row))
