"""A stand-in for llama.cpp's server, run as a child process by the lifecycle tests.

It goes through the real ``hello_agents.local.serve.main`` (status line, stdin
watch, signals, state file); only the HTTP backend is replaced by a tiny
``http.server`` that answers ``/health``, ``/v1/models`` and
``/v1/chat/completions`` with a fixed reply. Environment variables steer it:

- ``FAKE_SERVER_FAIL``: raise while "loading the model".
- ``FAKE_SERVER_LOAD_SECONDS``: take this long to "load".
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from hello_agents.local.serve import ServeArguments, main

REPLY = "Hello from the fake server."


class _Handler(BaseHTTPRequestHandler):
    alias = "fake"

    def do_GET(self) -> None:
        if self.path == "/health":
            self._send({"status": "ok"})
        elif self.path == "/v1/models":
            self._send({"object": "list", "data": [{"id": self.alias, "object": "model"}]})
        else:
            self._send({"error": "not found"}, status=404)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        self._send(
            {
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": request.get("model", self.alias),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": REPLY},
                        "finish_reason": "stop",
                    }
                ],
            }
        )

    def _send(self, body: dict[str, Any], status: int = 200) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        sys.stderr.write(f"fake server: {format % args}\n")


class FakeBackend:
    """Serves the fixed answers on the requested host and port."""

    def __init__(self, arguments: ServeArguments) -> None:
        if os.environ.get("FAKE_SERVER_FAIL"):
            raise RuntimeError("failed to load model (fake)")
        time.sleep(float(os.environ.get("FAKE_SERVER_LOAD_SECONDS", "0")))
        handler = type("Handler", (_Handler,), {"alias": arguments.alias})
        self._http = ThreadingHTTPServer((arguments.host, arguments.port), handler)
        threading.Thread(target=self._http.serve_forever, daemon=True).start()

    @property
    def base_url(self) -> str:
        host, port = self._http.server_address[:2]
        return f"http://{host!s}:{port}"

    def close(self) -> None:
        self._http.shutdown()
        self._http.server_close()


if __name__ == "__main__":
    sys.exit(main(backend=FakeBackend))
