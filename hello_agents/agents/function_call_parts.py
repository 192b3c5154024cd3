"""Small pieces of :class:`~hello_agents.agents.function_call_agent.FunctionCallAgent`'s loop.

* :func:`call_key` and :func:`unique_call_id`: recognising the same call twice,
  and giving every call of a run its own id;
* :func:`normalise_tool_choice` and :func:`checked_iterations`: the agent's
  arguments, checked when it is built and when a run starts;
* :class:`HeldBackText`: how a streamed reply is shown, never a tool call
  written as text;
"""

from __future__ import annotations

from hello_agents.agents.content_tool_calls import StreamGate
from hello_agents.agents.tool_call_json import ToolChoice, tool_choice_name
from hello_agents.core.exceptions import AgentArgumentError
from hello_agents.core.loop import check_count

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


__all__ = [
    "DEFAULT_PROMPTS",
    "EMPTY_ANSWER",
    "NO_FINAL_ANSWER",
    "PARSE_ERROR_FEEDBACK",
    "REQUIRED_PLACEHOLDERS",
    "TOOL_CHOICES",
    "HeldBackText",
    "checked_iterations",
    "normalise_tool_choice",
    "unique_call_id",
]
