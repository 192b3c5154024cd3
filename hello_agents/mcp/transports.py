"""Where an MCP server lives: a command to start (stdio) or a URL (streamable HTTP, SSE).

A server spec is a small frozen record; :func:`open_transport` turns one into
the SDK's pair of message streams. :func:`parse_server` reads the short forms a
CLI user types: a URL, or a command line.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, TextIO, cast

from hello_agents.core.exceptions import ConfigException
from hello_agents.mcp._sdk import require_mcp

if TYPE_CHECKING:
    from mcp.client._transport import TransportStreams


@dataclass(frozen=True)
class StdioServer:
    """A server started as a subprocess, spoken to over its stdin and stdout.

    Attributes:
        command: The executable, e.g. ``"mcp-server-time"`` or ``sys.executable``.
        args: Its arguments.
        env: Extra environment variables (merged over a safe default environment).
        cwd: The working directory, if not the current one.
    """

    command: str
    args: tuple[str, ...] = ()
    env: Mapping[str, str] | None = field(default=None, repr=False)  # may hold API keys
    cwd: str | None = None

    def describe(self) -> str:
        """The command line, for error messages and logs."""
        return shlex.join([self.command, *self.args])


@dataclass(frozen=True)
class HttpServer:
    """A server reached over streamable HTTP (the current MCP HTTP transport).

    Attributes:
        url: The endpoint, e.g. ``"http://127.0.0.1:8000/mcp"``.
        headers: Extra HTTP headers (an ``Authorization`` token, say).
    """

    url: str
    headers: Mapping[str, str] = field(default_factory=dict)

    def describe(self) -> str:
        """The URL, for error messages and logs."""
        return f"streamable HTTP {self.url}"


@dataclass(frozen=True)
class SseServer:
    """A server reached over the older HTTP+SSE transport.

    Attributes:
        url: The SSE endpoint, e.g. ``"http://127.0.0.1:8000/sse"``.
        headers: Extra HTTP headers.
    """

    url: str
    headers: Mapping[str, str] = field(default_factory=dict)

    def describe(self) -> str:
        """The URL, for error messages and logs."""
        return f"SSE {self.url}"


ServerSpec = StdioServer | HttpServer | SseServer


def parse_server(text: str | ServerSpec) -> ServerSpec:
    """Read a server spec from the short form a user types.

    Args:
        text: A URL (``.../sse`` means SSE, any other ``http(s)://`` URL means
            streamable HTTP) or a command line such as ``"mcp-server-time --local-timezone UTC"``.
            A spec object is returned unchanged.

    Returns:
        The matching spec.

    Raises:
        ConfigException: The text is empty.
    """
    if not isinstance(text, str):
        return text
    stripped = text.strip()
    if stripped.startswith(("http://", "https://")):
        if stripped.rstrip("/").endswith("/sse"):
            return SseServer(stripped)
        return HttpServer(stripped)
    parts = shlex.split(stripped)
    if not parts:
        raise ConfigException("An MCP server needs a command to run or a URL; got nothing.")
    return StdioServer(parts[0], tuple(parts[1:]))


@asynccontextmanager
async def open_transport(
    spec: ServerSpec, errlog: IO[str] | None = None
) -> AsyncIterator[TransportStreams]:
    """Open the SDK transport for ``spec`` and yield its (read, write) streams.

    Args:
        spec: Where the server is.
        errlog: Where a stdio server's stderr goes (a real file: it is handed to
            the subprocess); this process's stderr when None.

    Yields:
        The SDK's message streams, open until the context exits.
    """
    require_mcp()
    if isinstance(spec, StdioServer):
        from mcp.client.stdio import StdioServerParameters, stdio_client

        parameters = StdioServerParameters(
            command=spec.command,
            args=list(spec.args),
            env=dict(spec.env) if spec.env is not None else None,
            cwd=spec.cwd,
        )
        async with stdio_client(parameters, errlog=cast(TextIO, errlog or sys.stderr)) as streams:
            yield streams
    elif isinstance(spec, HttpServer):
        from mcp.client.streamable_http import streamable_http_client
        from mcp.shared._httpx_utils import create_mcp_http_client

        async with (
            create_mcp_http_client(headers=dict(spec.headers)) as http_client,
            streamable_http_client(spec.url, http_client=http_client) as streams,
        ):
            yield streams
    else:
        from mcp.client.sse import sse_client

        headers: dict[str, Any] = dict(spec.headers)
        async with sse_client(spec.url, headers=headers) as streams:
            yield streams


__all__ = ["HttpServer", "ServerSpec", "SseServer", "StdioServer", "open_transport", "parse_server"]
