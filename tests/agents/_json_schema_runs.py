"""Scripted runs of a FunctionCallAgent on the ``json_schema`` strategy: the replies a
small model writes there (a call, or an answer, as one JSON object) and the agent."""

from __future__ import annotations

import json
from typing import Any

from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.testing import ScriptedLLM
from hello_agents.tools.registry import ToolRegistry


def call(tool: str, **arguments: Any) -> str:
    """A reply that calls ``tool`` with ``arguments``."""
    return json.dumps({"name": tool, "arguments": arguments}, ensure_ascii=False)


def answer(text: str) -> str:
    """A reply that answers ``text``."""
    return json.dumps({"answer": text}, ensure_ascii=False)


def json_schema_agent(
    script: list[str], tools: ToolRegistry, *, aids: bool = True
) -> tuple[FunctionCallAgent, ScriptedLLM]:
    """The agent on ``script``, with the small-model aids on (or off), and its model."""
    llm = ScriptedLLM(script)
    built = FunctionCallAgent(
        "fc", llm, tool_registry=tools, tool_call_strategy="json_schema", small_model_aids=aids
    )
    return built, llm


def assert_answer_stands(question: str, calls: list[str], final: str, tools: ToolRegistry) -> None:
    """With the aids on, ``final`` after ``calls`` is the answer, unaltered, at no extra cost."""
    agent, llm = json_schema_agent([*calls, answer(final)], tools)
    assert agent.run(question) == final
    assert agent.last_result is not None and agent.last_result.interventions == []
    assert len(llm.calls) == len(calls) + 1
