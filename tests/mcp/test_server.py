"""Our RegistryServer against real clients: the official SDK's and the MCP Inspector CLI."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession, MCPError, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from hello_agents.core.exceptions import ConfigException
from hello_agents.mcp import RegistryServer, StdioServer
from hello_agents.mcp.cli import list_tools, load_target
from hello_agents.tools.registry import ToolProvider

SAMPLE_REGISTRY = f"{Path(__file__).parent / 'servers' / 'sample_registry.py'}:registry"


def sample_registry() -> ToolProvider:
    """A fresh copy of the registry the server subprocesses serve."""
    return load_target(SAMPLE_REGISTRY).registry


async def sdk_session_calls(session: ClientSession) -> dict[str, Any]:
    """Initialize, list, and make the calls every test checks."""
    await session.initialize()
    listed = await session.list_tools()
    outcome: dict[str, Any] = {"schemas": {t.name: t.input_schema for t in listed.tools}}
    outcome["add"] = await session.call_tool("add", {"a": 2, "b": 40})
    outcome["forecast"] = await session.call_tool("forecast", {"city": "Oslo", "days": 1})
    outcome["divide"] = await session.call_tool("divide", {"a": 1, "b": 0})
    outcome["bad"] = await session.call_tool("add", {"a": "two", "b": 1})
    outcome["shout"] = await session.call_tool("shout", {"text": "hi"})
    try:
        await session.call_tool("nope", {})
    except MCPError as error:
        outcome["unknown"] = error
    return outcome


def check_outcome(outcome: dict[str, Any]) -> None:
    registry = sample_registry()
    assert outcome["schemas"] == {
        tool.name: tool.input_schema() for tool in registry.get_all_tools()
    }
    add: CallToolResult = outcome["add"]
    assert not add.is_error and add.structured_content == {"result": 42}
    assert add.content[0].text == "42"  # type: ignore[union-attr]
    forecast: CallToolResult = outcome["forecast"]
    assert forecast.structured_content == {"city": "Oslo", "unit": "c", "temperatures": [20.0]}
    divide: CallToolResult = outcome["divide"]
    assert divide.is_error and "ZeroDivisionError" in divide.content[0].text  # type: ignore[union-attr]
    bad: CallToolResult = outcome["bad"]
    assert bad.is_error and "a: Input should be a valid integer" in bad.content[0].text  # type: ignore[union-attr]
    shout: CallToolResult = outcome["shout"]
    assert shout.content[0].text == "HI" and shout.structured_content is None  # type: ignore[union-attr]
    assert outcome["unknown"].code == -32602 and "Unknown tool: nope" in str(outcome["unknown"])


def test_sdk_client_over_stdio(our_server: StdioServer) -> None:
    async def scenario() -> dict[str, Any]:
        parameters = StdioServerParameters(command=our_server.command, args=list(our_server.args))
        async with stdio_client(parameters) as (read, write), ClientSession(read, write) as session:
            return await asyncio.wait_for(sdk_session_calls(session), 30)

    check_outcome(asyncio.run(scenario()))


def test_sdk_client_over_streamable_http() -> None:
    async def scenario(url: str) -> dict[str, Any]:
        async with (
            streamable_http_client(url) as (read, write),
            ClientSession(read, write) as session,
        ):
            return await asyncio.wait_for(sdk_session_calls(session), 30)

    with RegistryServer(sample_registry()).start_http() as http:
        check_outcome(asyncio.run(scenario(http.url)))


def inspector(command: list[str], server: StdioServer, *arguments: str) -> Any:
    completed = subprocess.run(
        [*command, server.command, *server.args, *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


@pytest.mark.integration
def test_inspector_cli_lists_and_calls(inspector_cli: list[str], our_server: StdioServer) -> None:
    listed = inspector(inspector_cli, our_server, "--method", "tools/list")
    tools = {tool["name"]: tool for tool in listed["tools"]}
    assert list(tools) == ["add", "forecast", "divide", "process_id", "shout", "reverse"]
    assert tools["forecast"]["inputSchema"]["properties"]["unit"]["enum"] == ["c", "f"]

    called = inspector(
        inspector_cli, our_server, "--method", "tools/call", "--tool-name", "add",
        "--tool-arg", "a=2", "b=40",
    )  # fmt: skip
    assert called["structuredContent"] == {"result": 42}
    assert called["content"] == [{"type": "text", "text": "42"}]

    failed = inspector(
        inspector_cli, our_server, "--method", "tools/call", "--tool-name", "divide",
        "--tool-arg", "a=1", "b=0",
    )  # fmt: skip
    assert failed["isError"] is True and "ZeroDivisionError" in failed["content"][0]["text"]


def test_cli_list_tools_describes_a_server(our_server: StdioServer) -> None:
    text = list_tools(our_server.describe(), timeout=30)
    assert text.splitlines()[0].startswith("hello-agents ") and "6 tools" in text
    assert 'forecast(city: string, days: integer = 2, unit: "c" | "f" = "c")' in text
    assert "Forecast the temperature of a city." in text


def test_cli_module_serves_and_lists_over_stdio() -> None:
    command = [sys.executable, "-m", "hello_agents.mcp"]
    completed = subprocess.run(
        [*command, "list", "--timeout", "30", *command, "serve", SAMPLE_REGISTRY],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert "add(a: integer, b: integer)" in completed.stdout


def test_cli_reports_a_server_that_cannot_start() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "hello_agents.mcp", "list", "no-such-mcp-server", "--flag"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 1
    assert "error: Could not connect" in completed.stderr
    assert "no-such-mcp-server --flag" in completed.stderr


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("no_colon", "module:attribute"),
        ("no_such_module_xyz:registry", "Cannot import"),
        (f"{SAMPLE_REGISTRY}_missing", "has no attribute"),
        (SAMPLE_REGISTRY.replace(":registry", ":Forecast"), "not a ToolRegistry"),
    ],
)
def test_cli_targets_that_are_not_registries(target: str, message: str) -> None:
    with pytest.raises(ConfigException, match=message):
        load_target(target)
