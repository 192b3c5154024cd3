"""ToolAwareSimpleAgent: the chapter-14 listener sees every tool call, in every way of running."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest

from hello_agents import SimpleAgent, ToolAwareSimpleAgent
from hello_agents.core.agent import HookEvent
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import NoteTool, ToolRegistry


@pytest.fixture
def notes(tmp_path: Path) -> ToolRegistry:
    registry = ToolRegistry()
    registry.register_tool(NoteTool(workspace=tmp_path))
    return registry


NOTE_CALL = '[TOOL_CALL:note:{"action": "create", "title": "Task 1", "content": "tides", "tags": ["task_1"]}]'  # noqa: E501


def test_the_listener_gets_the_tutorial_keys(notes: ToolRegistry) -> None:
    calls: list[dict[str, Any]] = []
    llm = ScriptedLLM([f"Saving.\n{NOTE_CALL}", "Saved."])
    agent = ToolAwareSimpleAgent(
        name="summarizer",
        system_prompt="You summarise.",
        llm=llm,
        tool_registry=notes,
        tool_call_listener=calls.append,
    )
    assert agent.run("summarise tides") == "Saved."
    [call] = calls
    assert call["agent_name"] == "summarizer" and call["tool_name"] == "note"
    assert json.loads(call["raw_parameters"])["title"] == "Task 1"
    assert call["parsed_parameters"] == {
        "action": "create",
        "title": "Task 1",
        "content": "tides",
        "tags": ["task_1"],
    }
    assert call["result"].startswith("Created note note_") and "\nID: note_" in call["result"]
    assert call["ok"] is True and call["error_kind"] is None and call["call_id"] == "call_1"


def test_a_failed_call_reaches_the_listener_marked_failed(notes: ToolRegistry) -> None:
    calls: list[dict[str, Any]] = []
    llm = ScriptedLLM(["[TOOL_CALL:note:{not json]", "[TOOL_CALL:nope:x]", "Done."])
    agent = ToolAwareSimpleAgent("a", llm, tool_registry=notes, tool_call_listener=calls.append)
    agent.run("go")
    assert [(c["tool_name"], c["ok"], c["error_kind"]) for c in calls] == [
        ("note", False, "invalid_json"),
        ("nope", False, "unknown_tool"),
    ]
    assert calls[0]["parsed_parameters"] == {} and calls[0]["raw_parameters"] == "{not json"
    assert "Could not read the arguments" in calls[0]["result"]


def test_streaming_and_async_runs_are_reported_too(notes: ToolRegistry) -> None:
    calls: list[dict[str, Any]] = []
    llm = ScriptedLLM([NOTE_CALL, "Saved.", NOTE_CALL, "Saved again."])
    agent = ToolAwareSimpleAgent("a", llm, tool_registry=notes, tool_call_listener=calls.append)
    assert "".join(agent.stream_run("save it")) == "Saved."
    assert asyncio.run(agent.arun("save it again")) == "Saved again."
    assert [call["ok"] for call in calls] == [True, True]


def test_a_listener_that_raises_never_breaks_the_run(
    notes: ToolRegistry, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(call: dict[str, Any]) -> None:
        raise RuntimeError("listener bug")

    llm = ScriptedLLM([NOTE_CALL, "Saved."])
    agent = ToolAwareSimpleAgent("a", llm, tool_registry=notes, tool_call_listener=broken)
    with caplog.at_level(logging.ERROR):
        assert agent.run("save") == "Saved."
    assert "listener bug" in caplog.text


def test_it_is_the_hooks_events_underneath(notes: ToolRegistry) -> None:
    events: list[HookEvent] = []
    calls: list[dict[str, Any]] = []
    llm = ScriptedLLM([NOTE_CALL, "Saved."])
    agent = ToolAwareSimpleAgent("a", llm, tool_registry=notes)
    agent.hooks.on("tool_end", events.append)
    agent.tool_call_listener = calls.append  # replaceable after construction
    agent.run("save")
    assert len(events) == len(calls) == 1
    assert calls[0] == agent.describe_tool_call(events[0])


def test_without_tools_it_is_a_plain_simple_agent() -> None:
    llm = ScriptedLLM(["[1, 2]"])
    agent = ToolAwareSimpleAgent(name="planner", system_prompt="Plan.", llm=llm)
    assert isinstance(agent, SimpleAgent)
    assert agent.run("plan") == "[1, 2]"
    assert llm.last_call.system_prompt == "Plan."


def test_attach_registry_turns_tools_on_and_off(notes: ToolRegistry) -> None:
    agent = ToolAwareSimpleAgent("a", ScriptedLLM([]), enable_tool_calling=False)
    ToolAwareSimpleAgent.attach_registry(agent, notes)
    assert agent.uses_tools and agent.list_tools() == ["note"]
    ToolAwareSimpleAgent.attach_registry(agent, None)
    assert not agent.uses_tools
