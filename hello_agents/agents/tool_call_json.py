"""The JSON of tool calls and answers: the shapes a model is asked for, and their readers.

The tool-call strategies (:mod:`hello_agents.agents.tool_call_strategies`) send
and receive a few fixed JSON shapes; this module builds and reads them:

* a call: ``{"name": NAME, "arguments": {...}}`` (:func:`call_json` writes one);
* an answer: ``{"answer": X}`` or ``{"final_answer": X}`` (:data:`ANSWER_KEYS`;
  :func:`answer_from_json` reads one);
* the ``response_format`` schema "call one tool, or answer" (:func:`reply_schema`),
  one branch per tool plus the answer branch;
* the ``final_answer`` tool that the ``forced`` strategy adds
  (:data:`FINAL_ANSWER_SCHEMA`), its call's arguments
  (:func:`final_answer_argument`), and the text that starts the model's reply
  (:data:`TOOL_CALL_PREFILL`, :data:`FINAL_ANSWER_PREFILL`), whose continuation
  :func:`answer_tail` reads;
* a forced ``tool_choice`` (``{"function": {"name": ...}}``), whose tool
  :func:`tool_choice_name` reads.

Readers return ``None`` (or the raw text) for a reply of another shape, so the
strategy can try the next reading.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from hello_agents.agents.content_tool_calls import (
    ContentToolCalls,
    loads_lenient,
    parse_content_tool_calls,
    strip_tool_call_markup,
)
from hello_agents.core.message import ToolCall
from hello_agents.tools.registry import ToolRegistry

ToolChoice = str | dict[str, Any]
"""``"auto"``, ``"none"``, ``"required"``, or a named function (``{"type": "function", ...}``)."""

ANSWER_KEYS = frozenset({"answer", "final_answer"})
"""Keys of the "final answer" object a ``json_schema`` reply may use."""

FINAL_ANSWER_TOOL = "final_answer"
"""The tool the ``forced`` strategy adds so that the model can answer."""

FINAL_ANSWER_SCHEMA: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": FINAL_ANSWER_TOOL,
        "description": (
            "Give the user the final answer. Call it as soon as the tool results answer "
            "the question, or directly when the question needs no tool."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "answer": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The answer itself, in words and numbers.",
                }
            },
            "required": ["answer"],
        },
    },
}
"""The ``final_answer`` tool's schema, as sent in ``tools=``."""

TOOL_CALL_PREFILL = "<tool_call>\n"
"""How the ``forced`` strategy starts the model's reply (Hermes-style templates)."""

FINAL_ANSWER_PREFILL = (
    f'{TOOL_CALL_PREFILL}{{"name": "{FINAL_ANSWER_TOOL}", "arguments": {{"answer": "'
)
"""How the ``forced`` strategy starts the final call's reply: the model writes the answer
(llama.cpp parses the prefill and the continuation together into the tool call)."""


def reply_schema(
    registry: ToolRegistry, tool_choice: ToolChoice = "auto", among: Collection[str] = ()
) -> dict[str, Any]:
    """The JSON Schema of "call one tool, or answer" for ``response_format``.

    Args:
        registry: The tools; each becomes one ``{"name", "arguments"}`` branch.
        tool_choice: ``"required"`` drops the answer branch; a named tool keeps
            only that tool's branch; ``"none"`` keeps only the answer branch.
        among: When given, only these tools' branches are kept.

    Returns:
        ``{"anyOf": [...branches], "$defs": {...}}`` (the tools' own ``$defs``
        gathered at the root, where their ``$ref`` pointers expect them).
    """
    forced = tool_choice_name(tool_choice)
    branches: list[dict[str, Any]] = []
    definitions: dict[str, Any] = {}
    for tool in registry.get_all_tools():
        if tool_choice == "none" or (forced is not None and tool.name != forced):
            continue
        if among and tool.name not in among:
            continue
        arguments = dict(tool.input_schema())
        definitions.update(arguments.pop("$defs", {}))
        branches.append(call_branch(tool.name, arguments))
    if tool_choice in ("auto", "none") or not branches:
        branches.append(
            {
                "type": "object",
                "properties": {"answer": {"type": "string", "minLength": 1}},
                "required": ["answer"],
                "additionalProperties": False,
            }
        )
    schema: dict[str, Any] = {"anyOf": branches}
    if definitions:
        schema["$defs"] = definitions
    return schema


def call_branch(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """The schema of ``{"name": NAME, "arguments": {...}}`` for one tool."""
    return {
        "type": "object",
        "properties": {"name": {"const": name}, "arguments": arguments},
        "required": ["name", "arguments"],
        "additionalProperties": False,
    }


def tool_choice_name(tool_choice: ToolChoice) -> str | None:
    """The tool a forced choice names (``{"function": {"name": ...}}``), else None."""
    if isinstance(tool_choice, dict):
        function = tool_choice.get("function")
        if isinstance(function, dict) and isinstance(function.get("name"), str):
            return str(function["name"])
    return None


def answer_from_json(text: str) -> str | None:
    """X as text when ``text`` is just ``{"answer": X}`` (small models answer that
    way even when asked for plain text); otherwise ``None``."""
    value = loads_lenient(text) if text.strip() else None
    if isinstance(value, dict) and len(value) == 1 and set(value) <= ANSWER_KEYS:
        answer = next(iter(value.values()))
        return answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
    return None


def text_without_calls(text: str, tool_names: Collection[str]) -> tuple[str, ContentToolCalls]:
    """A final reply's text once the tool calls written in it are taken out (the final
    call cannot run them): a final-answer pseudo-call's answer, else the rest of the
    text. Also returns what was found."""
    found = parse_content_tool_calls(text, tool_names)
    if found.final_answer is not None:
        return found.final_answer, found
    return strip_tool_call_markup(found.text if found.calls or found.problem else text), found


def call_json(call: ToolCall) -> str:
    """A call as a ``json_schema`` reply writes it: ``{"name": ..., "arguments": {...}}``
    (arguments that are not JSON are kept as their text)."""
    arguments = loads_lenient(call.arguments) if call.arguments.strip() else {}
    if arguments is None:
        arguments = call.arguments
    return json.dumps({"name": call.name, "arguments": arguments}, ensure_ascii=False)


def answer_tail(text: str) -> str | None:
    """The answer in the continuation of :data:`FINAL_ANSWER_PREFILL` (``42"}}``), else None."""
    body = text.strip()
    if body.startswith(("{", "<", "[")) or not body.endswith('"}}'):
        return None
    try:
        answer = json.loads(f'"{body[:-3]}"')
    except json.JSONDecodeError:
        return None
    return answer if isinstance(answer, str) and answer.strip() else None


def final_answer_argument(arguments: str) -> str:
    """The ``answer`` of a ``final_answer`` call's arguments (the raw text if unreadable)."""
    value = loads_lenient(arguments) if arguments.strip() else None
    if isinstance(value, dict) and "answer" in value:
        answer = value["answer"]
        return answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
    return arguments


__all__ = [
    "ANSWER_KEYS",
    "FINAL_ANSWER_PREFILL",
    "FINAL_ANSWER_SCHEMA",
    "FINAL_ANSWER_TOOL",
    "TOOL_CALL_PREFILL",
    "ToolChoice",
    "answer_from_json",
    "answer_tail",
    "call_branch",
    "call_json",
    "final_answer_argument",
    "reply_schema",
    "tool_choice_name",
]
