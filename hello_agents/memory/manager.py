"""MemoryManager: one door to the four kinds of memory.

It owns the stores (one SQLite file for records, one for the graph, one Qdrant
folder for vectors, all under ``config.storage_path``), creates the kinds a user
asked for, and implements what spans kinds: search across them, consolidation
(promoting important working memories to long-term ones), forgetting, statistics.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hello_agents.memory.base import BaseMemory, StoredMemory, estimate_importance
from hello_agents.memory.embedding import Embedder, create_embedder
from hello_agents.memory.errors import MemoryException
from hello_agents.memory.item import MEMORY_TYPES, MemoryConfig, MemoryItem, ScoredMemory
from hello_agents.memory.storage.document_store import SQLiteDocumentStore
from hello_agents.memory.storage.graph_store import GraphStore, create_graph_store
from hello_agents.memory.storage.vector_store import QdrantVectorStore, safe_name
from hello_agents.memory.types import (
    EpisodicMemory,
    PerceptualMemory,
    SemanticMemory,
    WorkingMemory,
)

_DEFAULT_EMBEDDER: Any = object()  # "not given": read the config / environment


class MemoryManager:
    """Creates and coordinates the memory kinds of one user.

    Args:
        config: The settings (storage folder, capacities, TTL ...).
        user_id: Whose memories these are; users never see each other's.
        enable_working: Create working memory.
        enable_episodic: Create episodic memory.
        enable_semantic: Create semantic memory.
        enable_perceptual: Create perceptual memory.
        embedder: The embedding model; by default the one ``config.embedder`` or
            ``EMBED_MODEL_TYPE`` names (see :func:`~hello_agents.memory.create_embedder`);
            None for lexical search only.
        session_id: The current session, stamped on new episodic memories.
        graph: Semantic memory's graph store; by default the one ``config.graph_backend``
            names (SQLite in ``storage_path``, or Neo4j when ``NEO4J_URI`` is set). A
            store given here is not closed by :meth:`close`.

    Raises:
        GraphStoreError: The Neo4j graph store was chosen and cannot be reached.
    """

    def __init__(
        self,
        config: MemoryConfig | None = None,
        user_id: str = "default_user",
        enable_working: bool = True,
        enable_episodic: bool = True,
        enable_semantic: bool = True,
        enable_perceptual: bool = False,
        embedder: Embedder | None = _DEFAULT_EMBEDDER,
        session_id: str | None = None,
        graph: GraphStore | None = None,
    ) -> None:
        self.config = config or MemoryConfig()
        self.user_id = user_id
        self.embedder: Embedder | None = (
            create_embedder(self.config.embedder) if embedder is _DEFAULT_EMBEDDER else embedder
        )
        root = Path(self.config.storage_path)
        root.mkdir(parents=True, exist_ok=True)
        self._owns_graph = graph is None
        self.graph: GraphStore = (
            graph
            if graph is not None
            else create_graph_store(
                root / "graph.db", self.config.graph_backend, self.config.graph_namespace
            )
        )
        self.documents = SQLiteDocumentStore(root / "memories.db")
        shared: dict[str, Any] = {
            "config": self.config,
            "user_id": user_id,
            "documents": self.documents,
            "embedder": self.embedder,
        }
        self.memory_types: dict[str, BaseMemory] = {}
        if enable_working:
            self.memory_types["working"] = WorkingMemory(self.config, user_id, self.embedder)
        if enable_episodic:
            episodic = EpisodicMemory(vectors=self._vectors("episodic"), **shared)
            episodic.session_id = session_id
            self.memory_types["episodic"] = episodic
        if enable_semantic:
            self.memory_types["semantic"] = SemanticMemory(
                graph=self.graph, vectors=self._vectors("semantic"), **shared
            )
        if enable_perceptual:
            self.memory_types["perceptual"] = PerceptualMemory(
                vectors=self._vectors("perceptual"), **shared
            )

    def _vectors(self, memory_type: str) -> QdrantVectorStore | None:
        """The vector collection of one user's kind of memory (None without an embedder).

        One collection per user, kind and model: searches need no payload filter
        (filtered search in Qdrant's local mode measured 6x slower at 10,000 vectors),
        and vectors of different models never mix.
        """
        if self.embedder is None:
            return None
        name = (
            f"memories__{safe_name(self.user_id)}__{memory_type}__{safe_name(self.embedder.name)}"
        )
        return QdrantVectorStore(
            name, self.embedder.dimension, path=Path(self.config.storage_path) / "qdrant"
        )

    def memory(self, memory_type: str) -> BaseMemory:
        """The memory of one kind.

        Raises:
            MemoryException: The kind is unknown or not enabled.
        """
        if memory_type not in self.memory_types:
            known = ", ".join(self.memory_types) or "none"
            hint = (
                "" if memory_type in MEMORY_TYPES else f"; the kinds are {', '.join(MEMORY_TYPES)}"
            )
            raise MemoryException(
                f"memory type {memory_type!r} is not enabled (enabled: {known}){hint}"
            )
        return self.memory_types[memory_type]

    def add_memory(
        self,
        content: str,
        memory_type: str = "working",
        importance: float | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> str:
        """Store a memory; returns its id.

        Args:
            content: What to remember.
            memory_type: The kind to store it in.
            importance: 0 to 1; estimated from the text when None.
            metadata: Anything else (session_id, entities, modality, file_path ...).

        Raises:
            MemoryException: Empty content, importance outside [0, 1], or an
                unknown or disabled kind.
        """
        if (not content or not content.strip()) and not (metadata or {}).get("file_path"):
            raise MemoryException("content is empty: say what should be remembered")
        if importance is not None and not 0.0 <= importance <= 1.0:
            raise MemoryException(f"importance must be between 0 and 1, got {importance}")
        metadata = dict(metadata or {})
        item = MemoryItem(
            content=content or "",
            memory_type=memory_type,
            user_id=self.user_id,
            importance=estimate_importance(content or "", metadata)
            if importance is None
            else importance,
            metadata=metadata,
        )
        return self.memory(memory_type).add(item)

    def retrieve_memories(
        self,
        query: str,
        memory_types: list[str] | None = None,
        limit: int = 5,
        min_importance: float = 0.0,
        **filters: Any,
    ) -> list[ScoredMemory]:
        """Search several kinds at once and merge their results by score.

        Args:
            query: What to look for.
            memory_types: The kinds to search (default: all enabled).
            limit: How many results in total.
            min_importance: Skip memories less important than this.
            **filters: Metadata equalities (``session_id=``, ``modality=`` ...).

        Returns:
            The best matches across kinds, best first.
        """
        matches: list[ScoredMemory] = []
        for memory_type in memory_types or list(self.memory_types):
            matches += self.memory(memory_type).search(
                query, limit=limit, min_importance=min_importance, **dict(filters)
            )
        matches.sort(key=lambda match: match.score, reverse=True)
        return matches[:limit]

    def find(self, memory_id: str) -> tuple[str, MemoryItem] | None:
        """The kind and record of a memory id, or None."""
        for memory_type, memory in self.memory_types.items():
            item = memory.get(memory_id)
            if item is not None:
                return memory_type, item
        return None

    def update_memory(
        self,
        memory_id: str,
        content: str | None = None,
        importance: float | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> bool:
        """Change a memory wherever it lives; False when no memory has that id."""
        if importance is not None and not 0.0 <= importance <= 1.0:
            raise MemoryException(f"importance must be between 0 and 1, got {importance}")
        found = self.find(memory_id)
        if found is None:
            return False
        return self.memory_types[found[0]].update(memory_id, content, importance, metadata)

    def remove_memory(self, memory_id: str) -> bool:
        """Delete a memory wherever it lives; False when no memory has that id."""
        found = self.find(memory_id)
        return found is not None and self.memory_types[found[0]].remove(memory_id)

    def forget_memories(
        self,
        strategy: str = "importance_based",
        threshold: float = 0.1,
        max_age_days: float = 30,
        memory_types: list[str] | None = None,
    ) -> int:
        """Forget by importance, age or capacity in every (or the given) kind.

        Returns:
            How many memories were removed.
        """
        return sum(
            self.memory(memory_type).forget(strategy, threshold, max_age_days)
            for memory_type in memory_types or list(self.memory_types)
        )

    def consolidate_memories(
        self,
        from_type: str = "working",
        to_type: str = "episodic",
        importance_threshold: float = 0.7,
    ) -> int:
        """Move memories at least ``importance_threshold`` important from one kind to another.

        Each moved memory keeps its content and metadata (plus ``consolidated_from``)
        and gains 10% importance (capped at 1): it has proved worth keeping.

        Returns:
            How many memories were moved.
        """
        if from_type == to_type:
            raise MemoryException("from_type and to_type are the same kind")
        source, target = self.memory(from_type), self.memory(to_type)
        moved = 0
        for item in source.all():
            if item.importance < importance_threshold:
                continue
            copy = MemoryItem(
                content=item.content,
                importance=min(1.0, item.importance * 1.1),
                metadata={**item.metadata, "consolidated_from": from_type},
            )
            target.add(copy)  # added first: a failure here leaves the original in place
            source.remove(item.id)
            moved += 1
        return moved

    def get_memory_stats(self) -> dict[str, Any]:
        """Counts per kind, the total, and which embedder and stores are in use."""
        per_type = {name: memory.stats() for name, memory in self.memory_types.items()}
        return {
            "user_id": self.user_id,
            "total_memories": sum(stats["count"] for stats in per_type.values()),
            "memories_by_type": per_type,
            "embedder": getattr(self.embedder, "name", "none (BM25 only)"),
            "storage_path": str(self.config.storage_path),
        }

    def get_all(self, memory_types: list[str] | None = None) -> list[MemoryItem]:
        """Every memory of the given (default: all) kinds, oldest first."""
        items = [
            item
            for memory_type in memory_types or list(self.memory_types)
            for item in self.memory(memory_type).all()
        ]
        return sorted(items, key=lambda item: item.timestamp)

    def clear_memory_type(self, memory_type: str) -> None:
        """Delete every memory of this user of one kind (the tutorial's chapter-15 name).

        Raises:
            MemoryException: ``memory_type`` is not a kind this manager has.
        """
        self.memory(memory_type).clear()

    def clear_all_memories(self) -> None:
        """Delete every memory of this user, in every kind."""
        for memory in self.memory_types.values():
            memory.clear()

    def close(self) -> None:
        """Close the databases (the manager is unusable afterwards)."""
        self.documents.close()
        if self._owns_graph:
            self.graph.close()

    def __repr__(self) -> str:
        return f"MemoryManager(user_id={self.user_id!r}, kinds={list(self.memory_types)})"


__all__ = ["MemoryManager", "StoredMemory"]
