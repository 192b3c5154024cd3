"""Semantic memory's graph on a Neo4j server, through the official ``neo4j`` driver.

The same behaviour as :class:`~hello_agents.memory.storage.graph_store.SQLiteGraphStore`,
as Cypher over Bolt:

* an entity is a ``(:HelloAgentsEntity {namespace, name, kind})`` node, merged by name;
* a relation is a ``[:RELATES_TO {relation, memory_id}]`` edge between two entities.
  Cypher cannot take a relationship *type* as a parameter, so the relation's name is
  a property of one fixed type, and no query is ever built from a user's string;
* "memory M mentions entity E" is ``(:HelloAgentsMemory {namespace, id})-[:MENTIONS]->(E)``.

Every node carries the store's ``namespace``, and every query matches on it: two
stores with different namespaces share a database without seeing each other, and
:meth:`Neo4jGraphStore.clear` deletes only its own namespace's nodes, never the rest
of a graph that other programs keep in the same database.

The Cypher is the subset that Neo4j 5 and FalkorDB both accept (MERGE, MATCH,
variable-length paths, DETACH DELETE). One statement differs: the index on
``(namespace, name)`` is created with Neo4j's ``CREATE INDEX ... IF NOT EXISTS``
syntax; a server that refuses it (FalkorDB does) gets a warning in the log and
works without the index (lookups scan the label).

Writes that belong together (a relation and its two entities; a memory's links and its
relations) run in one transaction, so Neo4j applies all or none of them.

Tested against FalkorDB's Bolt endpoint with the official driver (docs/memory.md
says which versions); Neo4j itself cannot be installed here, so behaviour that only
Neo4j has (the index, transactions that roll back) is untested.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from hello_agents.memory.errors import GraphStoreError, MemoryException, MissingExtraError
from hello_agents.memory.storage.graph import Entity, Relation

logger = logging.getLogger(__name__)

MAX_DEPTH = 5
"""Deepest neighbourhood :meth:`Neo4jGraphStore.neighbours` walks (paths grow fast)."""

_BATCH = 50  # names per query in memories_mentioning: keeps each request small

_CREATE_INDEXES = (
    "CREATE INDEX hello_agents_entity IF NOT EXISTS "
    "FOR (e:HelloAgentsEntity) ON (e.namespace, e.name)",
    "CREATE INDEX hello_agents_memory IF NOT EXISTS "
    "FOR (m:HelloAgentsMemory) ON (m.namespace, m.id)",
)
_ADD_ENTITY = (
    "MERGE (e:HelloAgentsEntity {namespace: $ns, name: $name}) ON CREATE SET e.kind = $kind"
)
_ADD_MENTIONED_ENTITY = (
    "MERGE (e:HelloAgentsEntity {namespace: $ns, name: $name}) ON CREATE SET e.kind = $kind "
    "MERGE (m:HelloAgentsMemory {namespace: $ns, id: $memory}) "
    "MERGE (m)-[:MENTIONS]->(e)"
)
_ADD_RELATION = (
    "MATCH (a:HelloAgentsEntity {namespace: $ns, name: $source}), "
    "(b:HelloAgentsEntity {namespace: $ns, name: $target}) "
    "MERGE (a)-[r:RELATES_TO {relation: $relation}]->(b) "
    "SET r.memory_id = $memory"
)
_ENTITIES = "MATCH (e:HelloAgentsEntity {namespace: $ns}) RETURN e.name AS name, e.kind AS kind"
_RELATIONS = (
    "MATCH (a:HelloAgentsEntity {namespace: $ns})-[r:RELATES_TO]->"
    "(b:HelloAgentsEntity {namespace: $ns}) "
    "RETURN a.name AS source, r.relation AS relation, b.name AS target"
)
_RELATIONS_OF = (
    "MATCH (a:HelloAgentsEntity {namespace: $ns})-[r:RELATES_TO]->"
    "(b:HelloAgentsEntity {namespace: $ns}) "
    "WHERE a.name = $name OR b.name = $name "
    "RETURN a.name AS source, r.relation AS relation, b.name AS target"
)
# Cypher takes no parameter for a path's length, so one fixed query per depth.
_NEIGHBOURS = {
    depth: (
        f"MATCH (a:HelloAgentsEntity {{namespace: $ns, name: $name}})"
        f"-[:RELATES_TO*1..{depth}]-(b:HelloAgentsEntity {{namespace: $ns}}) "
        "WHERE b.name <> $name RETURN DISTINCT b.name AS name"
    )
    for depth in range(1, MAX_DEPTH + 1)
}
_MEMORIES_MENTIONING = (
    "MATCH (m:HelloAgentsMemory {namespace: $ns})-[:MENTIONS]->"
    "(e:HelloAgentsEntity {namespace: $ns}) "
    "WHERE e.name IN $names RETURN DISTINCT m.id AS id"
)
_ENTITIES_OF = (
    "MATCH (m:HelloAgentsMemory {namespace: $ns, id: $memory})-[:MENTIONS]->"
    "(e:HelloAgentsEntity {namespace: $ns}) RETURN e.name AS name"
)
_FORGET_MENTIONS = "MATCH (m:HelloAgentsMemory {namespace: $ns, id: $memory}) DETACH DELETE m"
_FORGET_RELATIONS = (
    "MATCH (:HelloAgentsEntity {namespace: $ns})-[r:RELATES_TO {memory_id: $memory}]->"
    "(:HelloAgentsEntity {namespace: $ns}) DELETE r"
)
_CLEAR = (
    "MATCH (m:HelloAgentsMemory {namespace: $ns}) DETACH DELETE m",
    "MATCH (e:HelloAgentsEntity {namespace: $ns}) DETACH DELETE e",
)


def display_uri(uri: str) -> str:
    """The URI without any ``user:password@`` part, fit for messages and logs."""
    try:
        parts = urlsplit(uri)
    except ValueError:
        return "<unparsable URI>"
    if "@" not in parts.netloc:
        return uri
    return urlunsplit(parts._replace(netloc=parts.netloc.rsplit("@", 1)[1]))


class Neo4jGraphStore:
    """The graph of semantic memory in a Neo4j database (any server that speaks Bolt).

    Args:
        uri: The server, e.g. ``bolt://localhost:7687`` or ``neo4j+s://xxxx.databases.neo4j.io``.
        user: The user name (``neo4j`` when only a password is given).
        password: Its password: handed to the driver, and scrubbed from any message; never
            shown in a repr, an error or a log.
        database: The database (Neo4j) or graph (FalkorDB); the server's default when None.
        namespace: The part of the database this store owns (see the module docstring).
        timeout: Seconds allowed to connect, and to retry a query on a lost connection.

    Raises:
        MissingExtraError: The ``neo4j`` driver is not installed.
        GraphStoreError: The server cannot be reached or refuses the credentials.
    """

    def __init__(
        self,
        uri: str,
        user: str | None = None,
        password: str | None = None,
        *,
        database: str | None = None,
        namespace: str = "default",
        timeout: float = 10.0,
    ) -> None:
        try:
            import neo4j
        except ImportError as exc:
            raise MissingExtraError("neo4j", extra="neo4j") from exc
        if not namespace:
            raise MemoryException("namespace must be a non-empty string")
        self.uri = display_uri(uri)
        self.database = database
        self.namespace = namespace
        self._password = password  # only to scrub it from messages; never shown
        self._errors: tuple[type[Exception], ...] = (
            neo4j.exceptions.Neo4jError,
            neo4j.exceptions.DriverError,
            ValueError,  # a malformed URI or setting
        )
        auth = (user or "neo4j", password or "") if (user or password) else None
        self._closed = False
        try:
            self._driver: Any = neo4j.GraphDatabase.driver(
                uri,
                auth=auth,
                connection_timeout=timeout,
                connection_acquisition_timeout=timeout,
                max_transaction_retry_time=timeout,
            )
        except self._errors as exc:
            raise self._error("cannot open a driver for", exc) from None
        try:
            self._driver.verify_connectivity()
        except self._errors as exc:
            self._driver.close()
            self._closed = True
            raise self._error("cannot reach", exc) from None
        self._create_indexes()

    def _error(self, doing: str, exc: Exception) -> GraphStoreError:
        """A typed error naming the server (the password, if any, scrubbed)."""
        reason = f"{type(exc).__name__}: {exc}"
        if self._password:
            reason = reason.replace(self._password, "***")
        return GraphStoreError(
            f"{doing} the Neo4j graph store at {self.uri} ({reason}); "
            "check NEO4J_URI, NEO4J_USERNAME, NEO4J_PASSWORD and NEO4J_DATABASE"
        )

    def _read(self, query: str, **parameters: Any) -> list[Any]:
        """The records of one reading statement in this store's namespace."""

        def work(transaction: Any) -> list[Any]:
            return list(transaction.run(query, {"ns": self.namespace, **parameters}))

        try:
            with self._driver.session(database=self.database) as session:
                return list(session.execute_read(work))
        except self._errors as exc:
            raise self._error("a query failed on", exc) from None

    def _write(self, *statements: tuple[str, dict[str, Any]]) -> None:
        """Run several writing statements in one transaction (all or none, on Neo4j)."""

        def work(transaction: Any) -> None:
            for query, parameters in statements:
                transaction.run(query, {"ns": self.namespace, **parameters}).consume()

        try:
            with self._driver.session(database=self.database) as session:
                session.execute_write(work)
        except self._errors as exc:
            raise self._error("a query failed on", exc) from None

    def _create_indexes(self) -> None:
        for statement in _CREATE_INDEXES:
            try:
                self._write((statement, {}))
            except GraphStoreError as error:
                logger.warning("the index was refused; lookups will scan the label: %s", error)
                return

    @staticmethod
    def _entity_statement(entity: Entity, memory_id: str | None) -> tuple[str, dict[str, Any]]:
        if memory_id:
            return _ADD_MENTIONED_ENTITY, {
                "name": entity.name,
                "kind": entity.kind,
                "memory": memory_id,
            }
        return _ADD_ENTITY, {"name": entity.name, "kind": entity.kind}

    def add_entity(self, entity: Entity, memory_id: str | None = None) -> None:
        """Add a node (kept when it exists) and link it to a memory."""
        self._write(self._entity_statement(entity, memory_id))

    def add_relation(self, relation: Relation, memory_id: str | None = None) -> None:
        """Add an edge (and its two nodes), in one transaction."""
        self._write(
            self._entity_statement(Entity(relation.source), memory_id),
            self._entity_statement(Entity(relation.target), memory_id),
            (
                _ADD_RELATION,
                {
                    "source": relation.source,
                    "relation": relation.relation,
                    "target": relation.target,
                    "memory": memory_id,
                },
            ),
        )

    def entities(self) -> list[Entity]:
        """Every node of this namespace."""
        return [Entity(r["name"], r["kind"]) for r in self._read(_ENTITIES)]

    def relations(self, entity: str | None = None) -> list[Relation]:
        """Every edge, or those touching ``entity``."""
        records = (
            self._read(_RELATIONS) if entity is None else self._read(_RELATIONS_OF, name=entity)
        )
        return [Relation(r["source"], r["relation"], r["target"]) for r in records]

    def neighbours(self, entity: str, depth: int = 1) -> set[str]:
        """Names reachable from ``entity`` in at most ``depth`` hops (itself excluded).

        Raises:
            MemoryException: ``depth`` above :data:`MAX_DEPTH`.
        """
        if depth < 1:
            return set()
        if depth > MAX_DEPTH:
            raise MemoryException(f"depth must be at most {MAX_DEPTH}, got {depth}")
        return {r["name"] for r in self._read(_NEIGHBOURS[depth], name=entity)}

    def memories_mentioning(self, entities: set[str]) -> set[str]:
        """Ids of memories linked to any of these entities."""
        names = sorted(entities)
        found: set[str] = set()
        for start in range(0, len(names), _BATCH):
            batch = names[start : start + _BATCH]
            found |= {r["id"] for r in self._read(_MEMORIES_MENTIONING, names=batch)}
        return found

    def entities_of(self, memory_id: str) -> list[str]:
        """Names of the entities a memory mentions."""
        return [r["name"] for r in self._read(_ENTITIES_OF, memory=memory_id)]

    def forget_memory(self, memory_id: str) -> None:
        """Drop a memory's links and the relations it added (its entities stay)."""
        self._write(
            (_FORGET_MENTIONS, {"memory": memory_id}), (_FORGET_RELATIONS, {"memory": memory_id})
        )

    def clear(self) -> None:
        """Delete every node of this namespace, with its edges (other data stays)."""
        self._write(*((statement, {}) for statement in _CLEAR))

    def close(self) -> None:
        """Close the driver and its connections (idempotent)."""
        if not self._closed:
            self._closed = True
            self._driver.close()

    def __repr__(self) -> str:
        return (
            f"Neo4jGraphStore(uri={self.uri!r}, database={self.database!r}, "
            f"namespace={self.namespace!r})"
        )


__all__ = ["MAX_DEPTH", "Neo4jGraphStore", "display_uri"]
