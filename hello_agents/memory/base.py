"""What every kind of memory does, and how a match is scored.

A memory kind stores :class:`~hello_agents.memory.item.MemoryItem` records and
answers ``add / get / search / update / remove / forget / clear / stats``.
:class:`BaseMemory` declares that contract; :class:`StoredMemory` implements it
once for the three long-term kinds over SQLite (the records), Qdrant (the
vectors, when an embedder is configured) and BM25 (the words).

A search score combines three things, each in [0, 1]:

* relevance: ``0.8 * vector + 0.2 * BM25``, each rescaled over the candidates
  (vector similarities min-max, BM25 by the best hit; see :func:`hybrid_scores`),
  or BM25 alone without an embedder;
* importance: ``0.8 + 0.4 * importance`` (so an essential memory weighs 1.5 times a trivial one);
* recency: ``decay_factor ** age_in_days``, floored at 0.5 (old memories fade but stay findable).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from datetime import datetime, timedelta
from typing import Any

from hello_agents.memory.embedding import Embedder
from hello_agents.memory.item import MemoryConfig, MemoryItem, ScoredMemory
from hello_agents.memory.storage.document_store import SQLiteDocumentStore
from hello_agents.memory.storage.vector_store import QdrantVectorStore
from hello_agents.memory.text import BM25Index

VECTOR_WEIGHT = 0.8
"""Share of the vector similarity in a hybrid relevance score (BM25 gets the rest).

Chosen by ``benchmarks/rag_retrieval.py``: on its 36 paraphrased questions 0.8 gave
the best hybrid recall@5 and MRR (see docs/memory.md for the figures)."""


def hybrid_scores(
    lexical: list[tuple[str, float]], vector: dict[str, float], weight: float = VECTOR_WEIGHT
) -> dict[str, float]:
    """Fuse BM25 and vector scores into one relevance in [0, 1] per id.

    Embedding similarities sit in a narrow band (0.7 to 0.9 for e5), BM25 scores
    are unbounded: each is rescaled over the candidates before mixing (vectors
    min-max, BM25 divided by the best score), so neither drowns the other.

    Args:
        lexical: ``(id, BM25 score)`` pairs, best first.
        vector: Cosine similarity by id.
        weight: The vector share.

    Returns:
        The fused score of every id found by either.
    """
    best = lexical[0][1] if lexical else 1.0
    scores = {key: (1 - weight) * score / best for key, score in lexical} if weight < 1 else {}
    if vector:
        low, high = min(vector.values()), max(vector.values())
        for key, similarity in vector.items():
            scaled = (similarity - low) / (high - low) if high > low else 1.0
            scores[key] = scores.get(key, 0.0) + weight * scaled
    return scores


_IMPORTANT = re.compile(
    r"important|remember|always|never|must|deadline|password|birthday|allerg|"
    r"重要|记住|必须|一定|永远|截止|生日|过敏",
    re.IGNORECASE,
)


def estimate_importance(content: str, metadata: dict[str, Any] | None = None) -> float:
    """A heuristic importance for a memory stored without one.

    Starts at 0.5; words such as "important", "remember", "重要", "记住" add 0.2,
    a long text adds 0.1, a ``priority`` of ``high`` adds 0.2 (``low`` takes 0.2).

    Args:
        content: The memory text.
        metadata: Its metadata, if any.

    Returns:
        A value in [0.1, 1].
    """
    score = 0.5
    if _IMPORTANT.search(content):
        score += 0.2
    if len(content) > 200:
        score += 0.1
    priority = str((metadata or {}).get("priority", "")).lower()
    score += {"high": 0.2, "low": -0.2}.get(priority, 0.0)
    return min(1.0, max(0.1, score))


def weigh(relevance: float, item: MemoryItem, decay_factor: float, now: datetime) -> float:
    """The final score of a match (see the module docstring)."""
    age_days = max(0.0, (now - item.timestamp).total_seconds() / 86400)
    recency = max(0.5, float(decay_factor**age_days))
    return relevance * (0.8 + 0.4 * item.importance) * recency


class BaseMemory(ABC):
    """The contract of one kind of memory.

    Args:
        config: The memory settings.
        user_id: Whose memories these are.
    """

    memory_type = "base"

    def __init__(self, config: MemoryConfig | None = None, user_id: str = "default_user") -> None:
        self.config = config or MemoryConfig()
        self.user_id = user_id

    @abstractmethod
    def add(self, item: MemoryItem) -> str:
        """Store a memory; returns its id."""

    @abstractmethod
    def get(self, memory_id: str) -> MemoryItem | None:
        """The memory with this id, or None."""

    @abstractmethod
    def all(self) -> list[MemoryItem]:
        """Every memory of this kind, oldest first."""

    @abstractmethod
    def search(
        self, query: str, limit: int = 5, min_importance: float = 0.0, **filters: Any
    ) -> list[ScoredMemory]:
        """The memories that best match ``query``, best first."""

    def update(
        self,
        memory_id: str,
        content: str | None = None,
        importance: float | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> bool:
        """Change a memory; False when there is none with that id.

        The importance and metadata are set here; :meth:`apply_update` puts in
        the new text and keeps the change (a kind that indexes text re-indexes it).
        """
        item = self.get(memory_id)
        if item is None:
            return False
        if importance is not None:
            item.importance = importance
        if metadata:
            item.metadata.update(metadata)
        self.apply_update(item, content)
        return True

    def apply_update(self, item: MemoryItem, content: str | None) -> None:
        """Put ``content`` (when given) into the changed ``item`` and keep it."""
        if content is not None:
            item.content = content

    @abstractmethod
    def remove(self, memory_id: str) -> bool:
        """Delete a memory; False when there is none with that id."""

    @abstractmethod
    def clear(self) -> None:
        """Delete every memory of this kind."""

    def has(self, memory_id: str) -> bool:
        """Whether a memory with this id exists here."""
        return self.get(memory_id) is not None

    def forget(
        self,
        strategy: str = "importance_based",
        threshold: float = 0.1,
        max_age_days: float = 30,
    ) -> int:
        """Drop memories by a strategy; returns how many were removed.

        Args:
            strategy: ``importance_based`` (importance below ``threshold``),
                ``time_based`` (older than ``max_age_days``) or ``capacity_based``
                (the least important beyond ``config.max_capacity``).
            threshold: The importance limit of ``importance_based``.
            max_age_days: The age limit of ``time_based``.

        Returns:
            The number of memories removed.
        """
        items = self.all()
        if strategy == "importance_based":
            doomed = [item for item in items if item.importance < threshold]
        elif strategy == "time_based":
            cutoff = datetime.now() - timedelta(days=max_age_days)
            doomed = [item for item in items if item.timestamp < cutoff]
        elif strategy == "capacity_based":
            excess = len(items) - self.capacity()
            ranked = sorted(items, key=lambda item: (item.importance, item.timestamp))
            doomed = ranked[: max(0, excess)]
        else:
            raise ValueError(
                f"unknown strategy {strategy!r}: use importance_based, time_based or capacity_based"
            )
        return sum(self.remove(item.id) for item in doomed)

    def capacity(self) -> int:
        """How many memories this kind keeps at most."""
        return self.config.max_capacity

    def stats(self) -> dict[str, Any]:
        """Counts and averages for this kind."""
        items = self.all()
        return {
            "memory_type": self.memory_type,
            "count": len(items),
            "average_importance": round(sum(i.importance for i in items) / len(items), 3)
            if items
            else 0.0,
        }


class StoredMemory(BaseMemory):
    """A long-term memory kind: records in SQLite, vectors in Qdrant, words in BM25.

    Args:
        config: The memory settings.
        user_id: Whose memories these are.
        documents: The record store (shared by the kinds of one manager).
        embedder: The embedding model, or None for lexical search only.
        vectors: The vector store (required with an embedder).
    """

    def __init__(
        self,
        config: MemoryConfig | None = None,
        user_id: str = "default_user",
        documents: SQLiteDocumentStore | None = None,
        embedder: Embedder | None = None,
        vectors: QdrantVectorStore | None = None,
    ) -> None:
        super().__init__(config, user_id)
        self.documents = documents or SQLiteDocumentStore()
        self.embedder = embedder
        self.vectors = vectors if embedder is not None else None
        self._lexical: BM25Index | None = None

    # -- writing ------------------------------------------------------------------

    def add(self, item: MemoryItem) -> str:
        item.memory_type = self.memory_type
        item.user_id = self.user_id
        self.before_add(item)
        # Embed before writing the record, so a failing embedder stores nothing.
        vector = self.embedder.embed_documents([item.content])[0] if self.embedder else None
        # Store the vector first: if its server fails, no record is left without one.
        if self.vectors is not None and vector is not None:
            self.vectors.upsert([item.id], [vector], [self._payload(item)])
        self.documents.put(item)
        if self._lexical is not None:
            self._lexical.add(item.id, item.content)
        self.after_add(item)
        return item.id

    def before_add(self, item: MemoryItem) -> None:
        """Validate or enrich an item before it is stored (a hook for subclasses)."""

    def after_add(self, item: MemoryItem) -> None:
        """React to a stored item (a hook for subclasses)."""

    def _payload(self, item: MemoryItem) -> dict[str, Any]:
        return {"user_id": item.user_id, "memory_type": item.memory_type}

    def apply_update(self, item: MemoryItem, content: str | None) -> None:
        if content is not None and content != item.content:
            item.content = content
            if self.embedder is not None and self.vectors is not None:
                vector = self.embedder.embed_documents([content])[0]
                self.vectors.upsert([item.id], [vector], [self._payload(item)])
            if self._lexical is not None:
                self._lexical.add(item.id, content)
        self.documents.put(item)

    def remove(self, memory_id: str) -> bool:
        if self.get(memory_id) is None:
            return False
        if self.vectors is not None:  # first: if its server fails, the record stays whole
            self.vectors.delete([memory_id])
        self.documents.delete([memory_id])
        if self._lexical is not None:
            self._lexical.remove(memory_id)
        self.after_remove(memory_id)
        return True

    def after_remove(self, memory_id: str) -> None:
        """React to a removed item (a hook for subclasses)."""

    def clear(self) -> None:
        for item in self.all():
            self.remove(item.id)

    # -- reading ------------------------------------------------------------------

    def get(self, memory_id: str) -> MemoryItem | None:
        item = self.documents.get(memory_id)
        if item is None or item.memory_type != self.memory_type or item.user_id != self.user_id:
            return None
        return item

    def all(self) -> list[MemoryItem]:
        return self.documents.select(self.user_id, self.memory_type)

    def _bm25(self) -> BM25Index:
        if self._lexical is None:
            index = BM25Index()
            index.add_many((item.id, item.content) for item in self.all())
            self._lexical = index
        return self._lexical

    def relevance(self, query: str, candidates: int) -> dict[str, float]:
        """Hybrid relevance in [0, 1] of the best ``candidates`` memories, by id."""
        lexical = self._bm25().search(query, candidates)
        if self.embedder is None or self.vectors is None:
            best = lexical[0][1] if lexical else 1.0
            return {doc_id: score / best for doc_id, score in lexical}
        hits = self.vectors.search(
            self.embedder.embed_query(query),
            candidates,
        )
        return hybrid_scores(lexical, {hit.id: hit.score for hit in hits})

    def search(
        self, query: str, limit: int = 5, min_importance: float = 0.0, **filters: Any
    ) -> list[ScoredMemory]:
        now = datetime.now()
        scored = []
        for memory_id, relevance in self.relevance(query, max(limit * 4, 20)).items():
            item = self.get(memory_id)
            if item is None or item.importance < min_importance or not self.accepts(item, filters):
                continue
            scored.append(ScoredMemory(item, weigh(relevance, item, self.config.decay_factor, now)))
        scored.sort(key=lambda match: match.score, reverse=True)
        return scored[:limit]

    def accepts(self, item: MemoryItem, filters: dict[str, Any]) -> bool:
        """Whether an item passes a search's extra filters (metadata equality by default)."""
        return all(
            value is None or item.metadata.get(key) == value for key, value in filters.items()
        )


__all__ = [
    "VECTOR_WEIGHT",
    "BaseMemory",
    "StoredMemory",
    "estimate_importance",
    "hybrid_scores",
    "weigh",
]
