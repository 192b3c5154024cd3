"""Solution: MyToolRegistry, tools and plain functions found, described and run by name.

Check it:  python chapters/ch07/exercises/solutions/my_tool_registry.py
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hello_agents import Tool

CONVERTERS: dict[str, Callable[[Any], Any]] = {"number": float, "integer": int, "string": str}


class MyToolRegistry:
    """Tool objects in ``tools``, plain ``str -> str`` functions in ``_functions``."""

    def __init__(self) -> None:
        self.tools: dict[str, Tool] = {}
        self._functions: dict[str, tuple[str, Callable[[str], Any]]] = {}

    def register_tool(self, tool: Tool) -> None:
        """Add a Tool object under its name."""
        self.tools[tool.name] = tool

    def register_function(self, name: str, description: str, func: Callable[[str], Any]) -> None:
        """Add a function taking one text, with a description for the model."""
        self._functions[name] = (description, func)

    def get_tool(self, name: str) -> Tool | None:
        """The Tool object called ``name``, or None."""
        return self.tools.get(name)

    def list_tools(self) -> list[str]:
        """Every name: Tool objects first, then functions."""
        return [*self.tools, *self._functions]

    def unregister(self, name: str) -> bool:
        """Remove ``name``; True if it was registered."""
        removed_tool = self.tools.pop(name, None)
        removed_function = self._functions.pop(name, None)
        return removed_tool is not None or removed_function is not None

    def get_tools_description(self) -> str:
        """One '- name: description' line per tool."""
        lines = [f"- {tool.name}: {tool.description}" for tool in self.tools.values()]
        lines += [f"- {name}: {description}" for name, (description, _) in self._functions.items()]
        return "\n".join(lines) or "No tools available."

    def to_openai_schema(self) -> list[dict[str, Any]]:
        """Every tool in OpenAI function-calling form; a function takes one string 'input'."""
        schemas = [tool.to_openai_schema() for tool in self.tools.values()]
        for name, (description, _) in self._functions.items():
            parameters = {
                "type": "object",
                "properties": {"input": {"type": "string", "description": "The input text"}},
                "required": ["input"],
            }
            schemas.append(
                {
                    "type": "function",
                    "function": {
                        "name": name,
                        "description": description,
                        "parameters": parameters,
                    },
                }
            )
        return schemas

    def execute_tool(self, name: str, input_text: str) -> str:
        """Run a tool; every problem comes back as text starting with 'Error:'."""
        if name in self._functions:
            try:
                return str(self._functions[name][1](input_text))
            except Exception as error:
                return f"Error: tool {name!r} failed: {error}"
        tool = self.tools.get(name)
        if tool is None:
            available = ", ".join(self.list_tools()) or "none"
            return f"Error: there is no tool {name!r}. Available tools: {available}."
        try:
            parameters = self.arguments_for(tool, input_text)
        except ValueError as error:
            return f"Error: bad arguments for tool {name!r}: {error}"
        try:
            return str(tool.run(parameters))
        except Exception as error:
            return f"Error: tool {name!r} failed: {error}"

    def arguments_for(self, tool: Tool, input_text: str) -> dict[str, Any]:
        """The tool's parameters from the input: a JSON object, or the bare value of
        a one-parameter tool; each value converted to its declared type.

        Raises:
            ValueError: A required parameter is missing or a value has the wrong type.
        """
        declared = tool.get_parameters()
        try:
            given = json.loads(input_text)
        except ValueError:
            given = None
        if not isinstance(given, dict):
            if len(declared) != 1:
                raise ValueError("send a JSON object with the parameters")
            given = {declared[0].name: input_text}
        values: dict[str, Any] = {}
        for parameter in declared:
            if parameter.name not in given:
                if parameter.required:
                    raise ValueError(f"the parameter {parameter.name!r} is missing")
                continue
            convert = CONVERTERS.get(parameter.type, lambda value: value)
            try:
                values[parameter.name] = convert(given[parameter.name])
            except (TypeError, ValueError):
                raise ValueError(
                    f"{parameter.name!r} must be a {parameter.type}, got {given[parameter.name]!r}"
                ) from None
        return values


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("tool_registry", MyToolRegistry))
