"""Chapter 8.5: an agent that remembers you across runs and looks things up.

SimpleAgent + MemoryTool + RAGTool over the chapter's corpus. Run it twice: the
first run tells it who you are, the second (a new process) remembers.

Run:  python chapters/ch08/examples/04_agent_remembers.py          (first run: introduce)
      python chapters/ch08/examples/04_agent_remembers.py          (second run: it remembers)
      python chapters/ch08/examples/04_agent_remembers.py --reset  (forget everything)
"""

import os
import shutil
import sys
from pathlib import Path

from example_llm import CORPUS, banner, make_llm

from hello_agents import SimpleAgent, ToolRegistry
from hello_agents.memory import MemoryConfig
from hello_agents.tools import MemoryTool, RAGTool

DATA = Path(os.environ.get("HELLO_AGENTS_CH08_DATA", ".ch08_agent_data")) / "04_agent"
if "--reset" in sys.argv:
    shutil.rmtree(DATA, ignore_errors=True)
    print(f"forgot everything in {DATA}")
    raise SystemExit(0)

memory_tool = MemoryTool(user_id="reader", memory_config=MemoryConfig(storage_path=DATA / "memory"))
rag_tool = RAGTool(knowledge_base_path=DATA / "knowledge", rag_namespace="library")
if not rag_tool.pipeline.documents():  # the knowledge base persists too: load it once
    for path in sorted(CORPUS.iterdir()):
        rag_tool.add_document(str(path))
first_run = not memory_tool.memory_manager.get_all(["semantic"])

SESSION_ONE = [
    'Nice to meet you, Ada. I will remember that.\n[TOOL_CALL:memory:{"action": "add", '
    '"content": "The user is called Ada and has a daughter aged 4", "memory_type": "semantic", '
    '"importance": 0.9}]',
    "Got it, Ada: I will remember you and your daughter.",
    'Let me check the library\'s events.\n[TOOL_CALL:rag:{"action": "search", '
    '"query": "activities for young children", "limit": 2}]',
    "Story time is for children aged 3 to 6, every Wednesday at 10:30 in the children's corner.",
]
SESSION_TWO = [
    'Let me check what I know about you.\n[TOOL_CALL:memory:{"action": "search", '
    '"query": "user name and family", "limit": 3}]',
    "You are Ada, and you have a daughter aged 4. Story time on Wednesdays would suit her.",
]
llm = make_llm(SESSION_ONE if first_run else SESSION_TWO)
print(banner(llm))

registry = ToolRegistry()
registry.register_tool(memory_tool)
registry.register_tool(rag_tool)
agent = SimpleAgent(
    "librarian",
    llm,
    system_prompt="You are the Greenleaf Library assistant. Save what users tell you about "
    "themselves with the memory tool, look up library facts with the rag tool, and check "
    "memory before saying you do not know someone.",
    tool_registry=registry,
)

questions = (
    ["Hi! I'm Ada, and I have a 4 year old daughter.", "Is there anything for her at the library?"]
    if first_run
    else ["Do you remember who I am?"]
)
print("run:", "first (introductions)" if first_run else "later (remembering)")
for question in questions:
    print("user:", question)
    print("agent:", agent.run(question))
print("memories stored:", memory_tool.memory_manager.get_memory_stats()["total_memories"])
# What the memory tool itself returns for the agent's search (real data, whatever the model):
recalled = memory_tool.execute_structured("search", query="who is the user", limit=1)
print("recalled:", recalled.data["results"][0]["content"] if recalled.data["results"] else None)
