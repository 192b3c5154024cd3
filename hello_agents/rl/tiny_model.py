"""A small Qwen2 model and its tokenizer, built here from a config: no download.

The chapter fine-tunes Qwen3-0.6B from the Hugging Face Hub on a GPU. To run the
same pipeline on two CPU cores with no Hub, hello-agents builds a model of the
same architecture (``Qwen2ForCausalLM``: grouped-query attention, RoPE, SwiGLU,
RMSNorm), about 145 thousand parameters, and a word-level tokenizer over the
words of the locally made problems (every whole number up to 999 is one token),
with ChatML's special tokens and chat template. SFT on it takes seconds.

Its weights are random until trained: it starts knowing nothing, so what SFT and
GRPO change is easy to see. ``model_name`` may also be a local folder of any
Hugging Face causal LM (a real Qwen checkpoint copied to the machine), or a model
id already in the Hugging Face cache.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hello_agents.core.exceptions import ConfigException
from hello_agents.rl.config import SMALL_MODEL, TINY_MODEL
from hello_agents.rl.data import (
    LARGEST_NUMBER,
    TOOL_VOCABULARY,
    gsm8k_style_split,
    sft_completion,
    to_rl_record,
)

SPECIAL_TOKENS = ("<pad>", "<unk>", "<|im_start|>", "<|im_end|>")
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
TINY_MODEL_SHAPE = {
    "hidden_size": 64,
    "intermediate_size": 128,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "max_position_embeddings": 256,
}
"""The architecture's sizes (``Qwen2Config`` keywords)."""

SMALL_MODEL_SHAPE = {
    "hidden_size": 256,
    "intermediate_size": 512,
    "num_hidden_layers": 4,
    "num_attention_heads": 8,
    "num_key_value_heads": 4,
    "max_position_embeddings": 256,
}
"""The sizes of :data:`SMALL_MODEL`: the same tokenizer, a wider and deeper network."""

MODEL_SHAPES = {TINY_MODEL: TINY_MODEL_SHAPE, SMALL_MODEL: SMALL_MODEL_SHAPE}
"""The models hello-agents builds itself, by name."""


TINY_MODEL_VERSION = 2
"""Version 2 added the tool-call protocol's words (``[TOOL_CALL:...]``, ``Observation``)."""


def tiny_model_dir(model_name: str = TINY_MODEL) -> Path:
    """Where a built model lives (``$HELLO_AGENTS_RL_CACHE``, else ``~/.cache``).

    Args:
        model_name: :data:`TINY_MODEL` or :data:`SMALL_MODEL`.
    """
    root = os.environ.get("HELLO_AGENTS_RL_CACHE")
    folder = Path(root) if root else Path.home() / ".cache" / "hello-agents" / "rl"
    # The version changes with the vocabulary, so a model built before is never reused.
    return folder / f"{model_name.rpartition('/')[2]}-v{TINY_MODEL_VERSION}"


def vocabulary() -> list[str]:
    """The tokenizer's words: special tokens, every word of the problems, and 0..999."""
    words: set[str] = {"user", "assistant", "system", "-", ".", ","}
    words.update(re.findall(r"\w+|[^\w\s]+", TOOL_VOCABULARY))  # the tool-call protocol
    for split in ("train", "test"):
        for row in gsm8k_style_split(split):
            for text in (row["question"], sft_completion(row["answer"])):
                words.update(re.findall(r"\w+|[^\w\s]+", text))
    numbers = [str(number) for number in range(LARGEST_NUMBER + 1)]
    rest = sorted(words - set(numbers))
    return [*SPECIAL_TOKENS, *rest, *numbers]


def build_tokenizer() -> Any:
    """The word-level tokenizer, as a ``transformers`` fast tokenizer with a chat template."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    vocab = {word: index for index, word in enumerate(vocabulary())}
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    core.decoder = decoders.WordPiece(cleanup=True)  # words joined by spaces
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core,
        unk_token="<unk>",
        pad_token="<pad>",
        eos_token="<|im_end|>",
        bos_token=None,
        additional_special_tokens=["<|im_start|>"],
    )
    tokenizer.chat_template = CHAT_TEMPLATE
    tokenizer.padding_side = "left"
    return tokenizer


def build_tiny_model(output_dir: str | Path, seed: int = 0, model_name: str = TINY_MODEL) -> Path:
    """Build a small Qwen2 model and its tokenizer, and save both to ``output_dir``.

    Args:
        output_dir: A folder, created if missing; ``from_pretrained(output_dir)`` loads it.
        seed: Seeds the random initial weights: the same seed, the same model.
        model_name: Which one: :data:`TINY_MODEL` or :data:`SMALL_MODEL` (its shape
            is in :data:`MODEL_SHAPES`).

    Returns:
        ``output_dir`` as a path.
    """
    import torch
    from transformers import GenerationConfig, Qwen2Config, Qwen2ForCausalLM

    tokenizer = build_tokenizer()
    config = Qwen2Config(
        vocab_size=len(tokenizer),
        tie_word_embeddings=True,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=tokenizer.eos_token_id,
        bos_token_id=None,
        **MODEL_SHAPES[model_name],
    )
    torch.manual_seed(seed)
    model = Qwen2ForCausalLM(config)
    model.generation_config = GenerationConfig(
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
        bos_token_id=None,
    )
    folder = Path(output_dir)
    folder.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


def resolve_model(model_name: str) -> str:
    """The folder or cached id that ``from_pretrained`` loads for ``model_name``.

    :data:`TINY_MODEL` and :data:`SMALL_MODEL` are built on first use (into
    :func:`tiny_model_dir`); a local folder is itself; any other name must already
    be in the Hugging Face cache.

    Raises:
        ConfigException: The name is none of these (this machine reaches no hub).
    """
    if model_name in MODEL_SHAPES:
        folder = tiny_model_dir(model_name)
        if not (folder / "config.json").is_file():
            folder.parent.mkdir(parents=True, exist_ok=True)
            staging = Path(tempfile.mkdtemp(prefix=f"{folder.name}-", dir=folder.parent))
            build_tiny_model(staging, model_name=model_name)
            try:
                staging.rename(folder)
            except OSError:  # another process built it first
                shutil.rmtree(staging, ignore_errors=True)
        return str(folder)
    if Path(model_name).is_dir():
        return str(Path(model_name))
    try:
        from huggingface_hub import snapshot_download

        return str(snapshot_download(model_name, local_files_only=True))
    except Exception as error:
        raise ConfigException(
            f"model {model_name!r} is neither a local folder nor in the Hugging Face cache "
            f"(nothing is downloaded); use model_name={TINY_MODEL!r} or {SMALL_MODEL!r}, "
            "models hello-agents builds itself, or the path of a model folder (a GGUF "
            "model becomes one with: hello-agents rl export-checkpoint)"
        ) from error


def is_adapter(path: str | Path) -> bool:
    """Whether ``path`` holds a LoRA adapter (``adapter_config.json``) rather than a model."""
    return (Path(path) / "adapter_config.json").is_file()


def load_model_and_tokenizer(model_name: str) -> tuple[Any, Any]:
    """The model (a LoRA adapter applied on its base) and tokenizer of ``model_name``.

    Args:
        model_name: As for :func:`resolve_model`, or a folder holding an adapter
            saved by a LoRA run (its base is read from ``adapter_config.json``).
    """
    from transformers import AutoModelForCausalLM

    path = resolve_model(model_name)
    if is_adapter(path):
        from peft import PeftConfig, PeftModel

        base_name = PeftConfig.from_pretrained(path).base_model_name_or_path
        base = AutoModelForCausalLM.from_pretrained(resolve_model(str(base_name)))
        model = PeftModel.from_pretrained(base, path)
    else:
        model = AutoModelForCausalLM.from_pretrained(path)
    tokenizer = load_tokenizer(path)
    return model, tokenizer


def load_tokenizer(path: str | Path) -> Any:
    """The tokenizer saved in ``path``, left-padded for generation.

    A tokenizer saved as a plain ``tokenizers`` one (the tiny model's) is loaded as
    such: ``AutoTokenizer`` would go by the model type (``qwen2``) and rebuild a
    byte-level BPE tokenizer from its vocabulary, which splits every word apart.
    """
    import json

    from transformers import AutoTokenizer, PreTrainedTokenizerFast

    settings_file = Path(path) / "tokenizer_config.json"
    settings = (
        json.loads(settings_file.read_text(encoding="utf-8")) if settings_file.is_file() else {}
    )
    if settings.get("tokenizer_class") in ("TokenizersBackend", "PreTrainedTokenizerFast"):
        tokenizer = PreTrainedTokenizerFast.from_pretrained(path)
    else:
        tokenizer = AutoTokenizer.from_pretrained(path)
    tokenizer.padding_side = "left"
    return tokenizer


def rl_prompt(question: str) -> str:
    """The RL prompt of ``question``, as the tiny model reads it."""
    return to_rl_record({"question": question, "answer": "#### 0"})["prompt"]


__all__ = [
    "CHAT_TEMPLATE",
    "MODEL_SHAPES",
    "SMALL_MODEL",
    "SPECIAL_TOKENS",
    "TINY_MODEL",
    "build_tiny_model",
    "build_tokenizer",
    "is_adapter",
    "load_model_and_tokenizer",
    "load_tokenizer",
    "resolve_model",
    "tiny_model_dir",
    "vocabulary",
]
