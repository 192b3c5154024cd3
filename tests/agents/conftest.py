"""Fixtures for agent tests: a registry with real tools."""

from __future__ import annotations

import pytest

from hello_agents.tools.builtin.calculator import CalculatorTool
from hello_agents.tools.registry import ToolRegistry


@pytest.fixture
def registry() -> ToolRegistry:
    """The calculator, a one-string function tool and a typed two-parameter tool."""
    tools = ToolRegistry()
    tools.register_tool(CalculatorTool())
    tools.register_function("echo", "Repeat the input text.", lambda text: f"echo: {text}")

    @tools.tool
    def weather(city: str, days: int = 1) -> str:
        """Forecast for a city.

        Args:
            city: The city name.
            days: How many days ahead.
        """
        return f"{city}: sunny for {days} day(s)"

    return tools
