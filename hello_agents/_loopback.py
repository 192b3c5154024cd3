"""An ASGI application served by uvicorn from a daemon thread of this process.

The MCP server (``RegistryServer.start_http``) and the A2A server (``A2AServer.start``)
both serve this way. The socket is bound and listening before the thread starts
(port 0 picks a free port), so ``url`` accepts connections at once (they wait in the
backlog until uvicorn serves); the server stops on ``stop()``, on leaving ``with``,
or at interpreter exit.
"""

from __future__ import annotations

import atexit
import socket
import threading
import weakref
from collections.abc import Callable
from types import TracebackType
from typing import Any

from hello_agents._lazy import require

_running_servers: weakref.WeakSet[LoopbackServer] = weakref.WeakSet()


class LoopbackServer:
    """An ASGI application served in a background thread.

    Args:
        app_for_url: Builds the ASGI application from the URL it is served at
            (an A2A card must name its own URL); called once the port is known.
        host: The interface to listen on (loopback by default).
        port: The TCP port; 0 picks a free one.
        path: Appended to ``url`` (an MCP endpoint's path).
        lifespan: uvicorn's ``lifespan`` setting: "on" runs the app's startup and
            shutdown (an MCP app needs them), "off" skips them.
        extra: The pip extra to name when uvicorn is not installed.
    """

    def __init__(
        self,
        app_for_url: Callable[[str], Any],
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        path: str = "",
        lifespan: str = "off",
        extra: str = "a2a",
    ) -> None:
        uvicorn = require("uvicorn", extra)
        self._socket = socket.create_server((host, port))
        self.host, self.port = self._socket.getsockname()[:2]
        shown = f"[{self.host}]" if ":" in self.host else self.host  # IPv6
        self.url = f"http://{shown}:{self.port}{path}"
        config = uvicorn.Config(app_for_url(self.url), log_level="warning", lifespan=lifespan)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run,
            kwargs={"sockets": [self._socket]},
            name=f"hello-agents-server:{self.port}",
            daemon=True,
        )
        self._thread.start()
        _running_servers.add(self)

    @property
    def running(self) -> bool:
        """True until the server thread has exited."""
        return self._thread.is_alive()

    def wait(self) -> None:
        """Block until the server stops (Ctrl+C interrupts the wait)."""
        while self._thread.is_alive():
            self._thread.join(0.5)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop serving and wait for the thread (idempotent).

        Open streams are not waited for beyond ``timeout`` seconds.
        """
        self._server.should_exit = True
        self._thread.join(timeout)
        if self._thread.is_alive():  # a client kept a stream open: close it hard
            self._server.force_exit = True
            self._thread.join(timeout)
        self._socket.close()
        _running_servers.discard(self)

    def __enter__(self) -> LoopbackServer:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(url={self.url!r}, running={self.running})"


@atexit.register
def _stop_running_servers() -> None:
    for server in list(_running_servers):
        server.stop(timeout=1.0)


__all__ = ["LoopbackServer"]
