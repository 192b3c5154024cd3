"""Where memories live: SQLite for records and graphs, Qdrant for vectors.

* :class:`SQLiteDocumentStore`: every memory record (the source of truth);
* :class:`QdrantVectorStore`: the vectors, in qdrant-client's embedded mode (a
  folder) or on a Qdrant server when ``QDRANT_URL`` is set;
* :class:`SQLiteGraphStore`: entities and relations of semantic memory.
"""

from hello_agents.memory.storage.document_store import SQLiteDocumentStore
from hello_agents.memory.storage.graph_store import Entity, Relation, SQLiteGraphStore
from hello_agents.memory.storage.vector_store import QdrantVectorStore, VectorHit

__all__ = [
    "Entity",
    "QdrantVectorStore",
    "Relation",
    "SQLiteDocumentStore",
    "SQLiteGraphStore",
    "VectorHit",
]
