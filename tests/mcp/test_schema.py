"""JSON Schema -> pydantic: the input models of MCP tools."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.types import Tool as RemoteTool
from pydantic import ValidationError

from hello_agents.mcp import MCPClient, MCPTool, SchemaTranslationError, model_from_schema
from hello_agents.tools.arguments import check_arguments
from hello_agents.tools.base import ToolResult

ORDER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "$defs": {
        "Address": {
            "type": "object",
            "properties": {"street": {"type": "string"}, "zip": {"type": "string"}},
            "required": ["street"],
        },
        "Item": {
            "type": "object",
            "properties": {
                "sku": {"type": "string", "minLength": 3},
                "quantity": {"type": "integer", "minimum": 1},
            },
            "required": ["sku", "quantity"],
        },
    },
    "properties": {
        "customer": {"type": "string", "description": "Who orders."},
        "items": {"type": "array", "items": {"$ref": "#/$defs/Item"}, "minItems": 1},
        "ship_to": {"$ref": "#/$defs/Address"},
        "bill_to": {"anyOf": [{"$ref": "#/$defs/Address"}, {"type": "null"}]},
        "speed": {"type": "string", "enum": ["standard", "express"]},
        "gift": {"type": "boolean"},
        "note": {"type": ["string", "null"]},
        "tags": {"type": "object", "additionalProperties": {"type": "integer"}},
    },
    "required": ["customer", "items", "ship_to"],
}


def validate(schema: dict[str, Any], arguments: dict[str, Any]) -> dict[str, Any]:
    model = model_from_schema(schema, "order")
    dumped: dict[str, Any] = model.model_validate(arguments).model_dump(
        mode="json", by_alias=True, exclude_unset=True
    )
    return dumped


def test_nested_objects_refs_arrays_enums_and_optional_fields() -> None:
    arguments = {
        "customer": "Ada",
        "items": [{"sku": "ABC", "quantity": 2}],
        "ship_to": {"street": "1 Main St"},
        "speed": "express",
        "tags": {"vip": 1},
    }
    assert validate(ORDER_SCHEMA, arguments) == arguments  # nothing added, nothing lost


@pytest.mark.parametrize(
    ("change", "location"),
    [
        ({"items": [{"sku": "ABC", "quantity": 0}]}, ("items", 0, "quantity")),  # minimum
        ({"items": [{"sku": "A", "quantity": 1}]}, ("items", 0, "sku")),  # minLength
        ({"items": []}, ("items",)),  # minItems
        ({"ship_to": {"zip": "1"}}, ("ship_to", "street")),  # required in a $ref
        ({"speed": "teleport"}, ("speed",)),  # enum
        ({"tags": {"vip": "yes"}}, ("tags", "vip")),  # additionalProperties schema
        ({"unknown": 1}, ("unknown",)),  # extra top-level field
    ],
)
def test_each_rule_is_enforced(change: dict[str, Any], location: tuple[Any, ...]) -> None:
    arguments = {"customer": "Ada", "items": [{"sku": "ABC", "quantity": 1}]}
    arguments |= {"ship_to": {"street": "x"}} | change
    with pytest.raises(ValidationError) as caught:
        validate(ORDER_SCHEMA, arguments)
    assert location in [error["loc"][: len(location)] for error in caught.value.errors()]


def test_nullable_and_union_branches() -> None:
    schema = {
        "type": "object",
        "properties": {
            "value": {"oneOf": [{"type": "integer"}, {"type": "string", "format": "date"}]},
            "maybe": {"anyOf": [{"type": "number"}, {"type": "null"}]},
            "fixed": {"const": "v1"},
        },
        "required": ["value", "fixed"],
    }
    assert validate(schema, {"value": 3, "fixed": "v1", "maybe": None}) == {
        "value": 3,
        "fixed": "v1",
        "maybe": None,
    }
    assert validate(schema, {"value": "2026-01-01", "fixed": "v1"})["value"] == "2026-01-01"
    with pytest.raises(ValidationError):
        validate(schema, {"value": [1], "fixed": "v1"})
    with pytest.raises(ValidationError):
        validate(schema, {"value": 1, "fixed": "v2"})


def test_all_of_objects_are_merged() -> None:
    schema = {
        "type": "object",
        "properties": {
            "point": {
                "allOf": [
                    {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]},
                    {"type": "object", "properties": {"y": {"type": "number"}}, "required": ["y"]},
                ]
            }
        },
    }
    assert validate(schema, {"point": {"x": 1, "y": 2}}) == {"point": {"x": 1.0, "y": 2.0}}
    with pytest.raises(ValidationError):
        validate(schema, {"point": {"x": 1}})


def test_awkward_property_names_keep_their_wire_names() -> None:
    schema = {
        "type": "object",
        "properties": {
            "class": {"type": "string"},
            "max-results": {"type": "integer"},
            "_private": {"type": "string"},
            "model_config": {"type": "string"},
            "schema": {"type": "string"},
        },
    }
    arguments = {
        "class": "a",
        "max-results": 5,
        "_private": "p",
        "model_config": "m",
        "schema": "s",
    }
    assert validate(schema, arguments) == arguments


def test_legacy_definitions_and_an_untyped_property() -> None:
    schema = {
        "type": "object",
        "definitions": {"Unit": {"enum": ["c", "f"]}},
        "properties": {"unit": {"$ref": "#/definitions/Unit"}, "anything": {}},
    }
    assert validate(schema, {"unit": "f", "anything": [1, {"a": None}]}) == {
        "unit": "f",
        "anything": [1, {"a": None}],
    }


@pytest.mark.parametrize(
    ("schema", "reason"),
    [
        ({"type": "object", "properties": {"a": {"not": {"type": "string"}}}}, "'not'"),
        (
            {"type": "object", "properties": {"a": {"$ref": "https://example.com/a.json"}}},
            "only local references",
        ),
        ({"type": "object", "properties": {"a": {"$ref": "#/$defs/Missing"}}}, "not defined"),
        (
            {
                "type": "object",
                "$defs": {
                    "Node": {
                        "type": "object",
                        "properties": {"child": {"$ref": "#/$defs/Node"}},
                    }
                },
                "properties": {"root": {"$ref": "#/$defs/Node"}},
            },
            "recursive",
        ),
        ({"type": "array", "items": {"type": "string"}}, "must be an object"),
        ({"type": "object", "properties": {"a": {"type": "decimal"}}}, "unknown type"),
    ],
)
def test_what_cannot_be_translated_is_refused_with_the_reason(
    schema: dict[str, Any], reason: str
) -> None:
    with pytest.raises(SchemaTranslationError, match=reason):
        model_from_schema(schema, "tool")


def test_the_guard_names_the_bad_nested_field_before_anything_is_sent() -> None:
    client = MCPClient("never-started-server")  # a tool is only sent on invoke
    remote = RemoteTool(name="place_order", description="Order things.", input_schema=ORDER_SCHEMA)
    tool = MCPTool(client, remote)
    checked = check_arguments(
        tool, {"customer": "Ada", "items": [{"sku": "ABC", "quantity": 0}], "ship_to": {}}
    )
    assert isinstance(checked, ToolResult)
    assert not checked.ok and checked.error_kind == "invalid_arguments"
    assert "items[0].quantity: Input should be greater than or equal to 1" in checked.content
    assert "ship_to.street: required field is missing" in checked.content
    assert tool.input_schema() == ORDER_SCHEMA  # the model sees the server's own schema
    good = {"customer": "Ada", "items": [{"sku": "ABC", "quantity": 1}], "ship_to": {"street": "x"}}
    assert check_arguments(tool, good) == good  # optional fields left out stay out


def test_bounds_apply_inside_items_and_union_branches() -> None:
    schema = {
        "type": "object",
        "properties": {
            "scores": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "limit": {"anyOf": [{"type": "integer", "maximum": 10}, {"type": "null"}]},
            "code": {"type": ["string", "null"], "maxLength": 3},
        },
    }
    assert validate(schema, {"scores": [0, 5], "limit": None, "code": "abc"}) == {
        "scores": [0, 5],
        "limit": None,
        "code": "abc",
    }
    for bad in ({"scores": [-1]}, {"limit": 11}, {"code": "abcd"}):
        with pytest.raises(ValidationError):
            validate(schema, bad)


def test_null_for_an_optional_property_means_not_given() -> None:
    schema = {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "days": {"type": "integer"},
            "note": {"type": ["string", "null"]},
        },
        "required": ["city"],
    }
    # days does not allow null: dropped, so the server applies its default; note keeps null
    assert validate(schema, {"city": "Oslo", "days": None, "note": None}) == {
        "city": "Oslo",
        "note": None,
    }
    with pytest.raises(ValidationError):
        validate(schema, {"city": None})  # a required property is never dropped


def test_enum_values_must_be_plain_values() -> None:
    schema = {"type": "object", "properties": {"shape": {"enum": [{"kind": "circle"}]}}}
    with pytest.raises(SchemaTranslationError, match="enum/const values"):
        model_from_schema(schema, "tool")
