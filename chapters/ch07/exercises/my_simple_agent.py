"""Exercise 2: MySimpleAgent, chat plus the ``[TOOL_CALL:tool_name:parameters]`` loop.

The agent lists its tools in the system prompt and explains the protocol. When
a reply contains ``[TOOL_CALL:name:parameters]``, it runs the tool and sends the
result back to the model, until the model answers without calling anything (at
most ``max_tool_iterations`` rounds, then one last request for an answer).

Fill in the TODOs, then check your class:

    python chapters/ch07/exercises/my_simple_agent.py

A model answer is in solutions/my_simple_agent.py: try first.
"""

from __future__ import annotations

from typing import Any

from hello_agents import Agent, Config, Message, ToolRegistry  # noqa: F401
from hello_agents.core.llm import BaseLLM

MARKER = "[TOOL_CALL:"

TOOLS_PROMPT = """{system_prompt}

You can use these tools:
{tools}

To call a tool, write on its own line: [TOOL_CALL:tool_name:parameters]
Parameters are a JSON object, e.g. [TOOL_CALL:python_calculator:{{"input": "2 + 3"}}],
or just the input, e.g. [TOOL_CALL:python_calculator:2 + 3].
The results come back in the next message. When you can answer, answer without TOOL_CALL."""


def parse_tool_calls(text: str) -> list[tuple[str, str]]:
    """Every ``[TOOL_CALL:name:parameters]`` in ``text``, as (name, parameters).

    TODO 1: find each MARKER, then the ``]`` that closes its ``[``. Careful: the
    parameters may contain brackets and commas, e.g.
    ``[TOOL_CALL:python_calculator:{"input": "max(2, 3) * [4][0]"}]``, so the first
    ``]`` is not the end. Count nesting depth, and skip brackets inside "strings".
    """
    raise NotImplementedError("TODO: parse_tool_calls")


class MySimpleAgent(Agent):
    """A chat agent that can call tools through the TOOL_CALL text protocol."""

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        system_prompt: str | None = None,
        config: Config | None = None,
        tool_registry: ToolRegistry | None = None,
        max_tool_iterations: int = 3,
    ) -> None:
        super().__init__(name, llm, system_prompt, config)
        self.tool_registry = tool_registry
        self.max_tool_iterations = max_tool_iterations

    def has_tools(self) -> bool:
        return self.tool_registry is not None and len(self.tool_registry) > 0

    def full_system_prompt(self) -> str | None:
        """TODO 2: without tools, the plain system prompt; with tools, TOOLS_PROMPT
        filled with it and ``self.tool_registry.get_tools_description()``."""
        raise NotImplementedError("TODO: full_system_prompt")

    def run(self, input_text: str, **kwargs: Any) -> str:
        """TODO 3: the loop.

        1. ``messages = self.build_messages(input_text, system_prompt=...)``;
        2. up to max_tool_iterations times: ``reply = self.call_llm(messages).content``;
           no tool call in it? that is the answer. Otherwise run each call with
           ``self.tool_registry.execute_tool(name, parameters)`` (it never raises:
           errors come back as text), append the reply as an assistant message and
           the results as a user message, and go round again;
        3. if every round called tools, ask once more for a plain answer;
        4. add the question and the answer to the history (``self.add_message``).
        """
        raise NotImplementedError("TODO: MySimpleAgent.run")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("simple_agent", MySimpleAgent))
