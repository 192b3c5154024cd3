"""SimpleAgent: plain chat, plus tools through the ``[TOOL_CALL:...]`` text protocol.

Without tools it is the smallest agent there is: system prompt, history and
question go to the model, the answer comes back. With tools, the system prompt
lists them and explains the protocol; each reply is scanned for calls
(:mod:`hello_agents.agents.tool_call_protocol`), the calls run through the
registry's schema guard, and their results go back to the model as a user
message, until it answers without calling anything.
"""

from __future__ import annotations

from typing import Any

from hello_agents.agents.text import render, strip_thinking
from hello_agents.agents.tool_call_protocol import (
    MarkerFilter,
    TextToolCall,
    has_marker,
    parse_tool_calls,
    strip_tool_calls,
)
from hello_agents.agents.tool_support import ToolCalls, ToolRound, describe_tools
from hello_agents.agents.tutorial_names import SimpleAgentTutorialNames
from hello_agents.core.config import Config
from hello_agents.core.exceptions import AgentArgumentError
from hello_agents.core.llm import BaseLLM
from hello_agents.core.loop import check_count
from hello_agents.core.message import Message, ToolCall
from hello_agents.core.run import AgentLoop, ModelCall, RunResult, StepDone
from hello_agents.tools.base import ToolResult
from hello_agents.tools.registry import ToolRegistry

DEFAULT_SYSTEM_PROMPT = "You are a helpful assistant."

TOOLS_PROMPT = """{system_prompt}

## Tools
{tools}

To use a tool, write a call on its own line:
[TOOL_CALL:tool_name:parameters]
The parameters are a JSON object, such as [TOOL_CALL:python_calculator:{"input": "2 + 3"}],
or key=value pairs separated by commas, or just the input of a one-parameter tool,
such as [TOOL_CALL:python_calculator:2 + 3].
You may make several calls in one reply; their results come back in the next message.
When you can answer, reply normally, without any TOOL_CALL."""

TOOL_RESULTS_MESSAGE = """Tool results:
{results}

Answer the original question with these results. Call another tool only if you still need one."""

FINAL_ANSWER_REQUEST = (
    "You have used all the tool calls allowed. Answer now with what you have, "
    "without any TOOL_CALL."
)

NO_ANSWER = "I could not produce an answer within {limit} rounds of tool calls."

MALFORMED_CALL_MESSAGE = """Your tool call could not be read. Write it on its own line as
[TOOL_CALL:tool_name:parameters]
with the name of one of the tools listed, or answer without any TOOL_CALL."""


class SimpleAgent(SimpleAgentTutorialNames):
    """Chat with optional text-protocol tool calling.

    Args:
        name: The agent's name.
        llm: The model client.
        system_prompt: Instructions; :data:`DEFAULT_SYSTEM_PROMPT` when tools are used without one.
        config: Settings.
        tool_registry: Tools the model may call; tools can also be added with :meth:`add_tool`.
        enable_tool_calling: Set False to chat without tools even if some are registered.
        max_tool_iterations: Rounds of tool calls per run before a final answer is asked for.
    """

    default_system_prompt = DEFAULT_SYSTEM_PROMPT

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        system_prompt: str | None = None,
        config: Config | None = None,
        tool_registry: ToolRegistry | None = None,
        enable_tool_calling: bool = True,
        max_tool_iterations: int = 3,
    ) -> None:
        super().__init__(name, llm, system_prompt, config, tool_registry)
        self.enable_tool_calling = enable_tool_calling
        self.max_tool_iterations = check_count("max_tool_iterations", max_tool_iterations)

    @property
    def uses_tools(self) -> bool:
        """Whether this run will offer tools to the model."""
        return self.enable_tool_calling and self.has_tools()

    # ---- the loop ------------------------------------------------------------------

    def loop(
        self, input_text: str, messages: list[Message] | None = None, **kwargs: Any
    ) -> AgentLoop:
        """Ask the model; while it calls tools, run them and ask again.

        Args:
            input_text: The user's message.
            messages: The conversation to start from; by default the system
                prompt (with the tools), the history and ``input_text``.
            **kwargs: ``max_tool_iterations`` overrides the agent's limit for this
                run; model parameters (``temperature`` ...) are sent; other keys
                are ignored.
        """
        if kwargs.pop("stream", False):
            raise AgentArgumentError(
                "run() returns the whole answer; to get it piece by piece, iterate "
                "agent.stream_run(question) instead of passing stream=True"
            )
        limits, options = self.split_run_options(kwargs, ("max_tool_iterations",))
        limit = check_count(
            "max_tool_iterations", limits.get("max_tool_iterations", self.max_tool_iterations)
        )
        rounds = limit if self.uses_tools else 0
        result: RunResult[ToolRound] = RunResult(input_text)
        if messages is None:
            messages = self.build_messages(input_text, system_prompt=self.full_system_prompt())
        for round_number in range(rounds + 1):
            if round_number == rounds and self.uses_tools:  # out of rounds: ask for the answer
                messages.append(Message(FINAL_ANSWER_REQUEST, "user"))
                result.stopped_reason = "max_tool_iterations"
            response = yield ModelCall(messages, options, display=MarkerFilter)
            calls = self.find_tool_calls(response.content) if round_number < rounds else None
            if calls is None:  # no tool call: this is the answer
                result.answer = self.clean_answer(response.content, limit)
                return result
            results = (yield ToolCalls(self.to_tool_calls(calls))) if calls else []
            messages += self.tool_round_messages(response.content, calls, results)
            if calls:
                step = ToolRound(tuple(self.to_tool_calls(calls)), tuple(results))
                result.steps.append(step)
                yield StepDone(step)
        raise AssertionError("unreachable: the last round always answers")  # pragma: no cover

    # ---- pieces a subclass can replace ---------------------------------------------

    def full_system_prompt(self) -> str | None:
        """The system prompt, extended with the tool list and the protocol when tools are on."""
        if not self.uses_tools:
            return self.system_prompt
        return render(
            TOOLS_PROMPT,
            system_prompt=self.system_prompt or self.default_system_prompt,
            tools=describe_tools(self.tool_registry),
        )

    def find_tool_calls(self, reply: str) -> list[TextToolCall] | None:
        """The reply's tool calls; ``None`` when it makes none (it is an answer).

        An empty list means a marker was written but could not be read: the
        model gets told the format and tries again.
        """
        if not self.uses_tools or not has_marker(reply):
            return None
        calls = parse_tool_calls(reply)
        if not calls:
            self.hooks.emit("parse_error", self.name, text=reply, error="malformed TOOL_CALL")
        return calls

    def tool_round_messages(
        self, reply: str, calls: list[TextToolCall], results: list[ToolResult]
    ) -> list[Message]:
        """The model's reply (markers removed) and the tool results as a user message."""
        if not calls:
            return [Message(reply, "assistant"), Message(MALFORMED_CALL_MESSAGE, "user")]
        lines = [
            f"- {call.tool}({call.parameters}) -> {'' if result.ok else 'ERROR: '}{result.content}"
            for call, result in zip(calls, results, strict=True)
        ]
        said = strip_tool_calls(reply) or f"(called {', '.join(c.tool for c in calls)})"
        return [
            Message(said, "assistant"),
            Message(render(TOOL_RESULTS_MESSAGE, results="\n".join(lines)), "user"),
        ]

    def to_tool_calls(self, calls: list[TextToolCall]) -> list[ToolCall]:
        """The text-protocol calls as typed calls (ids ``call_1`` ...) for the registry."""
        return [
            ToolCall(id=f"call_{number}", name=call.tool, arguments=call.parameters)
            for number, call in enumerate(calls, 1)
        ]

    def clean_answer(self, answer: str, limit: int) -> str:
        """The final answer with any leftover tool-call marker removed."""
        answer = strip_thinking(answer)
        if not self.uses_tools:
            return answer
        cleaned = strip_tool_calls(answer)
        return cleaned or render(NO_ANSWER, limit=limit)


__all__ = ["DEFAULT_SYSTEM_PROMPT", "TOOLS_PROMPT", "SimpleAgent"]
