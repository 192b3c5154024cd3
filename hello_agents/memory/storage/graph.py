"""What semantic memory asks of a knowledge graph: entities, relations, a store.

:class:`GraphStore` is the interface; its backends are
:class:`~hello_agents.memory.storage.graph_store.SQLiteGraphStore` (embedded) and
:class:`~hello_agents.memory.storage.neo4j_graph.Neo4jGraphStore` (a Neo4j server).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class Entity:
    """A node: a named thing and its kind (person, concept, place ...)."""

    name: str
    kind: str = "concept"


@dataclass(frozen=True)
class Relation:
    """An edge: ``source --relation--> target``."""

    source: str
    relation: str
    target: str


@runtime_checkable
class GraphStore(Protocol):
    """What semantic memory asks of a graph: nodes, edges, and which memory mentions what.

    Names are the identity of entities; a relation is unique per (source, relation,
    target) and remembers the memory that added it last.
    """

    def add_entity(self, entity: Entity, memory_id: str | None = None) -> None:
        """Add a node (its first kind is kept) and link it to a memory."""
        ...

    def add_relation(self, relation: Relation, memory_id: str | None = None) -> None:
        """Add an edge, its two nodes, and their links to the memory."""
        ...

    def entities(self) -> list[Entity]:
        """Every node."""
        ...

    def relations(self, entity: str | None = None) -> list[Relation]:
        """Every edge, or those touching ``entity``."""
        ...

    def neighbours(self, entity: str, depth: int = 1) -> set[str]:
        """Names reachable from ``entity`` in at most ``depth`` hops (itself excluded)."""
        ...

    def memories_mentioning(self, entities: set[str]) -> set[str]:
        """Ids of memories linked to any of these entities."""
        ...

    def entities_of(self, memory_id: str) -> list[str]:
        """Names of the entities a memory mentions."""
        ...

    def forget_memory(self, memory_id: str) -> None:
        """Drop a memory's links and the relations it added (entities stay)."""
        ...

    def clear(self) -> None:
        """Delete every node, edge and link of this store (and nothing else)."""
        ...

    def close(self) -> None:
        """Release the connection."""
        ...


__all__ = ["Entity", "GraphStore", "Relation"]
