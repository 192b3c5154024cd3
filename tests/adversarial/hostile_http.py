"""A raw-socket HTTP server that misbehaves on purpose, for the LLM client's tests.

Unlike FakeOpenAIServer it writes the bytes itself, so it can do what no
well-behaved server library lets you do: send the headers and then one byte
every half second, go silent after the first chunk, cut the connection in the
middle of a body, or answer with bytes that are not HTTP at all.
"""

from __future__ import annotations

import contextlib
import json
import socket
import socketserver
import threading
from collections.abc import Callable
from typing import Any

Behaviour = Callable[["HostileHandler", dict[str, Any]], None]


class HostileHandler(socketserver.StreamRequestHandler):
    server: _Server

    def handle(self) -> None:
        request_line = self.rfile.readline()
        if not request_line:
            return
        headers: dict[str, str] = {}
        while True:
            line = self.rfile.readline().decode("latin-1").strip()
            if not line:
                break
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}") if length else {}
        self.server.owner.requests.append({"headers": headers, "body": body})
        with contextlib.suppress(OSError):  # the client gave up: what the tests want
            self.server.owner.behaviour(self, body)

    # ---- building blocks for behaviours ---------------------------------------------

    def send(self, data: bytes) -> None:
        self.wfile.write(data)
        self.wfile.flush()

    def headers_only(self, content_type: str, status: str = "200 OK") -> None:
        """Headers of a body that ends when the connection closes."""
        head = f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nConnection: close\r\n"
        self.send(head.encode() + b"\r\n")

    def trickle(self, byte: bytes = b" ", every: float = 0.5) -> None:
        """One byte every ``every`` seconds until the client hangs up or the server stops."""
        while not self.server.owner.stopping.wait(every):
            self.send(byte)

    def wait_until_stopped(self) -> None:
        self.server.owner.stopping.wait()


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    owner: HostileServer


class HostileServer:
    """Serves every request with ``behaviour(handler, request_body)``."""

    def __init__(self, behaviour: Behaviour) -> None:
        self.behaviour = behaviour
        self.requests: list[dict[str, Any]] = []
        self.stopping = threading.Event()
        self._server = _Server(("127.0.0.1", 0), HostileHandler)
        self._server.owner = self
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> HostileServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"


# ---- behaviours ------------------------------------------------------------------------


def sse(data: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(data).encode() + b"\n\n"


def text_chunk(text: str, finish_reason: str | None = None) -> dict[str, Any]:
    return {
        "id": "x",
        "object": "chat.completion.chunk",
        "model": "m",
        "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": finish_reason}],
    }


def trickle_forever(handler: HostileHandler, body: dict[str, Any]) -> None:
    """Headers at once, then one byte every 0.5 s: never an answer, never silent."""
    handler.headers_only("text/event-stream" if body.get("stream") else "application/json")
    handler.trickle()


def first_chunk_then_silence(handler: HostileHandler, body: dict[str, Any]) -> None:
    handler.headers_only("text/event-stream")
    handler.send(sse(text_chunk("Hello")))
    handler.wait_until_stopped()


def headers_then_silence(handler: HostileHandler, body: dict[str, Any]) -> None:
    handler.headers_only("text/event-stream" if body.get("stream") else "application/json")
    handler.wait_until_stopped()


def cut_mid_body(handler: HostileHandler, body: dict[str, Any]) -> None:
    """Announce a 500-byte JSON body, send 20 bytes, hang up."""
    handler.send(
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n"
    )
    handler.send(b'{"id": "x", "choices"')
    handler.connection.shutdown(socket.SHUT_RDWR)


def garbage(handler: HostileHandler, body: dict[str, Any]) -> None:
    handler.send(b"\x00\xff\xfeNOT HTTP AT ALL\r\n\r\n" + bytes(range(256)))
    handler.connection.shutdown(socket.SHUT_RDWR)


def echo_bearer_token(handler: HostileHandler, body: dict[str, Any]) -> None:
    """Answer 401 with the caller's Authorization header in the error message."""
    token = handler.server.owner.requests[-1]["headers"].get("authorization", "")
    payload = json.dumps(
        {"error": {"message": f"invalid credentials: {token}", "type": "auth", "code": "x"}}
    ).encode()
    handler.send(
        b"HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n".encode()
        + payload
    )
