"""``MCPServer``: the tutorial's way of writing an MCP server, on our RegistryServer.

    server = MCPServer("weather", "Weather lookups")
    server.add_tool(get_weather)          # a typed function with a docstring
    server.run()                          # stdio; run("http", port=8000) for HTTP

There is no second MCP stack: tools go into a :class:`ToolRegistry` (so every call
is validated against the schema generated from the function's type hints) and
:class:`hello_agents.mcp.RegistryServer` serves them with the official SDK.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from hello_agents.mcp import BackgroundHttpServer, RegistryServer
from hello_agents.tools.registry import ToolRegistry


class MCPServer:
    """An MCP server built one tool at a time.

    Args:
        name: The server name clients see.
        description: What the server offers (sent to clients as its instructions).
    """

    def __init__(self, name: str, description: str | None = None) -> None:
        self.name = name
        self.description = description or ""
        self.registry = ToolRegistry()

    def add_tool(
        self,
        function: Callable[..., Any],
        name: str | None = None,
        description: str | None = None,
    ) -> MCPServer:
        """Serve ``function`` as a tool; returns the server, so calls chain.

        Args:
            function: A typed function (sync or async); its docstring describes it.
            name: The tool name (the function's name by default).
            description: Overrides the docstring.

        Raises:
            ToolException: No docstring and no description, untyped parameters,
                or a name already served.
        """
        self.registry.tool(name=name, description=description)(function)
        return self

    def tool(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """Decorator form of :meth:`add_tool` (returns the function unchanged)."""
        self.add_tool(function)
        return function

    def list_tools(self) -> list[str]:
        """The names of the tools served."""
        return self.registry.list_tools()

    def registry_server(self) -> RegistryServer:
        """The :class:`RegistryServer` that serves these tools."""
        return RegistryServer(self.registry, name=self.name, instructions=self.description or None)

    def run(
        self,
        transport: Literal["stdio", "http"] = "stdio",
        host: str = "127.0.0.1",
        port: int = 8000,
    ) -> None:
        """Serve until the client disconnects (stdio) or until interrupted (HTTP)."""
        if transport == "stdio":
            self.registry_server().run_stdio()
        elif transport == "http":
            self.registry_server().run_http(host, port)
        else:
            raise ValueError(f"transport must be 'stdio' or 'http', not {transport!r}")

    def start_http(self, host: str = "127.0.0.1", port: int = 0) -> BackgroundHttpServer:
        """Serve over streamable HTTP from a background thread; ``.url`` is ready at once."""
        return self.registry_server().start_http(host, port)

    def __repr__(self) -> str:
        return f"MCPServer(name={self.name!r}, tools={self.list_tools()})"


__all__ = ["MCPServer"]
