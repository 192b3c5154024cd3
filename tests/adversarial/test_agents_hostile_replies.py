"""Whatever the model writes, every agent's run ends, in time, with a string.

Replies are generated at scale (hypothesis): fragments of every format the
agents read (ReAct labels, ``[TOOL_CALL:...]``, JSON calls, plan lists, verdict
lines), broken, nested and repeated, mixed with arbitrary text; plus long
degenerate replies that once made parsers slow. Each run must return a string
(an answer or a message saying why there is none), never raise, and finish
within a hard limit.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hello_agents import (
    CalculatorTool,
    FunctionCallAgent,
    PlanAndSolveAgent,
    ReActAgent,
    ReflectionAgent,
    SimpleAgent,
    ToolRegistry,
)
from hello_agents.core.loop import LoopAgent
from hello_agents.testing import ScriptedLLM

LIMIT_SECONDS = 20.0

FRAGMENTS = [
    "Thought:",
    "**Action:**",
    "Action:",
    "Action Input:",
    "Observation:",
    "Finish[",
    "Final Answer:",
    "python_calculator[",
    "echo(",
    "]",
    "[",
    "(",
    ")",
    "{",
    "}",
    '"',
    "`",
    "```",
    "```json\n",
    "\n",
    "[TOOL_CALL:",
    "[TOOL_CALL:echo:",
    "TOOL_CALL:python_calculator:",
    '{"name": "echo", "arguments": {"text": ',
    '{"tool": "python_calculator", "input": ',
    '{"answer": ',
    "<tool_call>",
    "</tool_call>",
    "<think>",
    "</think>",
    "VERDICT: DONE",
    "VERDICT: REVISE",
    "1. ",
    "- ",
    '["step one", ',
    "9**9**9",
    "\u0000",
    "\ud800",
    "无需改进",
    "行动：",
]

replies = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=20)), max_size=40).map(
    "".join
)


def registry() -> ToolRegistry:
    tools = ToolRegistry()
    tools.register_tool(CalculatorTool())

    @tools.tool
    def echo(text: str) -> str:
        """Return the text.

        Args:
            text: Anything.
        """
        return text

    return tools


AGENTS: dict[str, Callable[[ScriptedLLM], LoopAgent]] = {
    "simple": lambda llm: SimpleAgent("s", llm, tool_registry=registry()),
    "react": lambda llm: ReActAgent("r", llm, registry(), max_steps=4),
    "reflection": lambda llm: ReflectionAgent("f", llm, max_iterations=2),
    "plan": lambda llm: PlanAndSolveAgent("p", llm, max_steps=3),
    "function-native": lambda llm: FunctionCallAgent("c", llm, tool_registry=registry()),
    "function-content": lambda llm: FunctionCallAgent(
        "c", llm, tool_registry=registry(), tool_call_strategy="content"
    ),
    "function-json": lambda llm: FunctionCallAgent(
        "c", llm, tool_registry=registry(), tool_call_strategy="json_schema"
    ),
    # the small-model aids read every answer and call: they must hold too
    "react-aids": lambda llm: ReActAgent("r", llm, registry(), max_steps=4, small_model_aids=True),
    "function-native-aids": lambda llm: FunctionCallAgent(
        "c", llm, tool_registry=registry(), small_model_aids=True
    ),
    "function-json-aids": lambda llm: FunctionCallAgent(
        "c", llm, tool_registry=registry(), tool_call_strategy="json_schema", small_model_aids=True
    ),
}


def within_limit(work: Callable[[], Any]) -> Any:
    """Run ``work`` in a daemon thread; fail (instead of hanging) past the limit."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = work()
        except BaseException as error:  # reported below, in the test's thread
            outcome["error"] = error

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(LIMIT_SECONDS)
    if thread.is_alive():
        pytest.fail(f"the run did not end within {LIMIT_SECONDS:g} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def run_all_modes(build: Callable[[ScriptedLLM], LoopAgent], script: list[str]) -> list[str]:
    """The answer of each mode (run, arun, stream_run) on the same replies."""
    answers = []
    for mode in ("run", "arun", "stream_run"):
        agent = build(ScriptedLLM((script * 12)[:12]))  # more replies than any run needs
        if mode == "run":
            answers.append(agent.run("question"))
        elif mode == "arun":
            answers.append(asyncio.run(agent.arun("question")))
        else:
            "".join(agent.stream_run("question"))
            assert agent.last_result is not None
            answers.append(agent.last_result.answer)
    return answers


@pytest.mark.parametrize("paradigm", list(AGENTS))
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
@given(script=st.lists(replies, min_size=1, max_size=4))
def test_any_reply_ends_the_run_with_a_string(paradigm: str, script: list[str]) -> None:
    answers = within_limit(lambda: run_all_modes(AGENTS[paradigm], script))
    assert all(isinstance(answer, str) for answer in answers)
    assert len(set(answers)) == 1, f"the modes disagree: {answers!r}"


DEGENERATE = {
    "newlines": "x" + "\n" * 20_000 + "x",
    "stars": "*" * 20_000,
    "dashes": "-" * 20_000,
    "hashes": "#" * 20_000,
    "digits": "1" * 20_000,
    "brackets": "[" * 20_000,
    "braces": "{" * 20_000,
    "nested-json": '{"a": ' * 5_000 + "1" + "}" * 5_000,
    "markers": "[TOOL_CALL:echo:" * 2_000,
    "labels": "Thought: Action: " * 2_000,
}


@pytest.mark.parametrize("paradigm", list(AGENTS))
@pytest.mark.parametrize("reply", list(DEGENERATE), ids=list(DEGENERATE))
def test_long_degenerate_replies_end_in_time(paradigm: str, reply: str) -> None:
    build = AGENTS[paradigm]
    answer = within_limit(lambda: build(ScriptedLLM([DEGENERATE[reply]] * 12)).run("question"))
    assert isinstance(answer, str)
