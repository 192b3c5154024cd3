"""Chapter 11's tool-use run, measured: SFT on worked episodes, then GRPO whose rollouts
call the calculator, and greedy episodes on the test problems before and after GRPO.

    .venv-ch11/bin/python benchmarks/rl_tool_episodes.py [--seed 0] [--grpo-steps 30]

Prints the SFT loss and the GRPO reward (first and last logged values), the tool calls
the rollouts ran, and for the SFT and the GRPO model the share of test episodes that
called the tool successfully, answered with its result, and were right.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sft-samples", type=int, default=256)
    parser.add_argument("--sft-epochs", type=float, default=6)
    parser.add_argument("--grpo-steps", type=int, default=30)
    parser.add_argument("--test-samples", type=int, default=50)
    options = parser.parse_args()

    from hello_agents.rl import (
        GRPOTrainerWrapper,
        SFTTrainerWrapper,
        ToolEpisodeRollout,
        ToolUseReward,
        TrainingConfig,
        tool_use_records,
    )
    from hello_agents.rl.tool_episodes import evaluate_tool_use

    workspace = Path(tempfile.mkdtemp(prefix="rl-tool-episodes-"))
    started = time.monotonic()
    sft_config = TrainingConfig.from_params({
        "algorithm": "sft", "output_dir": str(workspace / "sft"),
        "max_samples": options.sft_samples, "num_epochs": options.sft_epochs, "batch_size": 8,
        "learning_rate": 3e-3, "use_lora": False, "logging_steps": 10, "seed": options.seed,
    })  # fmt: skip
    sft_rows = tool_use_records(format_type="sft", max_samples=options.sft_samples)
    sft = SFTTrainerWrapper(sft_config, sft_rows).train()
    sft_done = time.monotonic()
    rollout = ToolEpisodeRollout(max_tool_calls=2)
    grpo_config = TrainingConfig.from_params({
        "algorithm": "grpo", "model_name": sft.model_path, "output_dir": str(workspace / "grpo"),
        "max_steps": options.grpo_steps, "batch_size": 8, "num_generations": 4,
        "max_new_tokens": 48, "learning_rate": 5e-3, "kl_coef": 0.0, "lora_rank": 16,
        "lora_alpha": 32, "logging_steps": 5, "seed": options.seed,
    })  # fmt: skip
    rows = tool_use_records(format_type="rl", max_samples=64)
    grpo = GRPOTrainerWrapper(grpo_config, rows, ToolUseReward(), rollout_func=rollout).train()
    grpo_done = time.monotonic()
    losses, rewards = sft.loss_curve, grpo.reward_curve
    print(f"SFT  loss   {losses[0]:.3f} -> {losses[-1]:.3f}  ({sft.steps} steps, "
          f"{sft_done - started:.1f} s)")  # fmt: skip
    print(f"GRPO reward {rewards[0]:.3f} -> {rewards[-1]:.3f}  ({grpo.steps} steps, LoRA, "
          f"{grpo_done - sft_done:.1f} s); curve {[round(r, 3) for r in rewards]}")  # fmt: skip
    print(f"rollouts: {rollout.episodes_run} episodes, {rollout.calls_run} tool calls run")
    for name, path in (("SFT", sft.model_path), ("GRPO", grpo.model_path)):
        report(name, evaluate_tool_use(path, max_samples=options.test_samples))
    print(f"wall time {time.monotonic() - started:.1f} s")


def report(name: str, result: dict[str, Any]) -> None:
    print(
        f"{name:<5} test episodes: called {result['called']:.0%}  used its result "
        f"{result['used']:.0%}  accuracy {result['accuracy']:.0%}  reward "
        f"{result['average_reward']:.3f}  calls/episode {result['calls_per_episode']:.2f}"
    )


if __name__ == "__main__":
    main()
