"""Any ToolRegistry as an MCP server, over stdio or streamable HTTP.

Each registered tool is listed with its own input schema (the one the guard
validates against), and each ``tools/call`` goes through the registry's one
door, ``aexecute``: arguments are guarded, sync tools run in threads, time
limits apply. The outcome maps onto MCP like this:

* success -> text content, plus ``structuredContent`` when the tool returned
  structured data (a dict as it is; any other value as ``{"result": value}``);
* a failed call (bad arguments, the tool raised, timeout) -> ``isError: true``
  with the registry's observation text, so the calling model can repair it;
* a tool that does not exist -> a JSON-RPC error (``-32602``), as the spec asks.

Static text resources and prompt templates can be served beside the tools.
"""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from hello_agents._loopback import LoopbackServer
from hello_agents.mcp._sdk import require_mcp
from hello_agents.tools.base import ToolResult, render_value
from hello_agents.tools.registry import ToolProvider

if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext
    from mcp.server.lowlevel import Server
    from mcp.types import (
        CallToolRequestParams,
        CallToolResult,
        GetPromptRequestParams,
        GetPromptResult,
        ListPromptsResult,
        ListResourcesResult,
        ListToolsResult,
        PaginatedRequestParams,
        ReadResourceRequestParams,
        ReadResourceResult,
    )

logger = logging.getLogger(__name__)


class RegistryServer:
    """An MCP server that serves the tools of a registry.

    Args:
        registry: The tools to serve (a ToolRegistry, or a view of one).
        name: The server name clients see.
        version: The server version clients see.
        instructions: Text telling clients how to use the server.
        resources: Static text resources, URI -> text.
        prompts: Prompt templates, name -> ``str.format`` template; its
            ``{placeholders}`` are the prompt's (required) arguments.

    Example:
        >>> RegistryServer(registry).run_stdio()  # doctest: +SKIP
    """

    def __init__(
        self,
        registry: ToolProvider,
        *,
        name: str = "hello-agents",
        version: str = "",
        instructions: str | None = None,
        resources: Mapping[str, str] | None = None,
        prompts: Mapping[str, str] | None = None,
    ) -> None:
        self.registry = registry
        self.name = name
        self.version = version or _package_version()
        self.instructions = instructions
        self.resources = dict(resources or {})
        self.prompts = dict(prompts or {})

    # ------------------------------------------------------------------ the MCP handlers

    async def list_tools(
        self, context: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListToolsResult:
        """``tools/list``: every tool with its description and input schema."""
        from mcp.types import ListToolsResult
        from mcp.types import Tool as RemoteTool

        tools = []
        for name in self.registry.list_tools():
            tool = self.registry.get_tool(name)
            if tool is not None:
                schema = tool.input_schema()
                tools.append(
                    RemoteTool(name=tool.name, description=tool.description, input_schema=schema)
                )
        return ListToolsResult(tools=tools)

    async def call_tool(
        self, context: ServerRequestContext[Any], params: CallToolRequestParams
    ) -> CallToolResult:
        """``tools/call``: run the tool through the registry and map the outcome.

        Raises:
            MCPError: The tool does not exist (JSON-RPC ``-32602``).
        """
        from mcp import MCPError
        from mcp.types import INVALID_PARAMS

        if self.registry.get_tool(params.name) is None:
            available = ", ".join(self.registry.list_tools()) or "none"
            raise MCPError(
                INVALID_PARAMS, f"Unknown tool: {params.name}. Available tools: {available}."
            )
        result = await self.registry.aexecute(params.name, dict(params.arguments or {}))
        return to_call_result(result)

    async def list_resources(
        self, context: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListResourcesResult:
        """``resources/list``: the static text resources."""
        from mcp.types import ListResourcesResult, Resource

        return ListResourcesResult(
            resources=[
                Resource(name=uri.rsplit("/", 1)[-1] or uri, uri=uri, mime_type="text/plain")
                for uri in self.resources
            ]
        )

    async def read_resource(
        self, context: ServerRequestContext[Any], params: ReadResourceRequestParams
    ) -> ReadResourceResult:
        """``resources/read``: one static resource's text.

        Raises:
            MCPError: No resource has that URI.
        """
        from mcp import MCPError
        from mcp.types import INVALID_PARAMS, ReadResourceResult, TextResourceContents

        uri = str(params.uri)
        if uri not in self.resources:
            raise MCPError(INVALID_PARAMS, f"Unknown resource: {uri}")
        contents = TextResourceContents(uri=uri, mime_type="text/plain", text=self.resources[uri])
        return ReadResourceResult(contents=[contents])

    async def list_prompts(
        self, context: ServerRequestContext[Any], params: PaginatedRequestParams | None
    ) -> ListPromptsResult:
        """``prompts/list``: the templates, with their placeholders as arguments."""
        from mcp.types import ListPromptsResult, Prompt, PromptArgument

        return ListPromptsResult(
            prompts=[
                Prompt(
                    name=name,
                    arguments=[PromptArgument(name=field, required=True) for field in fields],
                )
                for name, fields in ((n, _placeholders(t)) for n, t in self.prompts.items())
            ]
        )

    async def get_prompt(
        self, context: ServerRequestContext[Any], params: GetPromptRequestParams
    ) -> GetPromptResult:
        """``prompts/get``: a template filled in, as one user message.

        Raises:
            MCPError: Unknown prompt, or an argument is missing.
        """
        from mcp import MCPError
        from mcp.types import INVALID_PARAMS, GetPromptResult, PromptMessage, TextContent

        template = self.prompts.get(params.name)
        if template is None:
            raise MCPError(INVALID_PARAMS, f"Unknown prompt: {params.name}")
        arguments = dict(params.arguments or {})
        missing = [name for name in _placeholders(template) if name not in arguments]
        if missing:
            raise MCPError(INVALID_PARAMS, f"Missing prompt arguments: {', '.join(missing)}")
        message = PromptMessage(role="user", content=TextContent(text=template.format(**arguments)))
        return GetPromptResult(messages=[message])

    # ------------------------------------------------------------------ serving

    def build(self) -> Server[Any]:
        """The SDK's low-level server with this object's handlers.

        Returns:
            A ``mcp.server.lowlevel.Server``, ready to run on any transport.

        Raises:
            ConfigException: The MCP SDK is not installed.
        """
        require_mcp()
        from mcp.server.lowlevel import Server

        return Server(
            self.name,
            version=self.version,
            instructions=self.instructions,
            on_list_tools=self.list_tools,
            on_call_tool=self.call_tool,
            on_list_resources=self.list_resources if self.resources else None,
            on_read_resource=self.read_resource if self.resources else None,
            on_list_prompts=self.list_prompts if self.prompts else None,
            on_get_prompt=self.get_prompt if self.prompts else None,
        )

    async def serve_stdio(self) -> None:
        """Serve one client over this process's stdin and stdout until it disconnects."""
        server = self.build()
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    def run_stdio(self) -> None:
        """Blocking twin of :meth:`serve_stdio` (what ``hello-agents mcp serve`` runs)."""
        import anyio

        anyio.run(self.serve_stdio)

    def http_app(
        self, host: str = "127.0.0.1", path: str = "/mcp", *, token: str | None = None
    ) -> Any:
        """The streamable-HTTP ASGI app, to mount in your own web server.

        Args:
            host: The host it is served on (loopback hosts get DNS-rebinding protection).
            path: The endpoint path.
            token: When set, every HTTP request must carry ``Authorization: Bearer <token>``
                (others get 401).

        Returns:
            An ASGI application.
        """
        app = self.build().streamable_http_app(streamable_http_path=path, host=host)
        return BearerTokenGuard(app, token) if token else app

    def run_http(
        self,
        host: str = "127.0.0.1",
        port: int = 8000,
        path: str = "/mcp",
        *,
        token: str | None = None,
    ) -> None:
        """Serve over streamable HTTP until interrupted (blocking).

        Args:
            host: The interface to listen on (loopback by default).
            port: The TCP port.
            path: The endpoint path.
            token: The bearer token every request must carry (None: no check;
                only sensible on a loopback host).
        """
        import uvicorn

        app = self.http_app(host, path, token=token)
        uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning")).run()

    def start_http(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        path: str = "/mcp",
        *,
        token: str | None = None,
    ) -> BackgroundHttpServer:
        """Serve over streamable HTTP from a background thread (tests, notebooks).

        Args:
            host: The interface to listen on.
            port: The TCP port; 0 picks a free one.
            path: The endpoint path.
            token: The bearer token every request must carry (None: no check).

        Returns:
            The running server; its ``url`` is ready to connect to, and ``stop()``
            (or leaving its ``with`` block) shuts it down.
        """
        return BackgroundHttpServer(self.http_app(host, path, token=token), host, port, path)


class BearerTokenGuard:
    """ASGI middleware: every HTTP request must carry ``Authorization: Bearer <token>``.

    The token is compared in constant time and never logged or echoed; a missing
    or wrong one gets ``401`` with a ``WWW-Authenticate: Bearer`` header.

    Args:
        app: The ASGI application to guard.
        token: The expected token.
    """

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and not self._authorized(scope):
            await send(
                {
                    "type": "http.response.start",
                    "status": 401,
                    "headers": [
                        (b"content-type", b"text/plain; charset=utf-8"),
                        (b"www-authenticate", b'Bearer realm="hello-agents-mcp"'),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": b"missing or wrong bearer token\n"})
            return
        await self.app(scope, receive, send)

    def _authorized(self, scope: Any) -> bool:
        for name, value in scope.get("headers", ()):
            if name.lower() == b"authorization":
                return hmac.compare_digest(bytes(value), self._expected)
        return False

    def __repr__(self) -> str:
        return "BearerTokenGuard(token=***)"


class BackgroundHttpServer(LoopbackServer):
    """An MCP app served from a daemon thread (see :class:`~hello_agents._loopback.LoopbackServer`),
    with its lifespan on (the MCP session manager starts there).

    Args:
        app: The ASGI application.
        host: The interface to listen on.
        port: The TCP port; 0 picks a free one.
        path: The path appended to the URL.
    """

    def __init__(self, app: Any, host: str = "127.0.0.1", port: int = 0, path: str = "") -> None:
        super().__init__(lambda _url: app, host, port, path=path, lifespan="on", extra="mcp")


def to_call_result(result: ToolResult) -> CallToolResult:
    """Map a registry outcome onto an MCP ``CallToolResult``.

    Args:
        result: What ``registry.aexecute`` returned.

    Returns:
        Text content always; ``is_error`` when the call failed; structured
        content when the tool returned structured data.
    """
    from mcp.types import CallToolResult, ContentBlock, TextContent

    content: list[ContentBlock] = [TextContent(text=result.content)]
    if not result.ok:
        return CallToolResult(content=content, is_error=True)
    return CallToolResult(content=content, structured_content=structured(result.data))


def structured(data: Any) -> dict[str, Any] | None:
    """A tool's structured return value as a JSON object, or None for plain text.

    Args:
        data: ``ToolResult.data``.

    Returns:
        Dicts as JSON objects, models dumped, other values wrapped as ``{"result": value}``.
    """
    if data is None:
        return None
    if isinstance(data, BaseModel):
        data = data.model_dump(mode="json")
    try:
        value = json.loads(render_value(data))
    except ValueError:  # rendered as plain text: not structured after all
        return None
    return value if isinstance(value, dict) else {"result": value}


def _placeholders(template: str) -> list[str]:
    """The ``{names}`` of a ``str.format`` template, in order, once each."""
    import string

    names = [field for _, field, _, _ in string.Formatter().parse(template) if field]
    return list(dict.fromkeys(names))


def _package_version() -> str:
    from hello_agents import __version__

    return __version__


__all__ = ["BackgroundHttpServer", "RegistryServer", "structured", "to_call_result"]
