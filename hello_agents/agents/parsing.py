"""Small text-scanning helpers shared by the agents' reply parsers.

Models wrap things in brackets that nest, in quotes that contain brackets, and
in markdown (backticks, code fences, bold). These helpers find the end of a
bracketed span without being fooled by any of that.
"""

from __future__ import annotations

import re

_OPENERS = {"[": "]", "{": "}", "(": ")"}
_CLOSERS = {"]", "}", ")"}
_FENCE = re.compile(r"^[ \t]*```[\w+-]*[ \t]*$", re.MULTILINE)
_THINKING = re.compile(r"<think>.*?(?:</think>|\Z)", re.DOTALL | re.IGNORECASE)


def matching_bracket(text: str, start: int) -> int | None:
    """Index of the bracket closing the one at ``text[start]``, or None.

    Nested ``[]``, ``{}`` and ``()`` are tracked, and brackets inside JSON-style
    double-quoted strings (with backslash escapes) are ignored. Single quotes
    are not treated as strings: they are apostrophes in prose too often.
    """
    if start >= len(text) or text[start] not in _OPENERS:
        return None
    stack = [_OPENERS[text[start]]]
    position = start + 1
    in_string = False
    while position < len(text):
        char = text[position]
        if in_string:
            if char == "\\":
                position += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in _OPENERS:
            stack.append(_OPENERS[char])
        elif char in _CLOSERS:
            if char != stack[-1]:
                return None  # mismatched: let the caller fall back
            stack.pop()
            if not stack:
                return position
        position += 1
    return None


def strip_code_fences(text: str) -> str:
    """Remove markdown code-fence lines (```lang), keeping what they enclose."""
    return _FENCE.sub("", text)


def strip_thinking(text: str) -> str:
    """Remove the ``<think>...</think>`` blocks reasoning models write (an unclosed
    one runs to the end), and the blank lines around what remains."""
    return _THINKING.sub("", text).strip()


def strip_wrapping(text: str) -> str:
    """Trim whitespace and markdown wrappers (backticks, bold, italics) around a value."""
    value = text.strip()
    previous = None
    while value != previous:
        previous = value
        for mark in ("```", "**", "`", "*"):
            if len(value) > 2 * len(mark) and value.startswith(mark) and value.endswith(mark):
                value = value[len(mark) : -len(mark)].strip()
    return value


__all__ = ["matching_bracket", "strip_code_fences", "strip_thinking", "strip_wrapping"]
