"""Vectors in Qdrant: embedded (a local folder) by default, a server when configured.

qdrant-client's local mode keeps the collection in a folder and searches it in
process; the same client talks to a Qdrant server when given a URL (``QDRANT_URL``,
``QDRANT_API_KEY``), over its REST API only (``prefer_grpc=False``). A local folder
can be opened by one client per process, so clients are shared by path (and server
clients by URL and key). Every failure reaches the developer as a
:class:`~hello_agents.memory.errors.VectorStoreError` naming the server's address
without credentials, never the key.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import math
import os
import re
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from hello_agents.memory.errors import MemoryException, MissingExtraError, VectorStoreError

_CLIENTS: dict[str, Any] = {}
_CLIENTS_LOCK = threading.Lock()


@dataclass(frozen=True)
class VectorHit:
    """One vector search result: the record's own id and the cosine score."""

    id: str
    score: float
    payload: dict[str, Any]


def safe_name(name: str) -> str:
    """A name usable in a collection name: ASCII letters, digits and ``_``.

    A name that had to change gets a short hash, so two different names never collide.
    """
    slug = re.sub(r"[^0-9A-Za-z]+", "_", name).strip("_").lower()
    if slug != name.lower():
        slug += "_" + hashlib.sha1(name.encode()).hexdigest()[:6]
    return slug


def _point_id(record_id: str) -> str:
    # Qdrant accepts only UUIDs and integers as point ids.
    return str(uuid.uuid5(uuid.NAMESPACE_URL, record_id))


@atexit.register
def _close_clients() -> None:
    # Closed before interpreter shutdown, when qdrant-client can still import what it needs.
    with _CLIENTS_LOCK:
        for client in _CLIENTS.values():
            with contextlib.suppress(Exception):  # best effort at exit
                client.close()
        _CLIENTS.clear()


def redact_url(url: str) -> str:
    """The URL without its user, password, query and fragment: safe to show."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    netloc = host + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, "", "")) if netloc else url


def _client(path: str | None, url: str | None, api_key: str | None, timeout: float) -> Any:
    try:
        from qdrant_client import QdrantClient
    except ImportError as error:
        raise MissingExtraError("qdrant-client") from error
    # A server client is shared only with stores that use the same key and timeout.
    key = (
        f"url:{url}|{hashlib.sha256((api_key or '').encode()).hexdigest()}|{timeout}"
        if url
        else f"path:{Path(path or '.').resolve()}"
    )
    with _CLIENTS_LOCK:
        if key not in _CLIENTS:
            if url:
                # REST only: the store never opens a gRPC channel.
                _CLIENTS[key] = QdrantClient(
                    url=url, api_key=api_key, prefer_grpc=False, timeout=math.ceil(timeout)
                )
            else:
                assert path is not None
                Path(path).mkdir(parents=True, exist_ok=True)
                try:
                    _CLIENTS[key] = QdrantClient(path=path)
                except RuntimeError as error:  # the folder is locked by another process
                    raise MemoryException(
                        f"the vector store at {path} is in use by another process: {error}"
                    ) from error
        return _CLIENTS[key]


class QdrantVectorStore:
    """One Qdrant collection of vectors with payloads.

    Args:
        collection_name: The collection.
        dimension: The vector size.
        path: The folder of the embedded store (used when no URL is given).
        url: A Qdrant server (defaults to ``QDRANT_URL``).
        api_key: Its key (defaults to ``QDRANT_API_KEY``).
        timeout: Seconds to wait for the server's answer to each request.

    Raises:
        VectorStoreError: The server cannot be reached or refuses the request (a wrong
            key, an error), or the collection holds vectors of another size.
    """

    def __init__(
        self,
        collection_name: str,
        dimension: int,
        path: str | Path | None = None,
        url: str | None = None,
        api_key: str | None = None,
        timeout: float = 5.0,
    ) -> None:
        server = url or os.environ.get("QDRANT_URL") or None
        #: The server's address without credentials (None in local mode).
        self.url = redact_url(server) if server else None
        self.path = None if server else str(path or "./memory_data/qdrant")
        self.collection_name = collection_name
        self.dimension = dimension
        self._client = _client(
            self.path, server, api_key or os.environ.get("QDRANT_API_KEY") or None, timeout
        )
        self._ensure_collection()

    def __repr__(self) -> str:
        where = f"url={self.url!r}" if self.url else f"path={self.path!r}"
        return f"QdrantVectorStore({self.collection_name!r}, dimension={self.dimension}, {where})"

    @contextlib.contextmanager
    def _request(self, action: str) -> Iterator[None]:
        """Turn the client's failures into a VectorStoreError that says what to check."""
        try:
            yield
        except MemoryException:
            raise
        except Exception as error:
            raise VectorStoreError(self._explain(action, error)) from error

    def _explain(self, action: str, error: Exception) -> str:
        where = f"collection {self.collection_name!r}"
        if self.url is None:  # local mode: the engine says what was wrong
            return f"could not {action} in {where} at {self.path}: {error}"
        from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

        server = f"the Qdrant server at {self.url}"
        if isinstance(error, UnexpectedResponse):
            detail = _error_text(error.content)
            hint = {
                401: "; check QDRANT_API_KEY",
                403: "; check QDRANT_API_KEY and its rights",
                404: "; was the collection deleted on the server?",
            }.get(error.status_code or 0, "")
            return (
                f"{server} refused to {action} in {where}: HTTP {error.status_code} {detail}{hint}"
            )
        if isinstance(error, ResponseHandlingException):
            return (
                f"could not reach {server} to {action} in {where} "
                f"({type(error.source).__name__}: {error.source}); is it running, and is "
                "QDRANT_URL right?"
            )
        return f"{server} failed to {action} in {where}: {type(error).__name__}: {error}"

    def _ensure_collection(self) -> None:
        from qdrant_client import models

        with self._request("open the collection"):
            if not self._client.collection_exists(self.collection_name):
                self._client.create_collection(
                    self.collection_name,
                    vectors_config=models.VectorParams(
                        size=self.dimension, distance=models.Distance.COSINE
                    ),
                )
                return
            info = self._client.get_collection(self.collection_name)
        size = info.config.params.vectors.size
        if size != self.dimension:
            raise VectorStoreError(
                f"collection {self.collection_name!r} holds {size}-dimensional vectors but the "
                f"embedder makes {self.dimension}; use another collection or the same embedder"
            )

    def upsert(
        self, ids: list[str], vectors: list[list[float]], payloads: list[dict[str, Any]]
    ) -> None:
        """Add or replace vectors by record id."""
        from qdrant_client import models

        points = [
            models.PointStruct(
                id=_point_id(record_id), vector=vector, payload={**payload, "ref": record_id}
            )
            for record_id, vector, payload in zip(ids, vectors, payloads, strict=True)
        ]
        with self._request("store vectors"):
            for start in range(0, len(points), 512):
                self._client.upsert(self.collection_name, points=points[start : start + 512])

    def search(
        self, vector: list[float], limit: int = 10, where: dict[str, Any] | None = None
    ) -> list[VectorHit]:
        """The nearest vectors, optionally only those whose payload matches ``where``."""
        from qdrant_client import models

        query_filter = None
        if where:
            query_filter = models.Filter(
                must=[
                    models.FieldCondition(key=key, match=models.MatchValue(value=value))
                    for key, value in where.items()
                ]
            )
        with self._request("search"):
            response = self._client.query_points(
                self.collection_name, query=vector, limit=limit, query_filter=query_filter
            )
        return [
            VectorHit(
                id=str(point.payload.get("ref")), score=float(point.score), payload=point.payload
            )
            for point in response.points
            if point.payload
        ]

    def delete(self, ids: list[str]) -> None:
        """Remove vectors by record id."""
        from qdrant_client import models

        if ids:
            with self._request("delete vectors"):
                self._client.delete(
                    self.collection_name,
                    points_selector=models.PointIdsList(points=[_point_id(i) for i in ids]),
                )

    def count(self) -> int:
        """How many vectors the collection holds."""
        with self._request("count vectors"):
            return int(self._client.count(self.collection_name).count)

    def clear(self) -> None:
        """Delete and recreate the collection."""
        with self._request("clear the collection"):
            self._client.delete_collection(self.collection_name)
        self._ensure_collection()


def _error_text(content: bytes) -> str:
    """Qdrant's error sentence from a response body (JSON or plain text), shortened."""
    text = content.decode("utf-8", "replace").strip()
    try:
        body = json.loads(text)
        text = str(body["status"]["error"])
    except (ValueError, KeyError, TypeError):
        pass
    return text[:300] or "(no body)"


__all__ = ["QdrantVectorStore", "VectorHit", "redact_url", "safe_name"]
