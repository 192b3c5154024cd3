"""The runtime schema guard: nothing reaches a tool unvalidated.

A model's tool arguments arrive as a JSON string, a dict (native tool calls) or
the tutorial's ``key=value, key2=value2`` text. :func:`check_arguments` reads
them (with :mod:`hello_agents.tools.arguments`), checks them against the tool's
schema, and returns either clean arguments
or a failed :class:`ToolResult` whose text tells the model exactly what to fix:
the field, what was wrong, and the shape the tool expects. It never raises for a
model mistake, so a bad call becomes an observation the model can repair.

Every model-facing error text of the tools layer is written here, so it reads
in one place: bad syntax, bad arguments, unknown tools, tool crashes, timeouts.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.arguments import (
    ArgumentSyntaxError,
    RawArguments,
    parse_arguments,
    quote_value,
)
from hello_agents.tools.base import Tool
from hello_agents.tools.result import ToolResult


def check_arguments(tool: Tool, raw: RawArguments) -> dict[str, Any] | ToolResult:
    """Parse and validate a call's arguments for ``tool``.

    Args:
        tool: The tool about to be called.
        raw: The arguments as the model sent them.

    Returns:
        The validated arguments, ready for ``tool.invoke``; or a failed
        ToolResult (``invalid_json`` or ``invalid_arguments``) whose content
        names each bad field, what was wrong and the expected shape.

    Raises:
        ToolException: The tool itself is defined wrongly (a developer error).
    """
    schema = tool.input_schema()
    try:
        arguments = parse_arguments(raw, schema)
    except ArgumentSyntaxError as error:
        return ToolResult.failure(
            tool.name,
            "invalid_json",
            f"Could not read the arguments for tool {tool.name!r}: {error}.\n"
            f"Expected arguments: {signature(tool.name, schema)}\n"
            'Send a JSON object such as {"name": value}, or key=value pairs.',
        )
    arguments = _lone_argument_renamed(arguments, schema)
    problems = _unknown_field_problems(arguments, schema)
    try:
        validated = tool.validate_arguments(arguments)
    except ValidationError as error:
        problems += [
            describe_validation_error(item, schema)
            for item in error.errors(include_url=False)
            if item["type"] != "extra_forbidden"
        ]
    except ToolException:
        raise
    except Exception as error:  # a validator that raised something pydantic does not wrap
        problems.append(f"{type(error).__name__}: {error}")
    if not problems:
        return validated
    return ToolResult.failure(
        tool.name,
        "invalid_arguments",
        f"Invalid arguments for tool {tool.name!r}:\n"
        + "\n".join(f"- {problem}" for problem in problems)
        + f"\nExpected arguments: {signature(tool.name, schema)}\n"
        "Fix these fields and call the tool again.",
    )


def _lone_argument_renamed(arguments: dict[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    """For a tool with exactly one parameter, a lone argument under another name
    (``{"expression": "2+2"}`` for ``calculator(input)``) is taken as that parameter:
    there is nowhere else it could go. Its value is still validated."""
    parameters = list(schema.get("properties", {}))
    if len(parameters) != 1 or len(arguments) != 1 or parameters[0] in arguments:
        return arguments
    if schema.get("additionalProperties") is True:
        return arguments
    return {parameters[0]: next(iter(arguments.values()))}


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
    """A compact, readable signature of a tool, for error messages and indexes.

    Args:
        tool_name: The tool's name.
        schema: Its JSON Schema.

    Returns:
        E.g. ``get_weather(city: string, unit: "c" | "f" = "c", days?: integer)``.
    """
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


def type_label(schema: Mapping[str, Any], definitions: Mapping[str, Any], depth: int = 0) -> str:
    """A short human-readable type for a JSON Schema (``list[string]``, ``"a" | "b"``...).

    Args:
        schema: The schema to describe.
        definitions: The ``$defs`` that ``$ref`` entries point into.
        depth: Nesting level; objects deeper than two levels are shown as ``object``.

    Returns:
        The label.
    """
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
    """The observation for a tool that raised.

    Args:
        tool_name: The tool that ran.
        error: What it raised.

    Returns:
        A failed result (``execution_error``) with the error type and message.
    """
    return ToolResult.failure(
        tool_name,
        "execution_error",
        f"Tool {tool_name!r} failed: {type(error).__name__}: {_message_of(error)}\n"
        "Check the arguments, or try a different approach.",
    )


def tool_exited(tool_name: str, error: SystemExit) -> ToolResult:
    """The observation for a tool that called ``sys.exit()`` (the program goes on).

    Args:
        tool_name: The tool that ran.
        error: The SystemExit it raised.

    Returns:
        A failed result (``execution_error``).
    """
    return ToolResult.failure(
        tool_name,
        "execution_error",
        f"Tool {tool_name!r} tried to end the program (sys.exit({error.code!r})) and was "
        "stopped; it produced no result. Try a different approach.",
    )


def arguments_unreadable(tool_name: str, error: Exception) -> ToolResult:
    """The observation for arguments that could not even be read (a last resort).

    Args:
        tool_name: The tool that was called.
        error: What reading them raised.

    Returns:
        A failed result (``invalid_arguments``).
    """
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
    """The observation for a tool that did not finish in time.

    Args:
        tool_name: The tool that ran.
        timeout: The limit it exceeded, in seconds.

    Returns:
        A failed result (``timeout``).
    """
    return ToolResult.failure(
        tool_name,
        "timeout",
        f"Tool {tool_name!r} did not finish within {timeout:g} seconds and was abandoned. "
        "Try a smaller request, or a different approach.",
    )


__all__ = [
    "arguments_unreadable",
    "check_arguments",
    "describe_validation_error",
    "signature",
    "tool_exited",
    "tool_failed",
    "tool_timed_out",
    "type_label",
    "unknown_tool",
]
