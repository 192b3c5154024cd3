"""One agent serving many runs at once: each run keeps its own trajectory.

A run's state lives in its loop and its RunResult, never on the agent, so runs
that overlap (threads, or tasks on one event loop) cannot see each other's steps.
The model here answers each request from the question it carries, so a mixed-up
trajectory would show as a step of one question inside another's record.
"""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from hello_agents import Config, FunctionCallAgent, ReActAgent, ToolRegistry
from hello_agents.core.message import ToolCall
from hello_agents.testing import ScriptedLLM
from hello_agents.testing.script import ScriptedReply

RUNS = 60


def echo_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def echo(text: str) -> str:
        """Return the text.

        Args:
            text: Anything.
        """
        return text

    return registry


def question_of(body: dict[str, Any]) -> str:
    found = re.findall(r"task-\d+", " ".join(str(m.get("content")) for m in body["messages"]))
    return found[0]


def react_reply(body: dict[str, Any]) -> str:
    """First call: echo the task's name; once the observation is back: finish with it."""
    task = question_of(body)
    if any(str(m.get("content", "")).startswith("Observation:") for m in body["messages"]):
        return f"Action: Finish[{task}]"
    return f"Action: echo[{task}]"


def react_agent() -> ReActAgent:
    llm = ScriptedLLM([react_reply] * (2 * RUNS))
    return ReActAgent("shared", llm, echo_registry(), config=Config(max_history_length=0))


def check(result: Any, task: str) -> None:
    assert result.answer == task
    assert [step.observation for step in result.steps if step.observation] == [task]


def test_threads_sharing_one_react_agent_keep_their_own_steps() -> None:
    agent = react_agent()
    tasks = [f"task-{n}" for n in range(RUNS)]
    with ThreadPoolExecutor(max_workers=12) as pool:
        results = list(pool.map(agent.run_detailed, tasks))
    for result, task in zip(results, tasks, strict=True):
        check(result, task)


def test_tasks_sharing_one_react_agent_keep_their_own_steps() -> None:
    agent = react_agent()
    tasks = [f"task-{n}" for n in range(RUNS)]

    async def all_runs() -> list[Any]:
        return list(await asyncio.gather(*(agent.arun_detailed(task) for task in tasks)))

    for result, task in zip(asyncio.run(all_runs()), tasks, strict=True):
        check(result, task)


def function_reply(body: dict[str, Any]) -> ScriptedReply:
    task = question_of(body)
    if any(m.get("role") == "tool" for m in body["messages"]):
        return ScriptedReply(f"done {task}")
    arguments = json.dumps({"text": task})
    return ScriptedReply(tool_calls=(ToolCall(id="c", name="echo", arguments=arguments),))


def test_tasks_sharing_one_function_call_agent_keep_their_own_rounds() -> None:
    llm = ScriptedLLM([function_reply] * (2 * RUNS))
    agent = FunctionCallAgent(
        "shared", llm, tool_registry=echo_registry(), config=Config(max_history_length=0)
    )
    tasks = [f"task-{n}" for n in range(RUNS)]

    async def all_runs() -> list[Any]:
        return list(await asyncio.gather(*(agent.arun_detailed(task) for task in tasks)))

    for result, task in zip(asyncio.run(all_runs()), tasks, strict=True):
        assert result.answer == f"done {task}"
        assert [r.results[0].content for r in result.steps] == [task]


def test_every_hook_event_names_its_run_even_in_threads_and_tasks() -> None:
    llm = ScriptedLLM([function_reply] * 20)
    agent = FunctionCallAgent(
        "shared", llm, tool_registry=echo_registry(), config=Config(max_history_length=0)
    )
    events: list[Any] = []
    for name in ("run_start", "llm_start", "tool_start", "tool_end", "run_end"):
        agent.hooks.on(name, events.append)  # type: ignore[arg-type]
    tasks = [f"task-{n}" for n in range(5)]

    async def all_runs() -> list[Any]:
        return list(await asyncio.gather(*(agent.arun_detailed(task) for task in tasks)))

    asyncio.run(all_runs())
    with ThreadPoolExecutor(max_workers=5) as pool:
        list(pool.map(agent.run_detailed, tasks))
    by_run: dict[str, list[str]] = {}
    for event in events:
        assert event.run_id is not None and event.parent_run_id is None
        by_run.setdefault(event.run_id, []).append(event.name)
    assert len(by_run) == 10
    for names in by_run.values():
        assert names[0] == "run_start" and names[-1] == "run_end"
        assert names.count("tool_start") == names.count("tool_end") == 1


def test_a_run_inside_a_tool_is_nested_in_the_outer_run() -> None:
    inner = ReActAgent("inner", ScriptedLLM(["Action: Finish[deep]"]), ToolRegistry())
    registry = ToolRegistry()

    @registry.tool
    def ask_inner(question: str) -> str:
        """Ask the inner agent.

        Args:
            question: The question.
        """
        return inner.run(question)

    outer_llm = ScriptedLLM(['Action: ask_inner[{"question": "q"}]', "Action: Finish[done]"])
    outer = ReActAgent("outer", outer_llm, registry)
    starts: list[Any] = []
    outer.hooks.on("run_start", starts.append)
    inner.hooks.on("run_start", starts.append)
    assert outer.run("go") == "done"
    outer_start, inner_start = starts
    assert inner_start.parent_run_id == outer_start.run_id
