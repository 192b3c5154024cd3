"""Semantic memory's graph stores: the embedded SQLite one, and the choice between backends.

A knowledge graph needs little to start with: entities, relations between them,
and a link from each entity to the memories that mention it.
:class:`~hello_agents.memory.storage.graph.GraphStore` names what semantic memory
asks of a graph; two stores provide it:

* :class:`SQLiteGraphStore` (the default, embedded): three SQLite tables, walked
  one or two hops with plain SQL; no server.
* :class:`~hello_agents.memory.storage.neo4j_graph.Neo4jGraphStore`: a Neo4j
  server through the official ``neo4j`` driver (the ``neo4j`` extra), chosen when
  ``NEO4J_URI`` is set. Its tests run the same behaviour suite against a real Bolt
  server (FalkorDB's Bolt endpoint); Neo4j itself could not be run here.

:func:`create_graph_store` picks one from an explicit choice or the environment.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

from hello_agents.memory.errors import MemoryException
from hello_agents.memory.storage.graph import Entity, GraphStore, Relation

_SCHEMA = """
CREATE TABLE IF NOT EXISTS entities (
    name TEXT PRIMARY KEY,
    kind TEXT NOT NULL DEFAULT 'concept'
);
CREATE TABLE IF NOT EXISTS relations (
    source TEXT NOT NULL,
    relation TEXT NOT NULL,
    target TEXT NOT NULL,
    memory_id TEXT,
    PRIMARY KEY (source, relation, target)
);
CREATE TABLE IF NOT EXISTS mentions (
    entity TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    PRIMARY KEY (entity, memory_id)
);
"""


class SQLiteGraphStore:
    """A small knowledge graph: entities, relations, and which memory mentions what.

    Args:
        path: The database file, or ``":memory:"``.
    """

    def __init__(self, path: str | Path = ":memory:") -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._connection = sqlite3.connect(str(path), check_same_thread=False)
        self._connection.executescript(_SCHEMA)
        self._lock = threading.Lock()

    def add_entity(self, entity: Entity, memory_id: str | None = None) -> None:
        """Add a node (kept when it exists) and link it to a memory."""
        with self._lock, self._connection as db:
            db.execute("INSERT OR IGNORE INTO entities VALUES (?, ?)", (entity.name, entity.kind))
            if memory_id:
                db.execute("INSERT OR IGNORE INTO mentions VALUES (?, ?)", (entity.name, memory_id))

    def add_relation(self, relation: Relation, memory_id: str | None = None) -> None:
        """Add an edge (and its two nodes)."""
        self.add_entity(Entity(relation.source), memory_id)
        self.add_entity(Entity(relation.target), memory_id)
        with self._lock, self._connection as db:
            db.execute(
                "INSERT OR REPLACE INTO relations VALUES (?, ?, ?, ?)",
                (relation.source, relation.relation, relation.target, memory_id),
            )

    def entities(self) -> list[Entity]:
        """Every node."""
        with self._lock:
            rows = self._connection.execute("SELECT name, kind FROM entities").fetchall()
        return [Entity(name, kind) for name, kind in rows]

    def relations(self, entity: str | None = None) -> list[Relation]:
        """Every edge, or those touching ``entity``."""
        sql = "SELECT source, relation, target FROM relations"
        values: tuple[str, ...] = ()
        if entity is not None:
            sql += " WHERE source = ? OR target = ?"
            values = (entity, entity)
        with self._lock:
            rows = self._connection.execute(sql, values).fetchall()
        return [Relation(*row) for row in rows]

    def neighbours(self, entity: str, depth: int = 1) -> set[str]:
        """Names reachable from ``entity`` in at most ``depth`` hops (itself excluded)."""
        seen, frontier = {entity}, {entity}
        for _ in range(depth):
            next_frontier: set[str] = set()
            for name in frontier:
                for relation in self.relations(name):
                    next_frontier |= {relation.source, relation.target}
            frontier = next_frontier - seen
            seen |= frontier
        return seen - {entity}

    def memories_mentioning(self, entities: set[str]) -> set[str]:
        """Ids of memories linked to any of these entities."""
        if not entities:
            return set()
        marks = ",".join("?" * len(entities))
        with self._lock:
            rows = self._connection.execute(
                f"SELECT memory_id FROM mentions WHERE entity IN ({marks})", list(entities)
            ).fetchall()
        return {row[0] for row in rows}

    def entities_of(self, memory_id: str) -> list[str]:
        """Names of the entities a memory mentions."""
        with self._lock:
            rows = self._connection.execute(
                "SELECT entity FROM mentions WHERE memory_id = ?", (memory_id,)
            ).fetchall()
        return [row[0] for row in rows]

    def forget_memory(self, memory_id: str) -> None:
        """Drop a memory's links (its entities stay: others may know them too)."""
        with self._lock, self._connection as db:
            db.execute("DELETE FROM mentions WHERE memory_id = ?", (memory_id,))
            db.execute("DELETE FROM relations WHERE memory_id = ?", (memory_id,))

    def clear(self) -> None:
        """Delete every node, edge and link."""
        with self._lock, self._connection as db:
            db.execute("DELETE FROM entities")
            db.execute("DELETE FROM relations")
            db.execute("DELETE FROM mentions")

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._connection.close()


GRAPH_BACKENDS = ("sqlite", "neo4j")
"""The graph stores :func:`create_graph_store` knows."""


def create_graph_store(
    path: str | Path = ":memory:",
    backend: str | None = None,
    namespace: str = "default",
) -> GraphStore:
    """The graph store to use: the one named, else Neo4j when ``NEO4J_URI`` is set, else SQLite.

    The Neo4j store reads ``NEO4J_URI``, ``NEO4J_USERNAME`` (or ``NEO4J_USER``),
    ``NEO4J_PASSWORD`` and, optionally, ``NEO4J_DATABASE``.

    Args:
        path: The SQLite file (used by the SQLite store only).
        backend: ``"sqlite"`` or ``"neo4j"``; None decides from ``NEO4J_URI``.
        namespace: The Neo4j store's namespace: :meth:`GraphStore.clear` and every
            query see only the nodes of this namespace.

    Raises:
        MemoryException: An unknown backend, ``"neo4j"`` without ``NEO4J_URI``, or a
            Neo4j server that cannot be reached (a ``GraphStoreError``).
        MissingExtraError: Neo4j chosen without the ``neo4j`` extra installed.
    """
    uri = os.environ.get("NEO4J_URI", "").strip()
    chosen = (backend or ("neo4j" if uri else "sqlite")).lower()
    if chosen == "sqlite":
        return SQLiteGraphStore(path)
    if chosen != "neo4j":
        raise MemoryException(
            f"unknown graph backend {backend!r}; choose one of {', '.join(GRAPH_BACKENDS)}"
        )
    if not uri:
        raise MemoryException("the neo4j graph backend needs NEO4J_URI (e.g. bolt://host:7687)")
    from hello_agents.memory.storage.neo4j_graph import Neo4jGraphStore

    return Neo4jGraphStore(
        uri,
        user=os.environ.get("NEO4J_USERNAME") or os.environ.get("NEO4J_USER"),
        password=os.environ.get("NEO4J_PASSWORD"),
        database=os.environ.get("NEO4J_DATABASE") or None,
        namespace=namespace,
    )


__all__ = [
    "GRAPH_BACKENDS",
    "Entity",
    "GraphStore",
    "Relation",
    "SQLiteGraphStore",
    "create_graph_store",
]
