"""Working memory: a small, short-lived scratchpad held in the process.

Like a person's working memory it is fast and forgetful: items expire after
``working_memory_ttl_minutes``, and when more than ``working_memory_capacity``
items (or ``working_memory_tokens`` tokens) are held, the least important,
oldest ones are dropped. Nothing is written to disk; consolidate what matters
into episodic or semantic memory.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from hello_agents.memory.base import BaseMemory, hybrid_scores, weigh
from hello_agents.memory.embedding import Embedder, Vector, cosine
from hello_agents.memory.item import MemoryConfig, MemoryItem, ScoredMemory
from hello_agents.memory.text import BM25Index, tokenize


class WorkingMemory(BaseMemory):
    """Recent context with a time-to-live and a capacity.

    Args:
        config: The memory settings (capacity, token budget, TTL).
        user_id: Whose memories these are.
        embedder: Optional; with one, search mixes vector similarity into BM25.
    """

    memory_type = "working"

    def __init__(
        self,
        config: MemoryConfig | None = None,
        user_id: str = "default_user",
        embedder: Embedder | None = None,
    ) -> None:
        super().__init__(config, user_id)
        self.embedder = embedder
        self._items: dict[str, MemoryItem] = {}
        self._vectors: dict[str, Vector] = {}

    def capacity(self) -> int:
        return self.config.working_memory_capacity

    def _expire(self) -> None:
        cutoff = datetime.now() - timedelta(minutes=self.config.working_memory_ttl_minutes)
        for item in [i for i in self._items.values() if i.timestamp < cutoff]:
            self._drop(item.id)

    def _drop(self, memory_id: str) -> None:
        self._items.pop(memory_id, None)
        self._vectors.pop(memory_id, None)

    def tokens(self) -> int:
        """The rough token count held (words plus CJK characters)."""
        return sum(len(tokenize(item.content)) for item in self._items.values())

    def add(self, item: MemoryItem) -> str:
        item.memory_type = self.memory_type
        item.user_id = self.user_id
        if self.embedder is not None:
            self._vectors[item.id] = self.embedder.embed_documents([item.content])[0]
        self._items[item.id] = item
        self._expire()
        # Over capacity or budget: the least important, then oldest, go first.
        while len(self._items) > self.capacity() or (
            len(self._items) > 1 and self.tokens() > self.config.working_memory_tokens
        ):
            victim = min(self._items.values(), key=lambda i: (i.importance, i.timestamp))
            self._drop(victim.id)
        return item.id

    def get(self, memory_id: str) -> MemoryItem | None:
        self._expire()
        return self._items.get(memory_id)

    def all(self) -> list[MemoryItem]:
        self._expire()
        return sorted(self._items.values(), key=lambda item: item.timestamp)

    def search(
        self, query: str, limit: int = 5, min_importance: float = 0.0, **filters: Any
    ) -> list[ScoredMemory]:
        items = [item for item in self.all() if item.importance >= min_importance]
        index = BM25Index()
        index.add_many((item.id, item.content) for item in items)
        lexical = index.search(query, len(items))
        if self.embedder is not None and items:
            query_vector = self.embedder.embed_query(query)
            similarities = {
                item.id: cosine(query_vector, self._vectors[item.id])
                for item in items
                if item.id in self._vectors
            }
            relevance = hybrid_scores(lexical, similarities)
        else:
            best = lexical[0][1] if lexical else 1.0
            relevance = {memory_id: score / best for memory_id, score in lexical}
        now = datetime.now()
        scored = [
            ScoredMemory(item, weigh(relevance[item.id], item, 1.0, now))
            for item in items
            if relevance.get(item.id, 0.0) > 0
        ]
        scored.sort(key=lambda match: match.score, reverse=True)
        return scored[:limit]

    def apply_update(self, item: MemoryItem, content: str | None) -> None:
        if content is not None:
            item.content = content
            if self.embedder is not None:
                self._vectors[item.id] = self.embedder.embed_documents([content])[0]

    def remove(self, memory_id: str) -> bool:
        if memory_id not in self._items:
            return False
        self._drop(memory_id)
        return True

    def clear(self) -> None:
        self._items.clear()
        self._vectors.clear()

    def stats(self) -> dict[str, Any]:
        return {
            **super().stats(),
            "capacity": self.capacity(),
            "tokens": self.tokens(),
            "ttl_minutes": self.config.working_memory_ttl_minutes,
        }


__all__ = ["WorkingMemory"]
