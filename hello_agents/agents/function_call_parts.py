"""Small pieces of :class:`~hello_agents.agents.function_call_agent.FunctionCallAgent`'s loop.

* :func:`call_key` and :func:`unique_call_id`: recognising the same call twice,
  and giving every call of a run its own id;
* :func:`normalise_tool_choice` and :func:`checked_iterations`: the agent's
  arguments, checked when it is built and when a run starts;
* :class:`HeldBackText`: how a streamed reply is shown, never a tool call
  written as text;
* :class:`FunctionCallTutorialNames`: the helper names the tutorial's
  FunctionCallAgent has, for code written against them.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from hello_agents.agents.content_tool_calls import StreamGate
from hello_agents.agents.tool_call_json import ToolChoice, tool_choice_name
from hello_agents.agents.tool_support import ToolUsingAgent
from hello_agents.core.exceptions import AgentArgumentError, ToolException
from hello_agents.core.loop import check_count
from hello_agents.core.message import Message
from hello_agents.core.response import LLMResponse

TOOL_CHOICES = ("auto", "none", "required")


class HeldBackText:
    """The display of a streamed reply: prose at once, a tool call written as
    text held back (see :class:`~hello_agents.agents.content_tool_calls.StreamGate`)."""

    def __init__(self, hold_json: bool) -> None:
        self._gate = StreamGate(hold_json=hold_json)

    def feed(self, text: str) -> str:
        return "".join(self._gate.feed(text))

    def flush(self) -> str:
        return ""


# ---- what the agent says ----------------------------------------------------------------

PARSE_ERROR_FEEDBACK = (
    "Your last reply looked like a tool call but could not be used: {problem}.\n"
    "Call one of the available tools ({tools}) with a JSON object such as "
    '{"name": "<tool>", "arguments": {...}}, or answer in plain text.'
)
"""Told to the model when it wrote an unusable tool call as text ({problem}, {tools})."""

NO_FINAL_ANSWER = (
    "No final answer after {rounds} tool round(s): the model still wanted to call "
    "{tools}. Last tool result: {last_result}"
)
"""The answer when even the final call (tool_choice="none") only asked for tools."""

EMPTY_ANSWER = "(The model returned an empty answer.)"
"""The answer when the model's final reply had no text at all."""

DEFAULT_PROMPTS = {
    "parse_error": PARSE_ERROR_FEEDBACK,
    "no_final_answer": NO_FINAL_ANSWER,
}
"""FunctionCallAgent's templates, by the names ``custom_prompts`` uses."""
REQUIRED_PLACEHOLDERS = {
    "parse_error": ("problem",),
    "no_final_answer": (),
}


# ---- small helpers ----------------------------------------------------------------------


def unique_call_id(proposed: str, taken: set[str]) -> str:
    """``proposed`` if it is a fresh, non-empty id, else a generated one; remembers it."""
    candidate = proposed.strip()
    number = len(taken) + 1
    while not candidate or candidate in taken:
        candidate = f"call_{number}"
        number += 1
    taken.add(candidate)
    return candidate


def normalise_tool_choice(choice: ToolChoice) -> ToolChoice:
    """Check a tool choice; a bare tool name becomes the API's named-function form.

    Raises:
        AgentArgumentError: For a choice that is neither a known string nor a named function.
    """
    if isinstance(choice, str):
        if choice in TOOL_CHOICES:
            return choice
        if choice.strip():
            return {"type": "function", "function": {"name": choice.strip()}}
    elif tool_choice_name(choice) is not None:
        return choice
    raise AgentArgumentError(
        f"invalid tool_choice {choice!r}: use 'auto', 'none', 'required', a tool name, or "
        '{"type": "function", "function": {"name": ...}}'
    )


def checked_iterations(value: object) -> int:
    """``value`` if it is a valid ``max_tool_iterations`` (an integer >= 0).

    Raises:
        AgentArgumentError: Otherwise.
    """
    return check_count("max_tool_iterations", value)


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


__all__ = [
    "DEFAULT_PROMPTS",
    "EMPTY_ANSWER",
    "NO_FINAL_ANSWER",
    "PARSE_ERROR_FEEDBACK",
    "REQUIRED_PLACEHOLDERS",
    "TOOL_CHOICES",
    "FunctionCallTutorialNames",
    "HeldBackText",
    "checked_iterations",
    "normalise_tool_choice",
    "unique_call_id",
]
