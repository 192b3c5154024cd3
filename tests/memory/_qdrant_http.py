"""A local stand-in for a Qdrant server's REST API, for the server path of the vector store.

No Qdrant server can be installed on this machine (no PyPI or Debian package ships one,
and there is no Docker engine), so this module serves the REST endpoints that
qdrant-client calls for what ``QdrantVectorStore`` does, over real HTTP on 127.0.0.1.
The semantics are not canned: each request is decoded with qdrant-client's own REST
models and performed on an in-process ``QdrantClient(":memory:")`` (qdrant-client's
local engine), and the answer is encoded in the REST API's JSON shape
(``{"result": ..., "status": "ok", "time": ...}``). Errors take Qdrant's shape
(``{"status": {"error": ...}, "time": ...}``) with its status codes: 404 for a missing
collection, 400 for a wrong vector size or an existing collection, 401 for a missing or
wrong ``api-key`` header when the server is started with a key.

What it is not: Qdrant itself (its storage, consistency, gRPC, clustering).
An endpoint it does not implement answers 404 naming itself, so a client that starts
calling something new fails loudly rather than silently.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from qdrant_client import QdrantClient, models


@dataclass
class RequestLog:
    """One request as the server received it, with its api-key header."""

    method: str
    path: str
    api_key: str | None
    body: Any


class QdrantError(Exception):
    """An error answer: HTTP status and Qdrant's error text."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class FakeQdrantServer:
    """Qdrant's REST API over a local engine; start with :meth:`start`, stop with :meth:`stop`.

    Args:
        api_key: When set, every request but ``GET /`` must carry it as the ``api-key``
            header (or ``Authorization: Bearer``), as a Qdrant server configured with
            ``service.api_key`` demands.
        version: What ``GET /`` reports; qdrant-client warns unless it is within one minor
            version of its own (by default: the installed client's major.minor).
    """

    api_key: str | None = None
    version: str = field(default_factory=lambda: _client_version() + ".0")
    fail_with: int | None = None  # when set, every API request answers this status
    engine: QdrantClient = field(default_factory=lambda: QdrantClient(":memory:"))
    requests: list[RequestLog] = field(default_factory=list)
    port: int = 0
    _server: ThreadingHTTPServer | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __repr__(self) -> str:  # never the key
        return f"FakeQdrantServer(url={self.url!r}, api_key={'***' if self.api_key else None})"

    def start(self) -> FakeQdrantServer:
        """Listen (on a free port the first time, on the same port after a :meth:`stop`)."""
        server = ThreadingHTTPServer(("127.0.0.1", self.port), _handler_for(self))
        server.daemon_threads = True
        self.port = server.server_address[1]
        self._server = server
        threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
        return self

    def stop(self) -> None:
        """Stop listening; the stored collections stay for a later :meth:`start`."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def paths(self) -> list[str]:
        """``METHOD /path`` of each request received, in order."""
        return [f"{entry.method} {entry.path}" for entry in self.requests]

    # -- the API ---------------------------------------------------------------------

    def handle(self, method: str, path: str, headers: dict[str, str], body: Any) -> Any:
        """The ``result`` of one API request, or :class:`QdrantError`."""
        if method == "GET" and path == "/":  # the version, asked by every new client: no key
            return {"title": "qdrant - vector search engine", "version": self.version}
        self._authorize(headers)
        if self.fail_with is not None:
            raise QdrantError(self.fail_with, "Service internal error: the fake was told to fail")
        for pattern_method, pattern, action in _ROUTES:
            match = re.fullmatch(pattern, path)
            if match and method == pattern_method:
                with self._lock:  # one engine call at a time, as the local engine wants
                    return action(self, *match.groups(), body)
        raise QdrantError(404, f"the fake Qdrant does not implement {method} {path}")

    def _authorize(self, headers: dict[str, str]) -> None:
        if self.api_key is None:
            return
        given = headers.get("api-key")
        bearer = headers.get("authorization", "")
        if given is None and bearer.lower().startswith("bearer "):
            given = bearer[7:]
        if given is None:
            raise QdrantError(401, "Must provide an API key or an Authorization bearer token")
        if given != self.api_key:
            raise QdrantError(401, "Invalid API key or JWT")

    def _collection(self, name: str) -> models.CollectionInfo:
        if not self.engine.collection_exists(name):
            raise QdrantError(404, f"Not found: Collection `{name}` doesn't exist!")
        return self.engine.get_collection(name)

    def _check_size(self, name: str, vector: Any) -> None:
        size = self._collection(name).config.params.vectors.size  # type: ignore[union-attr]
        if isinstance(vector, list) and len(vector) != size:
            raise QdrantError(
                400,
                f"Wrong input: Vector dimension error: expected dim: {size}, got {len(vector)}",
            )

    def _exists(self, name: str, _body: Any) -> Any:
        return {"exists": self.engine.collection_exists(name)}

    def _get(self, name: str, _body: Any) -> Any:
        return self._collection(name).model_dump(mode="json", exclude_none=True)

    def _create(self, name: str, body: Any) -> Any:
        request = models.CreateCollection.model_validate(body or {})
        if self.engine.collection_exists(name):
            raise QdrantError(400, f"Wrong input: Collection `{name}` already exists!")
        return self.engine.create_collection(name, vectors_config=request.vectors)

    def _delete_collection(self, name: str, _body: Any) -> Any:
        return self.engine.delete_collection(name)

    def _upsert(self, name: str, body: Any) -> Any:
        request = models.PointsList.model_validate(body)
        for point in request.points:
            self._check_size(name, point.vector)
        return _dump(self.engine.upsert(name, points=request.points))

    def _query(self, name: str, body: Any) -> Any:
        request = models.QueryRequest.model_validate(body)
        query = request.query
        if isinstance(query, models.NearestQuery):
            self._check_size(name, query.nearest)
        else:
            self._collection(name)
        response = self.engine.query_points(
            name,
            query=query,
            limit=request.limit or 10,
            offset=request.offset,
            query_filter=request.filter,
            score_threshold=request.score_threshold,
            with_payload=request.with_payload if request.with_payload is not None else False,
            with_vectors=request.with_vector or False,
        )
        return _dump(response)

    def _delete_points(self, name: str, body: Any) -> Any:
        self._collection(name)
        selector: models.PointsSelector
        if "filter" in body:
            selector = models.FilterSelector.model_validate(body)
        else:
            selector = models.PointIdsList.model_validate(body)
        return _dump(self.engine.delete(name, points_selector=selector))

    def _count(self, name: str, body: Any) -> Any:
        self._collection(name)
        request = models.CountRequest.model_validate(body or {})
        return _dump(
            self.engine.count(name, count_filter=request.filter, exact=request.exact is not False)
        )


def _client_version() -> str:
    return ".".join(importlib.metadata.version("qdrant-client").split(".")[:2])


def _dump(value: Any) -> Any:
    return value.model_dump(mode="json", exclude_none=True)


_NAME = r"/collections/([^/]+)"
_ROUTES: list[tuple[str, str, Callable[..., Any]]] = [
    ("GET", _NAME + "/exists", FakeQdrantServer._exists),
    ("GET", _NAME, FakeQdrantServer._get),
    ("PUT", _NAME, FakeQdrantServer._create),
    ("DELETE", _NAME, FakeQdrantServer._delete_collection),
    ("PUT", _NAME + "/points", FakeQdrantServer._upsert),
    ("POST", _NAME + "/points/query", FakeQdrantServer._query),
    ("POST", _NAME + "/points/delete", FakeQdrantServer._delete_points),
    ("POST", _NAME + "/points/count", FakeQdrantServer._count),
]


def _handler_for(fake: FakeQdrantServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

        def _serve(self) -> None:
            started = time.perf_counter()
            path = urlsplit(self.path).path
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            headers = {key.lower(): value for key, value in self.headers.items()}
            status, payload = 200, None
            try:
                body = json.loads(raw) if raw else None
                fake.requests.append(RequestLog(self.command, path, headers.get("api-key"), body))
                result = fake.handle(self.command, path, headers, body)
                payload = (
                    result
                    if path == "/"
                    else {"result": result, "status": "ok", "time": _since(started)}
                )
            except QdrantError as error:
                status = error.status
                payload = {"status": {"error": error.message}, "time": _since(started)}
            except Exception as error:  # the engine refused the request
                status = 400 if isinstance(error, ValueError) else 500
                kind = "Wrong input" if status == 400 else "Service internal error"
                payload = {"status": {"error": f"{kind}: {error}"}, "time": _since(started)}
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_PUT = do_POST = do_DELETE = do_PATCH = _serve

    return Handler


def _since(started: float) -> float:
    return round(time.perf_counter() - started, 6)


__all__ = ["FakeQdrantServer", "QdrantError", "RequestLog"]
