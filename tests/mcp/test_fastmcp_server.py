"""A server written with fastmcp (the ch10 extra), reached through our client and MCPTool.

Chapter 10 has learners write servers with fastmcp's decorators; this one is
``servers/fastmcp_server.py``. It is started over stdio as the chapter starts
``my_mcp_server.py``: by the tutorial's async ``MCPClient([...])``, by
``MCPTool(server_command=[...])``, and expanded into an agent's tools.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hello_agents.testing import ScriptedLLM


def test_the_tutorials_async_client_lists_and_calls_its_tools(
    fastmcp_server_command: list[str],
) -> None:
    from hello_agents.protocols import MCPClient

    async def session() -> tuple[list[dict[str, Any]], Any]:
        client = MCPClient(fastmcp_server_command, request_timeout=30)
        async with client:
            tools = await client.list_tools()
            result = await client.call_tool("celsius_to_fahrenheit", {"celsius": 100})
        return tools, result

    tools, result = asyncio.run(session())
    assert sorted(tool["name"] for tool in tools) == ["celsius_to_fahrenheit", "shout"]
    shout = next(tool for tool in tools if tool["name"] == "shout")
    assert shout["inputSchema"]["required"] == ["text"]
    assert "212" in str(result)


def test_mcp_tool_calls_it_and_reports_a_bad_call_as_text(
    fastmcp_server_command: list[str],
) -> None:
    from hello_agents.tools import MCPTool

    with MCPTool(name="units", server_command=fastmcp_server_command) as units:
        listed = units.run({"action": "list_tools"})
        called = units.run(
            {"action": "call_tool", "tool_name": "shout", "arguments": {"text": "hi", "times": 2}}
        )
        wrong = units.run(
            {"action": "call_tool", "tool_name": "shout", "arguments": {"times": "many"}}
        )
    assert "celsius_to_fahrenheit(celsius: number)" in listed
    assert called == "HI HI"
    assert wrong.startswith("Error:")


def test_an_agent_calls_its_expanded_tools(fastmcp_server_command: list[str]) -> None:
    from hello_agents import SimpleAgent
    from hello_agents.tools import MCPTool

    llm = ScriptedLLM(
        ['[TOOL_CALL:units_celsius_to_fahrenheit:{"celsius": 37}]', "37 C is 98.6 F."]
    )
    agent = SimpleAgent(name="helper", llm=llm)
    units = MCPTool(name="units", server_command=fastmcp_server_command)
    try:
        agent.add_tool(units)
        assert "units_shout" in agent.list_tools()
        assert agent.run("How warm is 37 C in Fahrenheit?") == "37 C is 98.6 F."
    finally:
        units.close()
    observation = json.dumps(llm.calls[1].messages, ensure_ascii=False)
    assert "98.6" in observation
