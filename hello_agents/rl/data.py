"""GSM8K-style math problems, made here, in the chapter's three shapes.

The tutorial trains on GSM8K from the Hugging Face Hub, which no machine of this
project reaches. This module writes grade-school word problems of the same kind
itself, from a seed, so every run sees the same data:

* raw: ``{"question", "answer"}``, the answer in GSM8K's notation
  (``12 * 2 = <<12*2=24>>24`` for each step, ``#### 36`` for the result);
* SFT: ``{"prompt", "completion", "text"}``, the prompt in the ChatML the Qwen
  models read, the completion ``Step 1: ... Final Answer: 36``;
* RL: ``{"prompt", "ground_truth", "question", "full_answer"}``.

A real GSM8K (or any data) in the raw shape works the same way from a JSONL file
(``load_records(path)``). The ``datasets.Dataset`` forms are built lazily, so
this module imports without the ``ch11`` extra.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from hello_agents.core.exceptions import ConfigException

FormatType = Literal["raw", "sft", "rl"]

TRAIN_SIZE = 2000
TEST_SIZE = 200
LARGEST_NUMBER = 999
"""Every number in a problem, its steps and its answer stays at or below this."""

FINAL_ANSWER = "Final Answer:"
NAMES = ("Lena", "Omar", "Mia", "Ravi", "Sofia", "Tom", "Aiko", "Ben", "Nora", "Ivan")
ITEMS = ("apples", "stickers", "marbles", "books", "cookies", "stamps", "shells", "pencils")


@dataclass(frozen=True)
class Step:
    """One calculation of a solution: ``12 * 2 = 24``."""

    expression: str
    value: int


@dataclass(frozen=True)
class MathProblem:
    """A word problem with its worked solution."""

    question: str
    steps: tuple[Step, ...]

    @property
    def answer(self) -> int:
        """The final result (the last step's)."""
        return self.steps[-1].value

    def gsm8k_answer(self) -> str:
        """The solution in GSM8K's notation, ending ``#### answer``."""
        lines = [
            f"{step.expression} = <<{step.expression.replace(' ', '')}={step.value}>>{step.value}"
            for step in self.steps
        ]
        return "\n".join([*lines, f"#### {self.answer}"])


def _add(rng: random.Random) -> MathProblem:
    name, item = rng.choice(NAMES), rng.choice(ITEMS)
    a, b = rng.randint(2, 400), rng.randint(2, 400)
    return MathProblem(
        f"{name} has {a} {item} and gets {b} more. How many {item} does {name} have now?",
        (Step(f"{a} + {b}", a + b),),
    )


def _twice(rng: random.Random) -> MathProblem:
    name, item = rng.choice(NAMES), rng.choice(ITEMS)
    a = rng.randint(2, 300)
    return MathProblem(
        f"{name} sold {a} {item} on Monday and twice as many on Tuesday. "
        f"How many {item} did {name} sell on the two days?",
        (Step(f"{a} * 2", a * 2), Step(f"{a} + {a * 2}", a * 3)),
    )


def _boxes(rng: random.Random) -> MathProblem:
    item = rng.choice(ITEMS)
    a, b = rng.randint(2, 30), rng.randint(2, 30)
    return MathProblem(
        f"A box holds {a} {item}. How many {item} are in {b} boxes?",
        (Step(f"{a} * {b}", a * b),),
    )


def _give_and_find(rng: random.Random) -> MathProblem:
    name, item = rng.choice(NAMES), rng.choice(ITEMS)
    a = rng.randint(20, 500)
    b, c = rng.randint(1, a - 1), rng.randint(1, 400)
    return MathProblem(
        f"{name} had {a} {item} and gave {b} to a friend. Then {name} found {c} more. "
        f"How many {item} does {name} have?",
        (Step(f"{a} - {b}", a - b), Step(f"{a - b} + {c}", a - b + c)),
    )


def _pages(rng: random.Random) -> MathProblem:
    name = rng.choice(NAMES)
    a, b, c = rng.randint(2, 40), rng.randint(2, 12), rng.randint(1, 60)
    return MathProblem(
        f"{name} reads {a} pages a day for {b} days and {c} pages on the next day. "
        f"How many pages does {name} read in all?",
        (Step(f"{a} * {b}", a * b), Step(f"{a * b} + {c}", a * b + c)),
    )


def _share(rng: random.Random) -> MathProblem:
    name, item = rng.choice(NAMES), rng.choice(ITEMS)
    each, friends = rng.randint(2, 40), rng.randint(2, 12)
    total = each * friends
    return MathProblem(
        f"{name} shares {total} {item} equally among {friends} friends. "
        f"How many {item} does each friend get?",
        (Step(f"{total} / {friends}", each),),
    )


def _savings(rng: random.Random) -> MathProblem:
    name = rng.choice(NAMES)
    a, b = rng.randint(5, 60), rng.randint(2, 10)
    c = rng.randint(1, a * b - 1)
    return MathProblem(
        f"{name} earns {a} dollars a week. After {b} weeks {name} spends {c} dollars. "
        f"How many dollars are left?",
        (Step(f"{a} * {b}", a * b), Step(f"{a * b} - {c}", a * b - c)),
    )


PROBLEM_KINDS: tuple[Callable[[random.Random], MathProblem], ...] = (
    _add,
    _twice,
    _boxes,
    _give_and_find,
    _pages,
    _share,
    _savings,
)


def generate_problems(count: int, seed: int = 0, exclude: Iterable[str] = ()) -> list[MathProblem]:
    """``count`` distinct problems, the same for the same seed.

    Args:
        count: How many.
        seed: Chooses the problems.
        exclude: Questions never to produce (another split's).
    """
    rng = random.Random(seed)
    seen = set(exclude)
    problems: list[MathProblem] = []
    while len(problems) < count:
        problem = rng.choice(PROBLEM_KINDS)(rng)
        if problem.question in seen:
            continue
        seen.add(problem.question)
        problems.append(problem)
    return problems


def gsm8k_style_split(split: str = "train") -> list[dict[str, str]]:
    """The locally made stand-in for GSM8K: ``train`` (2,000) or ``test`` (200), raw shape.

    ``split`` may slice, as the Hub does: ``"train[:100]"``, ``"test[10:20]"``.

    Raises:
        ConfigException: An unknown split.
    """
    name, selection = _parse_split(split)
    train = generate_problems(TRAIN_SIZE, seed=0)
    if name == "train":
        problems = train
    else:
        problems = generate_problems(TEST_SIZE, seed=1, exclude=(p.question for p in train))
    rows = [{"question": p.question, "answer": p.gsm8k_answer()} for p in problems]
    return rows[selection]


def _parse_split(split: str) -> tuple[str, slice]:
    match = re.fullmatch(r"(train|test)(?:\[(-?\d*):(-?\d*)\])?", split.strip())
    if match is None:
        raise ConfigException(f"split must be 'train' or 'test' (or 'train[:100]'), not {split!r}")
    start, stop = (int(value) if value else None for value in match.group(2, 3))
    return match.group(1), slice(start, stop)


# ---- the three shapes ---------------------------------------------------------------


def final_answer(gsm8k_answer: str) -> str:
    """The number after ``####`` in a GSM8K answer (``"1,200"`` becomes ``"1200"``)."""
    _, marker, tail = gsm8k_answer.rpartition("####")
    return (tail if marker else gsm8k_answer).strip().replace(",", "")


def solution_steps(gsm8k_answer: str) -> list[str]:
    """The calculations of a GSM8K answer, ``<<...>>`` notes taken out: ``["12 * 2 = 24"]``."""
    body = gsm8k_answer.rpartition("####")[0] or gsm8k_answer
    lines = [re.sub(r"<<[^>]*>>", "", line).strip() for line in body.splitlines()]
    return [line for line in lines if line]


def chat_prompt(question: str, tokenizer: Any = None) -> str:
    """The question as a chat prompt, ready for the assistant's turn.

    With a tokenizer that has a chat template, that template writes it; otherwise
    ChatML, the format of the Qwen models (and of :data:`~hello_agents.rl.TINY_MODEL`).
    """
    messages = [{"role": "user", "content": question}]
    if tokenizer is not None and getattr(tokenizer, "chat_template", None):
        return str(
            tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
        )
    return f"<|im_start|>user\n{question}<|im_end|>\n<|im_start|>assistant\n"


def sft_completion(gsm8k_answer: str) -> str:
    """The answer the SFT stage teaches: numbered steps, then ``Final Answer: N``."""
    steps = [
        f"Step {number}: {line}" for number, line in enumerate(solution_steps(gsm8k_answer), 1)
    ]
    return "\n".join([*steps, f"{FINAL_ANSWER} {final_answer(gsm8k_answer)}"])


def to_sft_record(row: dict[str, Any], tokenizer: Any = None) -> dict[str, str]:
    """A raw ``{"question", "answer"}`` row in the SFT shape (prompt, completion, text)."""
    prompt = chat_prompt(row["question"], tokenizer)
    completion = sft_completion(row["answer"])
    return {"prompt": prompt, "completion": completion, "text": prompt + completion}


def to_rl_record(row: dict[str, Any], tokenizer: Any = None) -> dict[str, str]:
    """A raw row in the RL shape ``{"prompt", "ground_truth", "question", "full_answer"}``."""
    return {
        "prompt": chat_prompt(row["question"], tokenizer),
        "ground_truth": final_answer(row["answer"]),
        "question": row["question"],
        "full_answer": row["answer"],
    }


def format_records(
    rows: Sequence[dict[str, Any]], format_type: FormatType, tokenizer: Any = None
) -> list[dict[str, Any]]:
    """Raw rows in the shape ``format_type`` asks for; rows already in it pass unchanged.

    Raises:
        ConfigException: An unknown shape, or rows that are neither raw nor of that shape.
    """
    if format_type not in ("raw", "sft", "rl"):
        raise ConfigException(f"format must be 'raw', 'sft' or 'rl', not {format_type!r}")
    if not rows:
        return []
    columns = set(rows[0])
    needed = {"raw": {"question", "answer"}, "sft": {"prompt", "completion"}}.get(
        format_type, {"prompt", "ground_truth"}
    )
    if needed <= columns:
        return [dict(row) for row in rows]
    if not {"question", "answer"} <= columns:
        raise ConfigException(
            f"rows with columns {sorted(columns)} can be used neither as {format_type} data "
            f"(needs {sorted(needed)}) nor as raw data (needs ['answer', 'question'])"
        )
    convert = to_sft_record if format_type == "sft" else to_rl_record
    return [convert(row, tokenizer) for row in rows]


def load_records(path: str | Path) -> list[dict[str, Any]]:
    """Rows from a local ``.jsonl`` file (one object a line) or ``.json`` file (a list).

    Raises:
        ConfigException: The file is missing or holds no list of objects.
    """
    file = Path(path)
    if not file.is_file():
        raise ConfigException(f"no data file at {file}")
    text = file.read_text(encoding="utf-8")
    try:
        if file.suffix == ".json":
            rows = json.loads(text)
        else:
            rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    except json.JSONDecodeError as error:
        raise ConfigException(f"{file} is not valid JSON: {error}") from error
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise ConfigException(f"{file} must hold a list of JSON objects")
    return rows


def math_records(
    source: str | Path = "gsm8k",
    split: str = "train",
    format_type: FormatType = "raw",
    max_samples: int | None = None,
    tokenizer: Any = None,
) -> list[dict[str, Any]]:
    """Rows of ``source`` (``"gsm8k"``: the locally made problems; or a JSONL path), shaped.

    Args:
        source: ``"gsm8k"`` or a path to a ``.jsonl``/``.json`` file.
        split: For ``"gsm8k"``: ``"train"`` or ``"test"``, sliced or not.
        format_type: ``"raw"``, ``"sft"`` or ``"rl"``.
        max_samples: Keep the first so many (``None``: all).
        tokenizer: Writes the prompts with its chat template, when it has one.
    """
    rows = gsm8k_style_split(split) if str(source) == "gsm8k" else load_records(source)
    if max_samples is not None:
        rows = rows[:max_samples]
    return format_records(rows, format_type, tokenizer)


TOOL_NAME = "python_calculator"
"""The registered tool the chapter's episodes call (the builtin ``CalculatorTool``)."""

TOOL_SYSTEM_PROMPT = (
    "Use the tool python_calculator for every calculation: write "
    "[TOOL_CALL:python_calculator:expression] and read its Observation. "
    "Then give the Final Answer: N"
)
"""The system message of a tool-use prompt (its words are in the tiny model's vocabulary)."""

OBSERVATION_TEMPLATE = "\nObservation: {result}\n"
"""How a tool's result is written into the episode after the call."""

TOOL_VOCABULARY = f"{TOOL_SYSTEM_PROMPT} [TOOL_CALL:{TOOL_NAME}:1] Observation: 1.5 ERROR"
"""Text whose words the tiny model's tokenizer must know to speak the protocol."""


__all__ = [
    "FINAL_ANSWER",
    "OBSERVATION_TEMPLATE",
    "TOOL_NAME",
    "TOOL_SYSTEM_PROMPT",
    "TOOL_VOCABULARY",
    "FormatType",
    "MathProblem",
    "Step",
    "chat_prompt",
    "final_answer",
    "format_records",
    "generate_problems",
    "gsm8k_style_split",
    "load_records",
    "math_records",
    "sft_completion",
    "solution_steps",
    "to_rl_record",
    "to_sft_record",
]
