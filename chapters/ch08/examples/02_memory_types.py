"""Chapter 8.3: the four kinds of memory and the MemoryManager that coordinates them.

Run:  python chapters/ch08/examples/02_memory_types.py
"""

from datetime import datetime, timedelta

from example_llm import data_folder

from hello_agents.memory import MemoryConfig, MemoryItem, MemoryManager

config = MemoryConfig(
    storage_path=data_folder("02_memory_types"),
    working_memory_capacity=3,
    working_memory_ttl_minutes=30,
)
manager = MemoryManager(config, user_id="ada", enable_perceptual=True, session_id="monday")

# Working memory: small and short-lived. A fourth item pushes out the least important.
working = manager.memory("working")
for text, importance in [
    ("reading chapter 8", 0.8),
    ("coffee is cold", 0.1),
    ("the exercise is due Friday", 0.9),
    ("the window is open", 0.3),
]:
    working.add(MemoryItem(text, importance=importance))
print("working memory holds:", [item.content for item in working.all()])
working.add(MemoryItem("a note from an hour ago", timestamp=datetime.now() - timedelta(hours=1)))
print("after the TTL:", len(working.all()), "items (the old note expired at once)")

# Episodic memory: events with a time and a session, kept on disk.
manager.add_memory("met Bob to plan the demo", "episodic", 0.7)
manager.add_memory("demo rehearsal went well", "episodic", 0.6, {"session_id": "tuesday"})
print(
    "monday's episodes:",
    [i.content for i in manager.memory("episodic").timeline(session_id="monday")],
)

# Semantic memory: facts linked in a small knowledge graph.
manager.add_memory(
    "Qdrant is a vector database",
    "semantic",
    0.8,
    {"relations": [["Qdrant", "stores vectors for", "HelloAgents"]]},
)
manager.add_memory("HelloAgents is a teaching framework", "semantic", 0.8)
semantic = manager.memory("semantic")
print("facts linked to HelloAgents:", [i.content for i in semantic.related_facts("HelloAgents")])

# Perceptual memory: an image remembered by its caption and file.
manager.add_memory(
    "whiteboard photo: the memory architecture with four boxes",
    "perceptual",
    0.6,
    {"modality": "image", "file_path": "photos/whiteboard.jpg"},
)
hit = manager.retrieve_memories("architecture sketch", ["perceptual"], modality="image")[0]
print("image found:", hit.item.metadata["file_path"])

# One search across every kind, ranked by relevance x importance x recency.
for match in manager.retrieve_memories("vector database", limit=3):
    print(f"  {match.score:.2f} [{match.item.memory_type}] {match.item.content}")

print("moved to episodic:", manager.consolidate_memories("working", "episodic", 0.8))
print("forgotten:", manager.forget_memories("importance_based", threshold=0.2))
stats = manager.get_memory_stats()
print(
    "total:", stats["total_memories"], {k: v["count"] for k, v in stats["memories_by_type"].items()}
)
