"""Chapter 11, agentic RL: SFT, then GRPO, with LoRA, through TRL, offline.

* :mod:`~hello_agents.rl.config`: :class:`TrainingConfig`, every setting the chapter
  teaches and the TRL argument it becomes (an unknown key is an error);
* :mod:`~hello_agents.rl.data`: GSM8K-style problems made locally, in the raw, SFT
  and RL shapes;
* :mod:`~hello_agents.rl.tiny_model`: a small Qwen2 model and tokenizer built from a
  config (:data:`TINY_MODEL`), so the whole pipeline runs in seconds on a CPU, and a
  larger one for the demos (:data:`SMALL_MODEL`, minutes);
* :mod:`~hello_agents.rl.checkpoint`: a real Qwen checkpoint without a hub: the
  embedded GGUF model written as a Hugging Face folder (``export_gguf_checkpoint``);
* :mod:`~hello_agents.rl.rewards`: accuracy, length penalty, step bonus, combined,
  and the brevity reward of the reward-hacking demo;
* :mod:`~hello_agents.rl.trainers`: ``SFTTrainerWrapper`` and ``GRPOTrainerWrapper``;
* :mod:`~hello_agents.rl.tool_episodes`: tool-use episodes as GRPO rollouts (the
  model calls a registered tool mid-answer) and the reward that reads them;
* :mod:`~hello_agents.rl.advantages`: GRPO's group-relative advantage, in plain Python;
* :mod:`~hello_agents.rl.evaluation`: accuracy, accuracy@k, reward, format, length,
  error kinds, as numbers.

The training modules need the ``ch11`` extra (torch, transformers, trl, peft,
datasets); they are imported on first use, so this package imports without it.
"""

from __future__ import annotations

import importlib.util

from hello_agents._lazy import lazy_names
from hello_agents.rl import rewards
from hello_agents.rl.config import (
    DEFAULT_LEARNING_RATES,
    SMALL_MODEL,
    TINY_MODEL,
    TrainingConfig,
)
from hello_agents.rl.rewards import *  # noqa: F403 - as rewards.__all__ lists them

TRL_AVAILABLE = all(
    importlib.util.find_spec(name) is not None for name in ("torch", "trl", "peft", "datasets")
)
"""Whether the ``ch11`` extra's training packages are installed."""

_LAZY = {
    "build_tiny_model": "hello_agents.rl.tiny_model",
    "load_model_and_tokenizer": "hello_agents.rl.tiny_model",
    "SFTTrainerWrapper": "hello_agents.rl.trainers",
    "GRPOTrainerWrapper": "hello_agents.rl.trainers",
    "PPOTrainerWrapper": "hello_agents.rl.trainers",
    "TrainingResult": "hello_agents.rl.trainers",
    "EvaluationResult": "hello_agents.rl.evaluation",
    "evaluate_model": "hello_agents.rl.evaluation",
    "ToolEpisodeRollout": "hello_agents.rl.tool_episodes",
    "tool_use_records": "hello_agents.rl.tool_episodes",
    "group_advantages": "hello_agents.rl.advantages",
    "export_gguf_checkpoint": "hello_agents.rl.checkpoint",
    "check_checkpoint_folder": "hello_agents.rl.checkpoint",
    "CheckpointError": "hello_agents.rl.checkpoint",
    "MissingPackageError": "hello_agents.rl.checkpoint",
    "GSM8KDataset": "hello_agents.rl.datasets",
    "create_math_dataset": "hello_agents.rl.datasets",
    "create_sft_dataset": "hello_agents.rl.datasets",
    "create_rl_dataset": "hello_agents.rl.datasets",
    "format_math_dataset": "hello_agents.rl.datasets",
    "preview_dataset": "hello_agents.rl.datasets",
}


__getattr__ = lazy_names(__name__, _LAZY)


__all__ = [
    "DEFAULT_LEARNING_RATES",
    "SMALL_MODEL",
    "TINY_MODEL",
    "TRL_AVAILABLE",
    "TrainingConfig",
    *_LAZY,
]
__all__ += rewards.__all__
