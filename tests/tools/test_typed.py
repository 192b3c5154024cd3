"""Typed tools: schemas generated from types, descriptions from mandatory docstrings."""

import asyncio
from enum import Enum
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field, ValidationError

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.base import Tool, ToolParameter
from hello_agents.tools.typed import FunctionTool, ModelTool, parse_docstring, tool


class Unit(str, Enum):
    CELSIUS = "celsius"
    FAHRENHEIT = "fahrenheit"


class Address(BaseModel):
    street: str
    postcode: str = Field(description="The postal code.")


@tool
def forecast(
    city: str,
    unit: Unit = Unit.CELSIUS,
    days: Annotated[int, Field(ge=1, le=14)] = 3,
    mode: Literal["daily", "hourly"] = "daily",
    tags: list[str] | None = None,
    address: Address | None = None,
) -> dict[str, Any]:
    """Weather forecast for a city.

    Uses the national weather service.

    Args:
        city: The city name,
            for example Paris.
        unit (Unit): Temperature unit.
        days: Number of days.

    Returns:
        The forecast.
    """
    return {"city": city, "unit": unit.value, "days": days, "mode": mode}


def test_description_comes_from_the_docstring_summary() -> None:
    assert forecast.name == "forecast"
    assert (
        forecast.description == "Weather forecast for a city.\n\nUses the national weather service."
    )


def test_argument_descriptions_come_from_the_args_section() -> None:
    properties = forecast.input_schema()["properties"]
    assert properties["city"]["description"] == "The city name, for example Paris."
    assert properties["unit"]["description"] == "Temperature unit."


def test_defaults_and_required_reach_the_schema() -> None:
    schema = forecast.input_schema()
    assert schema["required"] == ["city"]
    assert schema["properties"]["days"]["default"] == 3
    assert schema["properties"]["mode"]["default"] == "daily"


def test_literal_and_enum_choices_reach_the_schema() -> None:
    schema = forecast.input_schema()
    assert schema["properties"]["mode"]["enum"] == ["daily", "hourly"]
    assert schema["$defs"]["Unit"]["enum"] == ["celsius", "fahrenheit"]


def test_arrays_carry_items_and_objects_nest() -> None:
    schema = forecast.input_schema()
    tags = schema["properties"]["tags"]["anyOf"][0]
    assert tags == {"type": "array", "items": {"type": "string"}}
    address = schema["$defs"]["Address"]
    assert address["properties"]["postcode"]["description"] == "The postal code."
    assert address["required"] == ["street", "postcode"]


def test_field_constraints_reach_the_schema() -> None:
    days = forecast.input_schema()["properties"]["days"]
    assert (days["minimum"], days["maximum"]) == (1, 14)


def test_schema_has_no_pydantic_titles() -> None:
    assert "title" not in str(forecast.input_schema())


def test_extra_fields_are_forbidden_in_the_schema() -> None:
    assert forecast.input_schema()["additionalProperties"] is False


def test_get_parameters_keeps_the_tutorial_contract() -> None:
    parameters = {p.name: p for p in forecast.get_parameters()}
    assert parameters["city"].type == "string" and parameters["city"].required
    assert parameters["unit"].enum == ["celsius", "fahrenheit"]
    assert parameters["days"].default == 3 and not parameters["days"].required
    assert parameters["tags"].type == "array" and parameters["tags"].items == {"type": "string"}
    assert parameters["address"].type == "object"


def test_run_validates_and_renders_structured_output_as_json() -> None:
    assert forecast.run({"city": "Paris", "days": "5"}) == (
        '{"city": "Paris", "unit": "celsius", "days": 5, "mode": "daily"}'
    )


def test_run_refuses_invalid_arguments() -> None:
    with pytest.raises(ValidationError):
        forecast.run({"city": "Paris", "days": 30})


def test_decorated_function_stays_callable() -> None:
    assert forecast("Rome")["city"] == "Rome"


def test_missing_docstring_is_refused_at_definition_time() -> None:
    def undocumented(x: int) -> int:
        return x

    with pytest.raises(ToolException, match="no docstring"):
        tool(undocumented)


def test_untyped_parameter_is_refused() -> None:
    def untyped(x):  # type: ignore[no-untyped-def]
        """Doc."""
        return x

    with pytest.raises(ToolException, match="no type annotation"):
        tool(untyped)


def test_star_arguments_are_refused() -> None:
    def variadic(*values: int) -> int:
        """Doc."""
        return sum(values)

    with pytest.raises(ToolException, match=r"\*values"):
        tool(variadic)


def test_callable_without_a_readable_signature_is_refused() -> None:
    with pytest.raises(ToolException, match="Cannot read the signature"):
        FunctionTool(str, description="Builtin.", require_annotations=False)


def test_decorator_options_set_name_description_and_timeout() -> None:
    @tool(name="add_numbers", description="Add two numbers.", timeout=2.5)
    def add(a: int, b: int) -> int:
        return a + b

    assert (add.name, add.description, add.timeout) == ("add_numbers", "Add two numbers.", 2.5)


def test_async_function_becomes_an_async_tool() -> None:
    @tool
    async def echo(text: str) -> str:
        """Echo the text."""
        await asyncio.sleep(0)
        return text

    assert echo.is_async
    assert asyncio.run(echo.ainvoke({"text": "hi"})) == "hi"
    assert echo.run({"text": "sync path"}) == "sync path"


def test_async_tool_runs_from_sync_code_inside_a_running_loop() -> None:
    @tool
    async def double(n: int) -> int:
        """Double a number."""
        return n * 2

    async def caller() -> str:
        return double.run({"n": 4})  # sync API called from async code

    assert asyncio.run(caller()) == "8"


def test_function_tool_accepts_unannotated_strings_when_asked() -> None:
    def shout(text):  # type: ignore[no-untyped-def]
        return text.upper()

    made = FunctionTool(shout, description="Shout.", require_annotations=False)
    assert made.input_schema()["properties"]["text"] == {"type": "string"}
    assert made.run({"text": "hi"}) == "HI"


class CityInput(BaseModel):
    city: str = Field(description="City name.")
    days: int = 1


class WeatherLookupTool(ModelTool[CityInput]):
    """Look up the weather for a city."""

    def call(self, arguments: CityInput) -> str:
        return f"{arguments.city}: sunny for {arguments.days} days"


class AsyncLookupTool(ModelTool[CityInput]):
    """Look up asynchronously."""

    name = "async_lookup"

    async def call(self, arguments: CityInput) -> CityInput:
        await asyncio.sleep(0)
        return arguments


def test_model_tool_takes_name_and_description_from_the_class() -> None:
    lookup = WeatherLookupTool()
    assert (lookup.name, lookup.description) == (
        "weather_lookup",
        "Look up the weather for a city.",
    )


def test_model_tool_name_attribute_and_arguments_override() -> None:
    assert AsyncLookupTool().name == "async_lookup"
    assert WeatherLookupTool(name="weather", description="Other.").name == "weather"


def test_model_tool_schema_is_the_input_model_schema() -> None:
    schema = WeatherLookupTool().input_schema()
    assert schema["properties"]["city"] == {"type": "string", "description": "City name."}
    assert schema["required"] == ["city"]


def test_model_tool_runs_sync_and_async_calls() -> None:
    assert WeatherLookupTool().run({"city": "Oslo"}) == "Oslo: sunny for 1 days"
    lookup = AsyncLookupTool()
    assert lookup.is_async
    assert lookup.run({"city": "Oslo", "days": 2}) == '{"city":"Oslo","days":2}'
    result = asyncio.run(lookup.ainvoke({"city": "Rome"}))
    assert result == CityInput(city="Rome")


def test_model_tool_without_docstring_is_refused_at_class_definition() -> None:
    with pytest.raises(ToolException, match="no docstring"):

        class Undocumented(ModelTool[CityInput]):
            def call(self, arguments: CityInput) -> str:
                return ""


class Echo(Tool):
    def __init__(self) -> None:
        super().__init__("echo", "Echo things back.")

    def get_parameters(self) -> list[ToolParameter]:
        return [
            ToolParameter(name="text", type="string", description="What to echo"),
            ToolParameter(
                name="times", type="integer", description="Repeats", required=False, default=1
            ),
            ToolParameter(name="words", type="array", description="Words", required=False),
            ToolParameter(
                name="numbers",
                type="array",
                description="Numbers",
                required=False,
                items={"type": "number"},
            ),
            ToolParameter(
                name="style",
                type="string",
                description="Style",
                required=False,
                enum=["loud", "quiet"],
            ),
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        return str(parameters)


def test_tool_parameter_tools_get_a_json_schema() -> None:
    schema = Echo().input_schema()
    assert schema["required"] == ["text"]
    assert schema["properties"]["times"] == {
        "type": "integer",
        "description": "Repeats (default: 1)",
        "default": 1,
    }
    assert schema["properties"]["words"]["items"] == {"type": "string"}
    assert schema["properties"]["numbers"]["items"] == {"type": "number"}
    assert schema["properties"]["style"]["enum"] == ["loud", "quiet"]


def test_tool_parameter_tools_validate_with_their_declared_types() -> None:
    echo = Echo()
    assert echo.validate_arguments({"text": "hi", "numbers": [1, "2.5"]}) == {
        "text": "hi",
        "numbers": [1.0, 2.5],
        "times": 1,
    }
    with pytest.raises(ValidationError):
        echo.validate_arguments({"text": "hi", "style": "shouting"})


def test_unknown_parameter_type_is_a_tool_exception() -> None:
    class Broken(Echo):
        def get_parameters(self) -> list[ToolParameter]:
            return [ToolParameter(name="when", type="datetime", description="When")]

    with pytest.raises(ToolException, match="datetime"):
        Broken().input_model()


def test_to_openai_schema_wraps_the_input_schema() -> None:
    assert WeatherLookupTool().to_openai_schema() == {
        "type": "function",
        "function": {
            "name": "weather_lookup",
            "description": "Look up the weather for a city.",
            "parameters": WeatherLookupTool().input_schema(),
        },
    }


def test_parse_docstring_handles_types_and_continuations() -> None:
    summary, arguments = parse_docstring(
        """Do a thing.

        Args:
            first (int): The first
                value, continued.
            second: The second.

        Raises:
            ValueError: never part of the arguments.
        """
    )
    assert summary == "Do a thing."
    assert arguments == {"first": "The first value, continued.", "second": "The second."}


def test_nested_model_parameters_arrive_as_model_instances() -> None:
    received: list[object] = []

    @tool
    def ship(address: Address) -> str:
        """Ship a parcel."""
        received.append(address)
        return "shipped"

    assert ship.run({"address": {"street": "Main St", "postcode": "75001"}}) == "shipped"
    assert received == [Address(street="Main St", postcode="75001")]
