"""Solution: MySimpleAgent, chat plus the ``[TOOL_CALL:tool_name:parameters]`` loop.

Check it:  python chapters/ch07/exercises/solutions/my_simple_agent.py
"""

from __future__ import annotations

from typing import Any

from hello_agents.core import Agent, Config, Message
from hello_agents.core.llm import BaseLLM
from hello_agents.tools import ToolRegistry

MARKER = "[TOOL_CALL:"

TOOLS_PROMPT = """{system_prompt}

You can use these tools:
{tools}

To call a tool, write on its own line: [TOOL_CALL:tool_name:parameters]
Parameters are a JSON object, e.g. [TOOL_CALL:python_calculator:{{"input": "2 + 3"}}],
or just the input, e.g. [TOOL_CALL:python_calculator:2 + 3].
The results come back in the next message. When you can answer, answer without TOOL_CALL."""

RESULTS_MESSAGE = "Tool results:\n{results}\nUse them to answer the original question."
FINAL_REQUEST = "You have used all your tool calls. Answer now, without TOOL_CALL."


def matching_bracket(text: str, open_index: int) -> int:
    """Index of the ``]`` closing the ``[`` at ``open_index``, or -1.

    Brackets inside double-quoted strings (JSON values) do not count.
    """
    depth, in_string, escaped = 0, False, False
    for index in range(open_index, len(text)):
        char = text[index]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth == 0:
                return index
    return -1


def parse_tool_calls(text: str) -> list[tuple[str, str]]:
    """Every ``[TOOL_CALL:name:parameters]`` in ``text``, as (name, parameters)."""
    calls: list[tuple[str, str]] = []
    start = text.find(MARKER)
    while start != -1:
        end = matching_bracket(text, start)
        if end == -1:
            break
        name, _, parameters = text[start + len(MARKER) : end].partition(":")
        calls.append((name.strip(), parameters.strip()))
        start = text.find(MARKER, end)
    return calls


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
        """The system prompt, plus the tool list and the protocol when there are tools."""
        if not self.has_tools():
            return self.system_prompt
        assert self.tool_registry is not None
        return TOOLS_PROMPT.format(
            system_prompt=self.system_prompt or "You are a helpful assistant.",
            tools=self.tool_registry.get_tools_description(),
        )

    def run(self, input_text: str, **kwargs: Any) -> str:
        messages = self.build_messages(input_text, system_prompt=self.full_system_prompt())
        answer = None
        for _ in range(self.max_tool_iterations if self.has_tools() else 1):
            reply = self.call_llm(messages).content
            calls = parse_tool_calls(reply) if self.has_tools() else []
            if not calls:  # no tool call: this is the answer
                answer = reply
                break
            results = [self.run_tool(name, parameters) for name, parameters in calls]
            messages.append(Message(reply, "assistant"))
            messages.append(Message(RESULTS_MESSAGE.format(results="\n".join(results)), "user"))
        if answer is None:  # every round called tools: ask for an answer once more
            messages.append(Message(FINAL_REQUEST, "user"))
            answer = self.call_llm(messages).content
        self.add_message(Message(input_text, "user"))
        self.add_message(Message(answer, "assistant"))
        return answer

    def run_tool(self, name: str, parameters: str) -> str:
        """One tool call as a result line; errors come back as text, never raised."""
        assert self.tool_registry is not None
        return f"- {name}: {self.tool_registry.execute_tool(name, parameters)}"


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("simple_agent", MySimpleAgent))
