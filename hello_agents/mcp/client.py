"""MCPClient: a persistent session with one MCP server, for sync and async code.

The session lives in one owner task (:class:`~hello_agents.mcp.session.SessionOwner`)
on one event loop. Which loop depends on how you connect:

* ``await client.aconnect()`` (or ``async with``): your running loop. The ``a*``
  methods then await the session directly.
* ``client.connect()`` (or ``with``): a shared background loop thread, so the
  tutorial's synchronous agents can call tools without writing ``async``.

Every method works from anywhere: a call from another loop or thread is handed
to the session's loop with ``asyncio.run_coroutine_threadsafe``.

    with MCPClient("mcp-server-time --local-timezone UTC") as client:
        client.register_tools(registry, prefix="time")   # time_get_current_time ...
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import weakref
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlparse

from hello_agents.mcp._background import background_loop
from hello_agents.mcp._connection import Connectable
from hello_agents.mcp.errors import MCPException, MCPProtocolError
from hello_agents.mcp.session import SessionOwner
from hello_agents.mcp.transports import ServerSpec, StdioServer, parse_server

if TYPE_CHECKING:
    from mcp import ClientSession
    from mcp.types import (
        BlobResourceContents,
        CallToolResult,
        GetPromptResult,
        Implementation,
        Prompt,
        Resource,
        TextResourceContents,
        Tool,
    )

    from hello_agents.mcp.tools import MCPToolLoad
    from hello_agents.tools.registry import ToolRegistry

logger = logging.getLogger(__name__)
ResultT = TypeVar("ResultT")
ResourceContents = list["TextResourceContents | BlobResourceContents"]
_sync_clients: weakref.WeakSet[MCPClient] = weakref.WeakSet()  # closed at exit if forgotten
MAX_PAGES = 100
"""Pages one list call follows at most; a server that keeps sending a next cursor
(or sends one it sent before) gets an :class:`MCPProtocolError` instead of a loop."""


class MCPClient(Connectable):
    """A persistent session with one MCP server.

    Args:
        server: Where the server is: a spec (:class:`StdioServer`, :class:`HttpServer`,
            :class:`SseServer`), a URL, or a command line.
        name: A short name for logs, errors and the registry group (derived if None).
        startup_timeout: Seconds the server may take to start and initialize.
        request_timeout: Seconds one request may take (``None``: no limit).
        reconnect: Start the server again (once per request) when it died.
    """

    def __init__(
        self,
        server: ServerSpec | str,
        *,
        name: str | None = None,
        startup_timeout: float = 30.0,
        request_timeout: float | None = 60.0,
        reconnect: bool = True,
    ) -> None:
        self.server = parse_server(server)
        self.name = name or _default_name(self.server)
        self._owner = SessionOwner(
            self.server,
            self.name,
            startup_timeout=startup_timeout,
            request_timeout=request_timeout,
            reconnect=reconnect,
        )
        self._loop: asyncio.AbstractEventLoop | None = None
        self._on_background = False

    # ------------------------------------------------------------------ lifecycle

    @property
    def connected(self) -> bool:
        """True while a session is open."""
        return self._owner.session is not None

    @property
    def server_info(self) -> Implementation | None:
        """The server's name and version, as it announced them."""
        return self._owner.server_info

    def stderr_tail(self) -> str:
        """What a stdio server last wrote to its stderr ("" for HTTP servers)."""
        return self._owner.stderr_tail()

    async def aconnect(self) -> MCPClient:
        """Start (or reach) the server; the session lives on the running loop.

        Returns:
            The client itself.

        Raises:
            MCPConnectionError: The server could not be started or reached in time.
            ConfigException: The MCP SDK is not installed (the message names the extra).
        """
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            self._owner.closing = False
            try:
                await self._owner.start()
            except BaseException:
                self._forget()
                raise
        return self

    def connect(self) -> MCPClient:
        """Sync form of :meth:`aconnect`: the session lives on a background loop."""
        if self._loop is None:
            self._loop, self._on_background = background_loop(), True
            self._owner.closing = False
            try:
                asyncio.run_coroutine_threadsafe(self._owner.start(), self._loop).result()
            except BaseException:
                self._forget()
                raise
            _sync_clients.add(self)
        return self

    async def aclose(self) -> None:
        """Close the session and stop the server (safe to call twice).

        Requests still waiting for an answer fail with :class:`MCPClosedError`;
        the server is not started again for them.
        """
        self._owner.closing = True
        if self._loop is not None and self._loop.is_running():  # else its tasks are gone
            await self._on_owner_loop(self._owner.stop)
        self._forget()

    def close(self) -> None:
        """Sync form of :meth:`aclose`.

        Called on the session's own loop (a finalizer that garbage collection runs
        there, or a sync caller inside an ``async with``), where waiting would block
        the loop the stop needs, it starts the stop on that loop and returns.
        """
        from hello_agents.tools.registry import caller_event_loop

        self._owner.closing = True
        loop = self._loop
        if loop is not None and loop.is_running():
            if caller_event_loop() is loop:
                asyncio.run_coroutine_threadsafe(self._owner.stop(), loop)
            else:
                self._blocking(self._owner.stop)
        self._forget()

    def _forget(self) -> None:
        self._loop, self._on_background = None, False
        self._owner.release()
        _sync_clients.discard(self)

    # ------------------------------------------------------------------ reaching the loop

    async def _on_owner_loop(self, make: Callable[[], Coroutine[Any, Any, ResultT]]) -> ResultT:
        """Await ``make()`` on the session's loop, from whichever loop we are on."""
        if self._loop is None:
            await self.aconnect()
        loop = self._loop
        assert loop is not None
        if asyncio.get_running_loop() is loop:
            return await make()
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(make(), loop))

    def _blocking(self, make: Callable[[], Coroutine[Any, Any, ResultT]]) -> ResultT:
        """Run ``make()`` on the session's loop and wait for it (sync callers)."""
        if self._loop is None:
            self.connect()
        loop = self._loop
        assert loop is not None
        from hello_agents.tools.registry import caller_event_loop

        # This thread's loop, or the one a sync registry.execute blocks while its tool runs
        if caller_event_loop() is loop:  # waiting here would block the loop the answer needs
            raise MCPException(
                f"MCP client {self.name!r} runs on this event loop: call it with the async "
                "methods (acall_tool, alist_tools ...) or registry.aexecute, not sync ones."
            )
        return asyncio.run_coroutine_threadsafe(make(), loop).result()

    def _send(self, send: Callable[[ClientSession], Awaitable[ResultT]]) -> ResultT:
        return self._blocking(lambda: self._owner.request(send))

    async def _asend(self, send: Callable[[ClientSession], Awaitable[ResultT]]) -> ResultT:
        return await self._on_owner_loop(lambda: self._owner.request(send))

    # ------------------------------------------------------------------ the MCP methods

    async def alist_tools(self) -> list[Tool]:
        """The server's tools, every page of them.

        Returns:
            The SDK's ``Tool`` records (``name``, ``description``, ``input_schema`` ...).

        Raises:
            MCPRequestError: The server answered with an error.
        """
        return await self._asend(_all_tools)

    async def acall_tool(
        self, name: str, arguments: dict[str, Any] | None = None
    ) -> CallToolResult:
        """Call one tool.

        Args:
            name: The tool's name on the server.
            arguments: Its arguments.

        Returns:
            The SDK's ``CallToolResult``; a failed tool has ``is_error`` set.

        Raises:
            MCPRequestError: A JSON-RPC error: unknown tool, invalid params ...
        """
        timeout = self._owner.request_timeout
        return await self._asend(
            lambda session: session.call_tool(name, arguments or {}, read_timeout_seconds=timeout)
        )

    async def alist_resources(self) -> list[Resource]:
        """The server's resources, every page of them."""
        return await self._asend(_all_resources)

    async def aread_resource(self, uri: str) -> ResourceContents:
        """Read one resource.

        Args:
            uri: The resource's URI.

        Returns:
            Its contents: text, or base64 ``blob`` for binary data.

        Raises:
            MCPRequestError: The server does not know the resource.
        """
        return await self._asend(lambda session: _read(session, uri))

    async def alist_prompts(self) -> list[Prompt]:
        """The server's prompt templates, every page of them."""
        return await self._asend(_all_prompts)

    async def aget_prompt(
        self, name: str, arguments: dict[str, str] | None = None
    ) -> GetPromptResult:
        """Fetch one prompt, filled in with ``arguments``.

        Args:
            name: The prompt's name.
            arguments: Values of its arguments (strings).

        Returns:
            The SDK's ``GetPromptResult``; ``messages`` holds role and content.

        Raises:
            MCPRequestError: Unknown prompt, or missing arguments.
        """
        return await self._asend(lambda session: session.get_prompt(name, arguments))

    def list_tools(self) -> list[Tool]:
        """Sync twin of :meth:`alist_tools`."""
        return self._send(_all_tools)

    def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> CallToolResult:
        """Sync twin of :meth:`acall_tool`."""
        timeout = self._owner.request_timeout
        return self._send(
            lambda session: session.call_tool(name, arguments or {}, read_timeout_seconds=timeout)
        )

    def list_resources(self) -> list[Resource]:
        """Sync twin of :meth:`alist_resources`."""
        return self._send(_all_resources)

    def read_resource(self, uri: str) -> ResourceContents:
        """Sync twin of :meth:`aread_resource`."""
        return self._send(lambda session: _read(session, uri))

    def list_prompts(self) -> list[Prompt]:
        """Sync twin of :meth:`alist_prompts`."""
        return self._send(_all_prompts)

    def get_prompt(self, name: str, arguments: dict[str, str] | None = None) -> GetPromptResult:
        """Sync twin of :meth:`aget_prompt`."""
        return self._send(lambda session: session.get_prompt(name, arguments))

    # ------------------------------------------------------------------ tools for a registry

    def register_tools(
        self, registry: ToolRegistry, *, prefix: str | None = None, group: str | None = None
    ) -> MCPToolLoad:
        """Add this server's tools to a registry (see :mod:`hello_agents.mcp.tools`).

        Args:
            registry: Where the tools go.
            prefix: Put before each tool name (``"time"`` -> ``time_convert_time``),
                so tools of several servers can share a registry.
            group: The registry group of these tools (default: the client's name).

        Returns:
            The tools registered, and those whose schema failed (with the reason).
        """
        from hello_agents.mcp.tools import register_tools

        return register_tools(registry, self, self.list_tools(), prefix=prefix, group=group)

    async def aregister_tools(
        self, registry: ToolRegistry, *, prefix: str | None = None, group: str | None = None
    ) -> MCPToolLoad:
        """Async twin of :meth:`register_tools`."""
        from hello_agents.mcp.tools import register_tools

        tools = await self.alist_tools()
        return register_tools(registry, self, tools, prefix=prefix, group=group)

    def __repr__(self) -> str:
        state = "connected" if self.connected else "not connected"
        return f"MCPClient({self.name!r}, {self.server.describe()!r}, {state})"


async def _all_pages(list_page: Callable[..., Awaitable[Any]], field: str) -> list[Any]:
    """Every item of a paginated MCP list call (``field`` of each page), following cursors.

    Raises:
        MCPProtocolError: The server sent a cursor twice, or more than :data:`MAX_PAGES` pages.
    """
    items: list[Any] = []
    cursor = None
    seen: set[str] = set()
    for _ in range(MAX_PAGES):
        page = await list_page(params=_page(cursor))
        items += getattr(page, field)
        cursor = page.next_cursor
        if not cursor:
            return items
        if cursor in seen:
            raise MCPProtocolError(
                f"The server sent the {field} page cursor {cursor[:40]!r} twice: "
                "its pagination loops. Fix the server's cursors."
            )
        seen.add(cursor)
    raise MCPProtocolError(
        f"The server's {field} list went on past {MAX_PAGES} pages ({len(items)} items "
        "so far); it keeps sending a next cursor. Fix the server's pagination."
    )


async def _all_tools(session: ClientSession) -> list[Tool]:
    return await _all_pages(session.list_tools, "tools")


async def _all_resources(session: ClientSession) -> list[Resource]:
    return await _all_pages(session.list_resources, "resources")


async def _all_prompts(session: ClientSession) -> list[Prompt]:
    return await _all_pages(session.list_prompts, "prompts")


async def _read(session: ClientSession, uri: str) -> ResourceContents:
    return list((await session.read_resource(uri)).contents)


def _page(cursor: str | None) -> Any:
    """The params of the next page request (None for the first page)."""
    from mcp.types import PaginatedRequestParams

    return PaginatedRequestParams(cursor=cursor) if cursor else None


def _default_name(spec: ServerSpec) -> str:
    """``mcp-server-time`` for a command, ``host:port`` for a URL."""
    if isinstance(spec, StdioServer):
        return Path(spec.command).stem or "mcp"
    return urlparse(spec.url).netloc or "mcp"


@atexit.register
def _close_forgotten_clients() -> None:
    """Stop the servers of sync clients nobody closed, before the interpreter exits."""
    for client in list(_sync_clients):
        try:
            client.close()
        except Exception:  # exiting anyway: never mask the real exit status
            logger.debug("closing MCP client %r at exit failed", client.name, exc_info=True)


__all__ = ["MCPClient"]
