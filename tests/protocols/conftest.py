"""Fixtures of the protocol tests: a hard time limit on every test, and real peers.

Every test here talks to real servers on loopback (our A2A server, the SDK's own
A2A server, MCP servers over stdio and HTTP). A hang must fail, not stall CI, so
each test runs under a watchdog that dumps the stacks and ends the process
after ``HARD_LIMIT`` seconds.
"""

from __future__ import annotations

import faulthandler
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("mcp", reason='the MCP SDK is missing: pip install "hello-agents[ch10]"')
pytest.importorskip("a2a", reason='the A2A SDK is missing: pip install "hello-agents[ch10]"')

HARD_LIMIT = 60.0
PEERS = Path(__file__).resolve().parent / "peers"


@pytest.fixture(autouse=True)
def hard_time_limit() -> Iterator[None]:
    """End the whole run (with every thread's stack) if one test hangs."""
    faulthandler.dump_traceback_later(HARD_LIMIT, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture
def time_server_command() -> list[str]:
    """``mcp-server-time`` from PyPI (installed by tests/mcp/install_peers.sh)."""
    command = Path(sys.executable).with_name("mcp-server-time")
    found = str(command) if command.exists() else shutil.which("mcp-server-time")
    if found is None:
        message = "mcp-server-time is not installed: run tests/mcp/install_peers.sh"
        if os.environ.get("HELLO_AGENTS_MCP_PEERS") == "required":  # CI: never hide a peer
            pytest.fail(message)
        pytest.skip(message)
    assert found is not None
    return [found, "--local-timezone", "UTC"]
