"""ContextBuilder: the tutorial's calls work, the budget holds, notes and memories get in."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from hello_agents.context import ContextBuilder, ContextConfig, ContextPacket, parse_search_results
from hello_agents.core.message import Message
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import NoteTool, Tool, ToolParameter


class KeywordMemoryTool(Tool):
    """A small memory tool with the chapter-8 action API (add / search), over a list.

    It answers ``search`` with numbered text lines, as the tutorial's MemoryTool does.
    """

    def __init__(self) -> None:
        super().__init__("memory", "Remember and recall facts")
        self.memories: list[str] = []
        self.searches: list[dict[str, Any]] = []

    def get_parameters(self) -> list[ToolParameter]:
        return [
            ToolParameter(name="action", type="string", description="add or search"),
            ToolParameter(name="content", type="string", description="fact", required=False),
            ToolParameter(name="query", type="string", description="words", required=False),
            ToolParameter(name="limit", type="integer", description="most", required=False),
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        if parameters["action"] == "add":
            self.memories.append(parameters["content"])
            return f"Added memory {len(self.memories)}"
        self.searches.append(parameters)
        words = set(parameters["query"].lower().split())
        hits = [m for m in self.memories if words & set(m.lower().split())]
        if not hits:
            return "No relevant memories found."
        lines = [f"{i}. [semantic] {hit} (score: 0.8)" for i, hit in enumerate(hits, 1)]
        return f"Found {len(hits)} memories:\n" + "\n".join(lines)

    def execute(self, action: str, **kwargs: Any) -> str:
        return self.run({"action": action, **kwargs})


class BrokenTool(Tool):
    def __init__(self) -> None:
        super().__init__("rag", "always fails")

    def get_parameters(self) -> list[ToolParameter]:
        return []

    def run(self, parameters: dict[str, Any]) -> str:
        raise ConnectionError("vector store is down")


def history(turns: int) -> list[Message]:
    return [
        Message(
            f"turn {i}: we talked about lunch options and the weather again",
            "user" if i % 2 == 0 else "assistant",
        )
        for i in range(turns)
    ]


def with_decisions(turns: list[Message]) -> list[Message]:
    """Twenty relevant turns: more than a small budget holds."""
    for number in range(20):
        text = f"Decision {number}: the rollback needs approval from lead number {number}"
        turns[10 + number] = Message(text, "user")
    return turns


def test_the_tutorials_basic_call_gives_the_sectioned_context() -> None:
    builder = ContextBuilder(config=ContextConfig(max_tokens=3000, min_relevance=0.2))
    conversation = [
        Message("I'm building a data analysis tool", "user", timestamp=datetime.now()),
        Message("What stack will you use?", "assistant", timestamp=datetime.now()),
        Message("Python and Pandas; the CSV reader is done", "user", timestamp=datetime.now()),
    ]
    context = builder.build(
        user_query="How do I reduce Pandas memory usage?",
        conversation_history=conversation,
        system_instructions="You are a senior Python data engineering consultant.",
    )
    assert context.startswith("[Role & Policies]\nYou are a senior Python")
    assert "[Task]\nHow do I reduce Pandas memory usage?" in context
    assert "user: Python and Pandas; the CSV reader is done" in context
    assert context.rstrip().split("\n\n")[-1].startswith("[Output]")


def test_custom_packets_and_additional_packets_both_work() -> None:
    builder = ContextBuilder()
    packet = ContextPacket(
        "[Note: Blocker]\nurllib3 pin conflicts", datetime.now(), 8, 0.9, {"type": "note"}
    )
    extra = ContextPacket(
        "Codebase: src/app.py src/db.py", relevance_score=0.7, metadata={"type": "code_structure"}
    )
    text = builder.build(
        "fix the urllib3 conflict", additional_packets=[packet], custom_packets=[extra]
    )
    assert "[State]\n[Note: Blocker]\nurllib3 pin conflicts" in text
    assert "[Context]\nCodebase: src/app.py src/db.py" in text


@pytest.mark.parametrize("turns", [10, 100, 1000])
def test_never_over_budget_whatever_the_history(turns: int) -> None:
    for max_tokens in (60, 200, 1000):
        builder = ContextBuilder(config=ContextConfig(max_tokens=max_tokens, reserve_ratio=0.2))
        result = builder.build_result(
            "what did we decide about the weather?", history(turns), "Be brief and precise."
        )
        assert result.tokens <= result.budget == int(max_tokens * 0.8)
        assert builder.count_tokens(result.text) == result.tokens


def test_system_instructions_longer_than_the_budget_are_cut_not_overflowing() -> None:
    builder = ContextBuilder(config=ContextConfig(max_tokens=100))
    result = builder.build_result("q", None, "rule " * 500)
    assert result.tokens <= 80
    assert result.text.startswith("[Role & Policies]\nrule rule") and "[Task]\nq" in result.text


def test_a_planted_needle_survives_a_long_history() -> None:
    turns = history(1000)
    turns[137] = Message("The staging database password rotates every Tuesday at 09:00", "user")
    builder = ContextBuilder(config=ContextConfig(max_tokens=800))
    context = builder.build("When does the staging database password rotate?", turns, "Help.")
    assert "rotates every Tuesday at 09:00" in context


def test_the_most_recent_turns_stay_even_when_unrelated() -> None:
    builder = ContextBuilder(config=ContextConfig(max_tokens=2000, keep_recent_turns=2))
    turns = history(20)
    context = builder.build("pandas memory", turns, "")
    assert "turn 19:" in context and "turn 18:" in context and "turn 10:" not in context


def test_left_out_turns_are_summarised_deterministically_without_an_llm() -> None:
    turns = with_decisions(history(200))
    builder = ContextBuilder(config=ContextConfig(max_tokens=300, reserve_ratio=0.0))
    result = builder.build_result("who approves a rollback decision?", turns, "")
    assert result.summary_method == "extract"
    assert "Earlier context, summarised:" in result.text
    assert result.tokens <= result.budget


def test_left_out_turns_are_summarised_by_the_llm_when_given() -> None:
    llm = ScriptedLLM(["Rollbacks need the on-call lead's approval."])
    turns = with_decisions(history(200))
    builder = ContextBuilder(config=ContextConfig(max_tokens=300, reserve_ratio=0.0), llm=llm)
    result = builder.build_result("who approves a rollback decision?", turns, "")
    assert result.summary_method == "llm"
    assert "Earlier context, summarised: Rollbacks need the on-call lead's approval." in result.text
    assert result.tokens <= result.budget


def test_compression_off_means_left_out_is_dropped() -> None:
    builder = ContextBuilder(config=ContextConfig(max_tokens=150, enable_compression=False))
    turns = history(200)
    turns[20] = Message("weather decision: umbrellas for everyone", "user")
    turns[21] = Message("weather decision: picnic cancelled", "user")
    result = builder.build_result("weather decision", turns, "")
    assert result.summary_method is None and "summarised" not in result.text


def test_mmr_avoids_near_duplicates() -> None:
    packets = [
        ContextPacket("deploy happens on tuesday at noon", relevance_score=0.9),
        ContextPacket("deploy happens on tuesday at noon sharp", relevance_score=0.89),
        ContextPacket(
            "rollback requires approval from the on-call lead first", relevance_score=0.6
        ),
    ]
    room = sum(ContextBuilder().count_tokens(packets[i].content) + 2 for i in (0, 2))

    def chosen(mmr: bool) -> list[str]:
        builder = ContextBuilder(config=ContextConfig(enable_mmr=mmr, mmr_lambda=0.5))
        picked = builder.select(builder.score("deploy", packets), room)
        return [packet.content for packet, _, _ in picked]

    assert chosen(mmr=True) == [packets[0].content, packets[2].content]
    assert chosen(mmr=False) == [packets[0].content, packets[1].content]


def test_memory_tool_results_reach_the_context() -> None:
    memory = KeywordMemoryTool()
    memory.run({"action": "add", "content": "User builds a data analysis tool with Pandas"})
    memory.run({"action": "add", "content": "The team prefers Polars for new services"})
    builder = ContextBuilder(memory_tool=memory)
    context = builder.build("How should I use pandas categories?", [], "You are a consultant.")
    assert "Memory: [semantic] User builds a data analysis tool with Pandas" in context
    assert memory.searches[0] == {
        "action": "search",
        "query": "How should I use pandas categories?",
        "limit": 10,
    }


def test_a_failing_source_is_skipped() -> None:
    builder = ContextBuilder(rag_tool=BrokenTool())
    assert "[Task]\nq" in builder.build("q", [Message("hello", "user")])


def test_rag_results_go_to_evidence() -> None:
    class JsonRag(KeywordMemoryTool):
        def run(self, parameters: dict[str, Any]) -> str:
            return json.dumps({"results": [{"content": "Use category dtype", "score": 0.9}]})

    context = ContextBuilder(rag_tool=JsonRag()).build("pandas dtype", [], "")
    assert "[Evidence]\nUse category dtype" in context


def test_notes_reach_the_context_through_the_tutorials_code_path(tmp_path: Path) -> None:
    notes = NoteTool(tmp_path / "notes")
    notes.run(
        {
            "action": "create",
            "title": "Dependency conflict",
            "content": "urllib3 2.x breaks the legacy HTTP client in the business layer",
            "note_type": "blocker",
            "tags": ["deps"],
        }
    )
    # The tutorial parses the tool's text with json.loads, then reads dict fields.
    raw = notes.run({"action": "search", "query": "dependency conflict urllib3", "limit": 3})
    found = json.loads(raw)
    packets = [
        ContextPacket(
            content=f"[Note: {note['title']}]\n{note['content']}",
            timestamp=datetime.fromisoformat(note["updated_at"]),
            token_count=len(note["content"]) // 4,
            relevance_score=0.9,
            metadata={"type": "note", "note_type": note["type"], "note_id": note["note_id"]},
        )
        for note in found
    ]
    context = ContextBuilder().build("How do I fix the urllib3 conflict?", [], "", packets)
    assert "[State]\n[Note: Dependency conflict]\nurllib3 2.x breaks" in context


def test_parse_search_results_reads_text_json_and_lists() -> None:
    assert parse_search_results("1. alpha\n   more\n2. beta (score: 0.5)") == [
        ("alpha\nmore", None, {}),
        ("beta (score: 0.5)", 0.5, {}),
    ]
    assert parse_search_results('[{"text": "x", "similarity": 0.3}]')[0][:2] == ("x", 0.3)
    assert parse_search_results([{"memory": "m", "importance": 0.9}])[0][:2] == ("m", None)
    assert parse_search_results(None) == []


def test_an_embedder_replaces_bm25() -> None:
    def embed(texts: list[str]) -> list[list[float]]:
        return [[1.0, 0.0] if "alpha" in text else [0.0, 1.0] for text in texts]

    builder = ContextBuilder(embedder=embed, config=ContextConfig(min_relevance=0.5))
    text = builder.build(
        "alpha?",
        additional_packets=[ContextPacket("an alpha fact"), ContextPacket("a beta fact")],
    )
    assert "an alpha fact" in text and "a beta fact" not in text


def test_real_memory_tool_of_chapter_8_feeds_the_builder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory_module = pytest.importorskip("hello_agents.memory")
    monkeypatch.chdir(tmp_path)  # wherever the memory tool keeps its files
    from hello_agents.tools import MemoryTool  # type: ignore[attr-defined]

    assert memory_module is not None
    memory = MemoryTool(user_id="ch09-test")
    memory.run({"action": "add", "content": "The user analyses sales data with Pandas"})
    context = ContextBuilder(memory_tool=memory).build("pandas sales data", [], "")
    assert "sales data with Pandas" in context
