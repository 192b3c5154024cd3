"""Evaluate a model (or a LoRA adapter) on local math problems: every metric a number.

The chapter's metrics: accuracy, accuracy@k (a problem counts when one of k
sampled answers is right), the average reward, format correctness (the answer
given as ``Final Answer: N``), the average answer length (tokens) and steps,
and the errors sorted into the chapter's four kinds:

* ``format``: no ``Final Answer:`` line;
* ``calculation``: a step whose arithmetic is wrong (``48 / 2 = 25``);
* ``reasoning``: every step's arithmetic right, the answer still wrong;
* ``understanding``: a wrong answer with no steps at all.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from hello_agents.rl.data import math_records, solution_steps
from hello_agents.rl.rewards import (
    AccuracyReward,
    RewardFunction,
    count_steps,
    has_answer_format,
    is_correct,
)
from hello_agents.rl.tiny_model import load_model_and_tokenizer

ERROR_TYPES = ("calculation", "reasoning", "understanding", "format")
_ARITHMETIC = re.compile(r"(-?\d+)\s*([-+*/])\s*(-?\d+)\s*=\s*(-?\d+)")


@dataclass
class EvaluationResult:
    """What ``evaluate`` measured.

    Attributes:
        model_path: The model evaluated.
        num_samples: Problems asked.
        accuracy: Share answered correctly (greedy decoding), 0 to 1.
        average_reward: Mean reward of the greedy answers.
        format_correctness: Share answered as ``Final Answer: N``.
        average_length: Mean answer length in tokens.
        average_steps: Mean number of ``Step N:`` per answer.
        error_types: How many wrong answers of each kind (:data:`ERROR_TYPES`).
        accuracy_at_k: Share with a correct answer among ``k`` samples (``k`` > 1 only).
        k: The ``k`` of ``accuracy_at_k``.
        details: Per problem: question, prediction, ground_truth, correct, reward,
            length, steps, ground_truth_steps, error_type.
        device: Where the model ran.
    """

    model_path: str
    num_samples: int
    accuracy: float
    average_reward: float
    format_correctness: float
    average_length: float
    average_steps: float
    error_types: dict[str, int]
    accuracy_at_k: float | None = None
    k: int = 1
    details: list[dict[str, Any]] = field(default_factory=list)
    device: str = "cpu"

    @property
    def errors(self) -> list[dict[str, Any]]:
        """The details of the wrong answers."""
        return [detail for detail in self.details if not detail["correct"]]

    def to_dict(self, details: bool = False) -> dict[str, Any]:
        """JSON-ready data; ``details`` adds ``details`` and ``errors``."""
        data = asdict(self)
        data.pop("details")
        if details:
            data["details"] = self.details
            data["errors"] = self.errors
        return data


def classify_error(prediction: str, ground_truth: Any) -> str | None:
    """The kind of a wrong answer (:data:`ERROR_TYPES`), ``None`` for a right one."""
    if is_correct(prediction, ground_truth):
        return None
    if not has_answer_format(prediction):
        return "format"
    for left, operator, right, result in _ARITHMETIC.findall(prediction):
        a, b, claimed = int(left), int(right), int(result)
        value = {"+": a + b, "-": a - b, "*": a * b}.get(operator)
        if operator == "/":
            value = a // b if b and a % b == 0 else None
        if value is None or value != claimed:
            return "calculation"
    return "reasoning" if count_steps(prediction) else "understanding"


def evaluate_model(
    model_path: str,
    dataset: str | list[dict[str, Any]] = "gsm8k",
    split: str = "test",
    max_samples: int | None = 100,
    reward_fn: RewardFunction | None = None,
    k: int = 1,
    max_new_tokens: int = 64,
    temperature: float = 0.8,
    batch_size: int = 16,
    seed: int = 0,
) -> EvaluationResult:
    """Generate an answer to each problem and score it.

    Args:
        model_path: A model folder, an adapter folder (loaded on its base), or
            :data:`~hello_agents.rl.TINY_MODEL`.
        dataset: ``"gsm8k"`` (the locally made problems), a JSONL path, or rows
            (raw or RL shape).
        split: Which split of ``"gsm8k"`` (``"test"`` by default).
        max_samples: How many problems (``None``: all).
        reward_fn: The reward averaged (accuracy by default).
        k: Samples per problem for ``accuracy_at_k`` (1: not measured).
        max_new_tokens: Longest answer.
        temperature: Sampling temperature of the ``k`` samples (answers scored
            for accuracy are greedy).
        batch_size: Problems generated at once.
        seed: Seeds the sampling.
    """
    import torch

    from hello_agents.rl.data import format_records

    if isinstance(dataset, list):
        rows = format_records(dataset[:max_samples] if max_samples else dataset, "rl")
    else:
        rows = math_records(dataset, split, "rl", max_samples)
    reward = reward_fn or AccuracyReward()
    model, tokenizer = load_model_and_tokenizer(model_path)
    model.eval()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    model.to(device)
    torch.manual_seed(seed)

    def generate(prompts: list[str], samples: int) -> tuple[list[list[str]], list[int]]:
        encoded = tokenizer(prompts, return_tensors="pt", padding=True).to(device)
        options: dict[str, Any] = {"do_sample": False}
        if samples > 1:
            options = {
                "do_sample": True,
                "temperature": temperature,
                "num_return_sequences": samples,
            }
        with torch.no_grad():
            output = model.generate(
                **encoded,
                max_new_tokens=max_new_tokens,
                pad_token_id=tokenizer.pad_token_id,
                **options,
            )
        new = output[:, encoded["input_ids"].shape[1] :]
        texts = tokenizer.batch_decode(new, skip_special_tokens=True)
        lengths = [int((row != tokenizer.pad_token_id).sum()) for row in new]
        return [texts[i : i + samples] for i in range(0, len(texts), samples)], lengths

    details: list[dict[str, Any]] = []
    hits_at_k = 0
    for start in range(0, len(rows), batch_size):
        batch = rows[start : start + batch_size]
        prompts = [row["prompt"] for row in batch]
        greedy, lengths = generate(prompts, 1)
        answers = [texts[0] for texts in greedy]
        truths = [row["ground_truth"] for row in batch]
        rewards = reward(answers, **{key: [row.get(key) for row in batch] for key in batch[0]})
        for row, answer, length, score in zip(batch, answers, lengths, rewards, strict=True):
            error = classify_error(answer, row["ground_truth"])
            details.append(
                {
                    "question": row.get("question", row["prompt"]),
                    "prediction": answer,
                    "ground_truth": row["ground_truth"],
                    "correct": error is None,
                    "reward": float(score),
                    "length": length,
                    "steps": count_steps(answer),
                    "ground_truth_steps": len(solution_steps(row.get("full_answer", ""))),
                    "error_type": error,
                }
            )
        if k > 1:
            for samples, truth in zip(generate(prompts, k)[0], truths, strict=True):
                hits_at_k += any(is_correct(text, truth) for text in samples)
    count = len(details) or 1
    return EvaluationResult(
        model_path=model_path,
        num_samples=len(details),
        accuracy=sum(d["correct"] for d in details) / count,
        average_reward=sum(d["reward"] for d in details) / count,
        format_correctness=sum(has_answer_format(d["prediction"]) for d in details) / count,
        average_length=sum(d["length"] for d in details) / count,
        average_steps=sum(d["steps"] for d in details) / count,
        error_types={kind: sum(d["error_type"] == kind for d in details) for kind in ERROR_TYPES},
        accuracy_at_k=hits_at_k / count if k > 1 else None,
        k=k,
        details=details,
        device=device,
    )


__all__ = ["ERROR_TYPES", "EvaluationResult", "classify_error", "evaluate_model"]
