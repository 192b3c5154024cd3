"""The chapter's dataset helpers, as ``datasets.Dataset`` objects (the ``ch11`` extra).

``GSM8KDataset(split, max_samples, format_type).get_dataset()``,
``create_sft_dataset``, ``create_rl_dataset`` and ``format_math_dataset`` give the
rows of :mod:`hello_agents.rl.data` as Hugging Face datasets, which TRL trains on.
``model_name`` chooses the chat template the prompts are written in.
"""

from __future__ import annotations

from typing import Any

from hello_agents.rl.config import TINY_MODEL
from hello_agents.rl.data import FormatType, format_records, math_records


def _tokenizer(model_name: str | None) -> Any:
    if model_name is None:
        return None
    from hello_agents.rl.tiny_model import load_tokenizer, resolve_model

    return load_tokenizer(resolve_model(model_name))


class GSM8KDataset:
    """GSM8K-style problems (made locally, or read from a JSONL file) in one shape.

    Args:
        split: ``"train"`` or ``"test"`` (sliced or not: ``"train[:100]"``).
        max_samples: Keep the first so many (``None``: all).
        format_type: ``"raw"``, ``"sft"`` or ``"rl"``.
        tokenizer: Writes the prompts with its chat template (ChatML when ``None``).
        source: ``"gsm8k"`` or a JSONL path.
    """

    def __init__(
        self,
        split: str = "train",
        max_samples: int | None = None,
        format_type: FormatType = "sft",
        tokenizer: Any = None,
        source: str = "gsm8k",
    ) -> None:
        self.rows = math_records(source, split, format_type, max_samples, tokenizer)
        self.format_type = format_type

    def get_dataset(self) -> Any:
        """The rows as a ``datasets.Dataset``."""
        from datasets import Dataset

        return Dataset.from_list(self.rows)

    def __len__(self) -> int:
        return len(self.rows)


def create_math_dataset(
    split: str = "train", max_samples: int | None = None, format_type: FormatType = "sft"
) -> Any:
    """GSM8K-style problems in ``format_type``, as a ``datasets.Dataset``."""
    return GSM8KDataset(split, max_samples, format_type).get_dataset()


def create_sft_dataset(max_samples: int | None = 1000, split: str = "train") -> Any:
    """SFT rows: ``prompt``, ``completion``, ``text``."""
    return create_math_dataset(split, max_samples, "sft")


def create_rl_dataset(
    max_samples: int | None = 500, split: str = "train", model_name: str = TINY_MODEL
) -> Any:
    """RL rows: ``prompt``, ``ground_truth``, ``question``, ``full_answer``."""
    return GSM8KDataset(split, max_samples, "rl", _tokenizer(model_name)).get_dataset()


def format_math_dataset(
    dataset: Any, format_type: FormatType = "sft", model_name: str | None = None
) -> Any:
    """Raw ``{"question", "answer"}`` rows (a ``Dataset`` or a list) in ``format_type``."""
    from datasets import Dataset

    rows = dataset.to_list() if isinstance(dataset, Dataset) else list(dataset)
    return Dataset.from_list(format_records(rows, format_type, _tokenizer(model_name)))


def preview_dataset(dataset: Any, count: int = 3) -> list[dict[str, Any]]:
    """The first ``count`` rows, as dicts."""
    return [dict(dataset[index]) for index in range(min(count, len(dataset)))]


__all__ = [
    "GSM8KDataset",
    "create_math_dataset",
    "create_rl_dataset",
    "create_sft_dataset",
    "format_math_dataset",
    "preview_dataset",
]
