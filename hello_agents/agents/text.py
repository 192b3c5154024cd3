"""The text agents send and read: prompt templates filled safely, replies scanned.

Prompt templates: named placeholders, checked early, filled safely. Agents keep
their templates as module constants with ``{placeholder}`` fields. :func:`render`
fills only the placeholders it is given by name, so a template may contain other
braces (a JSON example, a code snippet) without escaping, and text inserted by a
placeholder (a user question full of braces) is never interpreted again.
:func:`check_template` rejects, when an agent is built, a custom template that
lacks a placeholder the agent needs.

Replies: models wrap things in brackets that nest, in quotes that contain
brackets, and in markdown (backticks, code fences, bold). The scanning helpers
shared by the agents' reply parsers (:func:`matching_bracket`,
:func:`strip_code_fences`, :func:`strip_thinking`, :func:`strip_wrapping`) find
the end of a bracketed span without being fooled by any of that.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from hello_agents.core.exceptions import AgentException

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def placeholders(template: str) -> set[str]:
    """The ``{name}`` placeholders a template uses."""
    return set(_PLACEHOLDER.findall(template))


def check_template(template: str, required: Iterable[str], name: str) -> str:
    """Return ``template`` if it has every required placeholder.

    Args:
        template: The template text.
        required: Placeholders the agent fills and needs the model to see.
        name: The template's name, for the error message.

    Raises:
        AgentException: If a required placeholder is missing.
    """
    missing = sorted(set(required) - placeholders(template))
    if missing:
        needed = ", ".join("{" + field + "}" for field in sorted(required))
        raise AgentException(
            f"prompt template {name!r} is missing {', '.join('{' + m + '}' for m in missing)}; "
            f"it must contain {needed}"
        )
    return template


def merge_prompts(
    defaults: Mapping[str, str],
    custom: Mapping[str, str] | None,
    required: Mapping[str, Iterable[str]],
) -> dict[str, str]:
    """Default templates overridden by ``custom`` ones, each checked.

    Raises:
        AgentException: For an unknown template key or a missing placeholder.
    """
    unknown = sorted(set(custom or {}) - set(defaults))
    if unknown:
        raise AgentException(
            f"unknown prompt name(s) {', '.join(unknown)}; expected some of: "
            f"{', '.join(sorted(defaults))}"
        )
    merged = {**defaults, **(custom or {})}
    return {key: check_template(text, required.get(key, ()), key) for key, text in merged.items()}


def render(template: str, **values: object) -> str:
    """Fill the named placeholders of ``template``; leave every other brace alone."""

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        return str(values[key]) if key in values else match.group(0)

    return _PLACEHOLDER.sub(fill, template)


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
    "check_template",
    "matching_bracket",
    "merge_prompts",
    "placeholders",
    "render",
    "strip_code_fences",
    "strip_thinking",
    "strip_wrapping",
]
