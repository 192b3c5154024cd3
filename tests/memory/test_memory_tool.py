"""MemoryTool: the tutorial's action API, text for the model, data for code."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hello_agents.memory import MemoryConfig
from hello_agents.tools import MemoryTool, ToolRegistry


@pytest.fixture
def memory_tool(config: MemoryConfig) -> MemoryTool:
    return MemoryTool(
        user_id="demo_user",
        memory_config=config,
        memory_types=["working", "episodic", "semantic", "perceptual"],
        embedder=None,
    )


def test_the_tutorials_run_calls_work_and_extra_keys_become_metadata(
    memory_tool: MemoryTool,
) -> None:
    added = memory_tool.run_structured(
        {
            "action": "add",
            "content": "2024年开始深入研究AI Agent技术",
            "memory_type": "episodic",
            "importance": 0.8,
            "event_type": "milestone",
            "location": "研发中心",
        }
    )
    assert added.ok and str(added).startswith("Memory added to episodic memory")
    stored = added.data["memory"]
    assert stored["metadata"]["location"] == "研发中心"
    assert stored["metadata"]["session_id"] == memory_tool.current_session_id
    text = memory_tool.run({"action": "search", "query": "AI Agent", "limit": 3})
    assert "2024年开始深入研究AI Agent技术" in text and "importance 0.80" in text


def test_execute_and_run_with_an_action_name_are_the_same_call(memory_tool: MemoryTool) -> None:
    memory_tool.execute("add", content="the user likes green tea", memory_type="semantic")
    memory_tool.run("add", content="the user likes jasmine", memory_type="semantic")
    result = memory_tool.execute_structured("search", query="tea", limit=5)
    assert [hit["content"] for hit in result.data["results"]] == ["the user likes green tea"]
    assert result.data["results"][0]["score"] > 0


def test_search_results_are_structured_for_code(memory_tool: MemoryTool) -> None:
    memory_tool.execute(
        "add", content="Paris is the capital of France", memory_type="semantic", importance=0.9
    )
    hit = memory_tool.execute_structured("search", query="capital of France").data["results"][0]
    assert set(hit) >= {
        "id",
        "content",
        "memory_type",
        "importance",
        "score",
        "timestamp",
        "metadata",
    }
    assert hit["importance"] == 0.9


def test_update_remove_summary_stats_forget_consolidate_clear(memory_tool: MemoryTool) -> None:
    memory_id = memory_tool.run_structured(
        {"action": "add", "content": "draft plan", "memory_type": "working", "importance": 0.75}
    ).data["memory_id"]
    memory_tool.run(
        {"action": "add", "content": "noise", "memory_type": "working", "importance": 0.05}
    )
    assert memory_tool.execute_structured("update", memory_id=memory_id, content="final plan").ok
    assert "final plan" in memory_tool.run({"action": "summary", "limit": 5})
    stats = memory_tool.run_structured({"action": "stats"}).data
    assert stats["memories_by_type"]["working"]["count"] == 2
    forgot = memory_tool.run_structured(
        {"action": "forget", "strategy": "importance_based", "threshold": 0.2}
    )
    assert forgot.data["forgotten"] == 1
    consolidated = memory_tool.run_structured(
        {
            "action": "consolidate",
            "from_type": "working",
            "to_type": "episodic",
            "importance_threshold": 0.6,
        }
    )
    assert consolidated.data["consolidated"] == 1
    new_id = memory_tool.memory_manager.get_all()[0].id
    assert memory_tool.execute_structured("remove", memory_id=new_id).ok
    memory_tool.execute("add", content="one more", memory_type="semantic")
    assert memory_tool.run_structured({"action": "clear_all"}).data["cleared"] == 1
    assert memory_tool.memory_manager.get_all() == []


@pytest.mark.parametrize(
    ("parameters", "message"),
    [
        ({"action": "fly"}, "unknown action 'fly'. Use one of: add, search"),
        ({"action": "add"}, "action 'add' needs the argument 'content'"),
        ({"action": "remove"}, "needs the argument 'memory_id'"),
        ({"action": "remove", "memory_id": "nope"}, "no memory has id 'nope'"),
        (
            {"action": "add", "content": "x", "memory_type": "dream"},
            "memory type 'dream' is not enabled",
        ),
        ({"action": "add", "content": "x", "importance": 3}, "importance must be between 0 and 1"),
        ({"action": "forget", "strategy": "random"}, "unknown strategy 'random'"),
    ],
)
def test_bad_calls_get_a_clear_message_and_lose_nothing(
    memory_tool: MemoryTool, parameters: dict[str, object], message: str
) -> None:
    memory_tool.execute("add", content="precious", memory_type="semantic")
    result = memory_tool.run_structured(parameters)
    assert not result.ok
    assert message in result.text and result.text.startswith("Error:")
    assert [item.content for item in memory_tool.memory_manager.get_all()] == ["precious"]


def test_search_with_an_empty_query_lists_one_kinds_memories(memory_tool: MemoryTool) -> None:
    # Chapter 8 lists the memories of a kind with {"query": "", "memory_type": ...}.
    memory_tool.execute("add", content="met Ada", memory_type="episodic", importance=0.4)
    memory_tool.execute("add", content="shipped v2", memory_type="episodic", importance=0.9)
    memory_tool.execute("add", content="tea is hot", memory_type="semantic", importance=1.0)
    result = memory_tool.run_structured(
        {"action": "search", "query": "", "memory_type": "episodic", "limit": 5}
    )
    assert result.ok
    assert [hit["content"] for hit in result.data["results"]] == ["shipped v2", "met Ada"]
    assert "of kind episodic" in result.text
    empty = memory_tool.run({"action": "search", "query": "", "memory_type": "working"})
    assert empty == "No memories of kind working."


def test_through_the_registry_the_schema_guard_checks_every_call(memory_tool: MemoryTool) -> None:
    registry = ToolRegistry()
    registry.register_tool(memory_tool)
    bad = registry.execute("memory", {"action": "fly"})
    assert not bad.ok and "action" in bad.content
    wrong_type = registry.execute("memory", {"action": "search", "query": "x", "limit": "many"})
    assert not wrong_type.ok and "limit" in wrong_type.content
    good = registry.execute(
        "memory", {"action": "add", "content": "via the registry", "metadata": {"topic": "t"}}
    )
    assert good.ok and "Memory added" in good.content
    assert memory_tool.memory_manager.get_all()[0].metadata == {"topic": "t"}


def test_a_memory_added_in_one_process_is_found_by_the_next(tmp_path: Path) -> None:
    script = textwrap.dedent(
        f"""
        import sys
        from hello_agents.memory import MemoryConfig
        from hello_agents.tools import MemoryTool
        tool = MemoryTool(user_id="ada", memory_config=MemoryConfig(storage_path={str(tmp_path)!r}),
                          embedder=None)
        if sys.argv[1] == "add":
            print(tool.execute("add", content="Ada's cat is called Turing", memory_type="semantic"))
        else:
            print(tool.execute("search", query="cat"))
        """
    )
    run = [sys.executable, "-c", script]
    added = subprocess.run([*run, "add"], capture_output=True, text=True, timeout=120, check=True)
    assert "Memory added" in added.stdout
    found = subprocess.run(
        [*run, "search"], capture_output=True, text=True, timeout=120, check=True
    )
    assert "Ada's cat is called Turing" in found.stdout


def test_add_defaults_to_working_memory_and_tells_the_model_it_lasts_one_session(
    memory_tool: MemoryTool, config: MemoryConfig
) -> None:
    # The tutorial's default kind is working memory; the model is told what that means.
    text = memory_tool.run({"action": "add", "content": "call Ada back tomorrow"})
    assert text.startswith("Memory added to working memory")
    assert "this session only" in text and "memory_type episodic or semantic" in text
    durable = memory_tool.run({"action": "add", "content": "Ada", "memory_type": "semantic"})
    assert "session only" not in durable
    schema = {p.name: p.description for p in memory_tool.get_parameters()}
    assert "default working" in schema["memory_type"]
    assert "episodic keeps events across sessions" in schema["memory_type"]
    # A later session (a new tool on the same storage) keeps only what was durable.
    later = MemoryTool(user_id="demo_user", memory_config=config, embedder=None)
    assert [item.content for item in later.memory_manager.get_all()] == ["Ada"]


def test_an_agent_that_remembers_across_runs_can_default_to_episodic(config: MemoryConfig) -> None:
    tool = MemoryTool(
        user_id="ada", memory_config=config, embedder=None, default_memory_type="episodic"
    )
    assert tool.run({"action": "add", "content": "likes oolong"}).startswith(
        "Memory added to episodic memory"
    )
    assert (
        "default episodic" in {p.name: p.description for p in tool.get_parameters()}["memory_type"]
    )
    later = MemoryTool(user_id="ada", memory_config=config, embedder=None)
    assert "likes oolong" in later.run({"action": "search", "query": "oolong"})


def test_a_default_kind_that_is_not_enabled_is_a_clear_error(config: MemoryConfig) -> None:
    from hello_agents.memory.errors import MemoryException

    with pytest.raises(MemoryException, match="default_memory_type 'semantic' is not enabled"):
        MemoryTool(memory_config=config, memory_types=["working"], default_memory_type="semantic")
    # without working memory, add stores into the first enabled kind
    only_episodic = MemoryTool(memory_config=config, memory_types=["episodic"], embedder=None)
    assert only_episodic.run({"action": "add", "content": "x"}).startswith(
        "Memory added to episodic memory"
    )
