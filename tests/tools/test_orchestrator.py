"""The orchestrator schema: a discriminated union that picks a tool and its arguments."""

from typing import Any, Literal

import pytest
from pydantic import BaseModel, Field

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.base import Tool, ToolParameter
from hello_agents.tools.orchestrator import (
    build_orchestrator_model,
    parse_tool_choice,
    run_tool_choice,
)
from hello_agents.tools.registry import ToolRegistry
from hello_agents.tools.typed import ModelTool


class SearchInput(BaseModel):
    query: str = Field(description="What to look for.")
    limit: int = 3


class DocsSearchTool(ModelTool[SearchInput]):
    """Search the documentation."""

    def call(self, arguments: SearchInput) -> str:
        return f"{arguments.limit} hits for {arguments.query}"


class Echo(Tool):
    def __init__(self) -> None:
        super().__init__("echo", "Echo the input.")

    def get_parameters(self) -> list[ToolParameter]:
        return [ToolParameter(name="input", type="string", description="Text")]

    def run(self, parameters: dict[str, Any]) -> str:
        return str(parameters["input"])


@pytest.fixture
def registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def get_weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> str:
        """Current weather for a city."""
        return f"{city}: 21 {unit}"

    registry.register_tool(DocsSearchTool())
    registry.register_tool(Echo())
    return registry


def test_schema_is_a_discriminated_union_over_the_tools(registry: ToolRegistry) -> None:
    schema = build_orchestrator_model(registry).model_json_schema()
    tool_call = schema["properties"]["tool_call"]
    assert tool_call["discriminator"]["propertyName"] == "tool_name"
    assert set(tool_call["discriminator"]["mapping"]) == {"get_weather", "docs_search", "echo"}
    assert len(tool_call["oneOf"]) == 3
    weather_call = schema["$defs"]["GetWeatherCall"]
    assert weather_call["properties"]["tool_name"]["const"] == "get_weather"
    assert weather_call["description"] == "Current weather for a city."
    assert schema["required"] == ["tool_call"]


def test_parsed_choice_is_the_chosen_tools_variant(registry: ToolRegistry) -> None:
    model = build_orchestrator_model(registry)
    choice = parse_tool_choice(
        model, '{"tool_call": {"tool_name": "docs_search", "arguments": {"query": "hooks"}}}'
    )
    assert isinstance(choice, model)
    call: Any = choice.tool_call  # type: ignore[attr-defined]
    assert type(call).__name__ == "DocsSearchCall"
    assert isinstance(call.arguments, SearchInput)


def test_run_tool_choice_executes_through_the_registry(registry: ToolRegistry) -> None:
    model = build_orchestrator_model(registry)
    choice = model.model_validate(
        {
            "tool_call": {
                "tool_name": "get_weather",
                "arguments": {"city": "Lyon", "unit": "fahrenheit"},
            }
        }
    )
    result = run_tool_choice(registry, choice)
    assert result.ok and result.content == "Lyon: 21 fahrenheit"
    assert (
        run_tool_choice(
            registry,
            {"tool_call": {"tool_name": "echo", "arguments": {"input": "hi"}}},
            model=model,
        ).content
        == "hi"
    )


def test_defaults_are_left_to_the_tool(registry: ToolRegistry) -> None:
    model = build_orchestrator_model(registry)
    raw = '{"tool_call": {"tool_name": "docs_search", "arguments": {"query": "x"}}}'
    assert run_tool_choice(registry, raw, model=model).content == "3 hits for x"


def test_unknown_tool_in_the_choice_is_an_observation(registry: ToolRegistry) -> None:
    model = build_orchestrator_model(registry)
    result = run_tool_choice(
        registry, {"tool_call": {"tool_name": "translate", "arguments": {}}}, model=model
    )
    assert not result.ok and result.error_kind == "invalid_arguments"
    assert (
        "'translate'" in result.content and "'get_weather', 'docs_search', 'echo'" in result.content
    )


def test_bad_arguments_in_the_choice_name_the_field(registry: ToolRegistry) -> None:
    model = build_orchestrator_model(registry)
    result = run_tool_choice(
        registry,
        {"tool_call": {"tool_name": "get_weather", "arguments": {"city": "Oslo", "unit": "K"}}},
        model=model,
    )
    assert result.error_kind == "invalid_arguments"
    assert "tool_call.get_weather.arguments.unit" in result.content
    assert "'celsius' or 'fahrenheit'" in result.content


def test_invalid_json_choice_is_an_observation(registry: ToolRegistry) -> None:
    model = build_orchestrator_model(registry)
    result = run_tool_choice(registry, '{"tool_call": {"tool_name": ', model=model)
    assert result.error_kind == "invalid_json"
    assert '{"tool_call": {"tool_name": ..., "arguments": {...}}}' in result.content


def test_a_subset_of_tools_can_be_offered(registry: ToolRegistry) -> None:
    model = build_orchestrator_model(registry, tool_names=["echo"], name="EchoOnly")
    schema = model.model_json_schema()
    assert schema["title"] == "EchoOnly"
    assert schema["properties"]["tool_call"]["$ref"] == "#/$defs/EchoCall"
    choice = model.model_validate({"tool_call": {"tool_name": "echo", "arguments": {"input": "x"}}})
    assert run_tool_choice(registry, choice).content == "x"


def test_building_without_tools_or_with_unknown_names_is_an_error(registry: ToolRegistry) -> None:
    with pytest.raises(ToolException, match="no tools"):
        build_orchestrator_model(ToolRegistry())
    with pytest.raises(ToolException, match="'translate'"):
        build_orchestrator_model(registry, tool_names=["translate"])


def test_raw_choice_without_a_model_is_a_developer_error(registry: ToolRegistry) -> None:
    with pytest.raises(ToolException, match="model="):
        run_tool_choice(registry, {"tool_call": {}})
