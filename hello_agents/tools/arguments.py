"""Reading tool arguments: a dict, a JSON object, key=value text, or a bare value.

Models send arguments in many shapes. Native tool calls carry a JSON string; the
tutorial's text protocols carry ``[TOOL_CALL:search:query=Python, limit=3]`` or
ReAct's ``search[Python]``; weak models wrap JSON in code fences. This module only
*reads* them into a dict of named values. Whether those values fit the tool is the
guard's job (:mod:`hello_agents.tools.guard`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, TypeAlias

RawArguments: TypeAlias = str | Mapping[str, Any] | None
"""What a model may send as arguments: JSON or key=value text, a dict, or nothing."""

_KEY = re.compile(r"([A-Za-z_]\w*)\s*=(?!=)\s*")
_NEXT_PAIR = re.compile(r"[,;\n]\s*[A-Za-z_]\w*\s*=(?!=)")
_FENCE_LANGUAGE = re.compile(r"[\w-]*")
_MAX_SHOWN = 60  # characters of a bad value quoted back to the model
MAX_NESTING = 100
"""Arguments nested deeper than this (lists and objects) are refused before they are
parsed or validated: no tool needs them, and thousands of levels exhaust the stack."""


class ArgumentSyntaxError(ValueError):
    """The argument text could not be read; the message says why, for the model."""


def parse_arguments(raw: RawArguments, schema: Mapping[str, Any]) -> dict[str, Any]:
    """Turn raw arguments into a dict of named values, without validating them.

    Args:
        raw: A dict, ``None`` (no arguments), or text: a JSON object, ``key=value``
            pairs, or - for a tool with a single (required) parameter - the value
            itself, as the tutorial's ReAct ``search[Python]`` sends it.
        schema: The tool's JSON Schema, used to find that single parameter.

    Returns:
        The arguments by name.

    Raises:
        ArgumentSyntaxError: The text is neither JSON nor key=value pairs.
    """
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        if _too_deep(raw):
            raise ArgumentSyntaxError(_TOO_DEEP)
        return {str(key): value for key, value in raw.items()}
    value: object = raw  # callers outside the type checker pass numbers or lists too
    if not isinstance(value, str):
        value = json.dumps(value) if isinstance(value, (int, float, bool, list)) else str(value)
    text = _strip_fences(value.strip())
    if not text:
        return {}
    if text.startswith("{"):
        return _parse_json_object(text)
    properties: Mapping[str, Any] = schema.get("properties", {})
    unbraced = _unbraced_json_object(text)
    if unbraced is not None and set(unbraced) <= set(properties):
        return unbraced
    key = _KEY.match(text)
    if key and key.group(1) in properties:
        return parse_key_values(text)
    single = _single_parameter(schema)
    if single is not None:
        return {single: _plain_value(text, properties.get(single, {}))}
    if key:
        return parse_key_values(text)
    if not properties:
        raise ArgumentSyntaxError(f"this tool takes no arguments, got {quote_value(text)}")
    raise ArgumentSyntaxError(
        "expected a JSON object or key=value pairs, got plain text "
        f"{quote_value(text)} (this tool takes more than one argument)"
    )


def parse_key_values(text: str) -> dict[str, Any]:
    """Parse ``key=value, key2="quoted, value", key3=[1, 2]`` into a dict.

    Quoted values (single or double quotes, backslash escapes) may contain
    commas and quotes; ``[...]``/``{...}`` values are read as JSON when they are
    JSON; any other value runs up to the next ``, key=``, so ``text=hello, world``
    keeps its comma.
    Pairs are separated by commas, semicolons or new lines.

    Args:
        text: The key=value text.

    Returns:
        The values by key: strings, or JSON values for bracketed ones.

    Raises:
        ArgumentSyntaxError: A pair is malformed, a quote is never closed, or a
            key is given twice.
    """
    result: dict[str, Any] = {}
    position = 0
    # After one bracket that never closes, later ones are read as text: matching each
    # of thousands of unclosed brackets to the end of the text would be quadratic.
    brackets = True
    while position < len(text):
        while position < len(text) and text[position] in " \t\r\n,;":
            position += 1
        if position >= len(text):
            break
        key_match = _KEY.match(text, position)
        if key_match is None:
            raise ArgumentSyntaxError(
                f"expected key=value at {quote_value(text[position:])}; "
                'write pairs like city="Paris", days=3'
            )
        key = key_match.group(1)
        if key in result:
            raise ArgumentSyntaxError(f"the field {key!r} is given twice")
        result[key], position, brackets = _read_value(text, key_match.end(), key, brackets)
        while position < len(text) and text[position] in " \t":
            position += 1
        if position < len(text) and text[position] not in ",;\r\n":
            raise ArgumentSyntaxError(
                f"unexpected text after the value of {key!r}: {quote_value(text[position:])}; "
                "separate pairs with commas and quote values that contain them"
            )
    return result


def _read_value(text: str, start: int, key: str, brackets: bool) -> tuple[Any, int, bool]:
    """Read one value starting at ``start``.

    Returns:
        The value, the position after it, and whether brackets may still be matched.
    """
    if start >= len(text):
        return "", start, brackets
    opening = text[start]
    if opening in "\"'":
        return (*_read_quoted(text, start, key), brackets)
    if opening in "[{" and brackets:
        try:
            end = _matching_bracket(text, start)
        except ValueError:
            brackets = False
        else:
            try:
                value = load_json(text[start:end])
            except ValueError:
                pass  # not JSON after all, e.g. query=[draft] notes: read it as plain text
            else:
                if _at_separator(text, end):
                    return value, end, brackets
    following = _NEXT_PAIR.search(text, start)
    end = following.start() if following else len(text)
    return text[start:end].strip(), end, brackets


def _at_separator(text: str, position: int) -> bool:
    """Whether only spaces stand between ``position`` and the next pair (or the end)."""
    rest = text[position:].lstrip(" \t")
    return not rest or rest[0] in ",;\r\n"


def _read_quoted(text: str, start: int, key: str) -> tuple[str, int]:
    """Read a quoted value; a double-quoted one is decoded as a JSON string when it is one."""
    quote, characters, position = text[start], [], start + 1
    escapes = {"n": "\n", "t": "\t", "r": "\r"}
    while position < len(text):
        character = text[position]
        if character == "\\" and position + 1 < len(text):
            following = text[position + 1]
            characters.append(escapes.get(following, following))
            position += 2
            continue
        if character == quote:
            if quote == '"':
                try:  # full JSON escapes (\uXXXX ...) when the model wrote a JSON string
                    return str(json.loads(text[start : position + 1])), position + 1
                except ValueError:
                    pass
            return "".join(characters), position + 1
        characters.append(character)
        position += 1
    raise ArgumentSyntaxError(f"the value of {key!r} opens a {quote} quote that is never closed")


def _matching_bracket(text: str, start: int) -> int:
    """The position after the bracket that closes the one at ``start``."""
    depth, position, quote = 0, start, ""
    while position < len(text):
        character = text[position]
        if quote:
            if character == "\\":
                position += 1
            elif character == quote:
                quote = ""
        elif character in "\"'":
            quote = character
        elif character in "[{":
            depth += 1
        elif character in "]}":
            depth -= 1
            if depth == 0:
                return position + 1
        position += 1
    raise ValueError("unclosed bracket")


_TOO_DEEP = (
    f"the arguments are nested more than {MAX_NESTING} levels deep; "
    "send a flat JSON object of the tool's parameters"
)


def load_json(text: str) -> Any:
    """``json.loads`` that fails only with ValueError, whatever the text.

    Args:
        text: The JSON text.

    Returns:
        The value.

    Raises:
        json.JSONDecodeError: The text is not JSON.
        ArgumentSyntaxError: It nests deeper than :data:`MAX_NESTING`, or holds a
            number of more than 4,300 digits (Python refuses to convert those).
    """
    if _nesting_of(text) > MAX_NESTING:
        raise ArgumentSyntaxError(_TOO_DEEP)
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError as error:
        raise ArgumentSyntaxError(_TOO_DEEP) from error
    except ValueError as error:  # "Exceeds the limit (4300 digits) for integer string ..."
        raise ArgumentSyntaxError(
            "a number in the arguments has thousands of digits; "
            "send it as a string, or a shorter number"
        ) from error


def _nesting_of(text: str) -> int:
    """How deeply ``[`` and ``{`` nest in JSON text (outside strings); one pass."""
    depth = deepest = 0
    in_string = escaped = False
    for character in text:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth -= 1
    return deepest


def _too_deep(value: Any) -> bool:
    """Whether lists, tuples and dicts nest deeper than :data:`MAX_NESTING` (no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        current, depth = stack.pop()
        if depth > MAX_NESTING:
            return True
        if isinstance(current, Mapping):
            stack.extend((item, depth + 1) for item in current.values())
        elif isinstance(current, (list, tuple)):
            stack.extend((item, depth + 1) for item in current)
    return False


def _parse_json_object(text: str) -> dict[str, Any]:
    """Parse a JSON object, forgiving trailing commas (``{"a": 1,}``), a common slip."""
    try:
        value = load_json(text)
    except json.JSONDecodeError as error:
        try:
            value = load_json(_without_trailing_commas(text))
        except json.JSONDecodeError:
            raise ArgumentSyntaxError(
                f"invalid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
            ) from error
    if not isinstance(value, dict):
        raise ArgumentSyntaxError(f"expected a JSON object, got {type(value).__name__}")
    return value


def _without_trailing_commas(text: str) -> str:
    """Drop each comma that only whitespace separates from a closing bracket (not in strings)."""
    kept: list[str] = []
    in_string = escaped = False
    next_visible = _next_visible_positions(text)
    for position, character in enumerate(text):
        if in_string:
            escaped = character == "\\" and not escaped
            in_string = not (character == '"' and not escaped)
        elif character == '"':
            in_string = True
        elif character == "," and text[next_visible[position] : next_visible[position] + 1] in (
            "}",
            "]",
        ):
            continue
        kept.append(character)
    return "".join(kept)


def _next_visible_positions(text: str) -> list[int]:
    """For each index, the index of the first non-space character after it (or ``len``)."""
    following = [len(text)] * (len(text) + 1)
    for position in range(len(text) - 1, -1, -1):
        after = position + 1
        following[position] = (
            after if after < len(text) and not text[after].isspace() else following[after]
        )
    return following


def _unbraced_json_object(text: str) -> dict[str, Any] | None:
    """``"city": "Paris", "days": 3`` - a JSON object whose braces were left out."""
    if not text.startswith('"'):
        return None
    try:
        value = load_json("{" + text + "}")
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def _plain_value(text: str, schema: Mapping[str, Any]) -> Any:
    """The bare value of a single parameter, as ReAct's ``tool[value]`` sends it.

    A JSON string literal is unquoted; other JSON is decoded only where the
    parameter is not a string, so a search query like ``[1, 2]`` stays text.
    """
    if (text.startswith('"') and text.endswith('"')) or schema.get("type") != "string":
        try:
            return load_json(text)
        except json.JSONDecodeError:
            return text
    return text


def _strip_fences(text: str) -> str:
    """The body of a ```` ```lang ... ``` ```` fence around the whole text (by slicing:
    a lazy regex before trailing spaces rescans them from every position)."""
    if len(text) >= 6 and text.startswith("```") and text.endswith("```"):
        language = _FENCE_LANGUAGE.match(text, 3, len(text) - 3)
        return text[language.end() if language else 3 : len(text) - 3].strip()
    if len(text) > 1 and text.startswith("`") and text.endswith("`"):
        return text.strip("`").strip()
    return text


def _single_parameter(schema: Mapping[str, Any]) -> str | None:
    """The parameter a bare value goes to: the only one, or the only required one."""
    properties = [str(name) for name in schema.get("properties", {})]
    if len(properties) == 1:
        return properties[0]
    required = [str(name) for name in schema.get("required", [])]
    return required[0] if len(required) == 1 else None


def quote_value(value: Any) -> str:
    """A value as the model should see it quoted back: JSON for text, cut to 60 characters."""
    try:
        text = repr(value) if not isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    except (ValueError, RecursionError):  # a huge int, a deeply nested list
        text = f"(a {type(value).__name__} too large to show)"
    return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 3] + "..."


__all__ = [
    "MAX_NESTING",
    "ArgumentSyntaxError",
    "RawArguments",
    "load_json",
    "parse_arguments",
    "parse_key_values",
    "quote_value",
]
