"""SimpleAgent: plain chat, plus tools through the ``[TOOL_CALL:...]`` text protocol.

Without tools it is the smallest agent there is: system prompt, history and
question go to the model, the answer comes back. With tools, the system prompt
lists them and explains the protocol; each reply is scanned for calls
(:mod:`hello_agents.agents.tool_call_protocol`), the calls run through the
registry's schema guard, and their results go back to the model as a user
message, until it answers without calling anything.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hello_agents.agents.parsing import strip_thinking
from hello_agents.agents.prompts import render
from hello_agents.agents.tool_call_protocol import (
    MarkerFilter,
    TextToolCall,
    has_marker,
    parse_tool_calls,
    strip_tool_calls,
)
from hello_agents.agents.tool_support import ToolUsingAgent, describe_tools
from hello_agents.core.config import Config
from hello_agents.core.llm_base import BaseLLM
from hello_agents.core.message import Message
from hello_agents.core.response import StreamEnd, TextDelta
from hello_agents.tools.registry import ToolRegistry
from hello_agents.tools.result import ToolResult

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


class SimpleAgent(ToolUsingAgent):
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
        self.max_tool_iterations = max_tool_iterations

    @property
    def uses_tools(self) -> bool:
        """Whether this run will offer tools to the model."""
        return self.enable_tool_calling and self.has_tools()

    # ---- the loop ------------------------------------------------------------------

    def run(self, input_text: str, **kwargs: Any) -> str:
        """Answer ``input_text``, calling tools when the model asks for them.

        Args:
            input_text: The user's message.
            **kwargs: ``max_tool_iterations`` overrides the agent's limit; model
                parameters (``temperature`` ...) are sent; other keys are ignored.
        """
        limit = int(kwargs.pop("max_tool_iterations", self.max_tool_iterations))
        options = self.model_options(kwargs)
        self.hooks.emit("run_start", self.name, input=input_text)
        messages = self.build_messages(input_text, system_prompt=self.full_system_prompt())
        answer = None
        for _ in range(limit if self.uses_tools else 1):
            reply = self.call_llm(messages, **options).content
            calls = self.find_tool_calls(reply)
            if calls is None:  # no tool call: this is the answer
                answer = reply
                break
            results = [self.run_tool(call.tool, call.parameters) for call in calls]
            messages += self.tool_round_messages(reply, calls, results)
        if answer is None:  # every round called tools: ask once more, without tools
            messages.append(Message(FINAL_ANSWER_REQUEST, "user"))
            answer = self.call_llm(messages, **options).content
        answer = self.clean_answer(answer, limit)
        self.remember(input_text, answer)
        self.hooks.emit("run_end", self.name, output=answer)
        return answer

    async def arun(self, input_text: str, **kwargs: Any) -> str:
        """Async twin of :meth:`run`."""
        limit = int(kwargs.pop("max_tool_iterations", self.max_tool_iterations))
        options = self.model_options(kwargs)
        self.hooks.emit("run_start", self.name, input=input_text)
        messages = self.build_messages(input_text, system_prompt=self.full_system_prompt())
        answer = None
        for _ in range(limit if self.uses_tools else 1):
            reply = (await self.acall_llm(messages, **options)).content
            calls = self.find_tool_calls(reply)
            if calls is None:
                answer = reply
                break
            results = [await self.arun_tool(call.tool, call.parameters) for call in calls]
            messages += self.tool_round_messages(reply, calls, results)
        if answer is None:
            messages.append(Message(FINAL_ANSWER_REQUEST, "user"))
            answer = (await self.acall_llm(messages, **options)).content
        answer = self.clean_answer(answer, limit)
        self.remember(input_text, answer)
        self.hooks.emit("run_end", self.name, output=answer)
        return answer

    def stream_run(self, input_text: str, **kwargs: Any) -> Iterator[str]:
        """Stream the answer's text as it is generated; tool calls are never shown.

        Rounds that call tools are streamed up to the first call marker; the
        tools then run and the next round continues the stream.
        """
        limit = int(kwargs.pop("max_tool_iterations", self.max_tool_iterations))
        options = self.model_options(kwargs)
        self.hooks.emit("run_start", self.name, input=input_text)
        messages = self.build_messages(input_text, system_prompt=self.full_system_prompt())
        shown: list[str] = []
        for round_number in range(limit + 1 if self.uses_tools else 1):
            if round_number == limit:
                messages.append(Message(FINAL_ANSWER_REQUEST, "user"))
            marker_filter, reply = MarkerFilter(), ""
            for event in self.stream_llm(messages, **options):
                if isinstance(event, TextDelta):
                    text = marker_filter.feed(event.text)
                elif isinstance(event, StreamEnd):
                    text, reply = marker_filter.flush(), event.response.content
                else:
                    continue
                if text:
                    shown.append(text)
                    yield text
            calls = self.find_tool_calls(reply) if round_number < limit else None
            if calls is None:
                break
            results = [self.run_tool(call.tool, call.parameters) for call in calls]
            messages += self.tool_round_messages(reply, calls, results)
            if shown and not shown[-1].endswith("\n"):
                shown.append("\n")
                yield "\n"
        answer = self.clean_answer("".join(shown), limit)
        self.remember(input_text, answer)
        self.hooks.emit("run_end", self.name, output=answer)

    # ---- pieces a subclass can replace ---------------------------------------------

    def full_system_prompt(self) -> str | None:
        """The system prompt, extended with the tool list and the protocol when tools are on."""
        if not self.uses_tools:
            return self.system_prompt
        return render(
            TOOLS_PROMPT,
            system_prompt=self.system_prompt or DEFAULT_SYSTEM_PROMPT,
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

    def clean_answer(self, answer: str, limit: int) -> str:
        """The final answer with any leftover tool-call marker removed."""
        answer = strip_thinking(answer)
        if not self.uses_tools:
            return answer
        cleaned = strip_tool_calls(answer)
        return cleaned or render(NO_ANSWER, limit=limit)

    def remember(self, question: str, answer: str) -> None:
        """Keep the exchange in the (bounded) history."""
        self.add_message(Message(question, "user"))
        self.add_message(Message(answer, "assistant"))


__all__ = ["DEFAULT_SYSTEM_PROMPT", "TOOLS_PROMPT", "SimpleAgent"]
