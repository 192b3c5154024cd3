"""Hostile MCP servers (``tests/mcp/servers/hostile_server.py``, written with the SDK's
low-level server): the client ends every request with a typed error, in bounded time."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
from pathlib import Path

import pytest
from _limits import within

pytest.importorskip("mcp", reason='the MCP SDK is not installed: pip install "hello-agents[mcp]"')

from hello_agents.mcp import MCPClient, MCPClosedError, MCPProtocolError, StdioServer
from hello_agents.mcp.client import MAX_PAGES

HOSTILE = Path(__file__).resolve().parents[1] / "mcp" / "servers" / "hostile_server.py"


def hostile(mode: str) -> MCPClient:
    return MCPClient(
        StdioServer(sys.executable, (str(HOSTILE), mode)), startup_timeout=60, request_timeout=None
    )


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize(
    ("mode", "words"), [("endless-cursor", f"past {MAX_PAGES} pages"), ("same-cursor", "twice")]
)
def test_a_server_whose_pages_never_end_gets_a_protocol_error(mode: str, words: str) -> None:
    client = hostile(mode)
    within(60, client.connect)
    try:
        with pytest.raises(MCPProtocolError, match=words):
            within(30, client.list_tools)
    finally:
        within(30, client.close)


def test_close_during_a_call_fails_the_caller_and_stops_the_server() -> None:
    client = hostile("hang")
    within(60, client.connect)
    pid = int(within(30, client.call_tool, "process_id").content[0].text)  # type: ignore[union-attr]
    outcome: list[BaseException] = []

    def call() -> None:
        try:
            client.call_tool("hang")
        except BaseException as error:  # what the blocked caller receives
            outcome.append(error)

    caller = threading.Thread(target=call, daemon=True)
    caller.start()
    time.sleep(0.5)  # let the call reach the server
    within(30, client.close)
    caller.join(15)
    assert not caller.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], MCPClosedError)
    deadline = time.monotonic() + 15
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(pid)
    assert not client.connected  # not restarted behind our back


def test_aclose_during_an_async_call_fails_the_awaiting_task() -> None:
    async def scenario() -> BaseException | None:
        client = hostile("hang")
        await client.aconnect()
        call = asyncio.ensure_future(client.acall_tool("hang"))
        await asyncio.sleep(0.5)
        await client.aclose()
        try:
            await asyncio.wait_for(call, 15)
        except BaseException as error:  # the typed error the caller gets
            return error
        return None

    error = within(90, lambda: asyncio.run(scenario()))
    assert isinstance(error, MCPClosedError)
