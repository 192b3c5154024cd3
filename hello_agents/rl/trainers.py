"""SFT and GRPO through TRL, every setting of :class:`TrainingConfig` passed on.

Each wrapper builds TRL's trainer from the config (:meth:`build_trainer`, which
tests read back: ``trainer.args`` and the LoRA config are what TRL runs with),
trains, saves, and returns a :class:`TrainingResult` of numbers: the loss or
reward at each logged step, the last one, the wall time.

With ``use_lora`` (the default) TRL wraps the model in a PEFT LoRA adapter and
only the adapter is trained and saved (``adapter_config.json`` and
``adapter_model.safetensors``); the base model's files are never written. GRPO
started from an SFT adapter first merges it into a copy of its base, saved in
``<output_dir>/base``, so that the new adapter names the model it was trained on.
"""

from __future__ import annotations

import importlib.util
import logging
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hello_agents.rl.config import TrainingConfig
from hello_agents.rl.rewards import RewardFunction
from hello_agents.rl.tiny_model import is_adapter, load_model_and_tokenizer, resolve_model

logger = logging.getLogger(__name__)

NO_SIGNAL_WARNING = (
    "every GRPO group had the same reward for all its completions (frac_reward_zero_std "
    "= 1 at every logged step): the advantages were all zero and the model learned "
    "nothing. Use a reward that tells the completions of one prompt apart (a partial "
    "reward, a format bonus), more num_generations, or a higher temperature"
)


@dataclass
class TrainingResult:
    """What one training run did, in numbers.

    Attributes:
        algorithm: ``"SFT"`` or ``"GRPO"``.
        model: The model trained from (``model_name``).
        output_dir: Where it was saved.
        model_path: What to load next (the same folder: a model, or an adapter).
        num_samples: Training examples used.
        num_epochs: Passes over them.
        adapter: Whether ``model_path`` holds a LoRA adapter only.
        trainable_parameters: Parameters the optimiser changed.
        total_parameters: All parameters, adapter included.
        steps: Optimiser steps taken.
        final_loss: The last logged training loss.
        average_reward: GRPO: the mean reward over all logged steps.
        loss_curve: The loss at each logged step.
        reward_curve: GRPO: the mean reward at each logged step.
        train_runtime: Seconds spent in ``trainer.train()``.
        warnings: What the run could not do as asked, or saw go wrong.
    """

    algorithm: str
    model: str
    output_dir: str
    model_path: str
    num_samples: int
    num_epochs: float
    adapter: bool
    trainable_parameters: int
    total_parameters: int
    steps: int
    final_loss: float | None
    average_reward: float | None
    loss_curve: list[float] = field(default_factory=list)
    reward_curve: list[float] = field(default_factory=list)
    train_runtime: float = 0.0
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data, with ``dataset_size`` for ``num_samples`` too."""
        data = asdict(self)
        data["dataset_size"] = self.num_samples
        return data


def use_cpu(config: TrainingConfig) -> bool:
    """Whether to train on the CPU: when asked, or when torch sees no GPU."""
    if config.use_cpu is not None:
        return bool(config.use_cpu)
    import torch

    return not torch.cuda.is_available()


def available_loggers(config: TrainingConfig) -> tuple[list[str], list[str]]:
    """The loggers asked for that are installed, and a warning for each that is not."""
    kept, warnings = [], []
    for name in config.report_to():
        if importlib.util.find_spec(name) is None:
            warnings.append(f"use_{name} is set but {name} is not installed: not logged there")
        else:
            kept.append(name)
    return kept, warnings


class _TrainerWrapper:
    """What SFT and GRPO share: loading the model, LoRA, the run, the result."""

    algorithm = ""

    def __init__(self, config: TrainingConfig, dataset: Any) -> None:
        self.config = config
        self.dataset = dataset
        self.trainer: Any = None
        self.warnings: list[str] = []

    def load_model(self) -> tuple[Any, Any]:
        """The model to train and its tokenizer. An adapter is merged into its base first."""
        model, tokenizer = load_model_and_tokenizer(self.config.model_name)
        if is_adapter(resolve_model(self.config.model_name)):
            base = Path(self.config.output_dir) / "base"
            model = model.merge_and_unload()
            model.save_pretrained(base)
            tokenizer.save_pretrained(base)
            model, tokenizer = load_model_and_tokenizer(str(base))
        return model, tokenizer

    def peft_config(self) -> Any:
        """PEFT's ``LoraConfig`` from the config, or ``None`` without LoRA."""
        if not self.config.use_lora:
            return None
        from peft import LoraConfig

        return LoraConfig(**self.config.lora_arguments())

    def trl_arguments(self) -> dict[str, Any]:
        """The config's TRL arguments, with only the loggers that are installed."""
        arguments = self.config.trl_arguments(use_cpu(self.config))
        loggers, self.warnings = available_loggers(self.config)
        arguments["report_to"] = loggers or "none"
        if self.config.use_wandb and self.config.wandb_project:
            arguments["project"] = self.config.wandb_project
        return arguments

    def build_trainer(self) -> Any:
        """TRL's trainer, ready to train (what the settings became: ``trainer.args``)."""
        raise NotImplementedError

    def train(self) -> TrainingResult:
        """Train, save to ``output_dir``, and say what happened."""
        import torch

        torch.manual_seed(self.config.seed)
        trainer = self.trainer or self.build_trainer()
        started = time.monotonic()
        trainer.train()
        runtime = time.monotonic() - started
        self.save_model(self.config.output_dir)
        history = trainer.state.log_history
        losses = [float(entry["loss"]) for entry in history if "loss" in entry]
        rewards = [float(entry["reward"]) for entry in history if "reward" in entry]
        zero_std = [
            float(e["frac_reward_zero_std"]) for e in history if "frac_reward_zero_std" in e
        ]
        warnings = list(self.warnings)
        if zero_std and min(zero_std) >= 1.0:
            logger.warning(NO_SIGNAL_WARNING)
            warnings.append(NO_SIGNAL_WARNING)
        model = trainer.model
        return TrainingResult(
            algorithm=self.algorithm,
            model=self.config.model_name,
            output_dir=self.config.output_dir,
            model_path=self.config.output_dir,
            num_samples=len(self.dataset),
            num_epochs=float(self.config.num_epochs),
            adapter=self.config.use_lora,
            trainable_parameters=sum(p.numel() for p in model.parameters() if p.requires_grad),
            total_parameters=sum(p.numel() for p in model.parameters()),
            steps=int(trainer.state.global_step),
            final_loss=losses[-1] if losses else None,
            average_reward=sum(rewards) / len(rewards) if rewards else None,
            loss_curve=losses,
            reward_curve=rewards,
            train_runtime=runtime,
            warnings=warnings,
        )

    def save_model(self, output_dir: str | None = None) -> str:
        """Save the model (with LoRA: the adapter only) and the tokenizer."""
        folder = output_dir or self.config.output_dir
        trainer = self.trainer or self.build_trainer()
        trainer.save_model(folder)
        return folder


class SFTTrainerWrapper(_TrainerWrapper):
    """Supervised fine-tuning on ``{"prompt", "completion"}`` rows (loss on the completion).

    Args:
        config: The settings (``algorithm`` is taken as ``"sft"``).
        dataset: A ``datasets.Dataset`` or a list of SFT rows.
    """

    algorithm = "SFT"

    def build_trainer(self) -> Any:
        from datasets import Dataset
        from trl import SFTConfig, SFTTrainer

        rows = (
            self.dataset if isinstance(self.dataset, Dataset) else Dataset.from_list(self.dataset)
        )
        rows = rows.select_columns([c for c in ("prompt", "completion") if c in rows.column_names])
        model, tokenizer = self.load_model()
        self.trainer = SFTTrainer(
            model=model,
            args=SFTConfig(**self.trl_arguments()),
            train_dataset=rows,
            processing_class=tokenizer,
            peft_config=self.peft_config(),
        )
        return self.trainer


class GRPOTrainerWrapper(_TrainerWrapper):
    """GRPO on ``{"prompt", "ground_truth", ...}`` rows, scored by ``reward_fn``.

    Args:
        config: The settings (``algorithm`` is taken as ``"grpo"``).
        dataset: A ``datasets.Dataset`` or a list of RL rows; every column reaches
            the reward as a keyword argument.
        reward_fn: ``(completions, **columns) -> list[float]``, or a list of them (added up).
        rollout_func: TRL's ``rollout_func``: plays the episodes instead of plain
            sampling, e.g. a :class:`~hello_agents.rl.tool_episodes.ToolEpisodeRollout`
            whose completions call tools; the columns it returns reach the rewards.
    """

    algorithm = "GRPO"

    def __init__(
        self,
        config: TrainingConfig,
        dataset: Any,
        reward_fn: RewardFunction | list[RewardFunction],
        rollout_func: Callable[[list[Any], Any], dict[str, Any]] | None = None,
    ) -> None:
        super().__init__(config, dataset)
        self.reward_fn = reward_fn
        self.rollout_func = rollout_func

    def build_trainer(self) -> Any:
        from datasets import Dataset
        from trl import GRPOConfig, GRPOTrainer

        rows = (
            self.dataset if isinstance(self.dataset, Dataset) else Dataset.from_list(self.dataset)
        )
        model, tokenizer = self.load_model()
        self.trainer = GRPOTrainer(
            model=model,
            reward_funcs=self.reward_fn,
            args=GRPOConfig(**self.trl_arguments()),
            train_dataset=rows,
            processing_class=tokenizer,
            peft_config=self.peft_config(),
            rollout_func=self.rollout_func,
        )
        return self.trainer


class PPOTrainerWrapper:
    """Not provided: the chapter trains with GRPO, which needs no value model."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("PPO is not provided; use GRPOTrainerWrapper (algorithm='grpo')")


__all__ = [
    "NO_SIGNAL_WARNING",
    "GRPOTrainerWrapper",
    "PPOTrainerWrapper",
    "SFTTrainerWrapper",
    "TrainingResult",
]
