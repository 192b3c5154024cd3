"""Real MCP peers for the MCP tests, and where to find them.

* an SDK server (``servers/sdk_server.py``) and our own bridge serving
  ``servers/sample_registry.py``: need only the ``mcp`` extra;
* a server written with fastmcp (``servers/fastmcp_server.py``): the ``ch10`` extra;
* ``mcp-server-time`` (PyPI) and ``@modelcontextprotocol/server-everything`` and the
  Inspector CLI (npm, in ``tests/mcp/node``): installed by ``tests/mcp/install_peers.sh``.

When a peer is missing its tests are skipped, unless ``HELLO_AGENTS_MCP_PEERS=required``
(set by CI), where a missing peer fails the test instead of hiding it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("mcp", reason='the MCP SDK is not installed: pip install "hello-agents[mcp]"')

from hello_agents.mcp import MCPClient, StdioServer

HERE = Path(__file__).resolve().parent
SERVERS = HERE / "servers"
NODE_MODULES = HERE / "node" / "node_modules"
SAMPLE_REGISTRY = f"{SERVERS / 'sample_registry.py'}:registry"
PEERS_REQUIRED = os.environ.get("HELLO_AGENTS_MCP_PEERS") == "required"


def missing_peer(what: str) -> None:
    """Skip (or, in CI, fail) a test whose external peer is not installed."""
    message = f"{what} is not installed: run tests/mcp/install_peers.sh"
    if PEERS_REQUIRED:
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture
def sdk_server() -> StdioServer:
    """A server written with the official SDK, started over stdio."""
    return StdioServer(sys.executable, (str(SERVERS / "sdk_server.py"),))


@pytest.fixture
def our_server() -> StdioServer:
    """Our bridge serving the sample registry, started as the CLI starts it."""
    return StdioServer(sys.executable, ("-m", "hello_agents.mcp", "serve", SAMPLE_REGISTRY))


@pytest.fixture
def sdk_client(sdk_server: StdioServer) -> Iterator[MCPClient]:
    """A connected sync client of the SDK server, closed after the test."""
    with MCPClient(sdk_server, startup_timeout=20, request_timeout=20) as client:
        yield client


@pytest.fixture
def fastmcp_server_command() -> list[str]:
    """The command that starts ``servers/fastmcp_server.py`` (fastmcp, the ch10 extra)."""
    if importlib.util.find_spec("fastmcp") is None:
        missing_peer('fastmcp (pip install -e ".[ch10]")')
    return [sys.executable, str(SERVERS / "fastmcp_server.py")]


@pytest.fixture
def time_server() -> StdioServer:
    """``mcp-server-time`` from PyPI, in UTC."""
    command = Path(sys.executable).with_name("mcp-server-time")
    found = str(command) if command.exists() else shutil.which("mcp-server-time")
    if found is None:
        missing_peer("mcp-server-time (PyPI)")
    assert found is not None
    return StdioServer(found, ("--local-timezone", "UTC"))


def _node_script(package: str, script: str) -> Path:
    path = NODE_MODULES / package / script
    if shutil.which("node") is None or not path.exists():
        missing_peer(f"{package} (npm)")
    return path


@pytest.fixture
def everything_server() -> StdioServer:
    """``@modelcontextprotocol/server-everything`` from npm, over stdio."""
    script = _node_script("@modelcontextprotocol/server-everything", "dist/index.js")
    return StdioServer("node", (str(script), "stdio"))


@pytest.fixture
def inspector_cli() -> list[str]:
    """The MCP Inspector's CLI client (TypeScript SDK), as a command prefix."""
    script = _node_script("@modelcontextprotocol/inspector", "cli/build/cli.js")
    return ["node", str(script), "--cli"]
