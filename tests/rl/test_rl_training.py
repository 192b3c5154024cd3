"""Chapter 11 end to end on the tiny model: every taught setting reaches TRL, LoRA saves
an adapter only, SFT lowers the loss, GRPO raises the reward, evaluate gives numbers.

Needs the ``ch11`` extra (skips without it; fails instead under HELLO_AGENTS_REQUIRE_CH11=1).
Seeded, and asserts on trends with wide margins, never on times.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from hello_agents.rl import TINY_MODEL, BrevityReward, TrainingConfig
from hello_agents.rl.data import math_records
from hello_agents.tools import RLTrainingTool

SFT_SETTINGS = {
    "action": "train", "algorithm": "sft", "max_samples": 64, "num_epochs": 10,
    "batch_size": 8, "learning_rate": 3e-3, "use_lora": False, "logging_steps": 10, "seed": 0,
}  # fmt: skip


@pytest.fixture(scope="module")
def sft_run(rl_cache: Path, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The tiny model fully fine-tuned on 64 problems (80 steps)."""
    output = tmp_path_factory.mktemp("sft")
    return RLTrainingTool().run({**SFT_SETTINGS, "output_dir": str(output)})


def test_sft_lowers_the_loss_and_returns_numbers(sft_run: Any) -> None:
    assert sft_run["status"] == "success", sft_run
    curve = sft_run["loss_curve"]
    assert isinstance(sft_run["final_loss"], float) and len(curve) == 8
    assert curve[-1] < 0.6 * curve[0]
    assert sft_run["num_samples"] == 64 and sft_run["dataset_size"] == 64
    assert Path(sft_run["model_path"], "model.safetensors").is_file()


def test_grpo_with_lora_raises_the_brevity_reward(sft_run: Any, tmp_path: Path) -> None:
    result = RLTrainingTool().run({
        "action": "train", "algorithm": "grpo", "model_name": sft_run["model_path"],
        "output_dir": str(tmp_path), "max_samples": 64, "max_steps": 30, "batch_size": 8,
        "num_generations": 4, "learning_rate": 5e-3, "max_new_tokens": 24, "kl_coef": 0.0,
        "lora_rank": 16, "lora_alpha": 32, "logging_steps": 5, "reward_type": "brevity",
        "seed": 0,
    })  # fmt: skip
    assert result["status"] == "success", result
    curve = result["reward_curve"]
    assert len(curve) == 6 and isinstance(result["average_reward"], float)
    assert sum(curve[-2:]) / 2 > sum(curve[:2]) / 2 + 0.2, curve
    assert result["adapter"] is True
    assert (tmp_path / "adapter_config.json").is_file()


def test_lora_saves_an_adapter_and_leaves_the_base_untouched(
    rl_cache: Path, tmp_path: Path
) -> None:
    from hello_agents.rl.tiny_model import resolve_model

    base = Path(resolve_model(TINY_MODEL)) / "model.safetensors"
    before = hashlib.sha256(base.read_bytes()).hexdigest()
    result = RLTrainingTool().run({
        "action": "train", "algorithm": "sft", "output_dir": str(tmp_path), "max_samples": 8,
        "max_steps": 2, "batch_size": 4, "learning_rate": 1e-2, "lora_rank": 4,
    })  # fmt: skip
    assert result["status"] == "success", result
    saved = {path.name for path in tmp_path.iterdir()}
    assert {"adapter_config.json", "adapter_model.safetensors"} <= saved
    assert "model.safetensors" not in saved
    assert result["trainable_parameters"] < result["total_parameters"] / 4
    assert hashlib.sha256(base.read_bytes()).hexdigest() == before


def test_every_taught_sft_setting_reaches_trl(rl_cache: Path, tmp_path: Path) -> None:
    from hello_agents.rl import SFTTrainerWrapper

    config = TrainingConfig.from_params({
        "algorithm": "sft", "output_dir": str(tmp_path), "num_epochs": 2, "batch_size": 2,
        "learning_rate": 2e-4, "warmup_ratio": 0.2, "weight_decay": 0.03,
        "optimizer": "adafactor", "gradient_accumulation_steps": 3, "save_steps": 7,
        "logging_steps": 5, "eval_steps": 9, "max_length": 128, "seed": 11,
        "lora_r": 6, "lora_alpha": 12, "lora_dropout": 0.1,
        "lora_target_modules": ["q_proj", "k_proj", "o_proj"],
    })  # fmt: skip
    trainer = SFTTrainerWrapper(
        config, math_records(format_type="sft", max_samples=8)
    ).build_trainer()
    args = trainer.args
    assert (args.num_train_epochs, args.per_device_train_batch_size) == (2, 2)
    assert (args.learning_rate, args.warmup_steps, args.weight_decay) == (2e-4, 0.2, 0.03)
    assert args.optim == "adafactor" and args.gradient_accumulation_steps == 3
    assert (args.save_steps, args.logging_steps, args.eval_steps) == (7, 5, 9)
    assert (args.max_length, args.seed) == (128, 11)
    lora = trainer.model.peft_config["default"]
    assert (lora.r, lora.lora_alpha, lora.lora_dropout) == (6, 12, 0.1)
    assert set(lora.target_modules) == {"q_proj", "k_proj", "o_proj"}


def test_every_taught_grpo_setting_reaches_trl(rl_cache: Path, tmp_path: Path) -> None:
    from hello_agents.rl import GRPOTrainerWrapper

    config = TrainingConfig.from_params({
        "algorithm": "grpo", "output_dir": str(tmp_path), "batch_size": 6,
        "num_generations": 3, "max_new_tokens": 17, "temperature": 0.7, "kl_coef": 0.08,
        "clip_range": 0.25, "learning_rate": 3e-6, "lora_rank": 5, "lora_alpha": 10,
    })  # fmt: skip
    rows = math_records(format_type="rl", max_samples=6)
    trainer = GRPOTrainerWrapper(config, rows, BrevityReward()).build_trainer()
    args = trainer.args
    assert (args.num_generations, args.max_completion_length) == (3, 17)
    assert (args.temperature, args.beta, args.epsilon) == (0.7, 0.08, 0.25)
    assert (args.learning_rate, args.per_device_train_batch_size) == (3e-6, 6)
    lora = trainer.model.peft_config["default"]
    assert (lora.r, lora.lora_alpha) == (5, 10)


def test_grpo_warns_when_no_group_has_reward_variance(rl_cache: Path, tmp_path: Path) -> None:
    # The untrained model never answers right: accuracy is 0 for every completion.
    result = RLTrainingTool().run({
        "action": "train", "algorithm": "grpo", "output_dir": str(tmp_path), "max_samples": 4,
        "max_steps": 2, "batch_size": 4, "num_generations": 2, "max_new_tokens": 8,
        "reward_type": "accuracy",
    })  # fmt: skip
    assert result["status"] == "success", result
    assert any("frac_reward_zero_std" in warning for warning in result["warnings"])


def test_evaluate_gives_every_metric_as_a_number(sft_run: Any) -> None:
    result = RLTrainingTool().run({
        "action": "evaluate", "model_path": sft_run["model_path"], "max_samples": 8, "k": 2,
        "max_new_tokens": 32, "return_details": True,
        "metrics": ["accuracy", "accuracy_at_k", "average_length", "format_correctness"],
    })  # fmt: skip
    assert result["status"] == "success", result
    for metric in ("accuracy", "average_reward", "format_correctness", "average_length",
                   "average_steps", "accuracy_at_k"):  # fmt: skip
        assert isinstance(result[metric], float) and result[metric] >= 0, metric
    assert result["num_samples"] == 8 and len(result["details"]) == 8
    assert sum(result["error_types"].values()) == len(result["errors"])
    assert f"{result['accuracy']:.2%}".endswith("%")


def test_an_unknown_hub_model_is_a_clear_error(rl_cache: Path, tmp_path: Path) -> None:
    result = RLTrainingTool().run({
        "action": "train", "model_name": "Qwen/Qwen3-0.6B", "output_dir": str(tmp_path),
        "max_samples": 2, "max_steps": 1,
    })  # fmt: skip
    assert result["status"] == "error"
    assert TINY_MODEL in result["message"]
