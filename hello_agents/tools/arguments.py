"""Tool arguments, read and checked: nothing reaches a tool unvalidated.

Models send arguments in many shapes. Native tool calls carry a JSON string; the
tutorial's text protocols carry ``[TOOL_CALL:search:query=Python, limit=3]`` or
ReAct's ``search[Python]``; weak models wrap JSON in code fences.
:func:`parse_arguments` reads them into a dict of named values;
:func:`check_arguments` then checks them against the tool's schema and returns
either clean arguments or a failed :class:`ToolResult` whose text tells the model
exactly what to fix: the field, what was wrong, and the shape the tool expects.
It never raises for a model mistake, so a bad call becomes an observation the
model can repair.

Every model-facing error text of the tools layer is written here, so it reads
in one place: bad syntax, bad arguments, unknown tools, tool crashes, timeouts.

Python syntax is read here too (:func:`parse_expression`, :func:`literal`): a
Python literal where JSON was expected, a call written as ``f(1, 2)``, the
calculator's expression. Tools run in worker threads, so these parses happen at
the same time; on CPython 3.11 two threads building syntax trees at once can fail
with ``SystemError: AST constructor recursion depth mismatch``, and
``warnings.catch_warnings`` changes state every thread shares. So every parse in
the package goes through these two functions, under one lock (parsing the short
texts involved takes microseconds).
"""

from __future__ import annotations

import ast
import difflib
import json
import re
import threading
import warnings
from collections.abc import Iterator, Mapping
from typing import Any, TypeAlias

from pydantic import ValidationError

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.base import Tool, ToolResult

RawArguments: TypeAlias = str | Mapping[str, Any] | None
"""What a model may send as arguments: JSON or key=value text, a dict, or nothing."""

_KEY = re.compile(r"([A-Za-z_]\w*)\s*=(?!=)\s*")
_NEXT_PAIR = re.compile(r"[,;\n]\s*[A-Za-z_]\w*\s*=(?!=)")
_FENCE_LANGUAGE = re.compile(r"[\w-]*")
_MAX_SHOWN = 60  # characters of a bad value quoted back to the model
MAX_NESTING = 100
"""Arguments nested deeper than this (lists and objects) are refused before they are
parsed or validated: no tool needs them, and thousands of levels exhaust the stack."""


_PARSE_LOCK = threading.Lock()


def parse_expression(text: str) -> ast.Expression:
    """``ast.parse(text, mode="eval")``, one thread at a time, without the
    ``SyntaxWarning`` Python prints for texts like ``5apples``; ``SyntaxError`` (or
    ``RecursionError``, ``MemoryError`` when nested too deep) as ``ast.parse``."""
    with _PARSE_LOCK, warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        return ast.parse(text, mode="eval")


def literal(text: str) -> Any:
    """The value of a Python literal, as ``ast.literal_eval`` reads it.

    Raises:
        ValueError, TypeError: ``text`` is an expression but not a literal.
        SyntaxError, RecursionError, MemoryError: as :func:`parse_expression`.
    """
    return ast.literal_eval(parse_expression(text.lstrip(" \t")))


class ArgumentSyntaxError(ValueError):
    """The argument text could not be read; the message says why, for the model."""


def parse_arguments(raw: RawArguments, schema: Mapping[str, Any]) -> dict[str, Any]:
    """Turn raw arguments into a dict of named values, without validating them.

    ``raw`` is a dict, ``None`` or text: a JSON object, ``key=value`` pairs, or the
    bare value of a tool's single (required) parameter, as ReAct's ``search[Python]``
    sends it (``schema`` names that parameter); :class:`ArgumentSyntaxError` otherwise.
    """
    value: object = raw  # callers outside the type checker pass numbers or lists too
    if not isinstance(value, str):
        return _given_arguments(value, schema)
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


def _given_arguments(raw: object, schema: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`parse_arguments` of anything but text: a dict, ``None``, a number or list."""
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        if _too_deep(raw):
            raise ArgumentSyntaxError(_TOO_DEEP)
        return {str(key): value for key, value in raw.items()}
    return parse_arguments(
        json.dumps(raw) if isinstance(raw, (int, float, bool, list)) else str(raw), schema
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
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError as error:  # deeper than the parser's own stack allows
        raise ArgumentSyntaxError(_TOO_DEEP) from error
    except ValueError as error:  # "Exceeds the limit (4300 digits) for integer string ..."
        raise ArgumentSyntaxError(
            "a number in the arguments has thousands of digits; "
            "send it as a string, or a shorter number"
        ) from error
    if _too_deep(value):
        raise ArgumentSyntaxError(_TOO_DEEP)
    return value


def json_brackets(text: str) -> Iterator[str]:
    """The brackets of JSON text that are outside its strings, in order, then ``"``
    if the text ends inside a string (it was cut off)."""
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
        elif character in "[]{}":
            yield character
    if in_string:
        yield '"'


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
    """The bare value of a single parameter (ReAct's ``tool[value]``): a JSON string
    unquoted; other JSON decoded only for a parameter that is not a string (a
    search query like ``[1, 2]`` stays text)."""
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


def check_arguments(tool: Tool, raw: RawArguments) -> dict[str, Any] | ToolResult:
    """Parse and validate a call's arguments (``raw``, as the model sent them) for
    ``tool``: the validated arguments, or a failed ToolResult (``invalid_json``,
    ``invalid_arguments``) naming each bad field, what was wrong and the shape.
    A tool defined wrongly (a developer's error) raises :class:`ToolException`."""
    schema = tool.input_schema()
    try:
        arguments = parse_arguments(raw, schema)
    except ArgumentSyntaxError as error:
        if tool.text_parameter is None or not isinstance(raw, str):
            return _bad_syntax(tool.name, schema, error)
        arguments = {}
    text_parameter = tool.text_parameter if isinstance(raw, str) else None
    if text_parameter is not None and set(arguments) != {text_parameter}:
        # The tutorial's text function gets the text as written, unless it names the parameter.
        arguments = {text_parameter: str(raw).strip()}
    allowed = schema.get("properties", {})
    unknown = set() if schema.get("additionalProperties") is True else set(arguments) - set(allowed)
    if len(allowed) == 1 and len(arguments) == 1 and unknown:
        # A lone argument under another name ({"expression": "2+2"} for
        # calculator(input)) has nowhere else to go: it is taken as the one parameter.
        arguments, unknown = {next(iter(allowed)): next(iter(arguments.values()))}, set()
    try:
        validated = tool.validate_arguments(arguments)
    except ToolException:
        raise
    except Exception as error:  # pydantic's ValidationError, or a validator's own error
        return _bad_arguments(tool.name, schema, _problems(arguments, schema, error))
    if unknown:
        return _bad_arguments(tool.name, schema, _problems(arguments, schema))
    return validated


def _problems(
    arguments: Mapping[str, Any], schema: Mapping[str, Any], error: Exception | None = None
) -> list[str]:
    """What is wrong with ``arguments``, a line per field: unknown fields (with the
    closest accepted name), then what validation raised."""
    problems = _unknown_field_problems(arguments, schema)
    if isinstance(error, ValidationError):
        problems += [
            describe_validation_error(item, schema)
            for item in error.errors(include_url=False)
            if item["type"] != "extra_forbidden"
        ]
    elif error is not None:  # a validator that raised something pydantic does not wrap
        problems.append(f"{type(error).__name__}: {error}")
    return problems


def _unknown_field_problems(arguments: Mapping[str, Any], schema: Mapping[str, Any]) -> list[str]:
    if schema.get("additionalProperties") is True:
        return []
    allowed = list(schema.get("properties", {}))
    problems = []
    for name in arguments:
        if name in allowed:
            continue
        close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}? " if close else ""
        accepted = ", ".join(allowed) if allowed else "none (call it with no arguments)"
        problems.append(f"{name}: unknown field; {hint}accepted fields: {accepted}")
    return problems


def describe_validation_error(error: Any, schema: Mapping[str, Any]) -> str:
    """One pydantic error as a line the model can act on.

    Args:
        error: One item of ``ValidationError.errors()``.
        schema: The JSON Schema the arguments were checked against.

    Returns:
        ``field: what was wrong; got <value>; expected <type>``.
    """
    location = _location(error["loc"])
    top_field = str(error["loc"][0]) if error["loc"] else ""
    field_schema = schema.get("properties", {}).get(top_field, {})
    expected = type_label(field_schema, schema.get("$defs", {})) if field_schema else ""
    if error["type"] == "missing":
        if len(error["loc"]) > 1 or not expected:
            return f"{location}: required field is missing"
        description = field_schema.get("description")
        about = f" - {description}" if description else ""
        return f"{location}: required field is missing; expected {expected}{about}"
    line = f"{location}: {error['msg']}; got {quote_value(error['input'])}"
    if expected and len(error["loc"]) == 1:
        line += f"; expected {expected}"
    return line


def _location(location: tuple[int | str, ...]) -> str:
    text = ""
    for part in location:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(arguments)"


# --------------------------------------------------------------------------- shapes


def signature(tool_name: str, schema: Mapping[str, Any]) -> str:
    """A tool's signature from its JSON Schema, for prompts and error messages:
    e.g. ``get_weather(city: string, unit: "c" | "f" = "c", days?: integer)``."""
    definitions = schema.get("$defs", {})
    required = set(schema.get("required", []))
    parts = []
    for name, field_schema in schema.get("properties", {}).items():
        label = type_label(field_schema, definitions)
        if name in required:
            parts.append(f"{name}: {label}")
        elif "default" in field_schema:
            parts.append(f"{name}: {label} = {json.dumps(field_schema['default'])}")
        else:
            parts.append(f"{name}?: {label}")
    return f"{tool_name}({', '.join(parts)})"


_SCALARS = ("string", "integer", "number", "boolean", "null")
_COMPOSITE = frozenset(["$ref", "enum", "const", "anyOf", "oneOf", "properties", "items"])


def type_label(schema: Mapping[str, Any], definitions: Mapping[str, Any], depth: int = 0) -> str:
    """A short readable type for a JSON Schema: ``integer (>= 1)``, ``list[string]``,
    ``"a" | "b"``...; ``$ref`` entries point into ``definitions``."""
    json_type = schema.get("type")
    if json_type in _SCALARS and not _COMPOSITE.intersection(schema):
        return f"{json_type}{_limits(schema)}"
    return _composite_label(schema, definitions, depth)


def _composite_label(schema: Mapping[str, Any], definitions: Mapping[str, Any], depth: int) -> str:
    """:func:`type_label` of anything but a plain scalar; objects nested deeper
    than two levels (``depth``) are shown as ``object``."""
    if "$ref" in schema:
        name = str(schema["$ref"]).rsplit("/", 1)[-1]
        target = definitions.get(name)
        return type_label(target, definitions, depth) if target else name
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"])
    for combinator in ("anyOf", "oneOf"):
        if combinator in schema:
            return " | ".join(type_label(s, definitions, depth) for s in schema[combinator])
    json_type = schema.get("type")
    if isinstance(json_type, list):
        return " | ".join(str(t) for t in json_type)
    if json_type == "array":
        items = schema.get("items")
        return f"list[{type_label(items, definitions, depth + 1)}]" if items else "list"
    if json_type == "object" or "properties" in schema:
        properties = schema.get("properties")
        if not properties or depth >= 2:
            return "object"
        required = set(schema.get("required", []))
        fields = [
            f"{name}{'' if name in required else '?'}: {type_label(sub, definitions, depth + 1)}"
            for name, sub in properties.items()
        ]
        return "{" + ", ".join(fields) + "}"
    return f"{json_type}{_limits(schema)}" if json_type else "any"


_LIMITS = {
    "minimum": ">=",
    "exclusiveMinimum": ">",
    "maximum": "<=",
    "exclusiveMaximum": "<",
    "minLength": "length >=",
    "maxLength": "length <=",
    "pattern": "matching",
}


def _number(value: Any) -> Any:
    """``10000.0`` -> ``10000``: some pydantic versions write float bounds of whole numbers."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _limits(schema: Mapping[str, Any]) -> str:
    """`` (>= 1, <= 14)`` for a schema with bounds, so the model sees them up front."""
    limits = [
        f"{symbol} {_number(schema[key])}" for key, symbol in _LIMITS.items() if key in schema
    ]
    return f" ({', '.join(limits)})" if limits else ""


# --------------------------------------------------------------------------- other observations


def _bad_syntax(
    tool_name: str, schema: Mapping[str, Any], error: ArgumentSyntaxError
) -> ToolResult:
    """The reply to arguments that could not be read at all (``invalid_json``)."""
    return ToolResult.failure(
        tool_name,
        "invalid_json",
        f"Could not read the arguments for tool {tool_name!r}: {error}.\n"
        f"Expected arguments: {signature(tool_name, schema)}\n"
        'Send a JSON object such as {"name": value}, or key=value pairs.',
    )


def _bad_arguments(tool_name: str, schema: Mapping[str, Any], problems: list[str]) -> ToolResult:
    """The reply to arguments that do not fit the schema: one line per problem
    (``invalid_arguments``)."""
    return ToolResult.failure(
        tool_name,
        "invalid_arguments",
        f"Invalid arguments for tool {tool_name!r}:\n"
        + "\n".join(f"- {problem}" for problem in problems)
        + f"\nExpected arguments: {signature(tool_name, schema)}\n"
        "Fix these fields and call the tool again.",
    )


def unknown_tool(name: str, available: list[str]) -> ToolResult:
    """The observation for a call to a tool that does not exist.

    Args:
        name: The name the model used.
        available: The names it could have used.

    Returns:
        A failed result (``unknown_tool``) naming a close match and the available tools.
    """
    if not available:
        return ToolResult.failure(
            name, "unknown_tool", f"There is no tool {name!r}: no tools are available."
        )
    lowered = {candidate.lower(): candidate for candidate in available}
    close = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    hint = f" Did you mean {lowered[close[0]]!r}?" if close else ""
    return ToolResult.failure(
        name,
        "unknown_tool",
        f"There is no tool {name!r}.{hint} Available tools: {', '.join(available)}.",
    )


def tool_failed(tool_name: str, error: BaseException) -> ToolResult:
    """The observation for a tool that raised: ``execution_error``, with the error
    type and message."""
    return ToolResult.failure(
        tool_name,
        "execution_error",
        f"Tool {tool_name!r} failed: {type(error).__name__}: {_message_of(error)}\n"
        "Check the arguments, or try a different approach.",
    )


def tool_exited(tool_name: str, error: SystemExit) -> ToolResult:
    """The observation for a tool that called ``sys.exit()`` (the program goes on):
    ``execution_error``."""
    return ToolResult.failure(
        tool_name,
        "execution_error",
        f"Tool {tool_name!r} tried to end the program (sys.exit({error.code!r})) and was "
        "stopped; it produced no result. Try a different approach.",
    )


def arguments_unreadable(tool_name: str, error: Exception) -> ToolResult:
    """The observation for arguments that could not even be read, a last resort:
    ``invalid_arguments``."""
    return ToolResult.failure(
        tool_name,
        "invalid_arguments",
        f"Could not read the arguments for tool {tool_name!r} "
        f"({type(error).__name__}: {_message_of(error)}). "
        "Send a small, flat JSON object of the tool's parameters.",
    )


def _message_of(error: BaseException) -> str:
    """An exception's message, cut to 500 characters; never raises (``__str__`` may)."""
    try:
        message = str(error)
    except Exception:
        return "(its message could not be shown)"
    message = message or "(no message)"
    return message if len(message) <= 500 else message[:497] + "..."


def tool_timed_out(tool_name: str, timeout: float) -> ToolResult:
    """The observation for a tool that did not finish within ``timeout`` seconds:
    ``timeout``."""
    return ToolResult.failure(
        tool_name,
        "timeout",
        f"Tool {tool_name!r} did not finish within {timeout:g} seconds and was abandoned. "
        "Try a smaller request, or a different approach.",
    )


__all__ = [
    "MAX_NESTING",
    "ArgumentSyntaxError",
    "RawArguments",
    "arguments_unreadable",
    "check_arguments",
    "describe_validation_error",
    "json_brackets",
    "literal",
    "load_json",
    "parse_arguments",
    "parse_expression",
    "parse_key_values",
    "quote_value",
    "signature",
    "tool_exited",
    "tool_failed",
    "tool_timed_out",
    "type_label",
    "unknown_tool",
]
