"""Where memories live: SQLite for records and graphs, Qdrant for vectors.

* :class:`SQLiteDocumentStore`: every memory record (the source of truth);
* :class:`QdrantVectorStore`: the vectors, in qdrant-client's embedded mode (a
  folder) or on a Qdrant server when ``QDRANT_URL`` is set;
* :class:`GraphStore`: entities and relations of semantic memory, in
  :class:`SQLiteGraphStore` (embedded, the default) or :class:`Neo4jGraphStore`
  (a Neo4j server when ``NEO4J_URI`` is set; the ``neo4j`` extra), picked by
  :func:`create_graph_store`.
"""

from hello_agents.memory.storage.document_store import SQLiteDocumentStore
from hello_agents.memory.storage.graph import Entity, GraphStore, Relation
from hello_agents.memory.storage.graph_store import SQLiteGraphStore, create_graph_store
from hello_agents.memory.storage.neo4j_graph import Neo4jGraphStore
from hello_agents.memory.storage.vector_store import QdrantVectorStore, VectorHit

__all__ = [
    "Entity",
    "GraphStore",
    "Neo4jGraphStore",
    "QdrantVectorStore",
    "Relation",
    "SQLiteDocumentStore",
    "SQLiteGraphStore",
    "VectorHit",
    "create_graph_store",
]
