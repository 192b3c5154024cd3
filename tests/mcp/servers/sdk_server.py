"""A small MCP server written with the official SDK (``MCPServer``), run over stdio.

Started by the tests as ``python sdk_server.py [stdio|sse PORT]``: it is a real,
independent server, not our own bridge.
"""

from __future__ import annotations

import os
import sys
from typing import Literal

import anyio
from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

server = MCPServer("sdk-test-server")


class Point(BaseModel):
    x: float
    y: float


@server.tool()
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@server.tool()
def echo(text: str, shout: bool = False) -> str:
    """Repeat the text."""
    return text.upper() if shout else text


@server.tool()
def distance(start: Point, end: Point, unit: Literal["m", "km"] = "m") -> dict[str, float | str]:
    """Distance between two points."""
    value = ((start.x - end.x) ** 2 + (start.y - end.y) ** 2) ** 0.5
    return {"distance": value / 1000 if unit == "km" else value, "unit": unit}


@server.tool()
def process_id() -> str:
    """The server's process id."""
    return str(os.getpid())


@server.tool()
async def wait(seconds: float) -> str:
    """Wait, then answer."""
    await anyio.sleep(seconds)
    return "waited"


@server.tool()
def fail(reason: str) -> str:
    """Always fails with the given reason."""
    raise ValueError(reason)


@server.resource("memo://greeting", mime_type="text/plain")
def greeting() -> str:
    """A greeting."""
    return "Hello from the SDK server"


@server.prompt()
def review(code: str) -> str:
    """Ask for a code review."""
    return f"Please review this code:\n{code}"


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "sse":
        anyio.run(lambda: server.run_sse_async(port=int(sys.argv[2])))
    else:
        server.run()
