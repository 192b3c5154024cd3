"""Exercise 3: MyReActAgent, Thought / Action / Observation until ``Finish[answer]``.

Each step sends the prompt (tools, question, steps so far), reads a Thought and
an Action from the reply, runs the tool and records its Observation, until the
Action is ``Finish[answer]`` or ``max_steps`` is used up.

Real models do not write the format exactly: they write ``**Action:**``, put the
action in backticks, spread ``Finish[...]`` over lines, and even invent the
Observation. The check tests all of that.

Fill in the TODOs, then check your class:

    python chapters/ch07/exercises/my_react_agent.py

A model answer is in solutions/my_react_agent.py: try first.
"""

from __future__ import annotations

import re  # noqa: F401  (you will need it)
from typing import Any

from hello_agents import Agent, Config, Message, ToolRegistry  # noqa: F401
from hello_agents.core.llm import BaseLLM

MY_REACT_PROMPT = """Answer the question step by step. You can use these tools:
{tools}

Reply with exactly two lines:
Thought: what you know and what to do next
Action: tool_name[input] to use a tool, or Finish[answer] when you know the answer
Do not write the Observation yourself: it is given to you after each Action.

Question: {question}
{history}"""


def parse_reply(reply: str) -> tuple[str | None, tuple[str, str] | None]:
    """The Thought and the Action ``(tool, input)`` of a reply; None where missing.

    TODO 1:
    - cut the reply at an ``Observation:`` the model wrote itself;
    - find the ``Action:`` label, also when decorated (``**Action:**``);
    - read ``tool_name[input]``, also in backticks; the input ends at the ``]``
      that matches the ``[`` (so ``Finish[a [b] c]`` and multi-line inputs work);
    - ``Finish[answer]`` is returned as ``("Finish", "answer")``.
    """
    raise NotImplementedError("TODO: parse_reply")


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

    def build_prompt(self, question: str) -> str:
        """TODO 2: fill the template: tools (``self.tool_registry.get_tools_description()``),
        the question, and ``self.current_history`` joined by newlines."""
        raise NotImplementedError("TODO: build_prompt")

    def run(self, input_text: str, **kwargs: Any) -> str:
        """TODO 3: the loop, at most ``self.max_steps`` times:

        1. ``reply = self.call_llm(self.build_messages(self.build_prompt(input_text))).content``
           (build_messages puts the system prompt first);
        2. ``thought, action = parse_reply(reply)``; no action? add an Observation that
           explains the format to the history and continue;
        3. ``Finish``: that is the answer; otherwise
           ``observation = self.tool_registry.execute_tool(tool, tool_input)`` (unknown
           tools and errors come back as text) and add Thought, Action and Observation
           lines to ``self.current_history``;
        4. out of steps: answer with a message saying so. Remember the exchange with
           ``self.add_message``.
        """
        raise NotImplementedError("TODO: MyReActAgent.run")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("react_agent", MyReActAgent))
