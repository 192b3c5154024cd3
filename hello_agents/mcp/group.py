"""MCPServers: several MCP servers, opened together, closed in reverse order.

An agent often uses tools of several servers. :class:`MCPServers` names each
one, opens their sessions in order (closing the ones already open if a later
one fails), registers every server's tools under its name as prefix and group,
and closes the sessions in the reverse order of opening:

    with MCPServers({"time": "mcp-server-time", "files": "npx ... /tmp"}) as servers:
        servers.register_tools(registry)      # time_get_current_time, files_read_file ...
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from hello_agents.mcp._connection import Connectable
from hello_agents.mcp.client import MCPClient
from hello_agents.mcp.transports import ServerSpec

if TYPE_CHECKING:
    from hello_agents.mcp.tools import MCPToolLoad
    from hello_agents.tools.registry import ToolRegistry


class MCPServers(Connectable):
    """Named MCP clients with one lifecycle.

    Args:
        servers: Name -> a server spec, URL or command line (or a ready MCPClient).
        startup_timeout: Seconds each server may take to start.
        request_timeout: Seconds one request may take.
    """

    def __init__(
        self,
        servers: Mapping[str, ServerSpec | str | MCPClient],
        *,
        startup_timeout: float = 30.0,
        request_timeout: float | None = 60.0,
    ) -> None:
        self.clients: dict[str, MCPClient] = {
            name: server
            if isinstance(server, MCPClient)
            else MCPClient(
                server,
                name=name,
                startup_timeout=startup_timeout,
                request_timeout=request_timeout,
            )
            for name, server in servers.items()
        }
        self._opened: list[MCPClient] = []

    def connect(self) -> MCPServers:
        """Open every session, in order (sync: on the background loop).

        Returns:
            The group itself.

        Raises:
            MCPConnectionError: A server could not be started; those already
                opened are closed again before this is raised.
        """
        try:
            for client in self.clients.values():
                client.connect()
                self._opened.append(client)
        except BaseException:
            self.close()
            raise
        return self

    async def aconnect(self) -> MCPServers:
        """Async twin of :meth:`connect` (the sessions live on the running loop)."""
        try:
            for client in self.clients.values():
                await client.aconnect()
                self._opened.append(client)
        except BaseException:
            await self.aclose()
            raise
        return self

    def close(self) -> None:
        """Close every open session, last opened first."""
        while self._opened:
            self._opened.pop().close()

    async def aclose(self) -> None:
        """Async twin of :meth:`close`."""
        while self._opened:
            await self._opened.pop().aclose()

    def register_tools(self, registry: ToolRegistry) -> dict[str, MCPToolLoad]:
        """Register every server's tools, prefixed and grouped by the server's name.

        Args:
            registry: Where the tools go.

        Returns:
            Server name -> what was registered and what failed.
        """
        return {
            name: client.register_tools(registry, prefix=name, group=name)
            for name, client in self.clients.items()
        }

    async def aregister_tools(self, registry: ToolRegistry) -> dict[str, MCPToolLoad]:
        """Async twin of :meth:`register_tools`."""
        return {
            name: await client.aregister_tools(registry, prefix=name, group=name)
            for name, client in self.clients.items()
        }

    def __getitem__(self, name: str) -> MCPClient:
        return self.clients[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.clients)


__all__ = ["MCPServers"]
