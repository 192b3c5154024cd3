"""JSON Schema to pydantic: an MCP server's tool schema becomes a local input model.

An MCP server describes each tool's arguments with a JSON Schema. To validate a
model's arguments *before* they travel to the server (so a mistake comes back
as an observation that names the field, like any local tool), the schema is
compiled into a pydantic model:

* ``type`` (one name or a list), ``enum``, ``const``, ``null``;
* objects with ``properties``/``required`` (nested objects become nested models),
  maps (``additionalProperties: {...}``), arrays (``items``);
* ``$ref`` into ``#/$defs`` or ``#/definitions``, ``anyOf``/``oneOf`` (a union),
  ``allOf`` of objects (merged);
* bounds (``minimum``, ``maxLength``, ``pattern``, ``minItems`` ...), wherever
  they appear (in array items and ``anyOf`` branches too), and descriptions.

A property left out of ``required`` is optional: when the model leaves it out,
or sends ``null`` for a property that does not allow null, it is not sent at
all, so the server applies its own default.

Keywords that change the *shape* of valid arguments and that the translator
cannot express (``not``, ``if``/``then``, ``patternProperties`` ...) raise
:class:`SchemaTranslationError`: that tool fails visibly rather than validating
wrongly. Value checks it does not enforce (``format``, ``uniqueItems``,
``minProperties`` ...) are left to the server, which checks them anyway.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable, Mapping
from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, create_model, model_validator

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.base import camel_case

# Keywords that restrict what is valid but have no pydantic equivalent here.
UNSUPPORTED_KEYWORDS = (
    "not",
    "if",
    "then",
    "else",
    "patternProperties",
    "dependentSchemas",
    "dependentRequired",
    "dependencies",
    "unevaluatedProperties",
    "unevaluatedItems",
    "propertyNames",
    "contains",
    "prefixItems",
    "$dynamicRef",
)
# Keywords that only describe a schema; a ``$ref`` with only these beside it is a plain reference.
_ANNOTATIONS = {"$ref", "description", "title", "default", "examples", "$comment", "deprecated"}
_SIMPLE_TYPES: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": float,
    "boolean": bool,
    "null": type(None),
}
# JSON Schema bound -> pydantic Field argument
_CONSTRAINTS = {
    "minimum": "ge",
    "maximum": "le",
    "exclusiveMinimum": "gt",
    "exclusiveMaximum": "lt",
    "multipleOf": "multiple_of",
    "minLength": "min_length",
    "maxLength": "max_length",
    "pattern": "pattern",
    "minItems": "min_length",
    "maxItems": "max_length",
}


class SchemaTranslationError(ToolException):
    """A JSON Schema uses something the translator cannot turn into a model."""


class RemoteArguments(BaseModel):
    """Base of every generated model: ``null`` for an optional, non-nullable property
    means "not given" (models often send it), so it is dropped rather than refused.

    Attributes:
        null_means_absent: The wire names of those properties, set per generated model.
    """

    model_config = ConfigDict(extra="forbid", protected_namespaces=(), populate_by_name=True)
    null_means_absent: ClassVar[frozenset[str]] = frozenset()

    @model_validator(mode="before")
    @classmethod
    def _drop_absent_nulls(cls, data: Any) -> Any:
        if isinstance(data, dict) and cls.null_means_absent:
            return {
                key: value
                for key, value in data.items()
                if value is not None or key not in cls.null_means_absent
            }
        return data


class _OpenRemoteArguments(RemoteArguments):
    """A generated model of an object that accepts properties it does not list."""

    model_config = ConfigDict(extra="allow")


def model_from_schema(schema: Mapping[str, Any], name: str) -> type[BaseModel]:
    """Compile a tool's input schema (an object schema) into a pydantic model.

    Args:
        schema: The JSON Schema of the arguments, as the server sent it.
        name: The tool name; the model is called ``<Name>Arguments``.

    Returns:
        A model whose fields are the schema's properties. Unknown top-level
        fields are refused unless the schema sets ``additionalProperties: true``.

    Raises:
        SchemaTranslationError: The schema is not an object schema, or uses a
            keyword or reference the translator does not support.
    """
    translator = _Translator(schema, camel_case(name) + "Arguments")
    root = translator.resolve(schema, "#")
    if root.get("type", "object") != "object":
        raise SchemaTranslationError(
            f"The input schema of {name!r} has type {root.get('type')!r}; "
            "tool arguments must be an object."
        )
    return translator.object_model(root, translator.root_name, top_level=True)


class _Translator:
    """One schema's translation: remembers ``$defs`` and the refs being followed."""

    def __init__(self, schema: Mapping[str, Any], root_name: str) -> None:
        self.root = schema
        self.root_name = root_name
        self.following: list[str] = []  # refs on the current path, to stop recursion
        self.models: dict[str, type[BaseModel]] = {}  # one model per named definition

    # ------------------------------------------------------------------ references

    def resolve(self, schema: Mapping[str, Any], where: str) -> dict[str, Any]:
        """Follow ``$ref`` (sibling keywords win) and refuse unsupported keywords."""
        for word in UNSUPPORTED_KEYWORDS:
            if word in schema:
                raise SchemaTranslationError(f"{where}: the keyword {word!r} is not supported")
        if "$ref" not in schema:
            return dict(schema)
        reference = str(schema["$ref"])
        target = self._lookup(reference, where)
        siblings = {key: value for key, value in schema.items() if key != "$ref"}
        return {**self.resolve(target, reference), **siblings}

    def _lookup(self, reference: str, where: str) -> Mapping[str, Any]:
        if not reference.startswith("#"):
            raise SchemaTranslationError(
                f"{where}: only local references (#/...) are supported, got {reference!r}"
            )
        node: Any = self.root
        for part in reference.lstrip("#").strip("/").split("/") if reference != "#" else []:
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, Mapping) or part not in node:
                raise SchemaTranslationError(f"{where}: the reference {reference!r} is not defined")
            node = node[part]
        if not isinstance(node, Mapping):
            raise SchemaTranslationError(f"{where}: {reference!r} does not point to a schema")
        return node

    # ------------------------------------------------------------------ types

    def python_type(self, schema: Mapping[str, Any], where: str) -> Any:
        """The Python type that validates values of ``schema``."""
        reference = schema.get("$ref")
        if isinstance(reference, str):
            if not set(schema) - _ANNOTATIONS:
                return self._named_definition(reference, where)
            return self._following(reference, where, lambda: self._inline(schema, where))
        return self._inline(schema, where)

    def _inline(self, schema: Mapping[str, Any], where: str) -> Any:
        """The type of a schema after its own ``$ref`` (if any) has been merged in."""
        resolved = self.resolve(schema, where)
        if "const" in resolved or "enum" in resolved:
            values = [resolved["const"]] if "const" in resolved else list(resolved["enum"])
            if not all(isinstance(value, (str, int, float, bool, type(None))) for value in values):
                raise SchemaTranslationError(
                    f"{where}: only strings, numbers, booleans and null are supported as "
                    "enum/const values"
                )
            return Literal[tuple(values)]
        for combinator in ("anyOf", "oneOf"):
            if combinator in resolved:
                branches = [
                    self.python_type(branch, f"{where}/{combinator}/{index}")
                    for index, branch in enumerate(resolved[combinator])
                ]
                return _union(branches)
        if "allOf" in resolved:
            return self._all_of(resolved, where)
        json_type = resolved.get("type")
        if json_type is None:
            if "properties" in resolved:
                json_type = "object"
            elif "items" in resolved:
                json_type = "array"
            else:
                return Any
        if isinstance(json_type, list):
            return _union([self.python_type({**resolved, "type": one}, where) for one in json_type])
        if json_type in _SIMPLE_TYPES:
            return _constrained(_SIMPLE_TYPES[json_type], resolved)
        if json_type == "array":
            items = resolved.get("items")
            if items is None or items is True:
                return _constrained(list[Any], resolved)
            if not isinstance(items, Mapping):
                raise SchemaTranslationError(f"{where}: 'items' must be one schema")
            item_type = self.python_type(items, f"{where}/items")
            return _constrained(list[item_type], resolved)  # type: ignore[valid-type]
        if json_type == "object":
            return self._object_type(resolved, where)
        raise SchemaTranslationError(f"{where}: unknown type {json_type!r}")

    def _following(self, reference: str, where: str, translate: Callable[[], Any]) -> Any:
        """Run ``translate`` with ``reference`` on the path; a loop is refused."""
        if reference in self.following:
            raise SchemaTranslationError(
                f"{where}: the reference {reference!r} is recursive, which is not supported"
            )
        self.following.append(reference)
        try:
            return translate()
        finally:
            self.following.pop()

    def _named_definition(self, reference: str, where: str) -> Any:
        """A bare ``$ref`` to a definition: object definitions become one named model."""
        if reference in self.models:
            return self.models[reference]

        def translate() -> Any:
            target = self.resolve({"$ref": reference}, where)
            if target.get("type", "object") == "object" and target.get("properties"):
                name = camel_case(reference.rsplit("/", 1)[-1]) or "Definition"
                self.models[reference] = self.object_model(target, name)
                return self.models[reference]
            return self._inline(target, reference)

        return self._following(reference, where, translate)

    def _all_of(self, schema: Mapping[str, Any], where: str) -> Any:
        """``allOf`` of object schemas: one object with every part's properties."""
        merged: dict[str, Any] = {"type": "object", "properties": {}, "required": []}
        rest = {key: value for key, value in schema.items() if key != "allOf"}
        for index, part in enumerate([*schema["allOf"], rest]):
            resolved = self.resolve(part, f"{where}/allOf/{index}")
            if resolved.get("type", "object") != "object":
                raise SchemaTranslationError(f"{where}: 'allOf' is only supported for objects")
            merged["properties"].update(resolved.get("properties", {}))
            merged["required"] += list(resolved.get("required", []))
            if "additionalProperties" in resolved:
                merged["additionalProperties"] = resolved["additionalProperties"]
        return self._object_type(merged, where)

    def _object_type(self, schema: Mapping[str, Any], where: str) -> Any:
        """A nested model for objects with properties, else a ``dict``."""
        if schema.get("properties"):
            name = camel_case(where.strip("#/").replace("/", "_")) or "Object"
            return self.object_model(schema, self.root_name + name)
        extra = schema.get("additionalProperties")
        if isinstance(extra, Mapping):
            value_type = self.python_type(extra, f"{where}/additionalProperties")
            return dict[str, value_type]  # type: ignore[valid-type]
        return dict[str, Any]

    # ------------------------------------------------------------------ objects

    def object_model(
        self, schema: Mapping[str, Any], name: str, *, top_level: bool = False
    ) -> type[BaseModel]:
        """A pydantic model with one field per property of an object schema."""
        required = set(schema.get("required", []))
        fields: dict[str, Any] = {}
        null_means_absent = set()
        for property_name, property_schema in schema.get("properties", {}).items():
            where = f"#/properties/{property_name}" if top_level else f"{name}.{property_name}"
            if not isinstance(property_schema, Mapping):  # `true` means "anything"
                property_schema = {}
            python_type = self.python_type(property_schema, where)
            options: dict[str, Any] = {}
            description = self.resolve(property_schema, where).get("description")
            if isinstance(description, str):
                options["description"] = description
            field_name = _field_name(property_name, fields)
            if field_name != property_name:
                options["alias"] = property_name
            if property_name in required:
                fields[field_name] = (python_type, Field(..., **options))
            else:  # the default is never validated nor sent: it only means "not given"
                fields[field_name] = (python_type, Field(None, **options))
                if not _accepts_none(python_type):
                    null_means_absent.add(property_name)
        extra = schema.get("additionalProperties")
        # The guard refuses unknown top-level fields of every tool, unless the schema says true.
        is_open = extra is True if top_level else extra is not False
        base = _OpenRemoteArguments if is_open else RemoteArguments
        model = create_model(name, __base__=base, **fields)
        model.null_means_absent = frozenset(null_means_absent)
        return model


def _constrained(python_type: Any, schema: Mapping[str, Any]) -> Any:
    """``Annotated[type, Field(ge=..., max_length=...)]`` for the bounds that apply."""
    bounds = {
        argument: schema[keyword_name]
        for keyword_name, argument in _CONSTRAINTS.items()
        if keyword_name in schema and _constraint_applies(keyword_name, schema)
    }
    return Annotated[python_type, Field(**bounds)] if bounds else python_type


def _accepts_none(python_type: Any) -> bool:
    """Whether ``None`` is a valid value of ``python_type`` (``Any``, ``X | None`` ...)."""
    if python_type is Any or python_type is type(None):
        return True
    arguments = getattr(python_type, "__args__", ())  # X | None, or Literal[None, ...]
    return type(None) in arguments or None in arguments


def _constraint_applies(keyword_name: str, schema: Mapping[str, Any]) -> bool:
    """``minLength`` belongs to strings and ``minItems`` to arrays; both map to min_length."""
    if keyword_name in ("minItems", "maxItems"):
        return schema.get("type") == "array"
    if keyword_name in ("minLength", "maxLength", "pattern"):
        return schema.get("type") == "string"
    return schema.get("type") in ("integer", "number")


_NOT_IDENTIFIER = re.compile(r"\W")


def _field_name(property_name: str, taken: Mapping[str, Any]) -> str:
    """A valid, free Python name for a property (the original stays the alias)."""
    name = _NOT_IDENTIFIER.sub("_", property_name)
    if not name or name[0].isdigit() or name.startswith("_") or keyword.iskeyword(name):
        name = f"field_{name.lstrip('_')}"
    if hasattr(BaseModel, name):
        name = f"{name}_"
    while name in taken:
        name = f"{name}_"
    return name


def _union(branches: list[Any]) -> Any:
    """``Union[...]`` of translated branches; one branch is returned as it is."""
    unique = list(dict.fromkeys(branches))
    if len(unique) == 1:
        return unique[0]
    return Union[tuple(unique)]  # noqa: UP007 - built at run time from a list


__all__ = ["UNSUPPORTED_KEYWORDS", "SchemaTranslationError", "model_from_schema"]
