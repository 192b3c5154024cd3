"""MCPClient against a real server written with the official SDK (stdio, HTTP, SSE)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import pytest
from mcp.server.mcpserver import MCPServer

from hello_agents.mcp import (
    BackgroundHttpServer,
    MCPClient,
    MCPConnectionError,
    MCPException,
    MCPRequestError,
    MCPServers,
    RegistryServer,
    SseServer,
    StdioServer,
)
from hello_agents.tools.registry import ToolRegistry


def test_lists_and_calls_tools_over_stdio(sdk_client: MCPClient) -> None:
    assert sdk_client.server_info is not None
    assert sdk_client.server_info.name == "sdk-test-server"
    assert [tool.name for tool in sdk_client.list_tools()] == [
        "add",
        "echo",
        "distance",
        "process_id",
        "wait",
        "fail",
    ]
    result = sdk_client.call_tool("add", {"a": 2, "b": 40})
    assert not result.is_error and result.structured_content == {"result": 42}


def test_registered_tools_validate_call_and_report(sdk_client: MCPClient) -> None:
    registry = ToolRegistry()
    loaded = sdk_client.register_tools(registry, prefix="sdk")
    assert loaded.names[:3] == ["sdk_add", "sdk_echo", "sdk_distance"]
    assert loaded.names[-1] == "sdk_fail"
    assert loaded.failures == {}
    assert registry.list_groups() == ["python"]  # the client's name is the default group

    nested = registry.execute("sdk_distance", {"start": {"x": 0, "y": 0}, "end": {"x": 3, "y": 4}})
    assert nested.ok and nested.data == {"distance": 5.0, "unit": "m"}
    assert nested.content == '{"distance": 5.0, "unit": "m"}'

    bad = registry.execute("sdk_distance", {"start": {"x": 0}, "end": {"x": 1, "y": 1}})
    assert not bad.ok and bad.error_kind == "invalid_arguments"
    assert "start.y: required field is missing" in bad.content  # caught before sending

    failed = registry.execute("sdk_fail", {"reason": "disk full"})
    assert not failed.ok and failed.error_kind == "execution_error"
    assert "MCPToolError: Error executing tool fail" in failed.content  # isError -> observation


def test_unknown_tool_reported_as_is_error_by_the_sdk_server(sdk_client: MCPClient) -> None:
    result = sdk_client.call_tool("no_such_tool", {})  # MCPServer answers with isError
    assert result.is_error
    assert "Unknown tool" in result.content[0].text  # type: ignore[union-attr]


def test_resources_and_prompts(sdk_client: MCPClient) -> None:
    [resource] = sdk_client.list_resources()
    assert str(resource.uri) == "memo://greeting"
    [contents] = sdk_client.read_resource("memo://greeting")
    assert getattr(contents, "text", None) == "Hello from the SDK server"
    [prompt] = sdk_client.list_prompts()
    assert prompt.name == "review"
    fetched = sdk_client.get_prompt("review", {"code": "x = 1"})
    assert "x = 1" in fetched.messages[0].content.text  # type: ignore[union-attr]
    with pytest.raises(MCPRequestError) as caught:
        sdk_client.read_resource("memo://nothing")
    assert caught.value.code != 0


def test_async_api_on_the_callers_loop(sdk_server: StdioServer) -> None:
    async def scenario() -> tuple[str, str]:
        registry = ToolRegistry()
        async with MCPClient(sdk_server, startup_timeout=20) as client:
            await client.aregister_tools(registry)
            result = await registry.aexecute("echo", {"text": "hi", "shout": True})
            sync_inside_loop = await asyncio.to_thread(
                lambda: str(registry.execute("add", "a=1, b=2"))
            )
            blocked = registry.execute("add", {"a": 1, "b": 2})  # sync call on the session's loop
            assert not blocked.ok and "async methods" in blocked.content
            return result.content, sync_inside_loop

    assert asyncio.run(scenario()) == ("HI", "3")


def test_a_sync_client_can_be_awaited_from_any_loop(sdk_client: MCPClient) -> None:
    async def scenario() -> list[int]:
        results = await asyncio.gather(
            *(sdk_client.acall_tool("add", {"a": n, "b": n}) for n in range(5))
        )
        return [int(result.structured_content["result"]) for result in results]  # type: ignore[index]

    assert asyncio.run(scenario()) == [0, 2, 4, 6, 8]


def test_reconnects_once_when_the_server_died(sdk_server: StdioServer) -> None:
    with MCPClient(sdk_server, startup_timeout=20, request_timeout=20) as client:
        registry = ToolRegistry()
        client.register_tools(registry)
        first = registry.execute("process_id")
        os.kill(int(first.content), signal.SIGKILL)
        second = registry.execute("process_id")
        assert second.ok and second.content != first.content
        assert client.connected


def test_without_reconnect_a_dead_server_is_reported(sdk_server: StdioServer) -> None:
    with MCPClient(sdk_server, startup_timeout=20, reconnect=False) as client:
        pid = int(client.call_tool("process_id").content[0].text)  # type: ignore[union-attr]
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(MCPRequestError, match="Connection closed"):
            client.call_tool("process_id")


def test_startup_timeout_shows_the_command_and_stderr() -> None:
    slow = StdioServer(
        sys.executable,
        ("-c", "import sys, time; print('loading weights', file=sys.stderr); time.sleep(60)"),
    )
    with pytest.raises(MCPConnectionError) as caught:
        MCPClient(slow, startup_timeout=1.5).connect()
    message = str(caught.value)
    assert "did not finish starting within 1.5 seconds" in message
    assert "time.sleep(60)" in message and sys.executable in message
    assert "loading weights" in message


def test_a_server_that_exits_at_startup_shows_its_stderr() -> None:
    crashing = StdioServer(sys.executable, ("-c", "import sys; sys.exit('missing API key')"))
    with pytest.raises(MCPConnectionError, match=r"(?s)Could not connect.*missing API key"):
        MCPClient(crashing, startup_timeout=20).connect()


def test_a_missing_command_is_a_connection_error() -> None:
    with pytest.raises(MCPConnectionError, match="no-such-mcp-server"):
        MCPClient("no-such-mcp-server --flag", startup_timeout=5).connect()


def test_streamable_http_client_and_server() -> None:
    served = ToolRegistry()

    @served.tool
    def greet(name: str) -> str:
        """Greet someone.

        Args:
            name: Who.
        """
        return f"Hello, {name}!"

    server = RegistryServer(served, resources={"memo://a": "alpha"}, prompts={"hi": "Hi {who}"})
    with server.start_http() as http, MCPClient(http.url, request_timeout=20) as client:
        registry = ToolRegistry()
        client.register_tools(registry, prefix="web")
        assert str(registry.execute("web_greet", {"name": "Ada"})) == "Hello, Ada!"
        assert [str(r.uri) for r in client.list_resources()] == ["memo://a"]
        assert client.get_prompt("hi", {"who": "Bob"}).messages[0].content.text == "Hi Bob"  # type: ignore[union-attr]


def test_sse_client_against_the_sdk_server() -> None:
    server = MCPServer("sse-server")

    @server.tool()
    def shout(text: str) -> str:
        """Shout."""
        return text.upper()

    with (
        BackgroundHttpServer(server.sse_app(), path="/sse") as http,
        MCPClient(SseServer(http.url), request_timeout=20) as client,
    ):
        registry = ToolRegistry()
        client.register_tools(registry)
        assert str(registry.execute("shout", {"text": "hey"})) == "HEY"


def test_two_servers_share_a_registry_with_prefixes_and_groups(sdk_server: StdioServer) -> None:
    registry = ToolRegistry()
    with (
        MCPClient(sdk_server, name="left", startup_timeout=20) as left,
        MCPClient(sdk_server, name="right", startup_timeout=20) as right,
    ):
        left.register_tools(registry, prefix="left")
        right.register_tools(registry, prefix="right", group="math")
        assert registry.list_groups() == ["left", "math"]
        assert (
            registry.execute("left_process_id").content
            != registry.execute("right_process_id").content
        )
    assert not left.connected and not right.connected


def test_calling_after_close_reconnects_lazily(sdk_server: StdioServer) -> None:
    client = MCPClient(sdk_server, startup_timeout=20)
    try:
        assert client.call_tool("add", {"a": 1, "b": 1}).structured_content == {"result": 2}
    finally:
        client.close()
    client.close()  # closing twice is fine
    assert not client.connected


def test_sync_call_from_the_sessions_own_loop_is_refused(sdk_server: StdioServer) -> None:
    async def scenario() -> None:
        async with MCPClient(sdk_server, startup_timeout=20) as client:
            with pytest.raises(MCPException, match="async methods"):
                client.list_tools()

    asyncio.run(scenario())


def test_servers_group_prefixes_groups_and_closes_all(sdk_server: StdioServer) -> None:
    registry = ToolRegistry()
    with MCPServers({"left": sdk_server, "right": sdk_server}, startup_timeout=20) as servers:
        loads = servers.register_tools(registry)
        assert loads["right"].names[0] == "right_add"
        assert registry.list_groups() == ["left", "right"]
        assert str(registry.execute("right_add", {"a": 1, "b": 2})) == "3"
        clients = [servers["left"], servers["right"]]
    assert not any(client.connected for client in clients)


def test_servers_group_closes_the_opened_ones_when_one_fails(sdk_server: StdioServer) -> None:
    servers = MCPServers({"good": sdk_server, "broken": "no-such-mcp-server"}, startup_timeout=20)
    with pytest.raises(MCPConnectionError, match="no-such-mcp-server"):
        servers.connect()
    assert not servers["good"].connected


def test_a_cancelled_connect_stops_the_server() -> None:
    slow = StdioServer(sys.executable, ("-c", "import time; time.sleep(60)"))
    client = MCPClient(slow, startup_timeout=60)

    async def scenario() -> None:
        connecting = asyncio.ensure_future(client.aconnect())
        await asyncio.sleep(0)  # one scheduling step: the connect is now under way
        connecting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await connecting

    asyncio.run(asyncio.wait_for(scenario(), 30))
    assert not client.connected


def test_a_request_that_times_out_is_an_observation_and_the_session_survives(
    sdk_server: StdioServer,
) -> None:
    with MCPClient(sdk_server, startup_timeout=20, request_timeout=1) as client:
        registry = ToolRegistry()
        client.register_tools(registry)
        slow = registry.execute("wait", {"seconds": 30})
        assert not slow.ok and "MCPRequestError" in slow.content
        assert "timed out" in slow.content.lower()
        assert str(registry.execute("wait", {"seconds": 0})) == "waited"


def test_closing_from_the_sessions_own_loop_starts_the_stop_and_returns(
    sdk_server: StdioServer,
) -> None:
    # as a finalizer does when garbage collection runs it on the session's loop
    async def scenario() -> MCPClient:
        client = MCPClient(sdk_server, startup_timeout=20)
        await client.aconnect()
        client.close()  # returns at once: waiting here would block the loop the stop needs
        for _ in range(100):
            if not client.connected:
                break
            await asyncio.sleep(0.05)  # the stop runs on this loop
        return client

    client = asyncio.run(scenario())
    assert not client.connected
    assert client.call_tool("add", {"a": 1, "b": 1}).structured_content == {"result": 2}
    client.close()
