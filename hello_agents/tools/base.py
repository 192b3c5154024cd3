"""The tool contract the tutorial teaches: ``Tool.run(dict) -> str``.

A tool has a name and a description (what the model reads to decide whether
to call it), declares its parameters with :class:`ToolParameter`, and turns a
dict of arguments into a string.

On top of that contract every tool can describe itself in two machine forms,
both derived from the same parameter list:

* :meth:`Tool.input_schema` - the JSON Schema the model sees (``to_openai_schema``);
* :meth:`Tool.input_model` - a pydantic model the runtime guard validates
  arguments against before :meth:`Tool.run` is ever called.

Typed tools (:mod:`hello_agents.tools.typed`) override both with schemas
generated from Python types; tutorial-style tools get them for free.

Every execution path (text protocol, native tool calls, chains, the parallel
executor, MCP) ends in a :class:`ToolResult`, defined here beside the tool. It
always says whether the tool succeeded; ``str(result)`` is the text the
tutorial's agents feed back to the model, so code written against plain
strings keeps working.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, create_model

from hello_agents.core.exceptions import ToolException

_PYTHON_TYPES: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": float,
    "boolean": bool,
    "array": list[Any],
    "object": dict[str, Any],
}


class ToolParameter(BaseModel):
    """One parameter of a :class:`Tool`.

    Attributes:
        name: The argument's key.
        type: A JSON Schema type name: ``"string"``, ``"integer"``, ``"number"``,
            ``"boolean"``, ``"array"`` or ``"object"``.
        description: What the argument means, for the model.
        required: Whether the call must supply it.
        default: The value used when it is omitted.
        enum: The only values allowed, when the choice is closed.
        items: The JSON Schema of one element, for ``type="array"``
            (a string, as the tutorial does, when not given).
    """

    name: str
    type: str
    description: str
    required: bool = True
    default: Any = None
    enum: list[Any] | None = None
    items: dict[str, Any] | None = None

    def to_json_schema(self) -> dict[str, Any]:
        """The JSON Schema of this one parameter: type and description, plus ``items``,
        ``enum`` and ``default`` when set (the default also in the description,
        where every model reads it)."""
        description = self.description
        if self.default is not None:
            description = f"{description} (default: {self.default})"
        schema: dict[str, Any] = {"type": self.type, "description": description}
        if self.type == "array":
            schema["items"] = self.items if self.items is not None else {"type": "string"}
        if self.enum is not None:
            schema["enum"] = list(self.enum)
        if self.default is not None:
            schema["default"] = self.default
        return schema

    def python_type(self) -> Any:
        """The Python type the runtime guard validates this parameter with.

        Returns:
            ``str``, ``int``, ``float``, ``bool``, ``list[...]`` or ``dict[str, Any]``,
            or a ``Literal`` of the allowed values when ``enum`` is set.

        Raises:
            ToolException: ``type`` is not one of the six JSON Schema type names.
        """
        if self.type not in _PYTHON_TYPES:
            raise ToolException(
                f"Parameter {self.name!r} has type {self.type!r}; "
                f"use one of {', '.join(_PYTHON_TYPES)}."
            )
        if self.enum:
            return Literal[tuple(self.enum)]
        if self.type == "array":
            items = self.items if self.items is not None else {"type": "string"}
            item_type = _PYTHON_TYPES.get(str(items.get("type")), Any)
            return list[item_type]  # type: ignore[valid-type]
        return _PYTHON_TYPES[self.type]


class Tool(ABC):
    """Base class of every tool.

    Subclass it, give the tool a name and a description, list its parameters
    in :meth:`get_parameters` and do the work in :meth:`run`. The registry
    validates the arguments against those parameters before ``run`` sees them.

    Args:
        name: The name the model calls the tool by.
        description: One or two sentences telling the model what it does.

    Attributes:
        timeout: Seconds a single call may take before the registry gives up on
            it (``None``: no limit of its own).
        is_async: True when :meth:`ainvoke` is the native way to call the tool.
        blocking: For an async tool: True when it may block its event loop
            (``time.sleep``, a sync HTTP client). ``aexecute`` then runs it on a
            loop of its own in a thread, where its time limit holds, instead of on
            the caller's loop. The registry sets it by itself on a tool that
            overran its limit while holding the loop.
        text_parameter: The parameter that takes the text of a call as the model
            wrote it, the tutorial's ``Callable[[str], str]`` contract (set for
            such functions by ``register_function``): a call written as text whose
            arguments do not name this parameter (``add[{"a": 2, "b": 3}]``,
            ``a=2, b=3``) is passed whole, not read as other fields.
    """

    timeout: float | None = None
    is_async: bool = False
    blocking: bool = False
    text_parameter: str | None = None

    def __init__(self, name: str, description: str) -> None:
        self.name = name
        self.description = description
        self._input_model: type[BaseModel] | None = None

    @abstractmethod
    def run(self, parameters: dict[str, Any]) -> str:
        """Run the tool on already-validated arguments and return text."""

    @abstractmethod
    def get_parameters(self) -> list[ToolParameter]:
        """The parameters this tool accepts."""

    # The structured API the registry uses. Tutorial tools never override it.

    def invoke(self, arguments: dict[str, Any]) -> Any:
        """Run the tool on validated arguments; the registry turns its value into text."""
        return self.run(arguments)

    async def ainvoke(self, arguments: dict[str, Any]) -> Any:
        """The async twin of :meth:`invoke`, used when :attr:`is_async` is True.

        The default runs :meth:`invoke` in place; the registry never awaits it
        for sync tools (it runs them in a thread instead).

        Args:
            arguments: Arguments the guard has already validated.

        Returns:
            Whatever the tool produced.
        """
        return self.invoke(arguments)

    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema of the tool's arguments, as the model sees it."""
        parameters = self.get_parameters()
        return {
            "type": "object",
            "properties": {p.name: p.to_json_schema() for p in parameters},
            "required": [p.name for p in parameters if p.required],
        }

    def input_model(self) -> type[BaseModel]:
        """The pydantic model (one field per parameter, extra fields refused) the
        guard validates arguments with, built once; :class:`ToolException` for a
        parameter of an unknown type."""
        if getattr(self, "_input_model", None) is None:
            fields: dict[str, Any] = {}
            for parameter in self.get_parameters():
                python_type = parameter.python_type()
                if parameter.required:
                    fields[parameter.name] = (python_type, Field(description=parameter.description))
                else:  # None stands for "not given"
                    default = Field(parameter.default, description=parameter.description)
                    fields[parameter.name] = (python_type | None, default)
            self._input_model = create_model(
                camel_case(self.name) + "Arguments", __config__=ConfigDict(extra="forbid"), **fields
            )
        assert self._input_model is not None
        return self._input_model

    def validate_arguments(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """The arguments given, converted to their declared types by :meth:`input_model`,
        plus the declared defaults (not ``None``) of those left out; a pydantic
        ``ValidationError`` when they do not fit."""
        validated = self.input_model().model_validate(arguments)
        return {name: getattr(validated, name) for name in validated.model_fields_set} | {
            p.name: p.default
            for p in self.get_parameters()
            if p.name not in validated.model_fields_set and p.default is not None
        }

    def to_openai_schema(self) -> dict[str, Any]:
        """The tool in OpenAI function-calling form.

        Returns:
            ``{"type": "function", "function": {"name", "description", "parameters"}}``.
        """
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.input_schema(),
            },
        }

    def to_dict(self) -> dict[str, Any]:
        """A plain description of the tool (name, description, parameters)."""
        return {
            "name": self.name,
            "description": self.description,
            "parameters": [parameter.model_dump() for parameter in self.get_parameters()],
        }

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"

    __str__ = __repr__


def camel_case(name: str) -> str:
    """``get_weather`` -> ``GetWeather``: tool names as class names of generated models.

    Args:
        name: A tool name (letters, digits, ``_`` and ``-``).

    Returns:
        The name in CamelCase.
    """
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^0-9A-Za-z]+", name))


def parameters_from_schema(schema: dict[str, Any]) -> list[ToolParameter]:
    """Read a flat :class:`ToolParameter` list back out of a JSON Schema.

    Typed tools use it to honour :meth:`Tool.get_parameters`: ``$ref`` and
    ``X | None`` are resolved, nested objects are summarised as ``"object"``.

    Args:
        schema: An object schema with ``properties`` and ``required``.

    Returns:
        One ToolParameter per top-level property.
    """
    definitions = cast(dict[str, Any], schema.get("$defs", {}))
    required = set(cast(list[str], schema.get("required", [])))
    parameters = []
    for name, property_schema in cast(dict[str, Any], schema.get("properties", {})).items():
        resolved = _resolve_schema(property_schema, definitions)
        parameters.append(
            ToolParameter(
                name=name,
                type=resolved.get("type", "object" if "properties" in resolved else "string"),
                description=property_schema.get("description", ""),
                required=name in required,
                default=property_schema.get("default"),
                enum=resolved.get("enum"),
                items=resolved.get("items"),
            )
        )
    return parameters


def _resolve_schema(schema: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any]:
    """Follow a local ``$ref`` and take the first non-null branch of an ``anyOf``."""
    if "$ref" in schema:
        target = definitions.get(str(schema["$ref"]).rsplit("/", 1)[-1], {})
        return _resolve_schema(
            {**target, **{k: v for k, v in schema.items() if k != "$ref"}}, definitions
        )
    if "anyOf" in schema:
        branches = [b for b in schema["anyOf"] if b.get("type") != "null"]
        if len(branches) == 1:
            return _resolve_schema(branches[0], definitions)
    if not isinstance(schema.get("type"), str):
        return {k: v for k, v in schema.items() if k != "type"}
    return schema


ToolErrorKind = Literal[
    "unknown_tool",  # no tool with that name (or not loaded yet)
    "invalid_json",  # the arguments were not parseable
    "invalid_arguments",  # parsed, but failed the tool's schema
    "execution_error",  # the tool raised
    "timeout",  # the tool did not finish in time
]


@dataclass(frozen=True)
class ToolResult:
    """What one tool call produced.

    Attributes:
        tool_name: The tool that was asked for.
        ok: True when the tool ran and returned normally.
        content: The text for the model: the tool's output, or an actionable
            error message that says what was wrong and how to fix the call.
        error_kind: Why it failed, when ``ok`` is False.
        data: The tool's structured return value, when it had one and its
            text fitted the registry's ``max_output_chars``. A larger value is
            not kept (``data`` is None, ``metadata["data_dropped"]`` is True), so
            a result never holds more than its truncated text in memory.
        truncated: True when ``content`` was cut to the configured size.
        metadata: Free extra data (timings, call ids ...).
    """

    tool_name: str
    ok: bool
    content: str
    error_kind: ToolErrorKind | None = None
    data: Any = None
    truncated: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.content

    @classmethod
    def success(cls, tool_name: str, content: str, data: Any = None) -> ToolResult:
        """A successful result."""
        return cls(tool_name=tool_name, ok=True, content=content, data=data)

    @classmethod
    def failure(cls, tool_name: str, kind: ToolErrorKind, message: str) -> ToolResult:
        """A failed result whose ``message`` is written for the model."""
        return cls(tool_name=tool_name, ok=False, content=message, error_kind=kind)

    @classmethod
    def from_value(cls, tool_name: str, value: Any) -> ToolResult:
        """The result of a tool's return value: text as it is, anything else rendered
        as JSON and kept in ``data``; a failed result (``execution_error``) when the
        value cannot be shown as text at all (a huge integer, a raising ``__str__``)."""
        if isinstance(value, str):
            return cls.success(tool_name, value)
        try:
            content = render_value(value)
        except Exception as error:
            return cls.failure(tool_name, "execution_error", _unshowable(tool_name, value, error))
        return cls.success(tool_name, content, data=value)

    def truncated_to(self, max_chars: int | None) -> ToolResult:
        """``self`` if its content fits in ``max_chars`` (``None``: no limit), else
        :meth:`cut_to` that length."""
        if max_chars is None or len(self.content) <= max_chars:
            return self
        return self.cut_to(max_chars)

    def cut_to(self, max_chars: int) -> ToolResult:
        """A copy cut to ``max_chars`` (``truncated=True``), ending with how much was cut."""
        marker = (
            f"\n[output truncated: showing the first {max_chars} of {len(self.content)} characters]"
        )
        metadata = self.metadata if self.data is None else {**self.metadata, "data_dropped": True}
        return replace(
            self,
            content=self.content[:max_chars] + marker,
            truncated=True,
            data=None,  # the full value would keep what the text was cut to spare alive
            metadata=metadata,
        )


def _unshowable(tool_name: str, value: Any, error: Exception) -> str:
    return (
        f"Tool {tool_name!r} returned a value of type {type(value).__name__} "
        f"that cannot be shown as text ({type(error).__name__}: {_safe_text(error)}). "
        "The tool should return text, a number, or JSON-like data."
    )


def render_value(value: Any) -> str:
    """Turn a tool's return value into text for the model.

    Args:
        value: A string, a pydantic model, or anything JSON can represent.

    Returns:
        The string itself, the model's JSON, JSON for other values (unknown
        objects fall back to ``str``), or ``"(no output)"`` for ``None``, so the
        model never reads an empty observation after an action with side effects.
    """
    if value is None:
        return "(no output)"
    if isinstance(value, str):
        return value
    if isinstance(value, BaseModel):
        return value.model_dump_json()
    try:
        return json.dumps(value, ensure_ascii=False, default=_json_fallback)
    except (TypeError, ValueError, RecursionError):  # circular structures and the like
        return str(value)


def _json_fallback(value: Any) -> Any:
    """How ``json.dumps`` renders values it does not know (models, dates, sets ...)."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


def _safe_text(error: BaseException) -> str:
    """``str(error)``, or a placeholder when even that fails."""
    try:
        return str(error)[:200]
    except Exception:
        return "(the error message itself could not be shown)"


__all__ = [
    "Tool",
    "ToolErrorKind",
    "ToolParameter",
    "ToolResult",
    "camel_case",
    "parameters_from_schema",
    "render_value",
]
