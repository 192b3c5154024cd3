"""Chapter 9.3: ContextBuilder, gather -> select -> structure -> compress.

A long conversation, one relevant fact buried in it, a memory tool with the
chapter-8 action API, and a 600-token budget: the builder keeps what matters,
summarises what does not fit, and never goes over.

Run:  python chapters/ch09/examples/01_context_builder.py
"""

from typing import Any

from example_llm import banner, make_llm

from hello_agents.context import ContextBuilder, ContextConfig, ContextPacket
from hello_agents.core.message import Message
from hello_agents.tools import Tool, ToolParameter


class ListMemoryTool(Tool):
    """A stand-in with MemoryTool's actions (add / search); chapter 8's plugs in the same way."""

    def __init__(self) -> None:
        super().__init__("memory", "Remember facts about the user")
        self.facts: list[str] = []

    def get_parameters(self) -> list[ToolParameter]:
        return [
            ToolParameter(name="action", type="string", description="add or search"),
            ToolParameter(name="content", type="string", description="a fact", required=False),
            ToolParameter(name="query", type="string", description="words", required=False),
            ToolParameter(name="limit", type="integer", description="most", required=False),
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        if parameters["action"] == "add":
            self.facts.append(parameters["content"])
            return "added"
        words = set(parameters["query"].lower().replace("?", "").split())
        hits = [fact for fact in self.facts if words & set(fact.lower().split())]
        return "\n".join(f"{i}. {fact}" for i, fact in enumerate(hits, 1)) or "No memories."


llm = make_llm(["Pandas was chosen; the CSV reader exists; memory use is the open question."])
print(banner(llm))

memory = ListMemoryTool()
memory.run({"action": "add", "content": "User analyses sales data with pandas"})
memory.run({"action": "add", "content": "User prefers short answers"})

history = []
for turn in range(120):
    history.append(Message(f"turn {turn}: small talk about lunch and the weather", "user"))
history[40] = Message("We load the sales CSV with pandas and it needs 6 GB of memory", "user")
for turn in range(60, 70):
    text = f"pandas note {turn}: the CSV reader and memory tuning were discussed"
    history[turn] = Message(text, "user")

builder = ContextBuilder(
    memory_tool=memory,
    config=ContextConfig(max_tokens=600, reserve_ratio=0.2, min_relevance=0.2),
    llm=llm,  # compresses what does not fit; without it, an extractive summary
)
result = builder.build_result(
    user_query="How can I reduce the pandas memory usage of the sales CSV?",
    conversation_history=history,
    system_instructions="You are a senior Python data engineering consultant.",
    additional_packets=[
        ContextPacket(
            "[Note: Blocker] The nightly job is killed at 8 GB.",
            relevance_score=0.9,
            metadata={"type": "note", "note_type": "blocker"},
        )
    ],
)
print(result.text)
print("-" * 60)
print(f"candidates: {result.candidates}, kept: {len(result.selected)}")
print(f"tokens: {result.tokens} of a budget of {result.budget} (never more)")
print(f"left out: {len(result.left_out)}, summarised by: {result.summary_method}")
