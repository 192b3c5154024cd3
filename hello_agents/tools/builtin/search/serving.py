"""An HTTP server in a background thread of this process, started and stopped in code.

The local search service and the test kit's fake search APIs both serve this
way: bind a port (0: one the system picks), serve from a daemon thread, and
stop cleanly, also as a ``with`` block::

    with LocalSearchService("pages/") as service:
        print(service.url)   # http://127.0.0.1:<port>
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import TypeVar

ServerT = TypeVar("ServerT", bound="BackgroundHTTPServer")


class BackgroundHTTPServer:
    """The start/stop lifecycle of a threaded HTTP server; a subclass gives the handler.

    Args:
        host: The address to listen on (loopback by default).
        port: The port (0: one the system picks).

    Attributes:
        thread_name: The name of the serving thread (it shows in thread dumps).
        poll_interval: Seconds between the serving loop's checks for :meth:`stop`.
    """

    thread_name = "http-server"
    poll_interval = 0.05

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.port = port
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    def handler(self) -> type[BaseHTTPRequestHandler]:
        """The request handler class, bound to this server (a subclass gives it)."""
        raise NotImplementedError(f"{type(self).__name__} must define handler()")

    def before_serving(self) -> None:
        """Work to do once the port is bound and before requests are served (a hook).

        An exception raised here closes the socket and is raised by :meth:`start`.
        """

    def start(self: ServerT) -> ServerT:
        """Bind the port and serve in a background thread.

        Returns:
            The server itself.

        Raises:
            OSError: The port cannot be bound.
        """
        server = ThreadingHTTPServer((self.host, self.port), self.handler())
        server.daemon_threads = True
        self._server = server
        try:
            self.before_serving()
        except BaseException:
            server.server_close()
            self._server = None
            raise
        self._thread = threading.Thread(
            target=server.serve_forever,
            kwargs={"poll_interval": self.poll_interval},
            name=self.thread_name,
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join()
        self._server = self._thread = None

    def __enter__(self: ServerT) -> ServerT:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def url(self) -> str:
        """``http://host:port`` of the running server.

        Raises:
            RuntimeError: The server is not running.
        """
        if self._server is None:
            raise RuntimeError(f"{type(self).__name__} is not running; call start() first.")
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"


__all__ = ["BackgroundHTTPServer"]
