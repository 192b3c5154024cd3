"""The graph stores of semantic memory: one behaviour suite, run on SQLite and on a real
Bolt server (FalkorDB, through the official neo4j driver, as ``Neo4jGraphStore``).

Then what only the server store has: namespaces that ``clear`` respects, the
environment selecting it for ``MemoryManager``, and errors that never show the password.
"""

from __future__ import annotations

import logging
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _bolt_server import BoltServer, free_port

from hello_agents.memory import MemoryConfig, MemoryManager
from hello_agents.memory.errors import GraphStoreError, MemoryException
from hello_agents.memory.storage.graph_store import (
    Entity,
    GraphStore,
    Relation,
    SQLiteGraphStore,
    create_graph_store,
)

DATABASE = "hello_agents_tests"


def open_neo4j(server: BoltServer, namespace: str, **options: Any) -> Any:
    from hello_agents.memory.storage.neo4j_graph import Neo4jGraphStore

    return Neo4jGraphStore(
        server.uri,
        server.user,
        server.password,
        database=DATABASE,
        namespace=namespace,
        **options,
    )


class Backend:
    """Opens stores of one kind; the same place each time, so reopening sees the data."""

    def __init__(self, kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
        self.kind = kind
        self.path = tmp_path / "graph.db"
        self.namespace = f"test-{secrets.token_hex(4)}"
        self.server: BoltServer | None = (
            request.getfixturevalue("bolt_server") if kind == "neo4j" else None
        )
        self.opened: list[GraphStore] = []

    def open(self) -> GraphStore:
        if self.server is None:
            store: GraphStore = SQLiteGraphStore(self.path)
        else:
            store = open_neo4j(self.server, self.namespace)
        self.opened.append(store)
        return store

    def close_all(self) -> None:
        for store in self.opened:
            store.close()
        if self.server is not None:
            cleaner = open_neo4j(self.server, self.namespace)
            cleaner.clear()
            cleaner.close()


@pytest.fixture(params=["sqlite", "neo4j"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    opened = Backend(request.param, tmp_path, request)
    try:
        yield opened
    finally:
        opened.close_all()


@pytest.fixture
def store(backend: Backend) -> GraphStore:
    return backend.open()


def names(entities: list[Entity]) -> set[str]:
    return {entity.name for entity in entities}


# ---- the behaviour both stores share -------------------------------------------------


def test_each_store_is_a_graph_store(store: GraphStore) -> None:
    assert isinstance(store, GraphStore)


def test_an_entity_is_added_once_and_keeps_its_first_kind(store: GraphStore) -> None:
    store.add_entity(Entity("Ada Lovelace", "person"))
    store.add_entity(Entity("Ada Lovelace", "concept"))
    assert store.entities() == [Entity("Ada Lovelace", "person")]


def test_a_relation_adds_its_two_entities_and_one_edge(store: GraphStore) -> None:
    knows = Relation("Ada", "worked_with", "Babbage")
    store.add_relation(knows)
    store.add_relation(knows)
    store.add_relation(Relation("Babbage", "designed", "Analytical Engine"))
    assert names(store.entities()) == {"Ada", "Babbage", "Analytical Engine"}
    assert sorted(store.relations(), key=str) == sorted(
        [knows, Relation("Babbage", "designed", "Analytical Engine")], key=str
    )
    assert store.relations("Ada") == [knows]
    assert store.relations("nobody") == []


def test_neighbours_walk_one_or_two_hops_either_way(store: GraphStore) -> None:
    store.add_relation(Relation("A", "r", "B"))
    store.add_relation(Relation("C", "r", "B"))
    store.add_relation(Relation("C", "r", "D"))
    assert store.neighbours("B") == {"A", "C"}
    assert store.neighbours("A") == {"B"}
    assert store.neighbours("A", depth=2) == {"B", "C"}
    assert store.neighbours("A", depth=3) == {"B", "C", "D"}
    assert store.neighbours("A", depth=0) == set()
    assert store.neighbours("nobody") == set()


def test_mentions_link_memories_and_entities(store: GraphStore) -> None:
    store.add_entity(Entity("Python"), "m1")
    store.add_entity(Entity("Rust"), "m2")
    store.add_relation(Relation("Python", "inspired", "Mojo"), "m3")
    assert store.memories_mentioning({"Python"}) == {"m1", "m3"}
    assert store.memories_mentioning({"Rust", "Mojo"}) == {"m2", "m3"}
    assert store.memories_mentioning(set()) == set()
    assert sorted(store.entities_of("m3")) == ["Mojo", "Python"]
    assert store.entities_of("unknown") == []


def test_many_names_are_looked_up_at_once(store: GraphStore) -> None:
    for number in range(60):  # more than one query's batch of names
        store.add_entity(Entity(f"entity {number}"), f"m{number}")
    wanted = {f"entity {number}" for number in range(0, 60, 2)}
    assert store.memories_mentioning(wanted) == {f"m{number}" for number in range(0, 60, 2)}


def test_forgetting_a_memory_drops_its_links_and_relations_but_keeps_entities(
    store: GraphStore,
) -> None:
    store.add_relation(Relation("Ada", "knows", "Babbage"), "m1")
    store.add_relation(Relation("Ada", "wrote", "Notes"), "m1")
    store.add_relation(Relation("Ada", "wrote", "Notes"), "m2")  # m2 says it too
    store.forget_memory("m1")
    assert store.memories_mentioning({"Ada", "Babbage"}) == {"m2"}
    assert store.entities_of("m1") == []
    assert store.relations() == [Relation("Ada", "wrote", "Notes")]
    assert names(store.entities()) == {"Ada", "Babbage", "Notes"}


def test_clear_empties_the_store(store: GraphStore) -> None:
    store.add_relation(Relation("A", "r", "B"), "m1")
    store.clear()
    assert store.entities() == []
    assert store.relations() == []
    assert store.memories_mentioning({"A"}) == set()


def test_names_are_data_not_query_text(store: GraphStore) -> None:
    awkward = ['say "hi"', "back\\slash", "图灵", "x}) DETACH DELETE (n"]
    for name in awkward:
        store.add_relation(Relation(name, "is named", "Name"), "m1")
    assert names(store.entities()) == {*awkward, "Name"}
    assert store.neighbours("Name") == set(awkward)


def test_a_single_quote_in_a_name_is_kept(
    backend: Backend, store: GraphStore, request: pytest.FixtureRequest
) -> None:
    if backend.kind == "neo4j":
        # FalkorDB 4.16 pastes Bolt parameters into the query text unescaped; strict, so
        # that a FalkorDB that fixes it makes this test say so.
        request.applymarker(
            pytest.mark.xfail(
                raises=GraphStoreError,
                strict=True,
                reason="FalkorDB's Bolt endpoint breaks on a quote in a parameter",
            )
        )
    store.add_entity(Entity("O'Brien"), "m1")
    assert store.entities_of("m1") == ["O'Brien"]


def test_the_graph_outlives_the_store_that_wrote_it(backend: Backend) -> None:
    first = backend.open()
    first.add_relation(Relation("Ada", "knows", "Babbage"), "m1")
    first.close()
    second = backend.open()
    assert second.relations() == [Relation("Ada", "knows", "Babbage")]
    assert second.memories_mentioning({"Babbage"}) == {"m1"}


# ---- the server store ------------------------------------------------------------------


def test_clear_deletes_only_its_own_namespace(bolt_server: BoltServer) -> None:
    import neo4j

    mine = open_neo4j(bolt_server, "clear-mine")
    theirs = open_neo4j(bolt_server, "clear-theirs")
    driver = neo4j.GraphDatabase.driver(
        bolt_server.uri, auth=(bolt_server.user, bolt_server.password)
    )
    try:
        mine.add_relation(Relation("Shared name", "r", "B"), "m1")
        theirs.add_relation(Relation("Shared name", "r", "C"), "m1")
        driver.execute_query("CREATE (:Unrelated {name: 'keep me'})", database_=DATABASE)
        assert mine.relations() == [Relation("Shared name", "r", "B")]
        mine.clear()
        assert mine.entities() == []
        assert theirs.relations() == [Relation("Shared name", "r", "C")]
        records, _, _ = driver.execute_query(
            "MATCH (n:Unrelated) RETURN n.name AS name", database_=DATABASE
        )
        assert [record["name"] for record in records] == ["keep me"]
    finally:
        driver.execute_query("MATCH (n:Unrelated) DELETE n", database_=DATABASE)
        theirs.clear()
        for closing in (mine, theirs, driver):
            closing.close()


def test_neo4j_uri_selects_the_server_store(neo4j_environment: BoltServer, tmp_path: Path) -> None:
    from hello_agents.memory.storage.neo4j_graph import Neo4jGraphStore

    store = create_graph_store(tmp_path / "graph.db", namespace="selected")
    try:
        assert isinstance(store, Neo4jGraphStore)
        assert not (tmp_path / "graph.db").exists()
    finally:
        store.close()
    assert isinstance(create_graph_store(tmp_path / "graph.db", "sqlite"), SQLiteGraphStore)


def test_a_semantic_memory_is_found_by_a_second_manager(
    neo4j_environment: BoltServer, tmp_path: Path
) -> None:
    config = MemoryConfig(
        storage_path=tmp_path / "memory", embedder="tfidf", graph_namespace="managers"
    )
    first = MemoryManager(config, enable_working=False, enable_episodic=False)
    memory_id = first.add_memory(
        "Ada Lovelace wrote the first program.",
        memory_type="semantic",
        metadata={"relations": [["Ada Lovelace", "collaborated_with", "Charles Babbage"]]},
    )
    first.close()
    second = MemoryManager(config, enable_working=False, enable_episodic=False)
    try:
        assert type(second.graph).__name__ == "Neo4jGraphStore"
        assert not (tmp_path / "memory" / "graph.db").exists()
        semantic: Any = second.memory("semantic")
        found = semantic.related_facts("Charles Babbage")
        assert [item.id for item in found] == [memory_id]
        assert second.graph.memories_mentioning({"Charles Babbage"}) == {memory_id}
    finally:
        second.graph.clear()
        second.close()


@pytest.mark.usefixtures("neo4j_driver_installed")
def test_an_unreachable_server_is_a_clear_error_without_the_password(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    uri = f"bolt://127.0.0.1:{free_port()}"
    password = "hunter2-" + secrets.token_hex(6)
    monkeypatch.setenv("NEO4J_URI", uri)
    monkeypatch.setenv("NEO4J_USER", "neo4j")
    monkeypatch.setenv("NEO4J_PASSWORD", password)
    caplog.set_level(logging.DEBUG)
    with pytest.raises(GraphStoreError) as raised:
        MemoryManager(MemoryConfig(storage_path=tmp_path / "memory"), embedder=None)
    message = str(raised.value)
    assert uri in message and "NEO4J_URI" in message
    assert password not in message
    assert password not in caplog.text
    assert isinstance(raised.value, MemoryException)


def test_a_refused_password_is_a_clear_error_that_does_not_show_it(
    bolt_server: BoltServer, caplog: pytest.LogCaptureFixture
) -> None:
    from hello_agents.memory.storage.neo4j_graph import Neo4jGraphStore

    wrong = "not-the-password-" + secrets.token_hex(6)
    caplog.set_level(logging.DEBUG)
    with pytest.raises(GraphStoreError) as raised:
        Neo4jGraphStore(bolt_server.uri, bolt_server.user, wrong, database=DATABASE)
    assert bolt_server.uri in str(raised.value)
    assert wrong not in str(raised.value)
    assert wrong not in caplog.text


def test_the_password_is_in_no_repr_or_log(
    bolt_server: BoltServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    store = open_neo4j(bolt_server, "repr")
    try:
        store.add_entity(Entity("Ada"), "m1")
        assert bolt_server.uri in repr(store)
        assert bolt_server.password not in repr(store)
        assert bolt_server.password not in str(store)
    finally:
        store.clear()
        store.close()
    assert caplog.text  # the driver did log at DEBUG
    assert bolt_server.password not in caplog.text


def test_credentials_in_the_uri_are_not_shown() -> None:
    from hello_agents.memory.storage.neo4j_graph import display_uri

    assert display_uri("bolt://neo4j:s3cret@db.example:7687") == "bolt://db.example:7687"
    assert display_uri("neo4j+s://db.example") == "neo4j+s://db.example"


def test_an_unknown_backend_or_a_missing_uri_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(MemoryException, match="unknown graph backend 'kuzu'"):
        create_graph_store(tmp_path / "graph.db", "kuzu")
    with pytest.raises(MemoryException, match="needs NEO4J_URI"):
        create_graph_store(tmp_path / "graph.db", "neo4j")


def test_without_the_driver_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from hello_agents.memory.errors import MissingExtraError
    from hello_agents.memory.storage.neo4j_graph import Neo4jGraphStore

    monkeypatch.setitem(sys.modules, "neo4j", None)  # as if not installed
    with pytest.raises(MissingExtraError, match=r"hello-agents\[neo4j\]"):
        Neo4jGraphStore("bolt://127.0.0.1:7687")


def test_the_config_or_a_given_store_overrides_neo4j_uri(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("NEO4J_URI", f"bolt://127.0.0.1:{free_port()}")  # nothing listens
    config = MemoryConfig(storage_path=tmp_path / "memory", graph_backend="sqlite")
    manager = MemoryManager(config, embedder=None)
    assert isinstance(manager.graph, SQLiteGraphStore)
    manager.close()

    given = SQLiteGraphStore()
    manager = MemoryManager(
        MemoryConfig(storage_path=tmp_path / "other"), embedder=None, graph=given
    )
    manager.add_memory("Ada met Babbage.", "semantic", metadata={"entities": ["Ada"]})
    manager.close()
    assert names(given.entities()) >= {"Ada"}  # still open: the caller owns it
