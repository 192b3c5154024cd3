"""memory/: what an agent remembers, and the documents it can look things up in.

* :class:`MemoryManager` coordinates four kinds of memory (:class:`WorkingMemory`,
  :class:`EpisodicMemory`, :class:`SemanticMemory`, :class:`PerceptualMemory`),
  each storing :class:`MemoryItem` records configured by :class:`MemoryConfig`;
* :mod:`~hello_agents.memory.storage`: SQLite records, a graph (SQLite or Neo4j), Qdrant vectors;
* :mod:`~hello_agents.memory.embedding`: a local model, any /embeddings API, or none;
* :mod:`~hello_agents.memory.rag`: documents in, cited answers out.

Importing this package loads neither Qdrant nor the embedding model: they are
loaded when a store or an embedder is first created.
"""

from hello_agents.memory.base import BaseMemory, StoredMemory, estimate_importance
from hello_agents.memory.embedding import (
    Embedder,
    LocalEmbedding,
    OpenAIEmbedding,
    create_embedder,
)
from hello_agents.memory.errors import (
    DocumentError,
    GraphStoreError,
    MemoryException,
    MissingExtraError,
    VectorStoreError,
)
from hello_agents.memory.item import MEMORY_TYPES, MemoryConfig, MemoryItem, ScoredMemory
from hello_agents.memory.manager import MemoryManager
from hello_agents.memory.storage import (
    GraphStore,
    Neo4jGraphStore,
    QdrantVectorStore,
    SQLiteDocumentStore,
    SQLiteGraphStore,
)
from hello_agents.memory.types import (
    EpisodicMemory,
    PerceptualMemory,
    SemanticMemory,
    WorkingMemory,
)

__all__ = [
    "MEMORY_TYPES",
    "BaseMemory",
    "DocumentError",
    "Embedder",
    "EpisodicMemory",
    "GraphStore",
    "GraphStoreError",
    "LocalEmbedding",
    "MemoryConfig",
    "MemoryException",
    "MemoryItem",
    "MemoryManager",
    "MissingExtraError",
    "Neo4jGraphStore",
    "OpenAIEmbedding",
    "PerceptualMemory",
    "QdrantVectorStore",
    "SQLiteDocumentStore",
    "SQLiteGraphStore",
    "ScoredMemory",
    "SemanticMemory",
    "StoredMemory",
    "VectorStoreError",
    "WorkingMemory",
    "create_embedder",
    "estimate_importance",
]
