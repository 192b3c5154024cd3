"""Plumbing shared by the protocol servers and clients.

* :class:`LoopbackServer`: an ASGI app served by uvicorn from a daemon thread, on a
  socket bound before the thread starts (port 0 picks a free port), stopped on
  ``stop()``, on leaving ``with``, or at interpreter exit.
* :func:`run_sync`: run a coroutine to completion from synchronous code, on one
  shared background event loop, so sync calls also work inside Jupyter (whose
  own loop is already running) and keep their HTTP connections between calls.
"""

from __future__ import annotations

import asyncio
import atexit
import socket
import threading
import weakref
from collections.abc import Callable, Coroutine
from types import TracebackType
from typing import Any, TypeVar

from hello_agents._lazy import require

ResultT = TypeVar("ResultT")

_running_servers: weakref.WeakSet[LoopbackServer] = weakref.WeakSet()


class LoopbackServer:
    """An ASGI application served in a background thread.

    Args:
        app_for_url: Builds the ASGI application from the URL it is served at
            (an A2A card must name its own URL); called once the port is known.
        host: The interface to listen on (loopback by default).
        port: The TCP port; 0 picks a free one.
    """

    def __init__(
        self, app_for_url: Callable[[str], Any], host: str = "127.0.0.1", port: int = 0
    ) -> None:
        uvicorn = require("uvicorn", "a2a")
        self._socket = socket.create_server((host, port))
        self.host, self.port = self._socket.getsockname()[:2]
        shown = f"[{self.host}]" if ":" in self.host else self.host
        self.url = f"http://{shown}:{self.port}"
        config = uvicorn.Config(app_for_url(self.url), log_level="warning", lifespan="off")
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
        return f"LoopbackServer(url={self.url!r}, running={self.running})"


@atexit.register
def _stop_running_servers() -> None:
    for server in list(_running_servers):
        server.stop(timeout=1.0)


class _BackgroundLoop:
    """One event loop in a daemon thread, started on first use."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None

    def get(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None or self._loop.is_closed():
                loop = asyncio.new_event_loop()
                threading.Thread(
                    target=loop.run_forever, name="hello-agents-protocols", daemon=True
                ).start()
                self._loop = loop
            return self._loop


_background = _BackgroundLoop()


def background_loop() -> asyncio.AbstractEventLoop:
    """The shared background event loop (started on first use)."""
    return _background.get()


def run_sync(coroutine: Coroutine[Any, Any, ResultT]) -> ResultT:
    """Run a coroutine on the shared background loop and wait for its result.

    Time limits belong inside the coroutine (``asyncio.wait_for``), so that a
    timeout cancels the work instead of leaving it running.

    Raises:
        RuntimeError: Called from the background loop itself (it would wait for itself).
    """
    loop = background_loop()
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        coroutine.close()
        raise RuntimeError("a blocking protocol call was made on its own event loop; await it")
    return asyncio.run_coroutine_threadsafe(coroutine, loop).result()


__all__ = ["LoopbackServer", "background_loop", "run_sync"]
