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
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, create_model

from hello_agents.core.exceptions import ToolException

# JSON Schema type names a ToolParameter may use, and the Python type that validates each.
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
        """The JSON Schema of this one parameter.

        Returns:
            ``{"type": ..., "description": ...}`` plus ``items`` for arrays,
            ``enum`` when set and ``default`` when there is one. The default is
            also written into the description, where every model reads it.
        """
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
    """

    timeout: float | None = None
    is_async: bool = False
    blocking: bool = False

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
        """Run the tool and return its raw value (text for tutorial tools).

        Args:
            arguments: Arguments the guard has already validated.

        Returns:
            Whatever the tool produced; the registry turns it into text.
        """
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
        """The JSON Schema of the tool's arguments, as the model sees it.

        Returns:
            ``{"type": "object", "properties": {...}, "required": [...]}``.
        """
        parameters = self.get_parameters()
        return {
            "type": "object",
            "properties": {p.name: p.to_json_schema() for p in parameters},
            "required": [p.name for p in parameters if p.required],
        }

    def input_model(self) -> type[BaseModel]:
        """The pydantic model the runtime guard validates arguments with.

        Built once from :meth:`get_parameters`; extra fields are refused.

        Returns:
            A pydantic model class with one field per parameter.

        Raises:
            ToolException: A parameter declares an unknown type.
        """
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
        """Check arguments against :meth:`input_model` and return the clean values.

        Args:
            arguments: The parsed, not yet trusted arguments.

        Returns:
            The validated arguments: those given, converted to their declared
            types, plus declared non-``None`` defaults of those left out.

        Raises:
            pydantic.ValidationError: The arguments do not fit the schema.
        """
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


__all__ = ["Tool", "ToolParameter", "camel_case", "parameters_from_schema"]
