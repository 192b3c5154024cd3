"""One typed record of every setting chapter 11 teaches, and where each one goes in TRL.

The tutorial passes its settings as one dict (``RLTrainingTool().run({...})``).
:meth:`TrainingConfig.from_params` reads that dict into this dataclass: a key
it does not know is an error that lists the keys it does know, so a typo never
trains silently with a default. :meth:`TrainingConfig.trl_arguments` then says
exactly which TRL argument each setting becomes, and :meth:`lora_arguments`
what the LoRA adapter gets. Nothing here imports torch or TRL.

    tutorial key           TRL / PEFT argument
    num_epochs             num_train_epochs
    batch_size             per_device_train_batch_size
    learning_rate          learning_rate (default 5e-5 for SFT, 1e-6 for GRPO)
    warmup_ratio           warmup_steps (transformers 5 reads a value below 1 as a ratio)
    weight_decay           weight_decay
    optimizer              optim ("adamw" is "adamw_torch")
    save_steps, logging_steps, eval_steps, seed, max_steps,
    gradient_accumulation_steps                       the same names
    max_length             max_length (SFT)
    num_generations        num_generations (GRPO)
    max_new_tokens         max_completion_length (GRPO)
    temperature            temperature (GRPO)
    kl_coef                beta (GRPO)
    clip_range             epsilon (GRPO)
    lora_rank (lora_r)     LoraConfig(r=...)
    lora_alpha, lora_dropout, lora_target_modules     LoraConfig(lora_alpha=, ...)
    tools, max_tool_calls  GRPOTrainer(rollout_func=ToolEpisodeRollout(...)): the
                           rollouts are tool-use episodes (and the data, SFT's too)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from hello_agents.core.exceptions import ConfigException

Algorithm = Literal["sft", "grpo"]

TINY_MODEL = "hello-agents/tiny-qwen2"
"""The model name of the small Qwen2 model hello-agents builds itself (no download)."""

SMALL_MODEL = "hello-agents/small-qwen2"
"""A larger model built the same way, for the chapter's demos: it trains in minutes."""

DEFAULT_LEARNING_RATES: dict[str, float] = {"sft": 5e-5, "grpo": 1e-6}
"""GRPO's is far smaller: at SFT's 5e-5 GRPO collapses a 0.6B model (the tutorial's
learners measured 57% -> 2.4% on GSM8K); 1e-6 to 1e-5 is the stable range."""

ALIASES = {"lora_r": "lora_rank", "format_type": "format"}
"""Other names the tutorial's code uses for the same key."""

TOOL_USE_TOOL = "python_calculator"
"""The builtin tool ``tools`` may name (the episodes' data are calculations)."""

OPTIMIZERS = {"adamw": "adamw_torch", "sgd": "sgd", "adafactor": "adafactor"}


@dataclass
class TrainingConfig:
    """What ``action="train"`` reads, with the tutorial's key names.

    Attributes:
        algorithm: ``"sft"`` (supervised fine-tuning) or ``"grpo"``.
        model_name: :data:`TINY_MODEL`, a local model folder, or a model id already
            in the Hugging Face cache (nothing is downloaded).
        output_dir: Where the model or adapter is saved.
        dataset: ``"gsm8k"`` (GSM8K-style problems generated locally), a dataset
            registered with the tool, or a path to a JSONL file.
        split: ``"train"`` or ``"test"`` (or ``"train[:100]"``).
        max_samples: How many examples to train on (``None``: all of them).
        num_epochs: Passes over the data.
        batch_size: Examples per device and step. For GRPO, ``batch_size`` times
            ``gradient_accumulation_steps`` must be a multiple of ``num_generations``.
        learning_rate: ``None`` means the algorithm's default
            (:data:`DEFAULT_LEARNING_RATES`).
        warmup_ratio: Share of the steps over which the learning rate rises.
        weight_decay: AdamW's weight decay.
        optimizer: ``"adamw"``, ``"sgd"``, ``"adafactor"`` or any TRL ``optim`` name.
        gradient_accumulation_steps: Steps whose gradients add up before an update.
        max_steps: Stop after this many updates (``None``: run ``num_epochs``).
        save_steps: Save a checkpoint every so many steps (``None``: only at the end).
        logging_steps: Log loss and reward every so many steps.
        eval_steps: Evaluate every so many steps, when there is evaluation data.
        max_length: Longest tokenized SFT example.
        seed: Seeds data order, initialisation and sampling.
        use_lora: Train a LoRA adapter and save only the adapter.
        lora_rank: The adapter's rank r.
        lora_alpha: Its scaling (the update is ``alpha / r * B A``).
        lora_dropout: Dropout on the adapter's input.
        lora_target_modules: The layers that get an adapter.
        num_generations: GRPO: completions sampled per prompt (one group).
        max_new_tokens: GRPO: longest completion.
        temperature: GRPO: sampling temperature.
        kl_coef: GRPO: weight of the KL penalty against the reference model.
        clip_range: GRPO: the clipping epsilon of the probability ratio.
        reward_type: GRPO: ``"accuracy"``, ``"length_penalty"``, ``"step"``,
            ``"combined"``, ``"brevity"`` or ``"tool_use"`` (the default with ``tools``).
        reward_config: Options of that reward (``max_length``, ``penalty_weight``,
            ``step_bonus``, ``components`` of a combined reward, ...).
        custom_dataset: A ``datasets.Dataset`` (or list of dicts) to train on.
        custom_reward: A reward function ``(completions, **columns) -> list[float]``.
        tools: Builtin tools the model calls in ``[TOOL_CALL:...]`` episodes (only
            ``["python_calculator"]`` so far): SFT trains on worked episodes, and
            GRPO's rollouts run the calls (:mod:`hello_agents.rl.tool_episodes`).
        max_tool_calls: Calls per episode, with ``tools``.
        use_cpu: Train on the CPU even when a GPU is there (``None``: CPU when no GPU).
        use_wandb: Report to Weights & Biases (needs ``wandb``).
        use_tensorboard: Write TensorBoard logs (needs ``tensorboard``).
        wandb_project: The W&B project.
    """

    algorithm: Algorithm = "sft"
    model_name: str = TINY_MODEL
    output_dir: str = "./output"
    dataset: str = "gsm8k"
    split: str = "train"
    max_samples: int | None = 100
    num_epochs: float = 3
    batch_size: int = 4
    learning_rate: float | None = None
    warmup_ratio: float = 0.0
    weight_decay: float = 0.0
    optimizer: str = "adamw"
    gradient_accumulation_steps: int = 1
    max_steps: int | None = None
    save_steps: int | None = None
    logging_steps: int = 1
    eval_steps: int | None = None
    max_length: int = 512
    seed: int = 42
    use_lora: bool = True
    lora_rank: int = 8
    lora_alpha: int = 16
    lora_dropout: float = 0.0
    lora_target_modules: list[str] = field(default_factory=lambda: ["q_proj", "v_proj"])
    num_generations: int = 4
    max_new_tokens: int = 64
    temperature: float = 1.0
    kl_coef: float = 0.05
    clip_range: float = 0.2
    reward_type: str = "accuracy"
    reward_config: dict[str, Any] = field(default_factory=dict)
    custom_dataset: Any = None
    custom_reward: Callable[..., list[float]] | None = None
    tools: list[str] | None = None
    max_tool_calls: int = 3
    use_cpu: bool | None = None
    use_wandb: bool = False
    use_tensorboard: bool = False
    wandb_project: str | None = None

    @classmethod
    def from_params(
        cls, params: Mapping[str, Any], *, ignore: tuple[str, ...] = ()
    ) -> TrainingConfig:
        """Read the tutorial's dict of settings.

        Args:
            params: The settings, with the tutorial's key names (``lora_r`` is
                read as ``lora_rank``).
            ignore: Keys that belong to the caller (``"action"``), skipped.

        Returns:
            The config, every value checked.

        Raises:
            ConfigException: A key it does not know (the message lists the valid
                ones), or a value out of range.
        """
        known = {item.name for item in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for key, value in params.items():
            if key in ignore:
                continue
            name = ALIASES.get(key, key)
            if name not in known:
                raise ConfigException(
                    f"unknown training setting {key!r}; valid settings: {', '.join(sorted(known))}"
                )
            values[name] = value
        config = cls(**values)
        config.validate()
        return config

    def validate(self) -> None:
        """Check the values that TRL would reject late, or accept and misuse.

        Raises:
            ConfigException: Naming the setting and what it must be.
        """
        if self.algorithm not in ("sft", "grpo"):
            raise ConfigException(f"algorithm must be 'sft' or 'grpo', not {self.algorithm!r}")
        positive = {
            "batch_size": self.batch_size,
            "num_generations": self.num_generations,
            "max_new_tokens": self.max_new_tokens,
            "lora_rank": self.lora_rank,
            "gradient_accumulation_steps": self.gradient_accumulation_steps,
            "max_tool_calls": self.max_tool_calls,
        }
        for name, value in positive.items():
            if not isinstance(value, int) or value < 1:
                raise ConfigException(f"{name} must be a whole number of at least 1, not {value!r}")
        if not 0 <= self.warmup_ratio < 1:
            raise ConfigException(f"warmup_ratio must be in [0, 1), not {self.warmup_ratio!r}")
        if self.learning_rate is not None and not self.learning_rate > 0:
            raise ConfigException(f"learning_rate must be above 0, not {self.learning_rate!r}")
        if self.tools is not None and list(self.tools) != [TOOL_USE_TOOL]:
            raise ConfigException(
                f"tools must be [{TOOL_USE_TOOL!r}] (the tool episodes' calculator), "
                f"not {self.tools!r}"
            )
        if self.algorithm == "grpo":
            if self.num_generations < 2:
                raise ConfigException(
                    "num_generations must be at least 2: GRPO compares the completions "
                    "of one prompt with each other"
                )
            generated = self.batch_size * self.gradient_accumulation_steps
            if generated % self.num_generations:
                raise ConfigException(
                    f"batch_size x gradient_accumulation_steps ({generated}) must be a "
                    f"multiple of num_generations ({self.num_generations})"
                )

    @property
    def resolved_reward_type(self) -> str:
        """The reward asked for; with ``tools`` and the default, ``"tool_use"``."""
        if self.tools and self.reward_type == "accuracy":
            return "tool_use"
        return self.reward_type

    @property
    def resolved_learning_rate(self) -> float:
        """The learning rate given, or the algorithm's default."""
        if self.learning_rate is not None:
            return float(self.learning_rate)
        return DEFAULT_LEARNING_RATES[self.algorithm]

    def report_to(self) -> list[str]:
        """The loggers asked for (``[]``: none)."""
        return [
            name
            for name, wanted in (("wandb", self.use_wandb), ("tensorboard", self.use_tensorboard))
            if wanted
        ]

    def trl_arguments(self, use_cpu: bool) -> dict[str, Any]:
        """The keyword arguments of TRL's ``SFTConfig`` or ``GRPOConfig``.

        Args:
            use_cpu: Whether to train on the CPU (no GPU, or asked for).
        """
        arguments: dict[str, Any] = {
            "output_dir": self.output_dir,
            "num_train_epochs": float(self.num_epochs),
            "per_device_train_batch_size": self.batch_size,
            "gradient_accumulation_steps": self.gradient_accumulation_steps,
            "learning_rate": self.resolved_learning_rate,
            "warmup_steps": float(self.warmup_ratio),
            "weight_decay": self.weight_decay,
            "optim": OPTIMIZERS.get(self.optimizer, self.optimizer),
            "logging_steps": self.logging_steps,
            "seed": self.seed,
            "data_seed": self.seed,
            "use_cpu": use_cpu,
            "report_to": self.report_to() or "none",
            "save_strategy": "steps" if self.save_steps else "no",
        }
        if self.save_steps:
            arguments["save_steps"] = self.save_steps
        if self.eval_steps:
            arguments["eval_steps"] = self.eval_steps
        if self.max_steps:
            arguments["max_steps"] = self.max_steps
        if self.algorithm == "sft":
            arguments["max_length"] = self.max_length
        else:
            arguments.update(
                num_generations=self.num_generations,
                max_completion_length=self.max_new_tokens,
                temperature=self.temperature,
                beta=self.kl_coef,
                epsilon=self.clip_range,
            )
        return arguments

    def lora_arguments(self) -> dict[str, Any]:
        """The keyword arguments of PEFT's ``LoraConfig``."""
        return {
            "r": self.lora_rank,
            "lora_alpha": self.lora_alpha,
            "lora_dropout": self.lora_dropout,
            "target_modules": list(self.lora_target_modules),
            "task_type": "CAUSAL_LM",
        }


def valid_keys() -> list[str]:
    """Every key ``action="train"`` accepts, sorted (aliases left out)."""
    return sorted(item.name for item in dataclasses.fields(TrainingConfig))


__all__ = [
    "DEFAULT_LEARNING_RATES",
    "SMALL_MODEL",
    "TINY_MODEL",
    "Algorithm",
    "TrainingConfig",
    "valid_keys",
]
