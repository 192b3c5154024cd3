"""The vector store's server path: qdrant-client over real HTTP, against a local Qdrant API.

No Qdrant server can be installed here, so ``_qdrant_http.FakeQdrantServer`` serves the
REST endpoints the store uses, performing each request on qdrant-client's own local
engine (see that module). The same behaviour tests run on the local mode and on the
server path; the rest covers what only a server has: persistence across clients, the
API key, a server that is down, silent or failing.
"""

from __future__ import annotations

import importlib.util
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from hello_agents.memory import (
    MemoryConfig,
    MemoryManager,
    QdrantVectorStore,
    VectorStoreError,
)
from hello_agents.memory.rag import RAGPipeline
from hello_agents.memory.storage import vector_store

if importlib.util.find_spec("qdrant_client") is not None:
    from _qdrant_http import FakeQdrantServer

pytestmark = [
    pytest.mark.skipif(
        importlib.util.find_spec("qdrant_client") is None,
        reason="needs qdrant-client (the ch08 extra)",
    ),
    # qdrant-client warns when a key travels over plain HTTP, as it does to 127.0.0.1 here.
    pytest.mark.filterwarnings("ignore:Api key is used with an insecure connection"),
    # ... and from a background thread when a stopped server cannot report its version.
    pytest.mark.filterwarnings("ignore:Failed to obtain server version"),
]

KEY = "qd-secret-key-4242"
WORDS = ["tea", "coffee", "cat", "dog", "paris", "france", "kettle", "warranty"]

StoreFactory = Callable[..., QdrantVectorStore]


class WordEmbedder:
    """A tiny deterministic embedder: one dimension per word of ``WORDS``."""

    name = "words-8"
    dimension = len(WORDS)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self.embed_query(text) for text in texts]

    def embed_query(self, text: str) -> list[float]:
        return [float(word in text.lower()) + 0.01 for word in WORDS]


def _serving(server: FakeQdrantServer) -> Iterator[FakeQdrantServer]:
    server.start()
    yield server
    # qdrant-client checks the server's version from a thread of each new client: let
    # those end before the server does, or they warn after the test.
    for thread in threading.enumerate():
        if "_check_compatibility" in thread.name:
            thread.join(timeout=5)
    server.stop()


@pytest.fixture
def qdrant() -> Iterator[FakeQdrantServer]:
    yield from _serving(FakeQdrantServer())


@pytest.fixture
def secured() -> Iterator[FakeQdrantServer]:
    yield from _serving(FakeQdrantServer(api_key=KEY))


@pytest.fixture(params=["local", "server"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> StoreFactory:
    """Builds stores in local mode (a folder) or on the fake server, by the same call."""
    if request.param == "local":
        return lambda name="c", dimension=3: QdrantVectorStore(
            name, dimension, path=tmp_path / "qdrant"
        )
    server = request.getfixturevalue("qdrant")
    return lambda name="c", dimension=3: QdrantVectorStore(name, dimension, url=server.url)


# -- the same behaviour in both modes ------------------------------------------------


def test_upsert_search_filter_delete_count_and_clear(make_store: StoreFactory) -> None:
    store = make_store()
    store.upsert(
        ["a", "b", "c"],
        [[1, 0, 0], [0.9, 0.1, 0], [0, 0, 1]],
        [{"kind": "x"}, {"kind": "y"}, {"kind": "x"}],
    )
    assert store.count() == 3
    hits = store.search([1, 0, 0], limit=2)
    assert [hit.id for hit in hits] == ["a", "b"]
    assert hits[0].score == pytest.approx(1.0) and hits[1].score == pytest.approx(0.9939, abs=1e-4)
    assert hits[0].payload == {"kind": "x", "ref": "a"}
    assert [hit.id for hit in store.search([1, 0, 0], limit=5, where={"kind": "x"})] == ["a", "c"]
    store.upsert(["a"], [[0, 1, 0]], [{"kind": "z"}])  # replaced by id
    assert store.count() == 3
    assert store.search([0, 1, 0], limit=1)[0].payload == {"kind": "z", "ref": "a"}
    store.delete(["a", "missing"])
    assert store.count() == 2 and "a" not in [hit.id for hit in store.search([0, 1, 0])]
    store.delete([])
    store.clear()
    assert store.count() == 0 and store.search([1, 0, 0]) == []


def test_both_modes_give_the_same_results(tmp_path: Path, qdrant: FakeQdrantServer) -> None:
    vectors = [[(i * 7 % 11) / 11, (i * 3 % 5) / 5, 1 / (i + 1), 0.5] for i in range(40)]
    ids = [f"r{i}" for i in range(40)]
    payloads = [{"even": i % 2 == 0} for i in range(40)]
    results = []
    for store in (
        QdrantVectorStore("same", 4, path=tmp_path / "qdrant"),
        QdrantVectorStore("same", 4, url=qdrant.url),
    ):
        store.upsert(ids, vectors, payloads)
        store.delete(ids[:5])
        results.append(
            (
                store.count(),
                [(h.id, round(h.score, 6)) for h in store.search([0.3, 0.2, 0.1, 0.5], 10)],
                [h.id for h in store.search([0.9, 0.1, 0.1, 0.5], 5, where={"even": True})],
            )
        )
    assert results[0] == results[1]
    assert results[0][0] == 35


def test_a_wrong_vector_size_is_a_clear_error_in_both_modes(make_store: StoreFactory) -> None:
    store = make_store()
    with pytest.raises(VectorStoreError, match="dim") as caught:
        store.upsert(["a"], [[1.0, 2.0]], [{}])
    assert "collection 'c'" in str(caught.value)
    with pytest.raises(VectorStoreError, match="3-dimensional vectors but the embedder makes 5"):
        make_store("c", 5)
    assert store.count() == 0


# -- the server path --------------------------------------------------------------------


def test_the_store_speaks_rest_to_exactly_these_endpoints(qdrant: FakeQdrantServer) -> None:
    store = QdrantVectorStore("rest", 3, url=qdrant.url)
    store.upsert(["a"], [[1, 0, 0]], [{}])
    store.search([1, 0, 0], where={"k": 1})
    store.delete(["a"])
    store.count()
    store.clear()
    assert store._client._client._prefer_grpc is False
    api = sorted({path for path in qdrant.paths() if path != "GET /"})
    assert api == [
        "DELETE /collections/rest",
        "GET /collections/rest/exists",
        "POST /collections/rest/points/count",
        "POST /collections/rest/points/delete",
        "POST /collections/rest/points/query",
        "PUT /collections/rest",
        "PUT /collections/rest/points",
    ]


def test_vectors_persist_on_the_server_across_clients(qdrant: FakeQdrantServer) -> None:
    first = QdrantVectorStore("kept", 3, url=qdrant.url)
    first.upsert(["a", "b"], [[1, 0, 0], [0, 1, 0]], [{}, {}])
    vector_store._close_clients()  # as a new process would: no client is shared
    second = QdrantVectorStore("kept", 3, url=qdrant.url)
    assert second._client is not first._client
    assert second.count() == 2 and second.search([0, 1, 0], 1)[0].id == "b"
    assert "GET /collections/kept" in qdrant.paths()  # the second store checked the size


def test_the_api_key_is_sent_as_its_header(
    secured: FakeQdrantServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QDRANT_URL", secured.url)
    monkeypatch.setenv("QDRANT_API_KEY", KEY)
    store = QdrantVectorStore("keyed", 3)
    store.upsert(["a"], [[1, 0, 0]], [{}])
    assert store.count() == 1
    api = [entry for entry in secured.requests if entry.path != "/"]
    assert api and all(entry.api_key == KEY for entry in api)
    assert KEY not in repr(store) and all(KEY not in str(value) for value in vars(store).values())


def test_a_wrong_or_missing_key_is_a_typed_error_that_never_shows_the_key(
    secured: FakeQdrantServer,
) -> None:
    QdrantVectorStore("keyed", 3, url=secured.url, api_key=KEY)  # the right key works first
    wrong = "qd-wrong-key-0000"
    with pytest.raises(VectorStoreError) as caught:
        QdrantVectorStore("keyed", 3, url=secured.url, api_key=wrong)
    message = str(caught.value)
    assert "HTTP 401" in message and "QDRANT_API_KEY" in message and secured.url in message
    for shown in (message, repr(caught.value), str(caught.value.__cause__)):
        assert wrong not in shown and KEY not in shown
    with pytest.raises(VectorStoreError, match=r"401.*Must provide an API key"):
        QdrantVectorStore("keyed", 3, url=secured.url)


def test_a_server_that_is_down_is_a_clear_error_and_loses_nothing(
    qdrant: FakeQdrantServer,
) -> None:
    credentials_url = qdrant.url.replace("http://", "http://admin:pa55word@")
    store = QdrantVectorStore("down", 3, url=credentials_url)
    assert store.url == qdrant.url and "pa55word" not in repr(store)
    store.upsert(["a"], [[1, 0, 0]], [{}])
    qdrant.stop()
    for call in (
        lambda: store.upsert(["b"], [[0, 1, 0]], [{}]),
        lambda: store.search([1, 0, 0]),
        lambda: store.count(),
        lambda: QdrantVectorStore("other", 3, url=credentials_url),
    ):
        started = time.monotonic()
        with pytest.raises(VectorStoreError) as caught:
            call()
        assert time.monotonic() - started < 3
        message = str(caught.value)
        assert f"could not reach the Qdrant server at {qdrant.url}" in message
        assert "pa55word" not in message and "admin" not in message
    qdrant.start()  # the same port, the same data
    assert store.count() == 1 and store.search([1, 0, 0])[0].id == "a"


def test_a_server_that_never_answers_times_out(tmp_path: Path) -> None:
    with socket.socket() as silent:  # accepts connections, never reads or answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}"
        started = time.monotonic()
        with pytest.raises(VectorStoreError, match=r"could not reach .* (Timeout|timed out)"):
            QdrantVectorStore("silent", 3, url=url, timeout=1)
        assert time.monotonic() - started < 4
        # qdrant-client's version check runs in a thread with the same timeout: let it end
        # (and warn) inside this test.
        for thread in threading.enumerate():
            if "_check_compatibility" in thread.name:
                thread.join(timeout=3)


def test_a_server_error_is_a_clear_error_and_the_data_stays(qdrant: FakeQdrantServer) -> None:
    store = QdrantVectorStore("flaky", 3, url=qdrant.url)
    store.upsert(["a"], [[1, 0, 0]], [{}])
    qdrant.fail_with = 500
    with pytest.raises(VectorStoreError, match=r"refused to search .*HTTP 500 Service internal"):
        store.search([1, 0, 0])
    qdrant.fail_with = None
    assert store.search([1, 0, 0])[0].id == "a"


def test_a_collection_deleted_on_the_server_is_named(qdrant: FakeQdrantServer) -> None:
    store = QdrantVectorStore("gone", 3, url=qdrant.url)
    qdrant.engine.delete_collection("gone")
    with pytest.raises(VectorStoreError, match="HTTP 404 Not found: Collection `gone`"):
        store.count()
    store.clear()  # deleting what is gone is no error; the collection is made again
    assert store.count() == 0


# -- chapter 8's classes through QDRANT_URL ---------------------------------------------


def test_memory_manager_keeps_its_vectors_on_the_server(
    secured: FakeQdrantServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("QDRANT_URL", secured.url)
    monkeypatch.setenv("QDRANT_API_KEY", KEY)
    config = MemoryConfig(storage_path=tmp_path / "memory")
    manager = MemoryManager(config, embedder=WordEmbedder())
    manager.add_memory("Paris is in France", "semantic", 0.5)
    manager.add_memory("the dog barks", "episodic", 0.5)
    collections = sorted(c.name for c in secured.engine.get_collections().collections)
    assert [name.split("__")[:3] for name in collections] == [
        ["memories", "default_user", "episodic"],
        ["memories", "default_user", "semantic"],
    ]
    assert len(collections) == 2 and not (tmp_path / "memory" / "qdrant").exists()

    secured.stop()
    down = f"could not reach the Qdrant server at {secured.url}"
    with pytest.raises(VectorStoreError, match=down):
        manager.add_memory("my cat sleeps", "semantic", 0.5)
    secured.start()
    reopened = MemoryManager(config, embedder=WordEmbedder())
    found = reopened.retrieve_memories("france", ["semantic"], limit=5)
    assert [match.item.content for match in found] == ["Paris is in France"]
    # The failed memory left no record behind (a record without its vector).
    assert [item.content for item in reopened.memory("semantic").all()] == ["Paris is in France"]


def test_rag_pipeline_indexes_on_the_server_and_a_failed_update_keeps_the_old_text(
    qdrant: FakeQdrantServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("QDRANT_URL", qdrant.url.replace("http://", "http://u:pw@"))
    pipeline = RAGPipeline(tmp_path / "rag", embedder=WordEmbedder())
    pipeline.add_text("# Kettle\n\n## Warranty\n\nThe kettle has a two year warranty.", "kettle")
    assert pipeline.stats()["vector_store"] == f"qdrant server {qdrant.url}"
    assert pipeline.vectors is not None and pipeline.vectors.count() >= 1
    assert "warranty" in pipeline.search("warranty", limit=1)[0].content

    qdrant.fail_with = 503
    with pytest.raises(VectorStoreError, match="HTTP 503"):
        pipeline.add_text("# Kettle\n\n## Tea\n\nBrew tea at 80 degrees.", "kettle")
    qdrant.fail_with = None
    assert "warranty" in pipeline.search("kettle warranty", limit=1)[0].content
    pipeline.close()
