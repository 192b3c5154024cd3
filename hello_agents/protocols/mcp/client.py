"""The tutorial's ``MCPClient``: ``async with``, ``await list_tools()``, ``await call_tool()``.

A thin face over :class:`hello_agents.mcp.MCPClient` (one persistent session,
stdio / streamable HTTP / SSE) that speaks the chapter's shapes: tools as dicts
with ``name``, ``description`` and ``inputSchema``, and tool results as text.

    async with MCPClient(["python", "my_server.py"]) as client:
        tools = await client.list_tools()
        text = await client.call_tool("add", {"a": 1, "b": 2})
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from hello_agents.mcp import (
    BackgroundHttpServer,
    HttpServer,
    MCPToolError,
    ServerSpec,
    SseServer,
    StdioServer,
    parse_server,
)
from hello_agents.mcp import MCPClient as BridgeClient

if TYPE_CHECKING:
    from hello_agents.protocols.mcp.server import MCPServer

TransportType = Literal["stdio", "sse", "streamable_http", "http"]


def server_spec(
    source: str | Sequence[str] | ServerSpec,
    args: Sequence[str] | None = None,
    env: Mapping[str, str] | None = None,
    transport_type: TransportType | None = None,
) -> ServerSpec:
    """Turn the tutorial's ways of naming a server into a server spec.

    Args:
        source: A command as a list (``["python", "server.py"]``), a command line,
            a URL, or a spec.
        args: Extra command arguments (the tutorial's ``server_args``).
        env: Extra environment variables for a stdio server.
        transport_type: ``"sse"`` or ``"streamable_http"`` for a URL (guessed from
            the URL when None: a path ending in ``/sse`` is SSE).

    Raises:
        ValueError: An empty command, or arguments/env given for a URL.
    """
    if isinstance(source, StdioServer | HttpServer | SseServer):
        return source
    if isinstance(source, str) and source.startswith(("http://", "https://")):
        if args or env:
            raise ValueError("server_args and env apply to a command, not to a URL")
        if transport_type == "sse":
            return SseServer(source)
        if transport_type in ("streamable_http", "http"):
            return HttpServer(source)
        return parse_server(source)
    if isinstance(source, str):
        parsed = parse_server(source)
        assert isinstance(parsed, StdioServer)
        command, base_args = parsed.command, parsed.args
    else:
        parts = [str(part) for part in source]
        if not parts:
            raise ValueError("server_command is empty; give the program and its arguments")
        command, base_args = parts[0], tuple(parts[1:])
    return StdioServer(command, (*base_args, *(args or ())), dict(env) if env else None)


class MCPClient:
    """An MCP client with the chapter's async methods.

    Args:
        server: A command list, a command line, a URL, a spec, or an in-process
            :class:`MCPServer` (served on a loopback port for the session).
        server_args: Extra command arguments.
        transport_type: ``"sse"`` or ``"streamable_http"`` for a URL.
        env: Extra environment variables for a stdio server.
        **options: Passed to :class:`hello_agents.mcp.MCPClient` (``request_timeout`` ...).
    """

    def __init__(
        self,
        server: str | Sequence[str] | ServerSpec | MCPServer,
        server_args: Sequence[str] | None = None,
        transport_type: TransportType | None = None,
        env: Mapping[str, str] | None = None,
        **options: Any,
    ) -> None:
        self._local: MCPServer | None = None
        self._served: BackgroundHttpServer | None = None
        self._spec: ServerSpec | None = None
        from hello_agents.protocols.mcp.server import MCPServer

        if isinstance(server, MCPServer):
            self._local = server
        else:
            self._spec = server_spec(server, server_args, env, transport_type)
        self._options = options
        self.session: BridgeClient | None = None

    async def __aenter__(self) -> MCPClient:
        spec = self._spec
        if self._local is not None:
            self._served = self._local.start_http()
            spec = HttpServer(self._served.url)
        assert spec is not None
        self.session = BridgeClient(spec, **self._options)
        try:
            await self.session.aconnect()
        except BaseException:
            self._stop_local()
            raise
        return self

    async def __aexit__(self, *exception: object) -> None:
        try:
            if self.session is not None:
                await self.session.aclose()
        finally:
            self.session = None
            self._stop_local()

    def _stop_local(self) -> None:
        if self._served is not None:
            self._served.stop()
            self._served = None

    def _open(self) -> BridgeClient:
        if self.session is None:
            raise RuntimeError("use the client inside 'async with MCPClient(...) as client:'")
        return self.session

    async def list_tools(self) -> list[dict[str, Any]]:
        """The server's tools: ``{"name", "description", "inputSchema"}`` dicts."""
        tools = await self._open().alist_tools()
        return [
            {
                "name": tool.name,
                "description": tool.description or "",
                "inputSchema": dict(tool.input_schema or {}),
            }
            for tool in tools
        ]

    async def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> str:
        """Call a tool and return its result as text (JSON text for structured results).

        Raises:
            MCPToolError: The tool reported failure (``isError``).
            MCPRequestError: The server refused the call (unknown tool, bad arguments).
        """
        result = await self._open().acall_tool(name, arguments or {})
        text = result_text(result)
        if result.is_error:
            raise MCPToolError(text or f"tool {name!r} failed")
        return text

    async def list_resources(self) -> list[dict[str, Any]]:
        """The server's resources: ``{"uri", "name", "description"}`` dicts."""
        resources = await self._open().alist_resources()
        return [
            {"uri": str(item.uri), "name": item.name, "description": item.description or ""}
            for item in resources
        ]

    async def read_resource(self, uri: str) -> str:
        """A resource's text."""
        contents = await self._open().aread_resource(uri)
        return str(getattr(contents, "text", contents))

    async def list_prompts(self) -> list[dict[str, Any]]:
        """The server's prompts: ``{"name", "description"}`` dicts."""
        prompts = await self._open().alist_prompts()
        return [{"name": item.name, "description": item.description or ""} for item in prompts]

    async def get_prompt(self, name: str, arguments: dict[str, str] | None = None) -> str:
        """A prompt rendered with ``arguments``, its messages' text joined."""
        prompt = await self._open().aget_prompt(name, arguments)
        return "\n".join(str(getattr(m.content, "text", m.content)) for m in prompt.messages)

    def __repr__(self) -> str:
        where = self._local.name if self._local is not None else self._spec
        return f"MCPClient({where!r}, connected={self.session is not None})"


def result_text(result: Any) -> str:
    """A ``CallToolResult`` as one text: its text blocks, else its structured content."""
    texts = [block.text for block in result.content if getattr(block, "text", None) is not None]
    if texts:
        return "\n".join(texts)
    if result.structured_content is not None:
        return json.dumps(result.structured_content, ensure_ascii=False)
    return ""


__all__ = ["MCPClient", "result_text", "server_spec"]
