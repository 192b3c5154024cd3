"""Shared fixture: a fresh storage folder for each test."""

from __future__ import annotations

from pathlib import Path

import pytest

from hello_agents.memory import MemoryConfig


@pytest.fixture
def config(tmp_path: Path) -> MemoryConfig:
    return MemoryConfig(storage_path=tmp_path / "memory")
