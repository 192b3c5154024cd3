"""Chapter 8.5: an agent that remembers you across runs and looks things up.

A FunctionCallAgent with three small tools over MemoryTool and RAGTool:
save_user_fact (store a fact about the user as a semantic memory),
recall_user_facts (search those memories) and search_library (the chapter's
corpus). Run it twice: the first run tells it who you are, the second (a new
process) remembers.

Why three small tools instead of registering MemoryTool and RAGTool themselves:
each of those has one ``action`` parameter and a dozen optional ones, which a
1.5B model fills in wrongly (an ``add`` without ``memory_type`` lands in working
memory, which lives only as long as the process). A tool per job, with one
argument, is a call a small model gets right; the stores underneath are the same.
Every turn here needs a tool, so each run's first model call must call one
(``default_tool_choice="required"``); a small model otherwise answers from
nothing ("I am the library assistant" to "Do you remember who I am?").

Run:  python chapters/ch08/examples/04_agent_remembers.py          (first run: introduce)
      python chapters/ch08/examples/04_agent_remembers.py          (second run: it remembers)
      python chapters/ch08/examples/04_agent_remembers.py --reset  (forget everything)
"""

import os
import re
import shutil
import sys
from pathlib import Path

from example_llm import CORPUS, banner, give_up, make_llm

from hello_agents import FunctionCallAgent, ToolRegistry
from hello_agents.memory import MemoryConfig
from hello_agents.testing import tool_call, tool_calls
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
recalled: list[str] = []  # what recall_user_facts found in this run, to check the answer used it
COMMON_WORDS = {"the", "and", "has", "have", "user", "called", "with", "who", "are", "you"}


def words(text: str) -> set[str]:
    """The lower-case words of ``text`` (three letters or more)."""
    return set(re.findall(r"[a-z]{3,}", text.lower()))


def save_user_fact(fact: str) -> str:
    """Save a fact the user told you about themselves (name, family, likes) for later visits.

    Args:
        fact: The fact in one sentence, e.g. "The user is called Sam and has a son aged 7".
    """
    # Semantic memory is stored on disk; the default kind (working) dies with the process.
    memory_tool.execute("add", content=fact, memory_type="semantic", importance=0.9)
    return f"Saved: {fact}. Now greet the user."


def recall_user_facts(query: str) -> str:
    """Recall what the user told you on earlier visits (their name, family, likes).

    Args:
        query: What to recall, e.g. "the user's name".
    """
    found = memory_tool.execute_structured("search", query=query, memory_type="semantic", limit=3)
    facts = [hit["content"] for hit in found.data["results"]]
    recalled.extend(facts)
    return "You remember: " + " ".join(facts) if facts else "You remember nothing about that."


def search_library(query: str) -> str:
    """Search the Greenleaf Library handbook: events, opening hours, loans, rules.

    Args:
        query: What to look for, e.g. "events for young children".
    """
    found = rag_tool.execute_structured("search", query=query, limit=3)
    # The passages alone: section paths and scores are noise to a small model.
    return "\n\n".join(hit["content"] for hit in found.data["results"]) or "Nothing found."


SESSION_ONE = [
    tool_calls(
        tool_call("save_user_fact", {"fact": "The user is called Ada and has a daughter aged 4"})
    ),
    "Nice to meet you, Ada. I will remember you and your daughter.",
    tool_calls(tool_call("search_library", {"query": "activities for young children"})),
    "Story time is for children aged 3 to 6, every Wednesday at 10:30 in the children's corner.",
]
SESSION_TWO = [
    tool_calls(tool_call("recall_user_facts", {"query": "the user's name and family"})),
    "You are Ada, and you have a daughter aged 4. Story time on Wednesdays would suit her.",
]
# Temperature 0: the same question gets the same tool call on every run.
llm = make_llm(SESSION_ONE if first_run else SESSION_TWO, temperature=0)
print(banner(llm))

registry = ToolRegistry()
for function in (save_user_fact, recall_user_facts, search_library):
    registry.tool(function)
agent = FunctionCallAgent(
    "librarian",
    llm,
    system_prompt="You are the Greenleaf Library assistant. Save what users tell you about "
    "themselves with save_user_fact. When they ask about themselves, call recall_user_facts. "
    "Use search_library for library questions.",
    tool_registry=registry,
    default_tool_choice="required",  # the first call of each run, then "auto"
    # The small-model aids check arithmetic answers; this agent computes nothing.
    small_model_aids=False,
)
agent.hooks.on(
    "tool_end", lambda event: print(f"  [{event.data['tool']}] {event.data['arguments']}")
)

questions = (
    ["Hi! I'm Ada, and I have a 4 year old daughter.", "Is there anything for her at the library?"]
    if first_run
    else ["Do you remember who I am?"]
)
print("run:", "first (introductions)" if first_run else "later (remembering)")
answers = []
for question in questions:
    print("user:", question)
    answers.append(agent.run(question))
    print("agent:", answers[-1])

stored = memory_tool.memory_manager.get_all(["semantic"])
print("memories stored:", len(stored))
for item in stored:
    print("  -", item.content)

# Did the model do its part? Storing and recalling are the point of this example.
if first_run and not stored:
    give_up("it answered the introduction without calling save_user_fact, so nothing was stored")
if not first_run:
    if not recalled:
        give_up("it answered without calling recall_user_facts, so it could not know who you are")
    remembered = words(" ".join(recalled)) - words(questions[-1]) - COMMON_WORDS
    if not remembered & words(answers[-1]):
        give_up(f"recall_user_facts found {recalled!r}, but the answer uses none of it")
    print("recalled:", recalled[0])
