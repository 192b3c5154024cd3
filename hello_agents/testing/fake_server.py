"""FakeOpenAIServer: a real OpenAI-compatible HTTP server on loopback, for tests.

It listens on ``127.0.0.1`` (a free port), serves ``POST /v1/chat/completions``
as JSON or as an SSE stream, ``GET /v1/models`` and ``GET /health``, and
answers from a script (see :mod:`hello_agents.testing.script`), so the real
``openai`` SDK path (HTTP, streaming, tool_calls, errors, retries) runs in
tests. :class:`~hello_agents.testing.script.Fault` items inject failures: an
HTTP status with ``Retry-After``, a delay past the client's timeout, a stream
cut mid-way, a malformed body.

    with FakeOpenAIServer(["Hello!"]) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="test-key", model="fake")
        assert llm.invoke([{"role": "user", "content": "hi"}]) == "Hello!"
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from hello_agents.testing.script import Fault, Scripted, ScriptedReply, ScriptItem, resolve_item


@dataclass(frozen=True)
class RecordedRequest:
    """One request the server received (header names in lower case)."""

    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def stream(self) -> bool:
        """Whether the client asked for a stream."""
        return bool(self.body.get("stream"))


class FakeOpenAIServer(Scripted):
    """A scripted OpenAI-compatible server on ``127.0.0.1``.

    Args:
        script: Items answered in order, one per chat-completions request.
        responder: Called with the request body when the script is empty; its
            return value is used like a script item. Without it, an empty
            script answers HTTP 400 and records the request as unexpected.
        api_key: When set, requests must carry ``Authorization: Bearer <api_key>``
            or get HTTP 401.
        model: The model name reported in responses.
        owned_by: The ``owned_by`` of its model in ``/v1/models`` (``"llamacpp"``
            makes it pass for a llama.cpp server).
        parameters: The model's size in ``/v1/models`` (``meta.n_params``, as
            llama.cpp reports it), when given.
    """

    def __init__(
        self,
        script: Iterable[ScriptItem] = (),
        *,
        responder: Callable[[dict[str, Any]], ScriptItem] | None = None,
        api_key: str | None = None,
        model: str = "fake-model",
        owned_by: str = "fake",
        parameters: int | None = None,
    ) -> None:
        self._load_script(script)
        self._stopping = threading.Event()
        self.responder = responder
        self.api_key = api_key
        self.model = model
        self.owned_by = owned_by
        self.parameters = parameters
        self.requests: list[RecordedRequest] = []
        self.unexpected: list[RecordedRequest] = []
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ---- lifecycle -------------------------------------------------------------------

    def start(self) -> FakeOpenAIServer:
        """Start serving in a background thread; returns self."""
        handler = type("Handler", (_Handler,), {"fake": self})
        self._httpd = _QuietServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and wake any delayed responses."""
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        """The port the server listens on."""
        if self._httpd is None:
            raise RuntimeError("the server is not running; call start()")
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        """The API root to give a client, e.g. ``http://127.0.0.1:PORT/v1``."""
        return f"http://127.0.0.1:{self.port}/v1"

    # ---- script ------------------------------------------------------------------------

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        """The chat-completions requests received, in order."""
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    def assert_all_used(self) -> None:
        """Fail when script items were left, or requests arrived with none left."""
        if self.unexpected:
            raise AssertionError(
                f"{len(self.unexpected)} request(s) arrived after the script ended"
            )
        if self._script:
            raise AssertionError(f"{len(self._script)} scripted item(s) were never requested")

    def _next(self, body: dict[str, Any]) -> ScriptedReply | Fault | BaseException | None:
        item = self._take()
        if item is None and self.responder is not None:
            item = self.responder(body)
        return None if item is None else resolve_item(item, body)

    def _wait(self, seconds: float) -> None:
        self._stopping.wait(seconds)


class _QuietServer(ThreadingHTTPServer):
    """A server that does not print a traceback when a client hangs up (as the
    timeout and cut-stream tests make clients do), and that accepts a burst of
    connections (a concurrent benchmark opens dozens at once; the standard
    library's default backlog is 5)."""

    request_queue_size = 256

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    fake: FakeOpenAIServer
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # small responses go out at once, not after a delayed ACK

    def log_message(self, format: str, *args: Any) -> None:  # silence stderr logging
        return

    # ---- routing ---------------------------------------------------------------------

    @property
    def _route(self) -> str:
        """The request path without its query string (a key may ride in ``?api-key=``)."""
        return urlsplit(self.path).path.rstrip("/")

    def do_GET(self) -> None:
        self._record({})
        if self._route.endswith("/models"):
            entry: dict[str, Any] = {
                "id": self.fake.model,
                "object": "model",
                "owned_by": self.fake.owned_by,
            }
            if self.fake.parameters is not None:
                entry["meta"] = {"n_params": self.fake.parameters}
            self._send_json(200, {"object": "list", "data": [entry]})
        elif self._route == "/health":
            self._send_json(200, {"status": "ok"})
        else:
            self._send_json(404, _error_body(f"no route {self._route}", "not_found"))

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            self._send_json(400, _error_body("request body is not JSON", "invalid_request_error"))
            return
        recorded = self._record(body)
        if not self._route.endswith("/chat/completions"):
            self._send_json(404, _error_body(f"no route {self._route}", "not_found"))
            return
        expected = f"Bearer {self.fake.api_key}"
        if self.fake.api_key is not None and self.headers.get("Authorization") != expected:
            self._send_json(401, _error_body("invalid API key", "invalid_api_key"))
            return
        outcome = self.fake._next(body)
        if outcome is None:
            self.fake.unexpected.append(recorded)
            message = "FakeOpenAIServer: no scripted reply left for this request"
            self._send_json(400, _error_body(message, "script_exhausted"))
            return
        self._answer(outcome, stream=bool(body.get("stream")))

    def _record(self, body: dict[str, Any]) -> RecordedRequest:
        headers = {name.lower(): value for name, value in self.headers.items()}
        recorded = RecordedRequest(self.command, self.path, headers, body)
        self.fake.requests.append(recorded)
        return recorded

    # ---- answers -----------------------------------------------------------------------

    def _answer(self, outcome: ScriptedReply | Fault | BaseException, *, stream: bool) -> None:
        if isinstance(outcome, BaseException):
            self._send_json(500, _error_body(f"scripted exception: {outcome}", "server_error"))
            return
        if isinstance(outcome, ScriptedReply):
            self._send_reply(outcome, stream=stream)
            return
        if outcome.kind == "status":
            headers = {}
            if outcome.retry_after is not None:
                headers["Retry-After"] = f"{outcome.retry_after:g}"
            kind = "rate_limit_exceeded" if outcome.status_code == 429 else "server_error"
            self._send_json(outcome.status_code, _error_body(outcome.message, kind), headers)
        elif outcome.kind == "delay":
            self.fake._wait(outcome.seconds)
            self._send_reply(outcome.then or ScriptedReply(), stream=stream)
        elif outcome.kind == "cut_stream":
            self._send_stream(
                outcome.then or ScriptedReply(), cut_after=outcome.after_chunks, clean=outcome.clean
            )
        elif outcome.kind == "raw":
            self._send_raw_fault(outcome, stream=stream)
        elif outcome.kind == "malformed_json":
            if stream:
                self._start_stream()
                self._write_chunk(b'data: {"id": "broken", "choices": [\n\n')
                self._end_stream()
            else:
                self._send_raw(200, b'{"id": "chatcmpl-broken", "choices": [', "application/json")
        else:
            raise ValueError(f"unknown fault kind {outcome.kind!r}")

    def _send_reply(self, scripted: ScriptedReply, *, stream: bool) -> None:
        if stream:
            self._send_stream(scripted, cut_after=None)
        else:
            self._send_json(200, scripted.completion_body(self.fake.model))

    def _send_raw_fault(self, fault: Fault, *, stream: bool) -> None:
        if not stream:
            data = fault.body if isinstance(fault.body, bytes) else json.dumps(fault.body).encode()
            self._send_raw(fault.status_code, data, "application/json")
            return
        self._start_stream(fault.status_code)
        chunks = fault.raw_chunks if fault.raw_chunks is not None else (fault.body,)
        for chunk in chunks:
            data = chunk if isinstance(chunk, bytes) else json.dumps(chunk).encode()
            self._write_chunk(b"data: " + data + b"\n\n")
        self._write_chunk(b"data: [DONE]\n\n")
        self._end_stream()

    def _send_stream(
        self, scripted: ScriptedReply, *, cut_after: int | None, clean: bool = False
    ) -> None:
        self._start_stream()
        for index, chunk in enumerate(scripted.chunk_bodies(self.fake.model)):
            if cut_after is not None and index >= cut_after:
                if clean:
                    self._end_stream()  # a well-formed end, but no finish reason
                else:
                    self.close_connection = True  # drop the connection mid-body
                return
            self._write_chunk(b"data: " + json.dumps(chunk).encode() + b"\n\n")
        self._write_chunk(b"data: [DONE]\n\n")
        self._end_stream()

    # ---- HTTP plumbing ---------------------------------------------------------------

    def _send_json(
        self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
    ) -> None:
        self._send_raw(status, json.dumps(payload).encode(), "application/json", headers)

    def _send_raw(
        self, status: int, data: bytes, content_type: str, headers: dict[str, str] | None = None
    ) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client gave up (e.g. its timeout)

    def _start_stream(self, status: int = 200) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()

    def _write_chunk(self, data: bytes) -> None:
        try:
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _end_stream(self) -> None:
        try:
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


def _error_body(message: str, code: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": code, "code": code}}


__all__ = ["FakeOpenAIServer", "RecordedRequest"]
