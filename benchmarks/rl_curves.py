"""Chapter 11's measured run: SFT loss and GRPO reward, start and end, and the wall time.

    .venv-ch11/bin/python benchmarks/rl_curves.py [--seed 0]

SFT fully fine-tunes the tiny model (64 problems, 10 epochs); GRPO then trains a
LoRA adapter on it for 30 steps with the brevity reward (the reward-hacking demo).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from hello_agents.tools import RLTrainingTool


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=0)
    seed = parser.parse_args().seed
    workspace = Path(tempfile.mkdtemp(prefix="rl-curves-"))
    tool = RLTrainingTool()
    started = time.monotonic()
    sft = tool.run({
        "action": "train", "algorithm": "sft", "output_dir": str(workspace / "sft"),
        "max_samples": 64, "num_epochs": 10, "batch_size": 8, "learning_rate": 3e-3,
        "use_lora": False, "logging_steps": 10, "seed": seed,
    })  # fmt: skip
    sft_done = time.monotonic()
    grpo = tool.run({
        "action": "train", "algorithm": "grpo", "model_name": sft["model_path"],
        "output_dir": str(workspace / "grpo"), "max_samples": 64, "max_steps": 30,
        "batch_size": 8, "num_generations": 4, "learning_rate": 5e-3, "max_new_tokens": 24,
        "kl_coef": 0.0, "lora_rank": 16, "lora_alpha": 32, "logging_steps": 5,
        "reward_type": "brevity", "seed": seed,
    })  # fmt: skip
    done = time.monotonic()
    losses, rewards = sft["loss_curve"], grpo["reward_curve"]
    print(f"SFT  loss   {losses[0]:.3f} -> {losses[-1]:.3f}  ({sft['steps']} steps, "
          f"{sft_done - started:.1f} s)")  # fmt: skip
    print(f"GRPO reward {rewards[0]:.3f} -> {rewards[-1]:.3f}  ({grpo['steps']} steps, LoRA, "
          f"{done - sft_done:.1f} s)")  # fmt: skip
    print(f"wall time {done - started:.1f} s")


if __name__ == "__main__":
    main()
