"""RAGTool: a knowledge base as one tool with actions (the tutorial's API).

::

    rag_tool.run({"action": "add_document", "file_path": "guide.pdf"})
    rag_tool.run({"action": "ask", "question": "How do I install it?", "limit": 3})
    rag_tool.batch_add_texts(["text one", "text two"], document_ids=["a", "b"])

Every action returns text for the model; :meth:`RAGTool.run_structured` returns
an :class:`~hello_agents.tools.builtin.action_result.ActionResult` whose ``data``
holds the hits, citations and counts for code.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from hello_agents.core.config import load_env_file
from hello_agents.core.exceptions import ConfigException
from hello_agents.core.llm import BaseLLM, HelloAgentsLLM
from hello_agents.core.providers import EMBEDDED, detect_provider
from hello_agents.memory.errors import MemoryException
from hello_agents.memory.rag.document import MAX_FILE_BYTES
from hello_agents.memory.rag.pipeline import (
    _DEFAULT_EMBEDDER,
    RAGPipeline,
    SearchHit,
    default_document_id,
)
from hello_agents.tools.base import ToolParameter
from hello_agents.tools.builtin.action_result import ActionResult, missing
from hello_agents.tools.builtin.action_tool import ActionHandler, ActionTool
from hello_agents.tools.builtin.parameters import optional

logger = logging.getLogger(__name__)

RAG_ACTIONS = ("add_document", "add_text", "batch_add_texts", "ask", "search", "stats", "clear")

DESCRIPTION = (
    "A knowledge base of documents. Actions: search (query, limit, min_score) returns "
    "relevant passages; ask (question, limit) answers with citations; add_document "
    "(file_path, document_id), add_text (text, document_id), stats, clear."
)


class RAGTool(ActionTool):
    """The RAG pipeline as a tool named ``rag``.

    Args:
        knowledge_base_path: Folder of the chunk database and the embedded vector store.
        qdrant_url: A Qdrant server (default ``QDRANT_URL``; embedded when unset).
        qdrant_api_key: Its key (default ``QDRANT_API_KEY``).
        collection_name: The Qdrant collection.
        rag_namespace: Keeps several knowledge bases apart in one folder.
        llm: Writes answers and powers MQE/HyDE. Without one, the first call that
            needs a model builds ``HelloAgentsLLM()`` when the environment configures
            a provider (``LLM_*`` or a provider's key, ``.env`` included), as the
            tutorial expects; with nothing configured, ``ask`` returns passages.
        embedder: The embedding model (default: ``EMBED_MODEL_TYPE`` or the local model).
        max_file_bytes: Largest file ``add_document`` accepts.
    """

    def __init__(
        self,
        knowledge_base_path: str | Path = "./knowledge_base",
        qdrant_url: str | None = None,
        qdrant_api_key: str | None = None,
        collection_name: str = "rag_knowledge_base",
        rag_namespace: str = "default",
        llm: BaseLLM | None = None,
        embedder: Any = _DEFAULT_EMBEDDER,
        max_file_bytes: int = MAX_FILE_BYTES,
    ) -> None:
        super().__init__("rag", DESCRIPTION)
        self.knowledge_base_path = str(knowledge_base_path)
        self.rag_namespace = rag_namespace
        self.collection_name = collection_name
        # Built from the environment on first need (see _model_from_environment).
        self._look_for_model = llm is None
        self.pipeline = RAGPipeline(
            knowledge_base_path,
            namespace=rag_namespace,
            collection_name=collection_name,
            embedder=embedder,
            llm=llm,
            qdrant_url=qdrant_url,
            qdrant_api_key=qdrant_api_key,
            max_file_bytes=max_file_bytes,
        )
        self._handlers: dict[str, ActionHandler] = {
            "add_document": self._add_document,
            "add_text": self._add_text,
            "batch_add_texts": self._batch_add_texts,
            "ask": self._ask,
            "search": self._search,
            "stats": self._stats,
            "clear": self._clear,
        }

    # -- the tool contract ------------------------------------------------------------

    def get_parameters(self) -> list[ToolParameter]:
        return [
            ToolParameter(
                name="action", type="string", description="What to do.", enum=list(RAG_ACTIONS)
            ),
            optional("query", "string", "search: what to look for."),
            optional("question", "string", "ask: the question to answer."),
            optional("limit", "integer", "search/ask: how many passages (default 5)."),
            optional("min_score", "number", "search/ask: leave out weaker passages (0-1)."),
            optional("file_path", "string", "add_document: the file to add."),
            optional("text", "string", "add_text: the text to add."),
            optional("texts", "array", "batch_add_texts: the texts to add."),
            optional("document_id", "string", "add_*: the document's id (replaces one)."),
            optional("document_ids", "array", "batch_add_texts: one id per text."),
            optional("chunk_size", "integer", "add_*: characters per chunk (default 800)."),
            optional("chunk_overlap", "integer", "add_*: characters shared (default 100)."),
            optional("enable_advanced_search", "boolean", "search/ask: MQE and HyDE both."),
            optional("enable_mqe", "boolean", "search/ask: also search rephrasings."),
            optional("enable_hyde", "boolean", "search/ask: also search a draft answer."),
            optional("include_citations", "boolean", "ask: list the sources (default true)."),
            optional("max_chars", "integer", "ask: characters per passage (default 1200)."),
        ]

    # -- the tutorial's direct methods ------------------------------------------------

    def add_document(self, file_path: str, document_id: str | None = None, **options: Any) -> str:
        """Add a file (md, txt, html, pdf, docx, csv, json ...); returns the result text."""
        return self.execute("add_document", file_path=file_path, document_id=document_id, **options)

    def add_text(self, text: str, document_id: str | None = None, **options: Any) -> str:
        """Add a text; returns the result text."""
        return self.execute("add_text", text=text, document_id=document_id, **options)

    def batch_add_texts(
        self, texts: list[str], document_ids: list[str] | None = None, **options: Any
    ) -> str:
        """Add several texts (optionally with one id each); returns the result text."""
        return self.execute("batch_add_texts", texts=texts, document_ids=document_ids, **options)

    def ask(self, question: str, limit: int = 5, **options: Any) -> str:
        """Answer a question with citations; returns the answer text."""
        return self.execute("ask", question=question, limit=limit, **options)

    def search(self, query: str, limit: int = 5, min_score: float = 0.0, **options: Any) -> str:
        """Find passages; returns them as text."""
        return self.execute("search", query=query, limit=limit, min_score=min_score, **options)

    def get_stats(self) -> str:
        """The knowledge base's statistics as text."""
        return self.execute("stats")

    def clear(self) -> str:
        """Delete every document of this namespace."""
        return self.execute("clear")

    # -- the actions ------------------------------------------------------------------

    @staticmethod
    def _chunking(p: dict[str, Any]) -> tuple[int, int]:
        return int(p.get("chunk_size", 800)), int(p.get("chunk_overlap", 100))

    def _add_document(self, p: dict[str, Any]) -> ActionResult:
        if not p.get("file_path"):
            return missing(
                "add_document", "file_path", '{"action": "add_document", "file_path": "notes.md"}'
            )
        file_path = str(p["file_path"])
        document_id = str(p.get("document_id") or Path(file_path).stem)
        count = self.pipeline.add_document(file_path, document_id, *self._chunking(p))
        return ActionResult(
            "add_document",
            True,
            f"Added {Path(file_path).name} as document {document_id!r}: {count} chunks.",
            {"document_id": document_id, "chunks": count, "file_path": file_path},
        )

    def _add_text(self, p: dict[str, Any]) -> ActionResult:
        if not str(p.get("text") or "").strip():
            return missing(
                "add_text", "text", '{"action": "add_text", "text": "...", "document_id": "faq"}'
            )
        stored_id = str(p.get("document_id") or default_document_id(str(p["text"])))
        count = self.pipeline.add_text(str(p["text"]), stored_id, *self._chunking(p))
        return ActionResult(
            "add_text",
            True,
            f"Added text as document {stored_id!r}: {count} chunks.",
            {"document_id": stored_id, "chunks": count},
        )

    def _batch_add_texts(self, p: dict[str, Any]) -> ActionResult:
        texts = p.get("texts") or []
        if not texts:
            return missing(
                "batch_add_texts", "texts", '{"action": "batch_add_texts", "texts": ["a", "b"]}'
            )
        ids = p["document_ids"] if "document_ids" in p else [None] * len(texts)
        if len(ids) != len(texts):
            return ActionResult.failure(
                "batch_add_texts",
                f"{len(texts)} texts but {len(ids)} document_ids: give one id per text",
            )
        added: list[dict[str, Any]] = []
        failed: list[dict[str, Any]] = []
        for text, document_id in zip(texts, ids, strict=True):
            try:
                document_id = document_id or default_document_id(str(text))
                count = self.pipeline.add_text(str(text), document_id, *self._chunking(p))
                added.append({"document_id": document_id, "chunks": count})
            except MemoryException as error:
                failed.append({"document_id": document_id, "error": str(error)})
        chunks = sum(int(entry["chunks"]) for entry in added)
        text = f"Added {len(added)} of {len(texts)} texts ({chunks} chunks)."
        if failed:
            text += " Failed: " + "; ".join(f"{f['document_id']}: {f['error']}" for f in failed)
        return ActionResult("batch_add_texts", not failed, text, {"added": added, "failed": failed})

    def _retrieval(self, p: dict[str, Any]) -> dict[str, Any]:
        advanced = bool(p.get("enable_advanced_search", False))
        return {
            "enable_mqe": bool(p.get("enable_mqe", advanced)),
            "enable_hyde": bool(p.get("enable_hyde", advanced)),
            "min_score": float(p.get("min_score", 0.0)),
        }

    def _model_from_environment(self) -> None:
        """Give the pipeline the model the environment configures, once, if none was passed.

        The embedded local model is not started for this: with no provider
        configured, answers stay extractive (the passages themselves).
        """
        if not self._look_for_model or self.pipeline.llm is not None:
            return
        self._look_for_model = False
        load_env_file()
        if detect_provider() == EMBEDDED:
            return
        try:
            self.pipeline.llm = HelloAgentsLLM()
        except ConfigException as error:
            logger.warning("RAGTool answers without a model: %s", error)

    def _search(self, p: dict[str, Any]) -> ActionResult:
        query = str(p.get("query") or p.get("question") or "").strip()
        if not query:
            return missing(
                "search", "query", '{"action": "search", "query": "install", "limit": 3}'
            )
        if not self.pipeline.documents():
            return _empty("search", query)
        retrieval = self._retrieval(p)
        if retrieval["enable_mqe"] or retrieval["enable_hyde"]:
            self._model_from_environment()
        hits = self.pipeline.search(query, int(p.get("limit", 5)), **retrieval)
        data = {"query": query, "results": [hit.to_dict() for hit in hits]}
        if not hits:
            return ActionResult("search", True, f"No passages match {query!r}.", data)
        lines = [f"Found {len(hits)} passages for {query!r}:"]
        lines += [
            f"[{n}] {_cite(hit)} (score {hit.score:.2f})\n{hit.content}"
            for n, hit in enumerate(hits, 1)
        ]
        return ActionResult("search", True, "\n\n".join(lines), data)

    def _ask(self, p: dict[str, Any]) -> ActionResult:
        question = str(p.get("question") or p.get("query") or "").strip()
        if not question:
            return missing(
                "ask", "question", '{"action": "ask", "question": "How do I install it?"}'
            )
        if not self.pipeline.documents():
            return _empty("ask", question)
        self._model_from_environment()
        retrieval = self._retrieval(p)
        if self.pipeline.llm is None:
            retrieval.update(enable_mqe=False, enable_hyde=False)
        answer = self.pipeline.ask(
            question, int(p.get("limit", 5)), max_chars=int(p.get("max_chars", 1200)), **retrieval
        )
        text = answer.text
        if answer.generated and p.get("include_citations", True) and answer.citations:
            text += "\n\nSources:\n" + "\n".join(
                f"[{n}] {_cite(hit)}" for n, hit in enumerate(answer.citations, 1)
            )
        return ActionResult("ask", True, text, answer.to_dict())

    def _stats(self, p: dict[str, Any]) -> ActionResult:
        stats = self.pipeline.stats()
        text = (
            f"Knowledge base {stats['namespace']!r}: {stats['documents']} documents, "
            f"{stats['chunks']} chunks, {stats['characters']} characters; "
            f"embedder {stats['embedder']}; vectors: {stats['vector_store']}."
        )
        return ActionResult("stats", True, text, stats)

    def _clear(self, p: dict[str, Any]) -> ActionResult:
        count = self.pipeline.clear()
        return ActionResult(
            "clear",
            True,
            f"Cleared the knowledge base {self.rag_namespace!r} ({count} chunks).",
            {"cleared": count},
        )


def _cite(hit: SearchHit) -> str:
    where = f"{hit.document_id} > {hit.heading}" if hit.heading else hit.document_id
    return where if hit.source == "text" else f"{where} ({Path(hit.source).name})"


def _empty(action: str, query: str) -> ActionResult:
    return ActionResult(
        action,
        True,
        "The knowledge base is empty: add documents first with add_document (file_path) "
        "or add_text (text).",
        {"query": query, "results": [], "empty": True},
    )


__all__ = ["RAG_ACTIONS", "RAGTool"]
