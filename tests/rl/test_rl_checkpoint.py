"""A GGUF model exported as a Hugging Face folder, and trained from it with the tutorial's calls.

The fast tests export a tiny GGUF file written here (``_tiny_gguf.py``, the layout
of llama.cpp's converter) and check that the exported model computes what the
written one does, that its tokenizer keeps the chat template, and that LoRA
training from the folder saves an adapter only and leaves the folder as it was.

The real run exports the embedded Qwen2.5-Coder-0.5B (a minute) and trains on it
(minutes): it runs only when asked, with ``HELLO_AGENTS_RL_REAL_CHECKPOINT=1`` and
the assembled GGUF on the machine.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from hello_agents.cli import main as cli_main
from hello_agents.core.exceptions import ConfigException
from hello_agents.rl.checkpoint import (
    EXPORT_RECORD,
    INSTALL_COMMAND,
    CheckpointError,
    MissingPackageError,
    check_checkpoint_folder,
    export_gguf_checkpoint,
    require_package,
)


def digest_of(folder: Path) -> dict[str, str]:
    """Every file of ``folder`` with the SHA-256 of its bytes."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def tiny_gguf(rl_cache: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    from _tiny_gguf import write_tiny_gguf  # tests/rl, on the path as pytest runs these tests

    path = tmp_path_factory.mktemp("gguf") / "tiny-qwen2.gguf"
    return path, write_tiny_gguf(path)


@pytest.fixture(scope="module")
def exported(tiny_gguf: tuple[Path, object], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path, _ = tiny_gguf
    return export_gguf_checkpoint(str(path), tmp_path_factory.mktemp("export") / "tiny-hf")


# ---- errors, without the extra -----------------------------------------------------------


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CheckpointError, match=r"neither a catalogue model .* nor an existing GGUF"):
        export_gguf_checkpoint(str(tmp_path / "nowhere.gguf"), tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_file_that_is_not_gguf_is_a_clear_error(tmp_path: Path) -> None:
    fake = tmp_path / "model.gguf"
    fake.write_bytes(b"PK\x03\x04 not a gguf file")
    with pytest.raises(CheckpointError, match="not a GGUF model file"):
        export_gguf_checkpoint(str(fake), tmp_path / "out")


def test_a_missing_package_names_the_install_command() -> None:
    with pytest.raises(MissingPackageError) as caught:
        require_package("hello_agents_no_such_package")
    assert caught.value.package == "hello_agents_no_such_package"
    assert INSTALL_COMMAND in str(caught.value)
    assert isinstance(caught.value, ConfigException)  # the tool turns it into an error JSON


def test_an_unfinished_folder_is_named_with_what_it_lacks(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("{}", encoding="utf-8")
    with pytest.raises(CheckpointError) as caught:
        check_checkpoint_folder(tmp_path)
    message = str(caught.value)
    for part in ("tokenizer.json", "safetensors", EXPORT_RECORD):
        assert part in message
    assert "'config.json'" not in message  # it is there


# ---- the export, on a tiny GGUF file -----------------------------------------------------


def test_the_exported_model_computes_what_the_gguf_held(
    tiny_gguf: tuple[Path, object], exported: Path
) -> None:
    import torch
    from transformers import AutoModelForCausalLM

    _, original = tiny_gguf
    record = check_checkpoint_folder(exported)
    assert record["architecture"] == "qwen2"
    assert record["source"] == "tiny-qwen2"
    loaded = AutoModelForCausalLM.from_pretrained(exported).eval()
    ids = torch.tensor([[1, 5, 9, 40, 77, 120]])
    with torch.no_grad():
        expected = original(ids).logits  # type: ignore[operator]
        got = loaded(ids).logits
    assert torch.allclose(expected, got, atol=1e-5)


def test_the_exported_tokenizer_has_the_chat_template_and_the_files_transformers_reads(
    exported: Path,
) -> None:
    from _tiny_gguf import byte_level_tokenizer

    from hello_agents.rl.data import chat_prompt
    from hello_agents.rl.tiny_model import load_tokenizer

    tokenizer = load_tokenizer(exported)
    prompt = chat_prompt("Lena has 12 apples.", tokenizer)
    assert prompt == "<|im_start|>user\nLena has 12 apples.<|im_end|>\n<|im_start|>assistant\n"
    assert tokenizer.eos_token == "<|im_end|>"
    assert tokenizer.pad_token == "<|endoftext|>"
    text = "Step 1: 12 + 30 = 42"
    assert tokenizer(text)["input_ids"] == byte_level_tokenizer().encode(text).ids
    assert tokenizer.decode(tokenizer(text)["input_ids"]) == text


def test_a_second_export_returns_the_finished_folder_untouched(
    tiny_gguf: tuple[Path, object], exported: Path
) -> None:
    before = digest_of(exported)
    again = export_gguf_checkpoint(str(tiny_gguf[0]), exported)
    assert again == exported
    assert digest_of(exported) == before


def test_an_existing_folder_of_something_else_is_not_overwritten(
    tiny_gguf: tuple[Path, object], tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(CheckpointError, match="not a finished export"):
        export_gguf_checkpoint(str(tiny_gguf[0]), tmp_path)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_the_cli_exports_and_prints_the_folder(
    tiny_gguf: tuple[Path, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "cli-export"
    assert cli_main(["rl", "export-checkpoint", str(tiny_gguf[0]), "--output", str(target)]) == 0
    assert capsys.readouterr().out.strip() == str(target)
    assert json.loads((target / EXPORT_RECORD).read_text(encoding="utf-8"))["dtype"] == "float32"


def test_lora_training_from_the_folder_saves_an_adapter_and_leaves_the_folder_as_it_was(
    exported: Path, tmp_path: Path
) -> None:
    from hello_agents.tools import RLTrainingTool

    before = digest_of(exported)
    output = tmp_path / "sft"
    result = RLTrainingTool().run(
        {
            "action": "train",
            "algorithm": "sft",
            "model_name": str(exported),
            "output_dir": str(output),
            "max_samples": 4,
            "max_steps": 2,
            "batch_size": 2,
            "use_lora": True,
            "use_cpu": True,
        }
    )
    assert result["status"] == "success", result
    assert result["adapter"] is True
    saved = {path.name for path in output.iterdir()}
    assert {"adapter_config.json", "adapter_model.safetensors"} <= saved
    assert not any(name.startswith("model") and name.endswith(".safetensors") for name in saved)
    assert digest_of(exported) == before
    evaluation = RLTrainingTool().run(
        {"action": "evaluate", "model_path": str(output), "max_samples": 2, "max_new_tokens": 4}
    )
    assert evaluation["status"] == "success", evaluation
    assert evaluation["num_samples"] == 2


# ---- the real checkpoint: opt-in ---------------------------------------------------------

REAL = os.environ.get("HELLO_AGENTS_RL_REAL_CHECKPOINT") == "1"


@pytest.mark.skipif(not REAL, reason="takes minutes: set HELLO_AGENTS_RL_REAL_CHECKPOINT=1")
def test_the_embedded_qwen_trains_with_lora_through_the_tutorials_calls(
    ch11_extra: None, tmp_path: Path
) -> None:
    from hello_agents.local.settings import default_cache_dir
    from hello_agents.local.weights import QWEN_CODER_0_5B
    from hello_agents.tools import RLTrainingTool

    if not (default_cache_dir() / "models" / QWEN_CODER_0_5B.file_name).is_file():
        pytest.skip(f"the {QWEN_CODER_0_5B.name} GGUF is not assembled on this machine")
    folder = export_gguf_checkpoint(QWEN_CODER_0_5B.name)
    before = {path.name: path.stat().st_mtime_ns for path in folder.iterdir()}
    tool = RLTrainingTool()
    sft = tool.run(
        {
            "action": "train", "algorithm": "sft", "model_name": str(folder),
            "output_dir": str(tmp_path / "sft"), "max_samples": 16, "max_steps": 4,
            "batch_size": 4, "learning_rate": 1e-3, "use_cpu": True,
            "lora_target_modules": ["q_proj", "k_proj", "v_proj", "o_proj",
                                    "gate_proj", "up_proj", "down_proj"],
        }
    )  # fmt: skip
    assert sft["status"] == "success", sft
    assert sft["trainable_parameters"] < sft["total_parameters"] / 100
    assert sft["loss_curve"][-1] < sft["loss_curve"][0] / 2  # measured: 1.78 -> 0.04
    saved = {path.name for path in (tmp_path / "sft").iterdir()}
    assert "adapter_model.safetensors" in saved and "model.safetensors" not in saved
    evaluation = tool.run(
        {"action": "evaluate", "model_path": str(tmp_path / "sft"), "max_samples": 2,
         "max_new_tokens": 48, "return_details": True}
    )  # fmt: skip
    assert evaluation["status"] == "success", evaluation
    assert evaluation["num_samples"] == 2
    assert {path.name: path.stat().st_mtime_ns for path in folder.iterdir()} == before
