"""The RAG pipeline: documents in, cited answers out.

``add_document`` / ``add_text``: load (markitdown) -> chunk by structure ->
store the chunks in SQLite, their vectors in Qdrant, their words in BM25.
``search``: hybrid retrieval, ``0.8 * vector + 0.2 * BM25`` (each rescaled over
the candidates, see :func:`~hello_agents.memory.base.hybrid_scores`), optionally
widened by MQE (the LLM rewrites the query several ways) and HyDE (the LLM
writes a hypothetical answer, which is searched for instead of the question).
``ask``: the best chunks, numbered, go to the LLM with the question; the answer
cites them as [1], [2], and :attr:`Answer.cited` reads back which ones it cited.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hello_agents.core.llm import BaseLLM
from hello_agents.memory.base import VECTOR_WEIGHT, hybrid_scores
from hello_agents.memory.embedding import Embedder, create_embedder
from hello_agents.memory.errors import DocumentError, MemoryException
from hello_agents.memory.rag.document import MAX_FILE_BYTES, Chunk, chunk_text, load_document
from hello_agents.memory.rag.prompts import ANSWER_PROMPT, HYDE_PROMPT, MQE_PROMPT
from hello_agents.memory.storage.vector_store import QdrantVectorStore, safe_name
from hello_agents.memory.text import BM25Index

_SCHEMA = """
CREATE TABLE IF NOT EXISTS chunks (
    id TEXT PRIMARY KEY,
    namespace TEXT NOT NULL,
    document_id TEXT NOT NULL,
    chunk_index INTEGER NOT NULL,
    heading TEXT NOT NULL,
    content TEXT NOT NULL,
    source TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_by_document ON chunks (namespace, document_id);
"""
_DEFAULT_EMBEDDER: Any = object()


@dataclass(frozen=True)
class SearchHit:
    """One retrieved chunk.

    Attributes:
        chunk_id: The chunk's id (``document_id#index``).
        document_id: The document it came from.
        content: The chunk's text.
        heading: Its section's heading path.
        source: The file it was read from, or ``"text"``.
        score: Hybrid relevance (0 to about 1; higher is better).
    """

    chunk_id: str
    document_id: str
    content: str
    heading: str
    source: str
    score: float

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "chunk_id": self.chunk_id,
            "document_id": self.document_id,
            "content": self.content,
            "heading": self.heading,
            "source": self.source,
            "score": round(self.score, 4),
        }


_CITATION = re.compile(r"[\[【]\s*(\d+(?:\s*[,，、]\s*\d+)*)\s*[\]】]")
"""A citation in an answer: ``[2]``, ``[1, 3]``, ``【2】``, ``[1，2]``."""


def cited_numbers(text: str, count: int) -> list[int]:
    """The passage numbers ``text`` cites, in order of first citation.

    Args:
        text: An answer.
        count: How many passages were numbered; other numbers are not citations.

    Returns:
        Numbers from 1 to ``count``, each once.
    """
    numbers: list[int] = []
    for match in _CITATION.finditer(text):
        for number in map(int, re.split(r"[,，、]", match.group(1))):
            if 1 <= number <= count and number not in numbers:
                numbers.append(number)
    return numbers


@dataclass(frozen=True)
class Answer:
    """What :meth:`RAGPipeline.ask` produced: the answer and the passages it may cite.

    Attributes:
        question: The question.
        text: The answer.
        citations: The passages given to the model, numbered from 1 in this order.
        generated: False when no LLM wrote the text (it then lists the passages).
    """

    question: str
    text: str
    citations: list[SearchHit] = field(default_factory=list)
    generated: bool = True

    @property
    def cited(self) -> list[SearchHit]:
        """The passages the answer cites (``[2]`` is ``citations[1]``), in order of citation."""
        if not self.generated:
            return []
        return [self.citations[n - 1] for n in cited_numbers(self.text, len(self.citations))]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; ``cited`` holds the numbers the answer cites."""
        return {
            "question": self.question,
            "answer": self.text,
            "generated": self.generated,
            "citations": [
                {"number": n, **hit.to_dict()} for n, hit in enumerate(self.citations, 1)
            ],
            "cited": cited_numbers(self.text, len(self.citations)) if self.generated else [],
        }


class RAGPipeline:
    """A knowledge base of chunked documents with hybrid search and cited answers.

    Args:
        storage_path: Folder of the chunk database and the embedded vector store.
        namespace: Keeps several knowledge bases apart in one folder.
        collection_name: The Qdrant collection's prefix (the namespace and the
            embedder's name are appended, so namespaces and models never mix).
        embedder: The embedding model (default: ``EMBED_MODEL_TYPE`` or the local
            model when installed); None for BM25 only.
        llm: Answers questions and powers MQE/HyDE; without one, ``ask`` returns the
            best passages instead of an answer.
        qdrant_url: A Qdrant server (default ``QDRANT_URL``; embedded when unset).
        qdrant_api_key: Its key (default ``QDRANT_API_KEY``).
        max_file_bytes: Largest file ``add_document`` accepts.
        vector_weight: Share of vector similarity in the hybrid score (BM25 gets the
            rest); 1.0 searches by vectors only. Ignored without an embedder.
    """

    answer_prompt = ANSWER_PROMPT
    mqe_prompt = MQE_PROMPT
    hyde_prompt = HYDE_PROMPT

    def __init__(
        self,
        storage_path: str | Path = "./knowledge_base",
        namespace: str = "default",
        collection_name: str = "rag_knowledge_base",
        embedder: Embedder | None = _DEFAULT_EMBEDDER,
        llm: BaseLLM | None = None,
        qdrant_url: str | None = None,
        qdrant_api_key: str | None = None,
        max_file_bytes: int = MAX_FILE_BYTES,
        vector_weight: float = VECTOR_WEIGHT,
    ) -> None:
        self.vector_weight = vector_weight
        self.storage_path = Path(storage_path)
        self.storage_path.mkdir(parents=True, exist_ok=True)
        self.namespace = namespace
        self.llm = llm
        self.max_file_bytes = max_file_bytes
        self.embedder: Embedder | None = (
            create_embedder() if embedder is _DEFAULT_EMBEDDER else embedder
        )
        self._db = sqlite3.connect(str(self.storage_path / "chunks.db"), check_same_thread=False)
        self._db.executescript(_SCHEMA)
        self._lock = threading.Lock()
        self.vectors: QdrantVectorStore | None = None
        if self.embedder is not None:
            # One collection per namespace and model: searches need no payload filter
            # (filtered search in Qdrant's local mode is several times slower).
            self.vectors = QdrantVectorStore(
                f"{collection_name}__{safe_name(namespace)}__{safe_name(self.embedder.name)}",
                self.embedder.dimension,
                path=self.storage_path / "qdrant",
                url=qdrant_url,
                api_key=qdrant_api_key,
            )
        self._lexical: BM25Index | None = None

    # -- ingestion ------------------------------------------------------------------

    def add_document(
        self,
        file_path: str | Path,
        document_id: str | None = None,
        chunk_size: int = 800,
        chunk_overlap: int = 100,
    ) -> int:
        """Load, chunk and index a file; returns the number of chunks.

        A document id that exists is replaced, but only once the new version has
        been read and embedded: a failure leaves the old one in place.

        Raises:
            DocumentError: The file is missing, too large, unreadable or empty.
            MissingExtraError: The format needs markitdown, which is not installed.
        """
        text = load_document(file_path, self.max_file_bytes)
        return self.add_text(
            text,
            document_id or Path(file_path).stem,
            chunk_size,
            chunk_overlap,
            source=str(file_path),
        )

    def add_text(
        self,
        text: str,
        document_id: str | None = None,
        chunk_size: int = 800,
        chunk_overlap: int = 100,
        source: str = "text",
    ) -> int:
        """Chunk and index a text; returns the number of chunks.

        Raises:
            DocumentError: The text is empty.
            ValueError: Bad chunk sizes.
        """
        if not text or not text.strip():
            raise DocumentError("the text is empty: nothing to add")
        document_id = document_id or default_document_id(text)
        chunks = chunk_text(text, chunk_size, chunk_overlap)
        self._index(document_id, chunks, source)
        return len(chunks)

    def _index(self, document_id: str, chunks: list[Chunk], source: str) -> None:
        ids = [f"{document_id}#{chunk.index}" for chunk in chunks]
        texts = [_searchable(chunk) for chunk in chunks]
        # Embed first: if the embedder fails, nothing has changed yet.
        vectors = self.embedder.embed_documents(texts) if self.embedder else None
        old_ids = self._chunk_ids(document_id)
        # The vectors first: if their server fails, the chunk table still holds the old
        # version of the document.
        if self.vectors is not None and vectors is not None:
            payload = {"namespace": self.namespace, "document_id": document_id}
            self.vectors.upsert([self._key(i) for i in ids], vectors, [payload] * len(ids))
        with self._lock, self._db:
            self._db.execute(
                "DELETE FROM chunks WHERE namespace = ? AND document_id = ?",
                (self.namespace, document_id),
            )
            self._db.executemany(
                "INSERT INTO chunks VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (self._key(i), self.namespace, document_id, c.index, c.heading, c.text, source)
                    for i, c in zip(ids, chunks, strict=True)
                ],
            )
        self._lexical = None
        if self.vectors is not None and vectors is not None:
            self.vectors.delete([self._key(i) for i in old_ids if i not in ids])

    def _key(self, chunk_id: str) -> str:
        return f"{self.namespace}::{chunk_id}"

    def _chunk_ids(self, document_id: str) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT document_id, chunk_index FROM chunks "
                "WHERE namespace = ? AND document_id = ?",
                (self.namespace, document_id),
            ).fetchall()
        return [f"{doc}#{index}" for doc, index in rows]

    # -- retrieval ------------------------------------------------------------------

    def _bm25(self) -> BM25Index:
        if self._lexical is None:
            index = BM25Index()
            with self._lock:
                rows = self._db.execute(
                    "SELECT id, heading, content FROM chunks WHERE namespace = ?", (self.namespace,)
                ).fetchall()
            index.add_many((key, f"{heading}\n{content}") for key, heading, content in rows)
            self._lexical = index
        return self._lexical

    def _relevance(self, query: str, candidates: int) -> dict[str, float]:
        lexical = self._bm25().search(query, candidates)
        if self.embedder is None or self.vectors is None:
            best = lexical[0][1] if lexical else 1.0
            return {key: score / best for key, score in lexical}
        hits = self.vectors.search(self.embedder.embed_query(query), candidates)
        return hybrid_scores(lexical, {hit.id: hit.score for hit in hits}, self.vector_weight)

    def search(
        self,
        query: str,
        limit: int = 5,
        min_score: float = 0.0,
        enable_mqe: bool = False,
        enable_hyde: bool = False,
        mqe_count: int = 3,
    ) -> list[SearchHit]:
        """The chunks that best match a query, best first.

        Args:
            query: What to look for.
            limit: How many chunks.
            min_score: Leave out weaker matches.
            enable_mqe: Also search LLM-written rephrasings of the query (needs ``llm``).
            enable_hyde: Also search an LLM-written hypothetical answer (needs ``llm``).
            mqe_count: How many rephrasings MQE asks for.

        Raises:
            MemoryException: MQE or HyDE was asked for without an LLM.
        """
        if not query.strip():
            return []
        queries = [query]
        if enable_mqe:
            queries += self.expand_query(query, mqe_count)
        if enable_hyde:
            queries.append(self.hypothetical_answer(query))
        best: dict[str, float] = {}
        for variant in queries:
            for key, score in self._relevance(variant, max(limit * 4, 20)).items():
                best[key] = max(best.get(key, 0.0), score)
        ranked = sorted(best.items(), key=lambda pair: pair[1], reverse=True)
        ranked = [(key, score) for key, score in ranked if score >= min_score][:limit]
        rows = self._rows([key for key, _ in ranked])
        return [
            SearchHit(
                chunk_id=f"{rows[key][0]}#{rows[key][1]}",
                document_id=rows[key][0],
                content=rows[key][3],
                heading=rows[key][2],
                source=rows[key][4],
                score=score,
            )
            for key, score in ranked
            if key in rows
        ]

    def _rows(self, keys: list[str]) -> dict[str, tuple[str, int, str, str, str]]:
        if not keys:
            return {}
        marks = ",".join("?" * len(keys))
        with self._lock:
            rows = self._db.execute(
                "SELECT id, document_id, chunk_index, heading, content, source FROM chunks "
                f"WHERE id IN ({marks})",
                keys,
            ).fetchall()
        return {row[0]: tuple(row[1:]) for row in rows}

    def _complete(self, prompt: str) -> str:
        if self.llm is None:
            raise MemoryException(
                "MQE, HyDE and generated answers need an LLM: pass llm=, or configure "
                "a model in the environment (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL_ID)"
            )
        return self.llm.invoke([{"role": "user", "content": prompt}]).strip()

    def expand_query(self, question: str, count: int = 3) -> list[str]:
        """MQE: the LLM's rephrasings of a question (at most ``count``)."""
        reply = self._complete(self.mqe_prompt.format(question=question, count=count))
        lines = [
            re.sub(r"^\s*(?:[-*•]|\d+[.)、])\s*", "", line).strip() for line in reply.splitlines()
        ]
        return [line for line in lines if line][:count]

    def hypothetical_answer(self, question: str) -> str:
        """HyDE: a passage the LLM imagines would answer the question."""
        return self._complete(self.hyde_prompt.format(question=question))

    def ask(
        self,
        question: str,
        limit: int = 5,
        enable_mqe: bool = False,
        enable_hyde: bool = False,
        max_chars: int = 1200,
        min_score: float = 0.0,
    ) -> Answer:
        """Answer a question from the knowledge base, citing the passages used.

        Args:
            question: The question.
            limit: How many passages to give the LLM.
            enable_mqe: Widen retrieval with query rephrasings.
            enable_hyde: Widen retrieval with a hypothetical answer.
            max_chars: Cut each passage to this many characters in the prompt.
            min_score: Leave out weaker passages.

        Returns:
            The answer and its citations; without an LLM, ``generated`` is False
            and the text lists the best passages.
        """
        hits = self.search(
            question,
            limit,
            min_score,
            enable_mqe and self.llm is not None,
            enable_hyde and self.llm is not None,
        )
        if not hits:
            return Answer(question, "The knowledge base has nothing on this question.", [], False)
        passages = "\n\n".join(
            f"[{n}] ({_where(hit)})\n{hit.content[:max_chars]}" for n, hit in enumerate(hits, 1)
        )
        if self.llm is None:
            return Answer(
                question,
                "No LLM is configured; the most relevant passages:\n\n" + passages,
                hits,
                False,
            )
        reply = self._complete(self.answer_prompt.format(passages=passages, question=question))
        return Answer(question, reply, hits, True)

    # -- bookkeeping ----------------------------------------------------------------

    def documents(self) -> dict[str, int]:
        """Chunk counts by document id."""
        with self._lock:
            rows = self._db.execute(
                "SELECT document_id, COUNT(*) FROM chunks WHERE namespace = ? GROUP BY document_id",
                (self.namespace,),
            ).fetchall()
        return dict(rows)

    def stats(self) -> dict[str, Any]:
        """Documents, chunks, characters, the embedder and where it is all stored."""
        with self._lock:
            chunks, characters = self._db.execute(
                "SELECT COUNT(*), COALESCE(SUM(LENGTH(content)), 0) FROM chunks "
                "WHERE namespace = ?",
                (self.namespace,),
            ).fetchone()
        return {
            "namespace": self.namespace,
            "documents": len(self.documents()),
            "chunks": chunks,
            "characters": characters,
            "embedder": getattr(self.embedder, "name", "none (BM25 only)"),
            "vector_store": ("qdrant server " + str(self.vectors.url))
            if self.vectors and self.vectors.url
            else ("qdrant embedded" if self.vectors else "none"),
            "storage_path": str(self.storage_path),
        }

    def remove_document(self, document_id: str) -> int:
        """Delete one document's chunks; returns how many were deleted."""
        ids = self._chunk_ids(document_id)
        if self.vectors is not None:  # first: if its server fails, the chunks stay whole
            self.vectors.delete([self._key(i) for i in ids])
        with self._lock, self._db:
            self._db.execute(
                "DELETE FROM chunks WHERE namespace = ? AND document_id = ?",
                (self.namespace, document_id),
            )
        self._lexical = None
        return len(ids)

    def clear(self) -> int:
        """Delete every chunk of this namespace; returns how many were deleted."""
        return sum(self.remove_document(document_id) for document_id in self.documents())

    def close(self) -> None:
        """Close the chunk database."""
        with self._lock:
            self._db.close()


def default_document_id(text: str) -> str:
    """The id a text gets when none is given: ``text_`` and a hash of its content."""
    return "text_" + hashlib.sha1(text.encode()).hexdigest()[:12]


def _where(hit: SearchHit) -> str:
    """``document > heading``: where a passage comes from, for citations."""
    return f"{hit.document_id} > {hit.heading}" if hit.heading else hit.document_id


def _searchable(chunk: Chunk) -> str:
    # The heading path is embedded with the text: "Install" sections stay findable by topic.
    return f"{chunk.heading}\n{chunk.text}" if chunk.heading else chunk.text


__all__ = ["Answer", "RAGPipeline", "SearchHit", "cited_numbers", "default_document_id"]
