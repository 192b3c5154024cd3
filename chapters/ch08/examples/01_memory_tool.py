"""Chapter 8.2: MemoryTool, the memory system behind one tool with actions.

Run:  python chapters/ch08/examples/01_memory_tool.py
"""

from example_llm import data_folder

from hello_agents.memory import MemoryConfig
from hello_agents.tools import MemoryTool

memory_tool = MemoryTool(
    user_id="demo_user",
    memory_config=MemoryConfig(storage_path=data_folder("01_memory_tool")),
    memory_types=["working", "episodic", "semantic", "perceptual"],
)
print("embedder:", memory_tool.memory_manager.get_memory_stats()["embedder"])

# 1. add: one memory of each kind; extra keys (task_type, location ...) become metadata.
print(
    memory_tool.run(
        {
            "action": "add",
            "content": "Studying the memory system of HelloAgents",
            "memory_type": "working",
            "importance": 0.7,
            "task_type": "learning",
        }
    )
)
print(
    memory_tool.run(
        {
            "action": "add",
            "content": "Started researching AI agents in 2024",
            "memory_type": "episodic",
            "importance": 0.8,
            "location": "lab",
        }
    )
)
print(
    memory_tool.run(
        {
            "action": "add",
            "content": "Memory comes in four kinds: working, episodic, semantic and perceptual",
            "memory_type": "semantic",
            "importance": 0.9,
            "concept": "memory_types",
        }
    )
)
print(
    memory_tool.run(
        {
            "action": "add",
            "content": "A diagram of the memory architecture",
            "memory_type": "perceptual",
            "importance": 0.6,
            "modality": "image",
            "file_path": "figures/memory-architecture.png",
        }
    )
)
# The chapter text's form does the same thing:
print(memory_tool.execute("add", content="Qdrant stores the vectors", memory_type="semantic"))

# 2. search: text for the model ...
print(memory_tool.run({"action": "search", "query": "kinds of memory", "limit": 2}))
# ... and the same results as data for code (no parsing of the text needed).
result = memory_tool.run_structured(
    {"action": "search", "query": "AI agents", "min_importance": 0.7}
)
for hit in result.data["results"]:
    print(f"  data: {hit['memory_type']:<10} importance={hit['importance']} score={hit['score']}")

# 3. summary and stats.
print(memory_tool.run({"action": "summary", "limit": 3}))
print(memory_tool.run({"action": "stats"}))

# 4. forget the trivial, consolidate the important working memories into episodic memory.
memory_tool.run({"action": "add", "content": "a throwaway test note", "importance": 0.1})
print(memory_tool.run({"action": "forget", "strategy": "importance_based", "threshold": 0.2}))
print(
    memory_tool.run(
        {
            "action": "consolidate",
            "from_type": "working",
            "to_type": "episodic",
            "importance_threshold": 0.6,
        }
    )
)

# 5. mistakes come back as text that says how to fix the call.
print(memory_tool.run({"action": "remember", "content": "x"}))
print(memory_tool.run({"action": "search"}))
