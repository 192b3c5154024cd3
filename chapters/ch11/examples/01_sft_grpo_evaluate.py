"""Chapter 11 in one run: SFT, then GRPO with LoRA, then evaluation, on the tiny model.

Offline and on a CPU: the model is the small Qwen2 that hello-agents builds itself
(``hello-agents/tiny-qwen2``), the data GSM8K-style problems made locally. About a
minute on two cores.

    .venv-ch11/bin/python chapters/ch11/examples/01_sft_grpo_evaluate.py
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hello_agents.tools import RLTrainingTool

workspace = Path(tempfile.mkdtemp(prefix="ch11-"))
rl_tool = RLTrainingTool()

# 1. SFT: the untrained model learns the answer format ("Step 1: ... Final Answer: N").
#    The tiny model is fully fine-tuned: its embeddings hold most of its weights, and
#    LoRA would leave them frozen (on a real Qwen checkpoint, keep use_lora=True).
sft = rl_tool.run({
    "action": "train", "algorithm": "sft", "output_dir": str(workspace / "sft"),
    "max_samples": 64, "num_epochs": 10, "batch_size": 8, "learning_rate": 3e-3,
    "use_lora": False, "logging_steps": 10,
})  # fmt: skip
print(f"SFT loss {sft['loss_curve'][0]:.2f} -> {sft['final_loss']:.2f} in {sft['steps']} steps")

# 2. GRPO with LoRA and a brevity reward: the reward-hacking lesson. The reward pays
#    for short answers whatever they say, and the policy learns to say almost nothing.
grpo = rl_tool.run({
    "action": "train", "algorithm": "grpo", "model_name": sft["model_path"],
    "output_dir": str(workspace / "grpo"), "max_samples": 64, "max_steps": 30,
    "batch_size": 8, "num_generations": 4, "learning_rate": 5e-3, "max_new_tokens": 24,
    "kl_coef": 0.0, "lora_rank": 16, "lora_alpha": 32, "logging_steps": 5,
    "reward_type": "brevity",
})  # fmt: skip
curve = grpo["reward_curve"]
print(f"GRPO brevity reward {curve[0]:.2f} -> {curve[-1]:.2f}; adapter only: {grpo['adapter']}")

# 3. Evaluate both on the test split: every metric is a number.
for name, path in (("SFT", sft["model_path"]), ("GRPO", grpo["model_path"])):
    result = rl_tool.run({"action": "evaluate", "model_path": path, "max_samples": 20})
    print(
        f"{name:<5} accuracy {result['accuracy']:.0%}  format {result['format_correctness']:.0%}"
        f"  length {result['average_length']:.1f} tokens  errors {result['error_types']}"
    )
