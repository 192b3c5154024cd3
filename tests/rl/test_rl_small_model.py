"""The larger built model, ``hello-agents/small-qwen2``: built like the tiny one, trained alike.

What it learns is measured by ``benchmarks/rl_small_model.py`` (minutes); these
tests check that it is built from its own shape with the tiny model's tokenizer,
into its own folder, and that the tutorial's calls train it.
"""

from __future__ import annotations

from pathlib import Path

from hello_agents.rl import SMALL_MODEL, TINY_MODEL
from hello_agents.tools import RLTrainingTool


def test_the_small_model_has_its_own_shape_and_the_tiny_models_tokenizer(rl_cache: Path) -> None:
    from transformers import AutoConfig

    from hello_agents.rl.tiny_model import SMALL_MODEL_SHAPE, load_tokenizer, resolve_model

    small, tiny = Path(resolve_model(SMALL_MODEL)), Path(resolve_model(TINY_MODEL))
    assert small != tiny
    assert small.parent == tiny.parent == rl_cache
    config = AutoConfig.from_pretrained(small)
    for key, value in SMALL_MODEL_SHAPE.items():
        assert getattr(config, key) == value, key
    assert AutoConfig.from_pretrained(tiny).hidden_size < config.hidden_size
    assert load_tokenizer(small).get_vocab() == load_tokenizer(tiny).get_vocab()
    assert resolve_model(SMALL_MODEL) == str(small)  # built once, then found


def test_the_tutorials_train_call_trains_the_small_model(rl_cache: Path, tmp_path: Path) -> None:
    result = RLTrainingTool().run(
        {
            "action": "train",
            "algorithm": "sft",
            "model_name": SMALL_MODEL,
            "output_dir": str(tmp_path / "sft"),
            "max_samples": 8,
            "max_steps": 2,
            "batch_size": 4,
            "use_lora": False,
            "learning_rate": 1e-3,
        }
    )
    assert result["status"] == "success", result
    assert result["steps"] == 2
    assert result["total_parameters"] > 1_000_000
    assert (tmp_path / "sft" / "model.safetensors").is_file()
