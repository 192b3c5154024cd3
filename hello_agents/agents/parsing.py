"""Small text-scanning helpers shared by the agents' reply parsers.

Models wrap things in brackets that nest, in quotes that contain brackets, and
in markdown (backticks, code fences, bold). These helpers find the end of a
bracketed span without being fooled by any of that.
"""

from __future__ import annotations

import re

MAX_REPLY_CHARS = 1_000_000
"""The parsers read at most this many characters of a reply (the rest is ignored,
and the model is told so when nothing usable was found). Every parser is linear
in its input, so this bounds the time one reply can take (well under a second)."""

_OPENERS = {"[": "]", "{": "}", "(": ")"}
_CLOSERS = {"]", "}", ")"}
_FENCE = re.compile(r"^[ \t]*```[\w+-]*[ \t]*$", re.MULTILINE)
_THINKING = re.compile(r"<think>.*?(?:</think>|\Z)", re.DOTALL | re.IGNORECASE)


def matching_bracket(text: str, start: int, end: int | None = None) -> int | None:
    """Index of the bracket closing the one at ``text[start]``, or None.

    Nested ``[]``, ``{}`` and ``()`` are tracked, and brackets inside JSON-style
    double-quoted strings (with backslash escapes) are ignored. Single quotes
    are not treated as strings: they are apostrophes in prose too often.

    Args:
        text: The text.
        start: Where the opening bracket is.
        end: Look no further than this index (the whole text if None). Callers
            that try many openings bound each scan, so that their total work
            stays linear in the length of the text.
    """
    if start >= len(text) or text[start] not in _OPENERS:
        return None
    stop = len(text) if end is None else min(end, len(text))
    stack = [_OPENERS[text[start]]]
    position = start + 1
    in_string = False
    while position < stop:
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


def capped(text: str) -> tuple[str, bool]:
    """The part of a reply the parsers read, and whether anything was left out.

    Args:
        text: The model's reply.

    Returns:
        The first :data:`MAX_REPLY_CHARS` characters, and True when the reply was longer.
    """
    if len(text) <= MAX_REPLY_CHARS:
        return text, False
    return text[:MAX_REPLY_CHARS], True


def cap_note(was_capped: bool) -> str:
    """The sentence that tells the model its reply was read only in part ("" if it was not)."""
    if not was_capped:
        return ""
    return (
        f" (your reply was longer than {MAX_REPLY_CHARS} characters; only the first "
        f"{MAX_REPLY_CHARS} were read: keep replies short)"
    )


def strip_code_fences(text: str) -> str:
    """Remove markdown code-fence lines (```lang), keeping what they enclose."""
    return _FENCE.sub("", text)


def strip_thinking(text: str) -> str:
    """Remove the ``<think>...</think>`` blocks reasoning models write (an unclosed
    one runs to the end), and the blank lines around what remains."""
    return _THINKING.sub("", text).strip()


def strip_wrapping(text: str) -> str:
    """Trim whitespace and markdown wrappers (backticks, bold, italics) around a value.

    Works on indices and slices once at the end, so a reply of a million
    backticks costs one pass, not one copy per layer.
    """
    start, end = 0, len(text)
    changed = True
    while changed:
        changed = False
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        for mark in ("```", "**", "`", "*"):
            size = len(mark)
            if (
                end - start > 2 * size
                and text.startswith(mark, start, end)
                and text.endswith(mark, start, end)
            ):
                start, end, changed = start + size, end - size, True
                break
    return text[start:end]


__all__ = [
    "MAX_REPLY_CHARS",
    "cap_note",
    "capped",
    "matching_bracket",
    "strip_code_fences",
    "strip_thinking",
    "strip_wrapping",
]
