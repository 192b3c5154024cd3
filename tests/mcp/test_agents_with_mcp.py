"""The tutorial's agents use MCP tools like any other tool (scripted model, real server)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.agents.react_agent import ReActAgent
from hello_agents.mcp import MCPClient
from hello_agents.testing import ScriptedLLM
from hello_agents.testing.script import tool_call, tool_calls
from hello_agents.tools.groups import LOAD_TOOLS, ProgressiveToolView
from hello_agents.tools.registry import ToolRegistry


@pytest.fixture
def registry(sdk_client: MCPClient) -> Iterator[ToolRegistry]:
    registry = ToolRegistry()
    sdk_client.register_tools(registry, prefix="sdk")
    yield registry


def test_function_call_agent_calls_an_mcp_tool(registry: ToolRegistry) -> None:
    script = [
        tool_calls(
            tool_call("sdk_add", {"a": 2, "b": 40}, id="c1"),
            tool_call("sdk_fail", {"reason": "no disk"}, id="c2"),
        ),
        "The answer is 42.",
    ]
    with ScriptedLLM(script) as llm:
        agent = FunctionCallAgent("assistant", llm, tool_registry=registry)
        assert agent.run("What is 2 + 40?") == "The answer is 42."
    offered = [tool["function"]["name"] for tool in llm.calls[0].request["tools"]]
    assert "sdk_add" in offered and "sdk_distance" in offered
    replies = {
        m["tool_call_id"]: m["content"] for m in llm.calls[1].messages if m["role"] == "tool"
    }
    assert replies["c1"] == "42"
    assert "MCPToolError" in replies["c2"]  # the failure is an observation, not a crash


def test_react_agent_calls_an_mcp_tool(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        [
            'Thought: add them.\nAction: sdk_add[{"a": 2, "b": 40}]',
            "Thought: done.\nAction: Finish[42]",
        ]
    )
    agent = ReActAgent("react", llm, registry)
    assert agent.run("What is 2 + 40?") == "42"
    assert "Observation: 42" in (llm.calls[1].last_user_message or "")
    assert "sdk_distance(start: {x: number, y: number}" in (llm.calls[0].last_user_message or "")
    llm.assert_all_used()


def test_a_servers_tools_load_on_demand_as_a_group(sdk_client: MCPClient) -> None:
    registry = ToolRegistry()
    sdk_client.register_tools(registry, prefix="sdk", group="sdk")
    view = ProgressiveToolView(registry, loaded_groups=())
    assert [t["function"]["name"] for t in view.to_openai_schema()] == [LOAD_TOOLS]
    assert "sdk" in view.index()
    hidden = view.execute("sdk_add", {"a": 1, "b": 2})
    assert not hidden.ok and "load_tools" in hidden.content
    assert view.execute(LOAD_TOOLS, {"group": "sdk"}).ok
    assert str(view.execute("sdk_add", {"a": 1, "b": 2})) == "3"
