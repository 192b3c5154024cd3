"""Scripted runs of every paradigm, shared by the tracing tests."""

from __future__ import annotations

import time
from html.parser import HTMLParser
from typing import Any

from hello_agents.agents.aids import SmallModelAids
from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.agents.plan_solve_agent import PlanAndSolveAgent
from hello_agents.agents.react_agent import ReActAgent
from hello_agents.agents.reflection_agent import ReflectionAgent
from hello_agents.agents.simple_agent import SimpleAgent
from hello_agents.core.config import Config
from hello_agents.core.message import TokenUsage
from hello_agents.testing import ScriptedLLM, ScriptedReply, reply, tool_call, tool_calls
from hello_agents.tools.registry import ToolRegistry

HOSTILE = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"
SECRET = "sk-test-SECRET-abcdef1234567890"


def add(a: int, b: int) -> int:
    """Add two integers.

    Args:
        a: The first number.
        b: The second number.
    """
    return a + b


def slow_double(x: int) -> int:
    """Double a number, slowly.

    Args:
        x: The number.
    """
    time.sleep(0.05)
    return 2 * x


def registry() -> ToolRegistry:
    tools = ToolRegistry()
    tools.tool(add)
    tools.tool(slow_double)
    return tools


def counted(text: str, prompt: int, completion: int) -> ScriptedReply:
    """A reply that reports its token usage."""
    return ScriptedReply(text, usage=TokenUsage(prompt, completion))


def react_agent() -> ReActAgent:
    script: list[Any] = [
        reply(f"I will just answer without the format. key={SECRET}"),  # a parse error, re-asked
        counted('Thought: add them.\nAction: add[{"a": 2, "b": 3}]', 40, 12),
        counted(f"Thought: done {HOSTILE}\nAction: Finish[5 {HOSTILE}]", 60, 9),
    ]
    llm = ScriptedLLM(script)
    llm.api_key = SECRET  # type: ignore[attr-defined]  # as a real client holds its key
    return ReActAgent("react", llm, registry())


def function_agent() -> FunctionCallAgent:
    calls = tool_calls(
        tool_call("slow_double", {"x": 1}, id="call_a"),
        tool_call("slow_double", {"x": 2}, id="call_b"),
        tool_call("add", {"a": "not a number"}, id="call_c"),
    )
    script: list[Any] = [calls, counted(f"Done: 2, 4. {HOSTILE}", 80, 7)]
    return FunctionCallAgent("function", ScriptedLLM(script), tool_registry=registry())


def simple_agent() -> SimpleAgent:
    return SimpleAgent("simple", ScriptedLLM([f"Hello {HOSTILE}"]))


def reflection_agent() -> ReflectionAgent:
    script = ["draft one", "Too short.\nVERDICT: REVISE", "draft two", "Good.\nVERDICT: DONE"]
    return ReflectionAgent("reflection", ScriptedLLM(script))


def plan_agent() -> PlanAndSolveAgent:
    plan = '```python\n["Find a", "Find b"]\n```'
    return PlanAndSolveAgent("plan", ScriptedLLM([plan, "a is 1", "b is 2"]))


LOOKUP = '{"name": "lookup", "arguments": {"name": "Ana"}}'
QUESTION = "Where is Ana's office?"


def office_tools() -> ToolRegistry:
    tools = ToolRegistry()

    @tools.tool
    def lookup(name: str) -> str:
        """A colleague's office.

        Args:
            name: Their name.
        """
        return f"Room B-12 {HOSTILE}"

    return tools


def office_agent(script: list[str], aids: bool | SmallModelAids) -> FunctionCallAgent:
    """A small model that looks the office up, then answers without the result."""
    return FunctionCallAgent(
        "office",
        ScriptedLLM(script),
        tool_registry=office_tools(),
        config=Config(),
        tool_call_strategy="content",
        small_model_aids=aids,
    )


PARADIGMS = {
    "react": react_agent,
    "function": function_agent,
    "simple": simple_agent,
    "reflection": reflection_agent,
    "plan": plan_agent,
}


class Page(HTMLParser):
    """What a browser would build from the page: elements by data-kind, scripts, links."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.kinds: list[str] = []
        self.scripts: list[str] = []
        self.urls: list[str] = []
        self._in_script = False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if "data-kind" in values:
            self.kinds.append(str(values["data-kind"]))
        for name in ("src", "href"):
            if values.get(name):
                self.urls.append(str(values[name]))
        if tag == "script":
            self._in_script = True
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data
