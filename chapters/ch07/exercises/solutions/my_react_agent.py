"""Solution: MyReActAgent, Thought / Action / Observation until ``Finish[answer]``.

Check it:  python chapters/ch07/exercises/solutions/my_react_agent.py
"""

from __future__ import annotations

import re
from typing import Any

from hello_agents import Agent, Config, Message, ToolRegistry
from hello_agents.core.llm import BaseLLM

MY_REACT_PROMPT = """Answer the question step by step. You can use these tools:
{tools}

Reply with exactly two lines:
Thought: what you know and what to do next
Action: tool_name[input] to use a tool, or Finish[answer] when you know the answer
Do not write the Observation yourself: it is given to you after each Action.

Question: {question}
{history}"""

# A label at the start of a line, maybe decorated: "Action:", "**Action:**", "- Action:".
_LABEL = r"^[ \t>*#-]*{name}[ \t]*\**[ \t]*:[ \t]*\**[ \t]*"
_THOUGHT = re.compile(_LABEL.format(name="thought") + r"(.*)$", re.IGNORECASE | re.MULTILINE)
_ACTION = re.compile(_LABEL.format(name="action"), re.IGNORECASE | re.MULTILINE)
_OBSERVATION = re.compile(_LABEL.format(name="observation"), re.IGNORECASE | re.MULTILINE)
_CALL = re.compile(r"([A-Za-z_][\w.-]*)[ \t]*\[")


def matching_bracket(text: str, open_index: int) -> int:
    """Index of the ``]`` closing the ``[`` at ``open_index``, or -1."""
    depth = 0
    for index in range(open_index, len(text)):
        if text[index] == "[":
            depth += 1
        elif text[index] == "]":
            depth -= 1
            if depth == 0:
                return index
    return -1


def parse_reply(reply: str) -> tuple[str | None, tuple[str, str] | None]:
    """The Thought and the Action ``(tool, input)`` of a reply; None where missing."""
    invented = _OBSERVATION.search(reply)
    if invented:  # the model wrote an Observation itself: ignore it and what follows
        reply = reply[: invented.start()]
    thought_match = _THOUGHT.search(reply)
    thought = thought_match.group(1).strip() if thought_match else None
    action_match = _ACTION.search(reply)
    if action_match is None:
        return thought, None
    rest = reply[action_match.end() :].lstrip("` \t\n")
    call = _CALL.match(rest)
    if call is None:
        return thought, None
    end = matching_bracket(rest, call.end() - 1)
    if end == -1:
        return thought, None
    return thought, (call.group(1), rest[call.end() : end].strip())


class MyReActAgent(Agent):
    """The ReAct loop, written out."""

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        tool_registry: ToolRegistry,
        system_prompt: str | None = None,
        config: Config | None = None,
        max_steps: int = 5,
        custom_prompt: str | None = None,
    ) -> None:
        super().__init__(name, llm, system_prompt, config)
        self.tool_registry = tool_registry
        self.max_steps = max_steps
        self.prompt_template = custom_prompt or MY_REACT_PROMPT
        self.current_history: list[str] = []

    def run(self, input_text: str, **kwargs: Any) -> str:
        self.current_history = []
        answer = None
        for _ in range(self.max_steps):
            reply = self.call_llm(self.build_messages(self.build_prompt(input_text))).content
            thought, action = parse_reply(reply)
            if action is None:  # unusable reply: tell the model the format
                self.current_history += [
                    reply.strip(),
                    "Observation: no Action found. Write 'Action: tool_name[input]' "
                    "or 'Action: Finish[answer]'.",
                ]
                continue
            tool, tool_input = action
            if tool.lower() == "finish":
                answer = tool_input
                break
            observation = self.tool_registry.execute_tool(tool, tool_input)
            self.current_history += [
                f"Thought: {thought or ''}",
                f"Action: {tool}[{tool_input}]",
                f"Observation: {observation}",
            ]
        if answer is None:
            answer = f"I could not finish within {self.max_steps} steps."
        self.add_message(Message(input_text, "user"))
        self.add_message(Message(answer, "assistant"))
        return answer

    def build_prompt(self, question: str) -> str:
        return self.prompt_template.format(
            tools=self.tool_registry.get_tools_description(),
            question=question,
            history="\n".join(self.current_history),
        )


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("react_agent", MyReActAgent))
