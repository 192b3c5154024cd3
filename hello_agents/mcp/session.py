"""SessionOwner: one MCP session, opened and closed by one task.

The SDK's transports and ``ClientSession`` are async context managers backed
by anyio task groups: the task that enters them must be the task that exits
them. So each server gets an *owner task* that does the whole life in order:

    open transport -> open ClientSession -> initialize -> wait for stop
                   -> close session -> close transport

Requests are sent from other tasks of the same loop through the session the
owner published. When the server dies under a request (the SDK reports
``CONNECTION_CLOSED``), :meth:`SessionOwner.request` starts a fresh owner task
once and repeats the request; a second failure is reported.

Everything here runs on the owner's event loop; :mod:`hello_agents.mcp.client`
is what hands requests to that loop from sync code or other loops.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from typing import IO, TYPE_CHECKING, Any, TypeVar

from hello_agents.mcp._sdk import require_mcp
from hello_agents.mcp.errors import MCPClosedError, MCPConnectionError, MCPRequestError
from hello_agents.mcp.transports import ServerSpec, StdioServer, open_transport

if TYPE_CHECKING:
    from mcp import ClientSession
    from mcp.types import Implementation

logger = logging.getLogger(__name__)
ResultT = TypeVar("ResultT")
STDERR_TAIL = 2000  # characters of a server's stderr shown in an error


class SessionOwner:
    """The owner task of one server's session, and the requests sent through it.

    Args:
        server: Where the server is.
        name: A short name for logs and errors.
        startup_timeout: Seconds the server may take to start and initialize.
        request_timeout: Seconds one request may take (``None``: no limit).
        reconnect: Start the server again (once per request) when it died.
    """

    def __init__(
        self,
        server: ServerSpec,
        name: str,
        *,
        startup_timeout: float,
        request_timeout: float | None,
        reconnect: bool,
    ) -> None:
        self.server = server
        self.name = name
        self.startup_timeout = startup_timeout
        self.request_timeout = request_timeout
        self.reconnect = reconnect
        self.server_info: Implementation | None = None
        self.session: ClientSession | None = None
        self._task: asyncio.Task[None] | None = None
        self._stop: asyncio.Event | None = None
        self._restart_lock: asyncio.Lock | None = None
        self._stderr: IO[str] | None = None
        self.closing = False  # set by close(): no restart, in-flight requests fail typed

    # ------------------------------------------------------------------ start and stop

    async def start(self) -> None:
        """Start the owner task and wait until the session is initialized.

        Raises:
            MCPConnectionError: Not initialized within ``startup_timeout``, or the
                server could not be started or reached. The message shows the
                command (or URL) and the server's stderr.
            ConfigException: The MCP SDK is not installed.
        """
        require_mcp()  # a missing SDK is a ConfigException naming the extra, not a timeout
        if isinstance(self.server, StdioServer) and self._stderr is None:
            # A real file the subprocess writes its stderr straight into; append mode,
            # so its writes land at the end even while we read from the start.
            self._stderr = tempfile.TemporaryFile("a+", encoding="utf-8", errors="replace")  # noqa: SIM115
        loop = asyncio.get_running_loop()
        self._restart_lock = self._restart_lock or asyncio.Lock()
        ready: asyncio.Future[None] = loop.create_future()
        self._stop = asyncio.Event()
        self._task = loop.create_task(self._own(ready, self._stop), name=f"mcp-{self.name}")
        try:
            await asyncio.wait_for(asyncio.shield(ready), self.startup_timeout)
        except asyncio.CancelledError:  # the caller gave up: do not leave the server running
            await self.stop()
            raise
        except asyncio.TimeoutError:
            await self.stop()
            raise MCPConnectionError(
                f"MCP server {self.name!r} did not finish starting within "
                f"{self.startup_timeout:g} seconds.\n{self.diagnostics()}"
            ) from None
        except Exception as error:
            await self.stop()
            raise MCPConnectionError(
                f"Could not connect to MCP server {self.name!r}: {describe(error)}\n"
                f"{self.diagnostics()}"
            ) from error
        logger.info("connected to MCP server %r (%s)", self.name, self.server.describe())

    @property
    def session_timeout(self) -> float | None:
        """The SDK session's default read timeout: long enough for ``initialize``
        (the server may still be starting, bounded by ``startup_timeout``); tool
        calls and prompts pass ``request_timeout`` themselves."""
        if self.request_timeout is None:
            return None
        return max(self.request_timeout, self.startup_timeout)

    async def _own(self, ready: asyncio.Future[None], stop: asyncio.Event) -> None:
        """The owner task: open transport and session, wait for ``stop``, close both."""
        try:
            from mcp import ClientSession

            async with (
                open_transport(self.server, self._stderr) as (read, write),
                ClientSession(read, write, read_timeout_seconds=self.session_timeout) as session,
            ):
                initialized = await session.initialize()
                self.server_info = initialized.server_info
                self.session = session
                ready.set_result(None)
                await stop.wait()
        except asyncio.CancelledError:
            if not ready.done():
                ready.cancel()
            raise
        except BaseException as error:  # anyio wraps failures in (Base)ExceptionGroups
            if not ready.done():
                ready.set_exception(error)
            else:
                logger.warning("MCP session with %r ended: %s", self.name, describe(error))
        finally:
            self.session = None

    async def stop(self) -> None:
        """Close the session (or cancel a start in progress) and wait until it is closed."""
        task, self._task = self._task, None
        if task is None:
            return
        if self.session is not None and self._stop is not None:
            self._stop.set()  # the owner closes everything, in reverse order
        else:
            task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass
        except Exception as error:  # already logged by the owner; closing must not fail
            logger.debug("MCP session with %r closed with %s", self.name, describe(error))

    def release(self) -> None:
        """Forget the captured stderr (after :meth:`stop`, when the client is closed)."""
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    # ------------------------------------------------------------------ requests

    async def request(self, send: Callable[[ClientSession], Awaitable[ResultT]]) -> ResultT:
        """Send one request; if the server died, start it again once and repeat.

        Args:
            send: Sends the request on the session it is given.

        Returns:
            What ``send`` returned.

        Raises:
            MCPRequestError: The server answered with a JSON-RPC error, or the
                connection closed again after the restart.
            MCPConnectionError: The server could not be started again.
        """
        require_mcp()
        from mcp import MCPError
        from mcp.types import CONNECTION_CLOSED

        if self.closing:
            raise self._closed_error()
        session = self.session or await self._restart(None)
        try:
            return await send(session)
        except MCPError as error:
            if self.closing:  # close() ended the session under this request
                raise self._closed_error() from error
            if error.code != CONNECTION_CLOSED or not self.reconnect:
                raise _request_error(error, self.diagnostics()) from error
        logger.warning("MCP server %r closed the connection; starting it again", self.name)
        session = await self._restart(session)
        try:
            return await send(session)
        except MCPError as error:
            if self.closing:
                raise self._closed_error() from error
            raise _request_error(error, self.diagnostics()) from error

    def _closed_error(self) -> MCPClosedError:
        return MCPClosedError(
            f"MCP client {self.name!r} was closed; the request was not answered. "
            "Connect again (connect() or aconnect()) to send more requests."
        )

    async def _restart(self, dead: ClientSession | None) -> ClientSession:
        """Replace a dead session, once, however many requests saw it die."""
        assert self._restart_lock is not None, "start() must run first"
        async with self._restart_lock:
            if self.closing:
                raise self._closed_error()
            if self.session is None or self.session is dead:
                if not self.reconnect:
                    raise MCPConnectionError(
                        f"MCP server {self.name!r} is gone.\n{self.diagnostics()}"
                    )
                await self.stop()
                await self.start()
        assert self.session is not None
        return self.session

    # ------------------------------------------------------------------ diagnostics

    def stderr_tail(self, limit: int = STDERR_TAIL) -> str:
        """The last ``limit`` characters a stdio server wrote to stderr ("" for HTTP)."""
        if self._stderr is None:
            return ""
        self._stderr.seek(0)
        return self._stderr.read()[-limit:]

    def diagnostics(self) -> str:
        """The command (or URL) and the server's stderr, for an error message."""
        stderr = self.stderr_tail().strip()
        lines = [f"Server: {self.server.describe()}"]
        if isinstance(self.server, StdioServer):
            for value in (self.server.env or {}).values():
                if len(value) >= 6:  # the server may echo a key it was given
                    stderr = stderr.replace(value, "***")
            lines.append(f"Server stderr:\n{stderr}" if stderr else "Server stderr: (empty)")
            missing = _missing_program(self.server.command)
            if missing:
                lines.append(missing)
        return "\n".join(lines)


def _request_error(error: Any, diagnostics: str) -> MCPRequestError:
    """The SDK's error as ours; a closed connection also shows the diagnostics."""
    from mcp.types import CONNECTION_CLOSED

    message = error.message
    if error.code == CONNECTION_CLOSED:
        message = f"{message}.\n{diagnostics}"
    return MCPRequestError(error.code, message, error.data)


def _missing_program(command: str) -> str | None:
    """A hint when a stdio server's program cannot be found, else None."""
    if shutil.which(command) is not None or os.path.exists(command):
        return None
    hint = {"uvx": " (uvx comes with uv: pip install uv)", "npx": " (npx comes with Node.js)"}
    return (
        f"{command!r} was not found on PATH{hint.get(command, '')}: install it, "
        "activate the environment that has it, or give its full path."
    )


def describe(error: BaseException) -> str:
    """``Type: message``, looking inside exception groups for the first real cause.

    Args:
        error: The exception (anyio task groups wrap theirs in groups).

    Returns:
        The innermost first exception's type and message.
    """
    inner = getattr(error, "exceptions", None)
    while inner and isinstance(inner[0], BaseException):
        error = inner[0]
        inner = getattr(error, "exceptions", None)
    return f"{type(error).__name__}: {error}"


__all__ = ["STDERR_TAIL", "SessionOwner", "describe"]
