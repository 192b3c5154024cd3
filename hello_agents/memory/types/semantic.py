"""Semantic memory: facts and concepts, linked in a small knowledge graph.

Each fact is a stored memory; its entities and relations go into the graph
store. Entities come from ``metadata["entities"]`` (names), ``metadata["concept"]``,
``metadata["relations"]`` (``[source, relation, target]`` triples) and from the
text itself (quoted terms and capitalised names). A search also finds facts
that mention an entity named in the query, or one hop away from it.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from hello_agents.memory.base import StoredMemory, weigh
from hello_agents.memory.item import MemoryItem, ScoredMemory
from hello_agents.memory.storage.graph_store import (
    Entity,
    GraphStore,
    Relation,
    SQLiteGraphStore,
)
from hello_agents.memory.text import STOPWORDS

_QUOTED = re.compile(r"[\"“「『《]([^\"”」』》]{1,40})[\"”」』》]")
_PROPER = re.compile(r"\b[A-Z][A-Za-z0-9]+(?:[ -][A-Z][A-Za-z0-9]+)*\b")

GRAPH_BONUS = 0.3
"""Relevance added to a fact that mentions an entity the query names (or its neighbour)."""


def extract_entities(item: MemoryItem) -> tuple[list[str], list[Relation]]:
    """The entity names and relations of a fact (metadata first, then the text)."""
    names: list[str] = [str(name) for name in item.metadata.get("entities", []) or []]
    if item.metadata.get("concept"):
        names.append(str(item.metadata["concept"]))
    names += _QUOTED.findall(item.content)
    names += [
        name
        for name in _PROPER.findall(item.content)
        if len(name) > 2 and name.lower() not in STOPWORDS
    ]
    relations = []
    for triple in item.metadata.get("relations", []) or []:
        if isinstance(triple, dict):
            triple = (triple.get("source"), triple.get("relation"), triple.get("target"))
        if len(triple) == 3 and all(triple):
            relations.append(Relation(str(triple[0]), str(triple[1]), str(triple[2])))
    return list(dict.fromkeys(names)), relations


def _mentions(text: str, name: str) -> bool:
    """Whether ``text`` names the entity (whole words for Latin names, any place for CJK)."""
    if not name.isascii():
        return name in text
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(name)}(?![0-9A-Za-z])", text, re.I) is not None


class SemanticMemory(StoredMemory):
    """Facts with entities and relations in a graph store (see the module docstring).

    Args:
        graph: The graph store (SQLite or Neo4j); an in-memory SQLite one when not given.
        **kwargs: As for :class:`~hello_agents.memory.base.StoredMemory`.
    """

    memory_type = "semantic"

    def __init__(self, *args: Any, graph: GraphStore | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.graph: GraphStore = graph if graph is not None else SQLiteGraphStore()

    def after_add(self, item: MemoryItem) -> None:
        names, relations = extract_entities(item)
        for name in names:
            self.graph.add_entity(Entity(name), item.id)
        for relation in relations:
            self.graph.add_relation(relation, item.id)

    def after_remove(self, memory_id: str) -> None:
        self.graph.forget_memory(memory_id)

    def search(
        self, query: str, limit: int = 5, min_importance: float = 0.0, **filters: Any
    ) -> list[ScoredMemory]:
        relevance = self.relevance(query, max(limit * 4, 20))
        named = {e.name for e in self.graph.entities() if _mentions(query, e.name)}
        related = set(named)
        for name in named:
            related |= self.graph.neighbours(name)
        for memory_id in self.graph.memories_mentioning(related):
            relevance[memory_id] = relevance.get(memory_id, 0.0) + GRAPH_BONUS
        now = datetime.now()
        scored = []
        for memory_id, value in relevance.items():
            item = self.get(memory_id)
            if item is None or item.importance < min_importance or not self.accepts(item, filters):
                continue
            scored.append(ScoredMemory(item, weigh(value, item, self.config.decay_factor, now)))
        scored.sort(key=lambda match: match.score, reverse=True)
        return scored[:limit]

    def related_facts(self, entity: str, depth: int = 1) -> list[MemoryItem]:
        """Facts that mention ``entity`` or an entity within ``depth`` hops."""
        names = {entity} | self.graph.neighbours(entity, depth)
        items = [self.get(i) for i in self.graph.memories_mentioning(names)]
        return sorted((i for i in items if i is not None), key=lambda i: i.timestamp)

    def stats(self) -> dict[str, Any]:
        return {
            **super().stats(),
            "entities": len(self.graph.entities()),
            "relations": len(self.graph.relations()),
        }


__all__ = ["GRAPH_BONUS", "SemanticMemory", "extract_entities"]
