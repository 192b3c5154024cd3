"""Exercise 1: MyWorkingMemory, a scratchpad with a capacity, a TTL and a token budget.

Working memory holds what the agent is busy with right now. It is small: when
too many items (``config.working_memory_capacity``) or too many tokens
(``config.working_memory_tokens``) are held, the least important, oldest item
goes. It forgets: items older than ``config.working_memory_ttl_minutes`` expire.

Fill in the TODOs, then check your class:

    python chapters/ch08/exercises/my_working_memory.py

A model answer is in solutions/my_working_memory.py: try first.
"""

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
        """Store ``item``, drop expired items, then evict while over capacity or budget.

        TODO 1: store it, call self.expire(), then, while there are more items than
        ``working_memory_capacity`` (or more than one item and more tokens than
        ``working_memory_tokens``; see self.tokens()), remove the item with the lowest
        ``(importance, timestamp)``. Return the item's id.
        """
        raise NotImplementedError("TODO: add")

    def tokens(self) -> int:
        """How many tokens the items hold (``len(tokenize(content))`` each)."""
        return sum(len(tokenize(item.content)) for item in self.items.values())

    def expire(self) -> None:
        """TODO 2: remove items older than ``working_memory_ttl_minutes``."""
        raise NotImplementedError("TODO: expire")

    def all(self) -> list[MemoryItem]:
        """Every live item, oldest first."""
        self.expire()
        return sorted(self.items.values(), key=lambda item: item.timestamp)

    def search(self, query: str, limit: int = 5) -> list[MemoryItem]:
        """TODO 3: the items that match ``query``, best first, at most ``limit``.

        Index the live items in a BM25Index (``index.add(item.id, item.content)``),
        then ``index.search(query, limit)`` gives ``(id, score)`` pairs.
        """
        raise NotImplementedError("TODO: search")


_unused = (BM25Index, datetime, timedelta)  # you will need these

if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("working_memory", MyWorkingMemory))
