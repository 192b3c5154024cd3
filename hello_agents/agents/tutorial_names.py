"""The tutorial's own names for the agents' helpers, in one place.

The tutorial's chapter-7 agents have helpers its exercises call or override
(``_parse_output``, ``_run_with_tools``, ``current_history``...). Ours do the
same work with their own pieces; these mixins give them the tutorial's names, so
code written against the tutorial runs unchanged, and the agents' own files stay
about the loop. docs/tutorial-names.md lists every name and every departure.
None of this runs in an ordinary run.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from hello_agents.agents.tool_call_json import ToolChoice
from hello_agents.agents.tool_call_protocol import parse_tool_calls
from hello_agents.agents.tool_support import ToolUsingAgent
from hello_agents.core.exceptions import ToolException
from hello_agents.core.loop import finished
from hello_agents.core.message import LLMResponse, Message
from hello_agents.tools.arguments import parse_arguments


class SimpleAgentTutorialNames(ToolUsingAgent):
    """The helpers of the tutorial's SimpleAgent, over this package's pieces."""

    default_system_prompt: str  # SimpleAgent's own

    def full_system_prompt(self) -> str | None:  # SimpleAgent's own
        raise NotImplementedError

    def _get_enhanced_system_prompt(self) -> str:
        """The tutorial's name for :meth:`full_system_prompt`: the system prompt
        with the tools and the call format, when tools are on."""
        return self.full_system_prompt() or self.default_system_prompt

    def _run_with_tools(
        self,
        messages: list[Message] | list[dict[str, Any]],
        input_text: str,
        max_tool_iterations: int = 3,
        **kwargs: Any,
    ) -> str:
        """The tutorial's tool loop: run this agent's loop from ``messages``
        (``Message`` objects or ``{"role", "content"}`` dicts) and return the answer."""
        start = [m if isinstance(m, Message) else Message.from_dict(m) for m in messages]
        events = self._events(
            input_text,
            {"messages": start, "max_tool_iterations": max_tool_iterations, **kwargs},
            stream_text=False,
        )
        return finished(events).answer

    def _parse_tool_calls(self, text: str) -> list[dict[str, str]]:
        """The tutorial's reading of a reply: one ``{"tool_name", "parameters",
        "original"}`` dict per ``[TOOL_CALL:...]``, with this agent's tolerant parser."""
        return [
            {
                "tool_name": call.tool,
                "parameters": call.parameters,
                "original": text[call.start : call.end],
            }
            for call in parse_tool_calls(text)
        ]

    def _parse_tool_parameters(self, tool_name: str, parameters: str) -> dict[str, Any]:
        """The parameter text as a dict, read the way the registry reads it: a JSON
        object, ``key=value`` pairs, or the input of a one-parameter tool.

        Raises:
            ToolException: If the tool is unknown or the text cannot be read.
        """
        tool = self.tool_registry.get_tool(tool_name)
        if tool is None:
            raise ToolException(f"no tool named {tool_name!r}")
        try:
            return parse_arguments(parameters, tool.input_schema())
        except ValueError as error:
            raise ToolException(f"cannot read the parameters of {tool_name!r}: {error}") from error

    def _execute_tool_call(self, tool_name: str, parameters: str) -> str:
        """Run one call through the registry's guard (with hooks); its result as
        text, or the error the model should see, never an exception."""
        result = self.run_tool(tool_name, parameters)
        return result.content if result.ok else f"Error: {result.content}"


class ReActTutorialNames(ToolUsingAgent):
    """The helpers of the tutorial's ReActAgent, over this package's pieces."""

    _current_history: list[str] | None = None

    def parse(self, reply: str) -> Any:  # ReActAgent's own: a ParsedReply
        raise NotImplementedError

    @property
    def current_history(self) -> list[str]:
        """The latest run's trajectory as text lines, as the tutorial's agent keeps it.

        Assignable: a subclass with its own loop may keep its own list here.
        """
        if self._current_history is not None:
            return self._current_history
        return [line for step in self.steps for line in step.render().splitlines()]

    @current_history.setter
    def current_history(self, lines: list[str]) -> None:
        self._current_history = lines

    def _parse_output(self, text: str) -> tuple[str | None, str | None]:
        """The tutorial's reading of a reply: ``(thought, action)``, the action as text
        (``"tool[input]"`` or ``"Finish[answer]"``), each ``None`` when absent.

        Uses the same tolerant parser as the agent (bold labels, backticks, a
        multi-line ``Finish[...]`` are all read).
        """
        parsed = self.parse(text)
        if parsed.final_answer is not None:
            return parsed.thought, f"Finish[{parsed.final_answer}]"
        if parsed.action is not None:
            return parsed.thought, f"{parsed.action.tool}[{parsed.action.input}]"
        return parsed.thought, None

    def _parse_action(self, action_text: str) -> tuple[str | None, str | None]:
        """``"tool[input]"`` -> ``(tool, input)``; ``(None, None)`` if it is not a call."""
        parsed = self.parse(f"Action: {action_text}")
        if parsed.action is not None:
            return parsed.action.tool, parsed.action.input
        if parsed.final_answer is not None:
            return "Finish", parsed.final_answer
        return None, None

    def _parse_action_input(self, action_text: str) -> str:
        """The text inside the brackets of ``"name[...]"`` (``""`` if there is none)."""
        return self._parse_action(action_text)[1] or ""


class FunctionCallTutorialNames(ToolUsingAgent):
    """The helpers of the tutorial's FunctionCallAgent, over this package's pieces."""

    def _build_tool_schemas(self) -> list[dict[str, Any]]:
        """The ``tools=`` list sent to the API: one function schema per tool."""
        return self.tool_registry.to_openai_schema()

    def _invoke_with_tools(
        self,
        messages: list[Message] | list[dict[str, Any]],
        tools: list[dict[str, Any]],
        tool_choice: ToolChoice = "auto",
        **kwargs: Any,
    ) -> LLMResponse:
        """One model call with tools, through the agent (hooks, Config, context
        budget); returns the :class:`LLMResponse` record, not the SDK's object."""
        start = [m if isinstance(m, Message) else Message.from_dict(m) for m in messages]
        return self.call_llm(start, tools=tools, tool_choice=tool_choice, **kwargs)

    @staticmethod
    def _reasoning_fields_from_assistant(assistant_message: Any) -> dict[str, Any]:
        """``{"reasoning_content": ...}`` of an assistant message that carries a
        thinking model's reasoning, else ``{}``. The agent sends that reasoning back
        by itself; the newer tutorial's chapter-9 patch checks for this name and then
        leaves the agent alone."""
        reasoning = getattr(assistant_message, "reasoning_content", None)
        return {"reasoning_content": reasoning} if reasoning else {}

    @property
    def message_history(self) -> list[Message]:
        """The latest run as messages: the question, each round's assistant call
        message and one ``role="tool"`` message per result, then the answer (the
        newer tutorial reads it to count tool calls). A new list each time; the
        history kept between runs is :meth:`get_history`."""
        result = self.last_result
        if result is None:
            return []
        messages = [Message(result.input, "user")]
        for step in result.steps:
            messages.append(Message("", "assistant", tool_calls=list(step.calls)))
            messages += [
                Message(outcome.content, "tool", tool_call_id=call.id)
                for call, outcome in zip(step.calls, step.results, strict=True)
            ]
        return [*messages, Message(result.answer, "assistant")]

    @staticmethod
    def _extract_message_content(content: Any) -> str:
        """The text of a message's content: a string, or the text parts of a list."""
        if content is None:
            return ""
        if isinstance(content, list):
            return "".join(
                str(part.get("text", "")) if isinstance(part, dict) else str(part)
                for part in content
            )
        return str(content)

    @staticmethod
    def _parse_function_call_arguments(arguments: str | None) -> dict[str, Any]:
        """A call's JSON arguments as a dict; ``{}`` when absent. Invalid JSON is
        not guessed at: the registry's guard reports it to the model instead.

        Raises:
            ToolException: If ``arguments`` is not a JSON object.
        """
        if not arguments or not arguments.strip():
            return {}
        try:
            parsed = json.loads(arguments)
        except (ValueError, RecursionError) as error:
            raise ToolException(f"tool-call arguments are not valid JSON: {error}") from error
        if not isinstance(parsed, dict):
            raise ToolException(f"tool-call arguments must be a JSON object, got {arguments!r}")
        return parsed

    def _convert_parameter_types(self, tool_name: str, params: dict[str, Any]) -> dict[str, Any]:
        """``params`` validated and converted by the tool's schema (``"3"`` -> ``3``
        for an integer); unknown tools or invalid values are returned unchanged,
        and the guard reports them when the call runs."""
        tool = self.tool_registry.get_tool(tool_name)
        if tool is None:
            return params
        try:
            return tool.validate_arguments(params)
        except ValidationError:  # the guard gives the model the precise error later
            return params


__all__ = ["FunctionCallTutorialNames", "ReActTutorialNames", "SimpleAgentTutorialNames"]
