"""A misbehaving MCP server, written with the SDK's low-level ``Server``, run over stdio.

    python hostile_server.py endless-cursor   # every tools/list page names a next page
    python hostile_server.py same-cursor      # every page names the same next page
    python hostile_server.py hang             # tools/call never answers

The tests use it to check that the client gives up, with a typed error, instead
of looping or blocking forever.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

MODE = sys.argv[1] if len(sys.argv) > 1 else "hang"


def _tool(name: str) -> types.Tool:
    return types.Tool(name=name, description=f"Tool {name}", input_schema={"type": "object"})


async def list_tools(context: Any, params: types.PaginatedRequestParams | None) -> Any:
    cursor = params.cursor if params is not None and params.cursor else "0"
    if MODE == "endless-cursor":
        following = str(int(cursor) + 1)
        return types.ListToolsResult(tools=[_tool(f"tool_{cursor}")], next_cursor=following)
    if MODE == "same-cursor":
        return types.ListToolsResult(tools=[_tool("again")], next_cursor="the-same")
    return types.ListToolsResult(tools=[_tool("hang"), _tool("process_id")])


async def call_tool(context: Any, params: types.CallToolRequestParams) -> Any:
    if params.name == "process_id":
        text = str(os.getpid())
    else:
        await anyio.sleep_forever()
        text = "unreachable"
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)])


server = Server("hostile-test-server", on_list_tools=list_tools, on_call_tool=call_tool)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
