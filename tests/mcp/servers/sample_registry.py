"""A registry of typed, function and tutorial-style tools, served by our MCP bridge in tests."""

from __future__ import annotations

import os
from typing import Any, Literal

from pydantic import BaseModel

from hello_agents.tools import Tool, ToolParameter, ToolRegistry

registry = ToolRegistry()


class Forecast(BaseModel):
    """A weather forecast."""

    city: str
    unit: Literal["c", "f"]
    temperatures: list[float]


@registry.tool
def add(a: int, b: int) -> int:
    """Add two integers.

    Args:
        a: The first number.
        b: The second number.
    """
    return a + b


@registry.tool
def forecast(city: str, days: int = 2, unit: Literal["c", "f"] = "c") -> Forecast:
    """Forecast the temperature of a city.

    Args:
        city: The city.
        days: How many days.
        unit: Celsius or Fahrenheit.
    """
    return Forecast(city=city, unit=unit, temperatures=[20.0 + day for day in range(days)])


@registry.tool
def divide(a: float, b: float) -> float:
    """Divide a by b.

    Args:
        a: The dividend.
        b: The divisor.
    """
    return a / b


@registry.tool
def process_id() -> str:
    """The server's process id."""
    return str(os.getpid())


class ShoutTool(Tool):
    """A tutorial-style tool with a hand-declared parameter list."""

    def __init__(self) -> None:
        super().__init__("shout", "Repeat the text in capitals.")

    def get_parameters(self) -> list[ToolParameter]:
        return [ToolParameter(name="text", type="string", description="What to shout.")]

    def run(self, parameters: dict[str, Any]) -> str:
        return str(parameters["text"]).upper()


registry.register_tool(ShoutTool())
registry.register_function("reverse", "Reverse a string.", lambda text: text[::-1])
