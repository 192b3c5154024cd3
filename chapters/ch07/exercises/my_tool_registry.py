"""Exercise 8: MyToolRegistry, where an agent finds its tools and runs them by name.

Two kinds of tools go in: Tool objects (``register_tool(tool)``, kept in
``self.tools``) and plain functions taking one text (``register_function(name,
description, func)``, kept in ``self._functions``). The agent then reads
``get_tools_description()`` (for a text prompt) or ``to_openai_schema()`` (for
function calling) and runs a tool with ``execute_tool(name, input_text)``.

A tool's output goes back to the model, so ``execute_tool`` never raises: an
unknown tool, bad arguments or a tool that fails all come back as a message
starting with ``"Error:"`` that says what was wrong.

Fill in the TODOs, then check your class:

    python chapters/ch07/exercises/my_tool_registry.py

A model answer is in solutions/my_tool_registry.py: try first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hello_agents import Tool


class MyToolRegistry:
    """Tool objects in ``tools``, plain ``str -> str`` functions in ``_functions``."""

    def __init__(self) -> None:
        self.tools: dict[str, Tool] = {}
        self._functions: dict[str, tuple[str, Callable[[str], Any]]] = {}

    def register_tool(self, tool: Tool) -> None:
        """TODO 1: store the tool under ``tool.name``."""
        raise NotImplementedError("TODO: register_tool")

    def register_function(self, name: str, description: str, func: Callable[[str], Any]) -> None:
        """TODO 2: store ``(description, func)`` under ``name``."""
        raise NotImplementedError("TODO: register_function")

    def get_tool(self, name: str) -> Tool | None:
        """TODO 3: the Tool object called ``name``, or None (never a KeyError)."""
        raise NotImplementedError("TODO: get_tool")

    def list_tools(self) -> list[str]:
        """TODO 4: every name, Tool objects and functions alike."""
        raise NotImplementedError("TODO: list_tools")

    def unregister(self, name: str) -> bool:
        """TODO 5: remove ``name`` from both tables; True if it was there."""
        raise NotImplementedError("TODO: unregister")

    def get_tools_description(self) -> str:
        """TODO 6: one ``- name: description`` line per tool, functions included."""
        raise NotImplementedError("TODO: get_tools_description")

    def to_openai_schema(self) -> list[dict[str, Any]]:
        """TODO 7: one ``{"type": "function", "function": {"name", "description",
        "parameters"}}`` per tool. A Tool object has ``tool.to_openai_schema()``; for a
        function, write the JSON Schema of one required string parameter ``input``."""
        raise NotImplementedError("TODO: to_openai_schema")

    def execute_tool(self, name: str, input_text: str) -> str:
        """TODO 8: run a tool and return its output as text.

        - a function: ``func(input_text)``;
        - a Tool object: read its parameters from ``input_text`` (a JSON object, or the
          bare value when the tool has one parameter), convert each value to the type
          of its ``ToolParameter`` (``"number"`` -> float ...), then ``tool.run(parameters)``;
        - never raise: an unknown name, a missing or mistyped parameter, or an exception
          of the tool becomes a message starting with ``"Error:"`` that names the tool.
        """
        raise NotImplementedError("TODO: execute_tool")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("tool_registry", MyToolRegistry))
