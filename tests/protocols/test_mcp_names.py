"""The chapter's MCP names (MCPTool, MCPClient, MCPServer) over our MCP bridge, on real servers."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from hello_agents.agents.simple_agent import SimpleAgent
from hello_agents.mcp import MCPRequestError, MCPToolError
from hello_agents.protocols import MCPClient, MCPServer, demo_server
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import MCPTool, ToolRegistry

PEERS = Path(__file__).resolve().parent / "peers"
NOTES_SERVER = [sys.executable, str(PEERS / "notes_server.py")]


@pytest.fixture(scope="module")
def demo_tool():
    tool = MCPTool()
    yield tool
    tool.close()


def test_mcp_tool_without_arguments_serves_the_six_demo_tools(demo_tool: MCPTool) -> None:
    listing = demo_tool.run({"action": "list_tools"})
    for name in ("add", "subtract", "multiply", "divide", "greet", "get_system_info"):
        assert f"- {name}(" in listing


def test_call_tool_returns_the_result_as_the_tutorial_prints_it(demo_tool: MCPTool) -> None:
    result = demo_tool.run(
        {"action": "call_tool", "tool_name": "add", "arguments": {"a": 10, "b": 20}}
    )
    assert result == "30.0"


def test_arguments_may_arrive_as_json_text(demo_tool: MCPTool) -> None:
    result = demo_tool.run(
        {"action": "call_tool", "tool_name": "multiply", "arguments": '{"a": 25, "b": 16}'}
    )
    assert result == "400.0"


def test_failures_are_text_for_the_model(demo_tool: MCPTool) -> None:
    divide = demo_tool.run(
        {"action": "call_tool", "tool_name": "divide", "arguments": {"a": 1, "b": 0}}
    )
    assert divide.startswith("Error:") and "non-zero b" in divide
    unknown = demo_tool.run({"action": "call_tool", "tool_name": "nope", "arguments": {}})
    assert unknown.startswith("Error:") and "Available tools: add" in unknown
    assert "tool_name" in demo_tool.run({"action": "call_tool"})
    assert "Use one of: list_tools" in demo_tool.run({"action": "dance"})
    assert "not valid JSON" in demo_tool.run(
        {"action": "call_tool", "tool_name": "add", "arguments": "{a: 1"}
    )


def test_expanded_tools_are_named_after_the_tool_and_validated(demo_tool: MCPTool) -> None:
    registry = ToolRegistry()
    names = demo_tool.register_expanded(registry)
    assert names == [
        "mcp_add",
        "mcp_subtract",
        "mcp_multiply",
        "mcp_divide",
        "mcp_greet",
        "mcp_get_system_info",
    ]
    assert registry.execute_tool("mcp_subtract", {"a": 5, "b": 7}) == "-2.0"
    bad = registry.execute("mcp_add", {"a": "ten", "b": 1})
    assert bad.error_kind == "invalid_arguments"


def test_a_simple_agent_uses_the_mcp_tool_through_its_text_protocol() -> None:
    llm = ScriptedLLM(
        [
            '[TOOL_CALL:calculator:{"action": "call_tool", "tool_name": "add", '
            '"arguments": {"a": 123, "b": 456}}]',
            "123 + 456 = 579",
        ]
    )
    with MCPTool(name="calculator", auto_expand=False) as tool:
        agent = SimpleAgent("assistant", llm)
        agent.add_tool(tool)
        assert agent.run("What is 123 + 456?") == "123 + 456 = 579"
    assert "579.0" in llm.calls[1].last_user_message


def test_add_tool_expands_an_auto_expanding_mcp_tool_as_the_tutorial_does() -> None:
    llm = ScriptedLLM(['[TOOL_CALL:calc_add:{"a": 2, "b": 40}]', "It is 42."])
    with MCPTool(name="calc") as tool:
        agent = SimpleAgent("assistant", llm)
        agent.add_tool(tool)
        assert {"calc_add", "calc_divide", "calc_greet"} <= set(agent.list_tools())
        assert "calc" not in agent.list_tools()
        assert agent.run("2 + 40?") == "It is 42."
    assert "42" in llm.calls[1].last_user_message


def test_stdio_server_written_with_mcp_server_gets_its_env() -> None:
    with MCPTool(
        name="notes", server_command=NOTES_SERVER, env={"NOTES_SECRET": "swordfish"}
    ) as tool:
        assert tool.run({"tool_name": "shout", "arguments": {"text": "hi"}}) == "HI"
        assert tool.run({"action": "call_tool", "tool_name": "secret_word"}) == "swordfish"


def test_a_real_pypi_server_over_stdio(time_server_command: list[str]) -> None:
    with MCPTool(name="time", server_command=time_server_command) as tool:
        assert "get_current_time(" in tool.run({"action": "list_tools"})
        answer = tool.run(
            {
                "action": "call_tool",
                "tool_name": "get_current_time",
                "arguments": {"timezone": "UTC"},
            }
        )
        assert '"timezone": "UTC"' in answer


def test_a_url_reaches_a_streamable_http_server() -> None:
    with demo_server().start_http() as served, MCPTool(server_command=served.url) as tool:
        assert tool.run({"tool_name": "greet", "arguments": {"name": "Ada"}}).startswith(
            "Hello, Ada!"
        )


def test_mcp_client_is_used_with_async_with_as_the_chapter_does() -> None:
    async def session() -> tuple[list[str], str, str]:
        async with MCPClient(NOTES_SERVER) as client:
            tools = await client.list_tools()
            shouted = await client.call_tool("shout", {"text": "mcp"})
        async with MCPClient(demo_server()) as client:
            info = await client.call_tool("get_system_info", {})
        return [tool["name"] for tool in tools], shouted, info

    names, shouted, info = asyncio.run(session())
    assert names == ["shout", "secret_word"]
    assert shouted == "MCP"
    assert '"python_version"' in info


def test_mcp_client_lists_tools_with_their_input_schema() -> None:
    async def first_tool() -> dict:
        async with MCPClient(demo_server()) as client:
            return (await client.list_tools())[0]

    tool = asyncio.run(first_tool())
    assert tool["name"] == "add"
    assert tool["inputSchema"]["properties"]["a"]["type"] == "number"


def test_mcp_client_raises_typed_errors_for_failures() -> None:
    async def failures() -> None:
        async with MCPClient(demo_server()) as client:
            with pytest.raises(MCPToolError, match="non-zero"):
                await client.call_tool("divide", {"a": 1, "b": 0})
            with pytest.raises(MCPRequestError):
                await client.call_tool("nope", {})

    asyncio.run(failures())


def test_mcp_client_outside_async_with_says_how_to_use_it() -> None:
    client = MCPClient(demo_server())
    with pytest.raises(RuntimeError, match="async with"):
        asyncio.run(client.list_tools())


def test_mcp_server_chains_add_tool_and_refuses_undocumented_functions() -> None:
    def no_docstring(x: int) -> int:
        return x

    server = MCPServer("chain", "demo").add_tool(demo_server().registry.get_tool("add").function)
    assert server.list_tools() == ["add"]
    with pytest.raises(Exception, match="docstring"):
        server.add_tool(no_docstring)


def test_the_model_reads_the_servers_tools_in_the_description(demo_tool: MCPTool) -> None:
    assert demo_tool.description.startswith("Tools of the MCP server hello-agents-demo: add:")
    assert "get_system_info: Describe the machine" in demo_tool.description
    assert MCPTool(description="Arithmetic").description == "Arithmetic"  # never connects


def test_an_unreachable_server_is_described_and_reported_as_text() -> None:
    tool = MCPTool(name="ghost", server_command=["/nonexistent/mcp-server"])
    assert "Use action='list_tools'" in tool.description
    assert tool.run({"action": "list_tools"}).startswith("Error: Could not connect")


def test_add_tool_and_register_tool_take_the_tutorials_auto_expand_argument() -> None:
    with MCPTool(name="calc") as tool:
        kept_whole = SimpleAgent("assistant", ScriptedLLM([]))
        kept_whole.add_tool(tool, auto_expand=False)  # the reference's keyword
        assert kept_whole.list_tools() == ["calc"]
        expanded = SimpleAgent("assistant", ScriptedLLM([]))
        expanded.add_tool(tool, auto_expand=True)
        assert {"calc_add", "calc_divide"} <= set(expanded.list_tools())
        registry = ToolRegistry()
        registry.register_tool(tool, auto_expand=False)
        assert registry.list_tools() == ["calc"]
    with MCPTool(name="calc", auto_expand=False) as whole:
        agent = SimpleAgent("assistant", ScriptedLLM([]))
        agent.add_tool(whole, auto_expand=True)  # the tool's own switch still says one tool
        assert agent.list_tools() == ["calc"]
