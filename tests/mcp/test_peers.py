"""Interop with real reference servers: mcp-server-time (PyPI) and server-everything (npm)."""

from __future__ import annotations

import pytest
from mcp.types import Tool as RemoteTool

from hello_agents.mcp import MCPClient, MCPRequestError, MCPTool, StdioServer
from hello_agents.tools.orchestrator import build_orchestrator_model, run_tool_choice
from hello_agents.tools.registry import ToolRegistry

pytestmark = pytest.mark.integration


def test_time_server_list_call_bad_call_unknown_tool(time_server: StdioServer) -> None:
    registry = ToolRegistry()
    with MCPClient(time_server, startup_timeout=30, request_timeout=30) as client:
        loaded = client.register_tools(registry, prefix="time")
        assert loaded.names == ["time_get_current_time", "time_convert_time"]

        converted = registry.execute(
            "time_convert_time",
            {"source_timezone": "UTC", "time": "12:00", "target_timezone": "Asia/Shanghai"},
        )
        assert converted.ok, converted.content
        assert converted.data["target"]["datetime"].endswith("T20:00:00+08:00")  # structuredContent
        assert converted.data["time_difference"] == "+8.0h"

        wrong_type = registry.execute("time_get_current_time", {"timezone": 123})
        assert not wrong_type.ok and wrong_type.error_kind == "invalid_arguments"
        assert "timezone: Input should be a valid string" in wrong_type.content  # never sent

        bad_zone = registry.execute("time_get_current_time", {"timezone": "Mars/Olympus"})
        assert not bad_zone.ok and bad_zone.error_kind == "execution_error"  # isError result
        assert "Mars/Olympus" in bad_zone.content

        with pytest.raises(MCPRequestError) as caught:  # a JSON-RPC error, not a result
            client.call_tool("get_weather", {})
        assert caught.value.code == -32602
        assert "get_weather" in str(caught.value)


def test_everything_server_list_call_bad_call_unknown_tool(everything_server: StdioServer) -> None:
    registry = ToolRegistry()
    with MCPClient(everything_server, startup_timeout=30, request_timeout=30) as client:
        loaded = client.register_tools(registry, prefix="every")
        assert loaded.failures == {}
        assert {"every_echo", "every_get-sum", "every_get-tiny-image"} <= set(loaded.names)

        assert str(registry.execute("every_echo", {"message": "hi"})) == "Echo: hi"
        assert registry.execute("every_get-sum", {"a": 2, "b": 40}).content.endswith("42.")

        guarded = registry.execute("every_get-sum", {"a": "two", "b": 40})
        assert not guarded.ok and "a: Input should be a valid number" in guarded.content

        raw_bad = client.call_tool("get-sum", {"a": "two"})  # the server's own validation
        assert raw_bad.is_error and "-32602" in raw_bad.content[0].text  # type: ignore[union-attr]

        unknown = client.call_tool("no-such-tool", {})  # this server reports it as isError
        assert unknown.is_error and "not found" in unknown.content[0].text  # type: ignore[union-attr]

        image = registry.execute("every_get-tiny-image")
        assert "[image: image/png" in image.content

        structured = registry.execute("every_get-structured-content", {"location": "Chicago"})
        assert structured.ok and isinstance(structured.data, dict)

        enum_bad = registry.execute("every_get-structured-content", {"location": "Paris"})
        assert not enum_bad.ok and '"New York" | "Chicago" | "Los Angeles"' in enum_bad.content


def test_everything_server_resources_and_prompts(everything_server: StdioServer) -> None:
    with MCPClient(everything_server, startup_timeout=30, request_timeout=30) as client:
        resources = client.list_resources()
        assert resources
        [contents, *_] = client.read_resource(str(resources[0].uri))
        assert str(contents.uri) == str(resources[0].uri)
        prompts = {prompt.name: prompt for prompt in client.list_prompts()}
        fetched = client.get_prompt("args-prompt", {"city": "Paris"})
        assert "Paris" in str(fetched.messages[0].content)
        assert "simple-prompt" in prompts


def test_a_json_rpc_error_becomes_an_observation(time_server: StdioServer) -> None:
    registry = ToolRegistry()
    with MCPClient(time_server, startup_timeout=30, request_timeout=30) as client:
        gone = RemoteTool(name="get_weather", description="Removed since listing.", input_schema={})
        registry.register_tool(MCPTool(client, gone))
        result = registry.execute("get_weather", {})
    assert not result.ok and result.error_kind == "execution_error"
    assert "MCPRequestError: JSON-RPC error -32602" in result.content


def test_orchestrator_picks_an_mcp_tool_and_fills_its_arguments(time_server: StdioServer) -> None:
    registry = ToolRegistry()
    with MCPClient(time_server, startup_timeout=30, request_timeout=30) as client:
        client.register_tools(registry)
        model = build_orchestrator_model(registry)
        choice = (
            '{"tool_call": {"tool_name": "convert_time", "arguments": {"source_timezone": "UTC",'
            ' "time": "09:30", "target_timezone": "Europe/Paris"}}}'
        )
        result = run_tool_choice(registry, choice, model=model)
        assert result.ok and result.data["target"]["datetime"].endswith("T10:30:00+01:00")
        wrong = run_tool_choice(
            registry, '{"tool_call": {"tool_name": "convert_time", "arguments": {}}}', model=model
        )
        assert not wrong.ok and "source_timezone" in wrong.content
