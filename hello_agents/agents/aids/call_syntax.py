"""A tool call written as a function call, where an answer was expected.

Small models asked for ``{"answer": ...}`` sometimes put the call they meant to
make in it: ``price('item')``, ``multiply(12, 60)``,
``lookup(name: 'A. Person')``. Such an answer is no use to the
user, and the intent is plain, so :func:`call_in_answer` reads it as the call:
the whole answer must be one call of a declared tool, with literal arguments,
positional ones taken in the order of the tool's parameters.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hello_agents.core.message import ToolCall
from hello_agents.tools.arguments import literal
from hello_agents.tools.registry import ToolRegistry

_CALL = re.compile(r"([A-Za-z_]\w*)\s*\((.*)\)", re.DOTALL)
_KEYWORD = re.compile(r"([A-Za-z_]\w*)\s*[=:]\s*(.*)", re.DOTALL)
_CLOSERS = {"(": ")", "[": "]", "{": "}"}
MAX_CALL_TEXT = 500
"""Longer answers are never read as a call."""


def call_in_answer(answer: str, registry: ToolRegistry) -> ToolCall | None:
    """The call ``answer`` consists of, if it is one call of a tool in ``registry``.

    Args:
        answer: The model's answer text.
        registry: The declared tools (their parameters name positional arguments).

    Returns:
        The call with JSON arguments, or ``None`` when the answer is anything
        else: prose, an unknown name, more arguments than parameters, an
        argument that cannot be read.
    """
    text = answer.strip().strip("`").strip()
    text = text.rstrip('}"; .').strip() if text.endswith(("}", '"', ";", ".")) else text
    match = _CALL.fullmatch(text) if len(text) <= MAX_CALL_TEXT else None
    tool = registry.get_tool(match.group(1)) if match else None
    if match is None or tool is None:
        return None
    parameters = list(tool.input_schema().get("properties", {}))
    parts = _split_arguments(match.group(2))
    if parts is None:
        return None
    arguments: dict[str, Any] = {}
    keywords = False
    for position, part in enumerate(parts):
        keyword = _KEYWORD.fullmatch(part)
        if keyword and keyword.group(1) in parameters:
            name, value, keywords = keyword.group(1), keyword.group(2), True
        elif position < len(parameters) and not keywords:
            name, value = parameters[position], part
        else:
            return None
        if name in arguments:
            return None
        arguments[name] = _literal(value.strip())
    try:
        text_arguments = json.dumps(arguments, ensure_ascii=False)
    except (TypeError, ValueError):  # a set, bytes ...: not a JSON value
        return None
    return ToolCall(id="", name=tool.name, arguments=text_arguments)


def _split_arguments(text: str) -> list[str] | None:
    """The top-level comma-separated parts of an argument list (None if unbalanced)."""
    parts: list[str] = []
    current: list[str] = []
    stack: list[str] = []
    quote = ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in _CLOSERS:
            stack.append(_CLOSERS[char])
        elif char in ")]}":
            if not stack or stack.pop() != char:
                return None
        elif char == "," and not stack:
            parts.append("".join(current).strip())
            current = []
            continue
        current.append(char)
    if quote or stack:
        return None
    last = "".join(current).strip()
    if last:
        parts.append(last)
    return None if any(not part for part in parts) else parts


def _literal(value: str) -> Any:
    """A Python or JSON literal's value; anything else (``2024-11-05``) as text."""
    try:
        return literal(value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        pass  # TypeError: an unhashable key or member ({[1]: 2}, {{1}})
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value.strip("'\"")


__all__ = ["MAX_CALL_TEXT", "call_in_answer"]
