"""rag/: documents in, cited answers out (see :mod:`~hello_agents.memory.rag.pipeline`)."""

from hello_agents.memory.rag.document import (
    MAX_FILE_BYTES,
    Chunk,
    chunk_text,
    load_document,
    split_sections,
)
from hello_agents.memory.rag.pipeline import Answer, RAGPipeline, SearchHit, cited_numbers

__all__ = [
    "MAX_FILE_BYTES",
    "Answer",
    "Chunk",
    "RAGPipeline",
    "SearchHit",
    "chunk_text",
    "cited_numbers",
    "load_document",
    "split_sections",
]
