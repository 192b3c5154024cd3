"""The records memory is made of: :class:`MemoryItem` and :class:`MemoryConfig`."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

MemoryType = Literal["working", "episodic", "semantic", "perceptual"]
MEMORY_TYPES: tuple[str, ...] = ("working", "episodic", "semantic", "perceptual")


def new_memory_id() -> str:
    """A fresh, unique memory id."""
    return str(uuid.uuid4())


@dataclass
class MemoryItem:
    """One memory.

    Attributes:
        id: Unique id (a UUID string).
        content: The remembered text (for perceptual memory: a caption or transcript).
        memory_type: ``working``, ``episodic``, ``semantic`` or ``perceptual``.
        user_id: Whose memory it is.
        timestamp: When it was stored.
        importance: 0 (trivial) to 1 (essential).
        metadata: Anything else (session_id, entities, modality, file_path ...).
    """

    content: str
    memory_type: str = "working"
    user_id: str = "default_user"
    importance: float = 0.5
    metadata: dict[str, Any] = field(default_factory=dict)
    id: str = field(default_factory=new_memory_id)
    timestamp: datetime = field(default_factory=datetime.now)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (timestamp in ISO format)."""
        return {
            "id": self.id,
            "content": self.content,
            "memory_type": self.memory_type,
            "user_id": self.user_id,
            "importance": round(self.importance, 4),
            "timestamp": self.timestamp.isoformat(timespec="seconds"),
            "metadata": dict(self.metadata),
        }


@dataclass(frozen=True)
class ScoredMemory:
    """A search result: the memory and how well it matched (higher is better)."""

    item: MemoryItem
    score: float

    def __getattr__(self, name: str) -> Any:
        """The memory's own fields (``content``, ``timestamp``, ``importance`` ...) read
        through the result, as the tutorial's chapter-15 code reads ``memory.content``."""
        if name.startswith("_") or name not in MemoryItem.__dataclass_fields__:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return getattr(self.item, name)

    def to_dict(self) -> dict[str, Any]:
        """The memory's dict plus its ``score``."""
        return {**self.item.to_dict(), "score": round(self.score, 4)}


@dataclass
class MemoryConfig:
    """Settings of the memory system (the tutorial's names and meanings).

    Attributes:
        storage_path: Folder of the SQLite databases and the embedded vector store.
        max_capacity: Most memories kept per long-term kind before capacity-based forgetting.
        importance_threshold: Below this, ``forget(strategy="importance_based")`` drops memories.
        decay_factor: Daily factor by which an old memory's recency weight shrinks.
        working_memory_capacity: Most items working memory holds (the oldest,
            least important go first).
        working_memory_tokens: Rough token budget of working memory (words + CJK characters).
        working_memory_ttl_minutes: Working memory items expire after this long.
        perceptual_memory_modalities: The modalities perceptual memory accepts.
        embedder: ``"local"``, ``"api"`` or ``"tfidf"``; None reads ``EMBED_MODEL_TYPE``.
        graph_backend: Semantic memory's graph: ``"sqlite"`` (a file in ``storage_path``)
            or ``"neo4j"`` (a server, from ``NEO4J_URI`` and friends); None picks
            ``"neo4j"`` when ``NEO4J_URI`` is set, else ``"sqlite"``.
        graph_namespace: On Neo4j, the part of the database this memory owns (its
            nodes carry it; clearing deletes only them).
    """

    storage_path: str | Path = "./memory_data"
    max_capacity: int = 1000
    importance_threshold: float = 0.1
    decay_factor: float = 0.95
    working_memory_capacity: int = 10
    working_memory_tokens: int = 2000
    working_memory_ttl_minutes: float = 120
    perceptual_memory_modalities: list[str] = field(
        default_factory=lambda: ["text", "image", "audio", "video", "document"]
    )
    embedder: str | None = None
    graph_backend: str | None = None
    graph_namespace: str = "default"


__all__ = [
    "MEMORY_TYPES",
    "MemoryConfig",
    "MemoryItem",
    "MemoryType",
    "ScoredMemory",
    "new_memory_id",
]
