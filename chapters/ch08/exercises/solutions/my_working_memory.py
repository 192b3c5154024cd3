"""Exercise 1, a model answer: MyWorkingMemory."""

from __future__ import annotations

from datetime import datetime, timedelta

from hello_agents.memory import MemoryConfig, MemoryItem
from hello_agents.memory.text import BM25Index, tokenize


class MyWorkingMemory:
    """Recent context, kept in a dict by id."""

    def __init__(self, config: MemoryConfig | None = None) -> None:
        self.config = config or MemoryConfig()
        self.items: dict[str, MemoryItem] = {}

    def add(self, item: MemoryItem) -> str:
        self.items[item.id] = item
        self.expire()
        while len(self.items) > self.config.working_memory_capacity or (
            len(self.items) > 1 and self.tokens() > self.config.working_memory_tokens
        ):
            victim = min(self.items.values(), key=lambda i: (i.importance, i.timestamp))
            del self.items[victim.id]
        return item.id

    def tokens(self) -> int:
        return sum(len(tokenize(item.content)) for item in self.items.values())

    def expire(self) -> None:
        cutoff = datetime.now() - timedelta(minutes=self.config.working_memory_ttl_minutes)
        for memory_id in [i.id for i in self.items.values() if i.timestamp < cutoff]:
            del self.items[memory_id]

    def all(self) -> list[MemoryItem]:
        self.expire()
        return sorted(self.items.values(), key=lambda item: item.timestamp)

    def search(self, query: str, limit: int = 5) -> list[MemoryItem]:
        index = BM25Index()
        for item in self.all():
            index.add(item.id, item.content)
        return [self.items[memory_id] for memory_id, _ in index.search(query, limit)]


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("working_memory", MyWorkingMemory))
