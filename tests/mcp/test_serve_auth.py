"""``mcp serve --transport http`` beyond loopback: an explicit opt-in and a bearer token."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

from hello_agents.core.exceptions import ConfigException
from hello_agents.mcp import HttpServer, MCPClient, MCPConnectionError
from hello_agents.mcp.cli import TOKEN_VARIABLE, http_token, is_loopback, serve
from hello_agents.mcp.server import RegistryServer
from hello_agents.tools import ToolRegistry

SAMPLE_REGISTRY = f"{Path(__file__).parent / 'servers' / 'sample_registry.py'}:registry"


def status_of(url: str, headers: dict[str, str]) -> int:
    request = urllib.request.Request(url, data=b"{}", headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def registry() -> ToolRegistry:
    tools = ToolRegistry()
    tools.register_function("shout", "Upper-case the text", lambda text: text.upper())
    return tools


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.5"])
def test_loopback_needs_no_token(host: str) -> None:
    assert is_loopback(host)
    assert http_token(host, allow_remote=False, token=None) == (None, False)


def test_a_public_host_needs_the_explicit_opt_in() -> None:
    assert not is_loopback("0.0.0.0")
    with pytest.raises(ConfigException, match="--allow-remote"):
        serve(SAMPLE_REGISTRY, "http", "0.0.0.0", 0)


def test_beyond_loopback_a_token_is_generated_or_taken_as_given() -> None:
    generated, was_generated = http_token("0.0.0.0", allow_remote=True, token=None)
    assert was_generated and generated and len(generated) >= 32
    assert http_token("0.0.0.0", allow_remote=True, token="given") == ("given", False)


def test_the_token_is_checked_on_every_request() -> None:
    server = RegistryServer(registry())
    with server.start_http(token="s3cret-token") as running:
        assert status_of(running.url, {}) == 401
        assert status_of(running.url, {"Authorization": "Bearer wrong"}) == 401
        with pytest.raises(MCPConnectionError):
            MCPClient(running.url, startup_timeout=20).connect()
        good = HttpServer(running.url, headers={"Authorization": "Bearer s3cret-token"})
        with MCPClient(good, startup_timeout=20) as client:
            assert [tool.name for tool in client.list_tools()] == ["shout"]


def test_the_token_never_shows_in_the_guard_repr() -> None:
    app = RegistryServer(registry()).http_app(token="s3cret-token")
    assert "s3cret" not in repr(app)


def test_the_environment_variable_names_the_token() -> None:
    assert TOKEN_VARIABLE == "HELLO_AGENTS_MCP_TOKEN"
