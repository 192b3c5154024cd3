"""The four kinds of memory and the manager, on the lexical (no-extra) path."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hello_agents.memory import (
    MemoryConfig,
    MemoryException,
    MemoryItem,
    MemoryManager,
    WorkingMemory,
)


def manager(config: MemoryConfig, **kwargs: object) -> MemoryManager:
    return MemoryManager(config, enable_perceptual=True, embedder=None, **kwargs)  # type: ignore[arg-type]


def test_working_memory_keeps_only_its_capacity_dropping_the_least_important() -> None:
    memory = WorkingMemory(MemoryConfig(working_memory_capacity=2))
    keep = memory.add(MemoryItem("the user's name is Ada", importance=0.9))
    memory.add(MemoryItem("it is sunny", importance=0.1))
    memory.add(MemoryItem("the task is a report", importance=0.6))
    assert [item.content for item in memory.all()] == [
        "the user's name is Ada",
        "the task is a report",
    ]
    assert memory.has(keep)


def test_working_memory_items_expire_after_their_ttl() -> None:
    memory = WorkingMemory(MemoryConfig(working_memory_ttl_minutes=5))
    old = MemoryItem("an old note", timestamp=datetime.now() - timedelta(minutes=6))
    memory.add(old)
    memory.add(MemoryItem("a fresh note"))
    assert [item.content for item in memory.all()] == ["a fresh note"]


def test_working_memory_respects_its_token_budget() -> None:
    memory = WorkingMemory(MemoryConfig(working_memory_tokens=6))
    memory.add(MemoryItem("one two three four", importance=0.2))
    memory.add(MemoryItem("five six seven eight", importance=0.8))
    assert [item.content for item in memory.all()] == ["five six seven eight"]


def test_search_finds_across_kinds_and_ranks_by_relevance(config: MemoryConfig) -> None:
    memories = manager(config)
    memories.add_memory("正在学习HelloAgents框架的记忆系统", "working", 0.7)
    memories.add_memory("2024年开始深入研究AI Agent技术", "episodic", 0.8)
    memories.add_memory("记忆系统包括工作记忆、情景记忆、语义记忆和感知记忆", "semantic", 0.9)
    found = memories.retrieve_memories("记忆系统", limit=5)
    assert {match.item.memory_type for match in found} == {"working", "semantic"}
    assert found[0].score >= found[-1].score


def test_min_importance_and_memory_type_filter_results(config: MemoryConfig) -> None:
    memories = manager(config)
    memories.add_memory("AI Agent notes, draft", "episodic", 0.3)
    memories.add_memory("AI Agent milestone", "episodic", 0.9)
    memories.add_memory("AI Agent definition", "semantic", 0.9)
    found = memories.retrieve_memories("AI Agent", ["episodic"], min_importance=0.5)
    assert [match.item.content for match in found] == ["AI Agent milestone"]


def test_chapter_15_reads_results_as_memories_and_clears_one_kind(config: MemoryConfig) -> None:
    # The town's code reads memory.content / memory.timestamp of each result and
    # empties one kind with clear_memory_type.
    memories = manager(config)
    memories.add_memory("The player likes coffee", "episodic", 0.8)
    memories.add_memory("Coffee break at ten", "working", 0.6)
    (match,) = memories.retrieve_memories("coffee", ["episodic"])
    assert (match.content, match.timestamp) == (match.item.content, match.item.timestamp)
    assert match.importance == 0.8 and match.score > 0
    with pytest.raises(AttributeError):
        match.no_such_field  # noqa: B018
    memories.clear_memory_type("episodic")
    assert memories.get_all(["episodic"]) == []
    assert [item.content for item in memories.get_all(["working"])] == ["Coffee break at ten"]


def test_episodic_memory_records_the_session_and_searches_within_one(
    config: MemoryConfig,
) -> None:
    memories = manager(config, session_id="s1")
    memories.add_memory("met the client about the budget", "episodic", 0.6)
    memories.add_memory("budget review with finance", "episodic", 0.6, {"session_id": "s2"})
    found = memories.retrieve_memories("budget", ["episodic"], session_id="s2")
    assert [match.item.metadata["session_id"] for match in found] == ["s2"]
    episodic = memories.memory("episodic")
    assert len(episodic.timeline(session_id="s1")) == 1  # type: ignore[attr-defined]


def test_semantic_memory_links_entities_and_finds_related_facts(config: MemoryConfig) -> None:
    memories = manager(config)
    memories.add_memory(
        "Qdrant is a vector database",
        "semantic",
        0.8,
        {"relations": [["Qdrant", "used_by", "HelloAgents"]]},
    )
    memories.add_memory("HelloAgents teaches agent design", "semantic", 0.8)
    semantic = memories.memory("semantic")
    related = semantic.related_facts("HelloAgents")  # type: ignore[attr-defined]
    assert {item.content for item in related} == {
        "Qdrant is a vector database",
        "HelloAgents teaches agent design",
    }
    # "Qdrant" is named in the query: the fact about it ranks first even with few shared words.
    found = memories.retrieve_memories("tell me about Qdrant", ["semantic"])
    assert found[0].item.content == "Qdrant is a vector database"


def test_perceptual_memory_keeps_modality_and_file_and_filters_by_it(
    config: MemoryConfig,
) -> None:
    memories = manager(config)
    memories.add_memory(
        "a diagram of the memory architecture",
        "perceptual",
        0.6,
        {"modality": "image", "file_path": "figures/memory.png"},
    )
    memories.add_memory("notes on the memory architecture", "perceptual", 0.6)
    images = memories.retrieve_memories("memory architecture", ["perceptual"], modality="image")
    assert [match.item.metadata["file_path"] for match in images] == ["figures/memory.png"]
    with pytest.raises(MemoryException, match="unknown modality"):
        memories.add_memory("a smell", "perceptual", 0.5, {"modality": "smell"})


def test_update_remove_forget_and_consolidate(config: MemoryConfig) -> None:
    memories = manager(config)
    note = memories.add_memory("draft idea", "working", 0.8)
    trivial = memories.add_memory("trivial", "episodic", 0.05)
    assert memories.update_memory(note, content="refined idea", importance=0.9)
    assert memories.forget_memories("importance_based", threshold=0.1) == 1
    assert memories.find(trivial) is None
    assert memories.consolidate_memories("working", "episodic", 0.7) == 1
    moved = memories.get_all(["episodic"])
    assert [(item.content, item.metadata["consolidated_from"]) for item in moved] == [
        ("refined idea", "working")
    ]
    assert memories.remove_memory(moved[0].id)
    assert not memories.remove_memory(moved[0].id)


def test_time_based_forgetting_drops_old_memories(config: MemoryConfig) -> None:
    memories = manager(config)
    episodic = memories.memory("episodic")
    episodic.add(MemoryItem("long ago", timestamp=datetime.now() - timedelta(days=40)))
    episodic.add(MemoryItem("yesterday", timestamp=datetime.now() - timedelta(days=1)))
    assert memories.forget_memories("time_based", max_age_days=30) == 1
    assert [item.content for item in episodic.all()] == ["yesterday"]


def test_capacity_based_forgetting_keeps_the_most_important(tmp_path: object) -> None:
    config = MemoryConfig(storage_path=str(tmp_path), max_capacity=2)
    memories = manager(config)
    for importance in (0.2, 0.9, 0.5):
        memories.add_memory(f"fact {importance}", "semantic", importance)
    assert memories.forget_memories("capacity_based", memory_types=["semantic"]) == 1
    assert sorted(i.importance for i in memories.get_all(["semantic"])) == [0.5, 0.9]


def test_importance_is_estimated_when_not_given(config: MemoryConfig) -> None:
    memories = manager(config)
    plain = memories.add_memory("the sky was grey", "episodic")
    urgent = memories.add_memory("Remember: the deadline is Friday", "episodic")
    importance = {item.id: item.importance for item in memories.get_all()}
    assert importance[urgent] > importance[plain]


def test_bad_input_is_refused_and_loses_nothing(config: MemoryConfig) -> None:
    memories = manager(config)
    memories.add_memory("keep me", "semantic", 0.5)
    with pytest.raises(MemoryException, match="empty"):
        memories.add_memory("   ", "semantic")
    with pytest.raises(MemoryException, match="between 0 and 1"):
        memories.add_memory("x", "semantic", 1.5)
    with pytest.raises(MemoryException, match="not enabled"):
        MemoryManager(config, enable_perceptual=False, embedder=None).add_memory("x", "perceptual")
    assert [item.content for item in memories.get_all()] == ["keep me"]


def test_long_term_memories_survive_a_new_manager_but_working_memory_does_not(
    config: MemoryConfig,
) -> None:
    first = manager(config, user_id="ada")
    first.add_memory("short-lived", "working", 0.9)
    first.add_memory("Ada prefers tea", "semantic", 0.9)
    first.close()
    second = manager(config, user_id="ada")
    assert [item.content for item in second.get_all()] == ["Ada prefers tea"]
    assert second.retrieve_memories("tea")[0].item.content == "Ada prefers tea"
    # Another user sees none of Ada's memories.
    assert manager(config, user_id="bob").get_all() == []


def test_stats_count_every_kind(config: MemoryConfig) -> None:
    memories = manager(config)
    memories.add_memory("a", "working", 0.5)
    memories.add_memory("b c", "semantic", 0.5, {"entities": ["Bee"]})
    stats = memories.get_memory_stats()
    assert stats["total_memories"] == 2
    assert stats["memories_by_type"]["semantic"]["entities"] == 1
    assert stats["embedder"] == "none (BM25 only)"
