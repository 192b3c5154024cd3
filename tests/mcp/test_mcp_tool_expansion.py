"""MCPTool as chapter 13 uses it: the tutorial's two ways of naming a server,
expansion into ``<name>_<tool>``, one server process for every agent, and loud
failures instead of an agent left without tools."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hello_agents import SimpleAgent, ToolRegistry
from hello_agents.mcp import MCPConnectionError, MCPNoToolsError
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import MCPTool

SERVERS = Path(__file__).resolve().parent / "servers"
SDK_SERVER = str(SERVERS / "sdk_server.py")
SDK_TOOLS = {"add", "echo", "distance", "process_id", "wait", "fail"}


@pytest.fixture
def sdk_tool() -> MCPTool:
    tool = MCPTool(name="demo", server_command=[sys.executable, SDK_SERVER], auto_expand=True)
    yield tool
    tool.close()


def test_agents_see_one_tool_per_server_tool_named_with_the_prefix(sdk_tool: MCPTool) -> None:
    agent = SimpleAgent("finder", ScriptedLLM([]))
    agent.add_tool(sdk_tool)
    assert set(agent.list_tools()) == {f"demo_{name}" for name in SDK_TOOLS}


def test_the_texts_command_and_args_form_starts_the_same_server() -> None:
    with MCPTool(name="demo", command=sys.executable, args=[SDK_SERVER]) as tool:
        registry = ToolRegistry()
        registry.register_tool(tool)
        assert registry.execute_tool("demo_add", '{"a": 2, "b": 3}') == "5"


def test_one_server_process_is_shared_by_every_agent(sdk_tool: MCPTool) -> None:
    agents = [SimpleAgent(name, ScriptedLLM([])) for name in ("sights", "weather", "hotels")]
    for agent in agents:
        agent.add_tool(sdk_tool)
    pids = {agent.tool_registry.execute_tool("demo_process_id", "{}") for agent in agents}
    assert len(pids) == 1


def test_a_text_protocol_call_reaches_the_expanded_tool(sdk_tool: MCPTool) -> None:
    llm = ScriptedLLM(["[TOOL_CALL:demo_echo:text=hello,shout=true]", "It said HELLO."])
    agent = SimpleAgent("caller", llm)
    agent.add_tool(sdk_tool)
    assert agent.run("Echo hello loudly.") == "It said HELLO."
    assert "HELLO" in llm.last_call.messages[-1]["content"]


def test_expandable_is_the_same_switch_as_auto_expand() -> None:
    tool = MCPTool(name="demo", server_command=[sys.executable, SDK_SERVER], auto_expand=False)
    assert tool.expandable is False
    tool.expandable = True  # as some tutorial code writes it
    assert tool.auto_expand is True


def test_a_missing_program_is_a_typed_error_naming_the_command() -> None:
    tool = MCPTool(name="amap", server_command=["no-such-uvx-here", "amap-mcp-server"])
    agent = SimpleAgent("sights", ScriptedLLM([]))
    with pytest.raises(MCPConnectionError) as raised:
        agent.add_tool(tool)
    message = str(raised.value)
    assert "no-such-uvx-here amap-mcp-server" in message
    assert "not found on PATH" in message
    assert agent.list_tools() == []


def test_a_server_that_exits_at_start_quotes_its_stderr_without_the_key() -> None:
    script = "import os, sys; sys.stderr.write('bad key ' + os.environ['MAP_KEY']); sys.exit(1)"
    tool = MCPTool(
        name="amap",
        server_command=[sys.executable, "-c", script],
        env={"MAP_KEY": "secret-key-123"},
    )
    with pytest.raises(MCPConnectionError) as raised:
        tool.expanded_tools()
    message = str(raised.value)
    assert "bad key ***" in message
    assert "secret-key-123" not in message
    assert "secret-key-123" not in repr(tool)


def test_a_server_with_no_tools_is_a_typed_error() -> None:
    tool = MCPTool(name="empty", server_command=[sys.executable, str(SERVERS / "empty_server.py")])
    try:
        with pytest.raises(MCPNoToolsError) as raised:
            SimpleAgent("sights", ScriptedLLM([])).add_tool(tool)
    finally:
        tool.close()
    assert raised.value.name == "empty"
    assert "empty_server.py" in str(raised.value)
    assert "lists no tools" in str(raised.value)


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        ({"command": "uvx", "server_command": ["uvx"]}, "server_command or command"),
        ({"args": ["x"]}, "args goes with command"),
    ],
)
def test_ambiguous_server_arguments_are_refused(arguments: dict, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        MCPTool(name="amap", **arguments)
