"""The chapter's larger built model (``hello-agents/small-qwen2``), measured against the tiny one.

    .venv-ch11/bin/python benchmarks/rl_small_model.py [--model hello-agents/small-qwen2]
        [--sft-samples 800] [--sft-epochs 10] [--grpo-steps 12] [--test-samples 30]

Both models are built here from a config with the locally trained word-level
tokenizer (no download). For the model named, it measures:

1. math SFT (full fine-tuning on ``Step N: ... Final Answer: N`` solutions): the
   loss, and the greedy accuracy on the test problems before and after;
2. tool-use SFT on worked ``[TOOL_CALL:python_calculator:...]`` episodes: the
   loss, then greedy test episodes (the share that called the tool, answered
   with its result, and were right);
3. GRPO on tool-use episodes (LoRA, ``ToolUseReward``, the calculator really
   running in the rollouts) from that SFT model: the reward curve, and the same
   test episodes after it.

Each stage prints its wall time; the run ends with the total.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")


def main() -> None:
    from hello_agents.rl import SMALL_MODEL

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", default=SMALL_MODEL)
    parser.add_argument("--sft-samples", type=int, default=800)
    parser.add_argument("--sft-epochs", type=float, default=10)
    parser.add_argument("--sft-lr", type=float, default=2e-3)
    parser.add_argument("--grpo-steps", type=int, default=12)
    parser.add_argument("--test-samples", type=int, default=30)
    parser.add_argument("--skip-math", action="store_true", help="only the tool-use stages")
    parser.add_argument("--skip-tools", action="store_true", help="only the math stages")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()

    from hello_agents.rl import (
        GRPOTrainerWrapper,
        SFTTrainerWrapper,
        ToolEpisodeRollout,
        ToolUseReward,
        TrainingConfig,
        evaluate_model,
        tool_use_records,
    )
    from hello_agents.rl.tiny_model import load_model_and_tokenizer, resolve_model
    from hello_agents.rl.tool_episodes import evaluate_tool_use

    workspace = Path(tempfile.mkdtemp(prefix="rl-small-model-"))
    started = time.monotonic()
    model, _ = load_model_and_tokenizer(resolve_model(options.model))
    print(f"{options.model}: {sum(p.numel() for p in model.parameters()):,} parameters")
    del model

    def sft(name: str, rows: list[dict[str, Any]]) -> Any:
        config = TrainingConfig.from_params({
            "algorithm": "sft", "model_name": options.model,
            "output_dir": str(workspace / name), "max_samples": len(rows),
            "num_epochs": options.sft_epochs, "batch_size": 16,
            "learning_rate": options.sft_lr, "use_lora": False, "logging_steps": 10,
            "warmup_ratio": 0.05, "seed": options.seed,
        })  # fmt: skip
        began = time.monotonic()
        result = SFTTrainerWrapper(config, rows).train()
        print(
            f"{name}: loss {result.loss_curve[0]:.3f} -> {result.loss_curve[-1]:.3f} "
            f"({result.steps} steps, {len(rows)} examples, {time.monotonic() - began:.0f} s)"
        )
        return result

    if not options.skip_math:
        from hello_agents.rl.data import math_records

        def accuracy(path: str) -> str:
            result = evaluate_model(path, max_samples=options.test_samples, max_new_tokens=32)
            return (
                f"accuracy {result.accuracy:.0%}, format {result.format_correctness:.0%}, "
                f"errors {result.error_types}"
            )

        print(f"math, before SFT: {accuracy(options.model)}")
        math = sft("math-sft", math_records("gsm8k", "train", "sft", options.sft_samples))
        print(f"math, after SFT:  {accuracy(math.model_path)}")

    def episodes(name: str, path: str) -> None:
        result = evaluate_tool_use(path, max_samples=options.test_samples, max_tool_calls=2)
        print(
            f"{name}: called {result['called']:.0%}, used its result {result['used']:.0%}, "
            f"accuracy {result['accuracy']:.0%}, reward {result['average_reward']:.3f}, "
            f"calls/episode {result['calls_per_episode']:.2f}"
        )
        sample = result["episodes"][0]
        print(f"   e.g. {sample['question']!r}\n   -> {sample['episode']!r}")

    if options.skip_tools:
        print(f"wall time {time.monotonic() - started:.0f} s")
        return
    episodes("tool use, before SFT", options.model)
    tools = sft("tool-sft", tool_use_records(format_type="sft", max_samples=options.sft_samples))
    episodes("tool use, after SFT ", tools.model_path)
    rollout = ToolEpisodeRollout(max_tool_calls=2)
    config = TrainingConfig.from_params({
        "algorithm": "grpo", "model_name": tools.model_path, "output_dir": str(workspace / "grpo"),
        "max_steps": options.grpo_steps, "batch_size": 8, "num_generations": 4,
        "max_new_tokens": 48, "learning_rate": 1e-3, "kl_coef": 0.0, "lora_rank": 16,
        "lora_alpha": 32, "logging_steps": 2, "seed": options.seed,
    })  # fmt: skip
    began = time.monotonic()
    rows = tool_use_records("train[1000:]", "rl", max_samples=64)
    grpo = GRPOTrainerWrapper(config, rows, ToolUseReward(), rollout_func=rollout).train()
    rewards = grpo.reward_curve
    print(
        f"GRPO on episodes: reward {rewards[0]:.3f} -> {rewards[-1]:.3f} ({grpo.steps} steps, "
        f"{rollout.calls_run} calls run, {time.monotonic() - began:.0f} s); "
        f"curve {[round(r, 3) for r in rewards]}; warnings {grpo.warnings}"
    )
    episodes("tool use, after GRPO", grpo.model_path)
    print(f"wall time {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
