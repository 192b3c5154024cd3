"""The check for a ToolRegistry: registering, finding, describing and running tools."""

from __future__ import annotations

from typing import Any

from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    returned,
    run_cases,
    short,
)
from hello_agents.tools.base import Tool, ToolParameter


class _Converter(Tool):
    """A tutorial-style Tool object with one number parameter."""

    def __init__(self) -> None:
        super().__init__("convert", "Convert degrees Celsius to Fahrenheit")

    def get_parameters(self) -> list[ToolParameter]:
        return [ToolParameter(name="celsius", type="number", description="Degrees Celsius")]

    def run(self, parameters: dict[str, Any]) -> str:
        return str(float(parameters["celsius"]) * 9 / 5 + 32)


def _shout(text: str) -> str:
    return text.upper()


def _explode(text: str) -> str:
    raise RuntimeError("the explode tool always fails")


def _execute(registry: Any, name: str, text: str) -> str:
    """``registry.execute_tool(name, text)``; an exception it raises fails the case."""
    output = returned(
        lambda: registry.execute_tool(name, text),
        f"execute_tool({name!r}, {text!r}) to return an error text",
        "catch the error inside execute_tool and return a message the model can read.",
    )
    expect(
        isinstance(output, str),
        f"execute_tool({name!r}, ...) to return text",
        short(output),
        "execute_tool returns str(...) of the tool's output.",
    )
    return str(output)


def check_tool_registry(
    cls: type[Any], *, raise_on_failure: bool = True, case_timeout: float | None = None
) -> ConformanceReport:
    """Check a ToolRegistry: ``register_tool(tool)``, ``register_function(name,
    description, func)``, ``get_tool``, ``list_tools``, ``unregister``,
    ``execute_tool(name, text) -> str`` (an unknown tool, a failing tool or bad
    arguments give an error text, never an exception), ``get_tools_description()``
    listing every tool and ``to_openai_schema()`` describing every tool.

    The class is built as the tutorial builds it: ``cls()``.
    """

    def functions_run() -> None:
        registry = cls()
        registry.register_function("shout", "Upper-case a text", _shout)
        expect(
            "shout" in list(registry.list_tools()),
            "'shout' in list_tools() after register_function('shout', ...)",
            short(registry.list_tools()),
            "store the function under its name and list it in list_tools().",
        )
        output = _execute(registry, "shout", "hello")
        expect(output == "HELLO", "execute_tool('shout', 'hello') -> 'HELLO'", short(output))

    def tools_run() -> None:
        registry = cls()
        converter = _Converter()
        registry.register_tool(converter)
        expect(
            registry.get_tool("convert") is converter,
            "get_tool('convert') to return the Tool object registered",
            short(registry.get_tool("convert")),
            "keep Tool objects in a dict by tool.name; get_tool looks it up.",
        )
        output = _execute(registry, "convert", '{"celsius": 100}')
        expect(
            output.strip() in ("212", "212.0"),
            "execute_tool('convert', '{\"celsius\": 100}') -> '212.0'",
            short(output),
            "turn the input text into the tool's parameters (JSON object) and call tool.run().",
        )
        expect(
            registry.get_tool("teleport") is None,
            "get_tool('teleport') -> None for a name never registered",
            short(registry.get_tool("teleport")),
            "use dict.get(name): no tool means None, not an exception.",
        )

    def lists_every_tool() -> None:
        registry = cls()
        registry.register_tool(_Converter())
        registry.register_function("shout", "Upper-case a text", _shout)
        names = list(registry.list_tools())
        expect(
            sorted(names) == ["convert", "shout"],
            "list_tools() to name the Tool object and the function: ['convert', 'shout']",
            short(names),
            "list the names of both Tool objects and registered functions.",
        )

    def unregisters() -> None:
        registry = cls()
        registry.register_function("shout", "Upper-case a text", _shout)
        registry.register_tool(_Converter())
        registry.unregister("shout")
        expect(
            list(registry.list_tools()) == ["convert"],
            "only 'convert' left after unregister('shout')",
            short(registry.list_tools()),
            "remove the name from every table it is stored in.",
        )
        output = _execute(registry, "shout", "hello")
        expect(
            output != "HELLO",
            "an error text: 'shout' is no longer a tool",
            short(output),
            "after unregister, execute_tool treats the name as unknown.",
        )

    def unknown_tool() -> None:
        registry = cls()
        registry.register_function("shout", "Upper-case a text", _shout)
        output = _execute(registry, "teleport", "moon")
        expect(
            "teleport" in output,
            "an error text naming the unknown tool 'teleport'",
            short(output),
            "return e.g. \"Error: no tool named 'teleport'\" and, better, the tools there are.",
        )

    def failing_tool() -> None:
        registry = cls()
        registry.register_function("explode", "Always fails", _explode)
        output = _execute(registry, "explode", "now")
        expect(
            "always fails" in output,
            "an error text carrying the tool's error 'the explode tool always fails'",
            short(output),
            "wrap the call in try/except and put the exception's message in the text.",
        )

    def bad_arguments() -> None:
        registry = cls()
        registry.register_tool(_Converter())
        output = _execute(registry, "convert", '{"celsius": "hot"}')
        expect(
            "celsius" in output or "convert" in output,
            "an error text naming the tool 'convert' or its parameter 'celsius'",
            short(output),
            "check the arguments against tool.get_parameters() (or catch the tool's error) "
            "and say which tool or parameter was wrong.",
        )

    def describes_every_tool() -> None:
        registry = cls()
        registry.register_tool(_Converter())
        registry.register_function("shout", "Upper-case a text", _shout)
        text = str(registry.get_tools_description())
        expect(
            all(
                part in text
                for part in (
                    "convert",
                    "Convert degrees Celsius to Fahrenheit",
                    "shout",
                    "Upper-case a text",
                )
            ),
            "every tool's name and description in get_tools_description()",
            short(text),
            "one line per Tool object and per function: '- name: description'.",
        )

    def schemas_of_every_tool() -> None:
        registry = cls()
        registry.register_tool(_Converter())
        registry.register_function("shout", "Upper-case a text", _shout)
        schemas = registry.to_openai_schema()
        functions = {
            str(entry.get("function", {}).get("name")): entry.get("function", {})
            for entry in schemas
            if isinstance(entry, dict) and entry.get("type") == "function"
        }
        expect(
            sorted(functions) == ["convert", "shout"],
            "one {'type': 'function', 'function': {...}} entry per tool: convert and shout",
            short(schemas),
            "build one schema per Tool object and per function.",
        )
        parameters = functions["convert"].get("parameters") or {}
        expect(
            parameters.get("type") == "object"
            and "celsius" in (parameters.get("properties") or {}),
            "convert's parameters as a JSON Schema object with the property 'celsius'",
            short(functions["convert"]),
            "map each ToolParameter to properties[name] = {'type': ..., 'description': ...}.",
        )
        expect(
            functions["shout"].get("description") == "Upper-case a text",
            "shout's description 'Upper-case a text'",
            short(functions["shout"]),
        )

    return run_cases(
        "tool_registry",
        cls,
        [
            Case(
                "register_function(name, description, func): the function runs",
                functions_run,
                "keep functions by name; execute_tool calls func(input_text) and returns text.",
                expected="'shout' listed, and execute_tool('shout', 'hello') returning 'HELLO'",
            ),
            Case(
                "register_tool(tool): get_tool finds it and execute_tool runs it",
                tools_run,
                "keep Tool objects by tool.name; execute_tool passes the parameters to tool.run().",
                expected="get_tool('convert') returning the tool, and execute_tool giving '212.0'",
            ),
            Case(
                "list_tools names every tool",
                lists_every_tool,
                "return the names of the Tool objects and of the functions.",
                expected="list_tools() == ['convert', 'shout'] (in any order)",
            ),
            Case(
                "unregister removes a tool",
                unregisters,
                "delete the name from the tools (and functions) dicts.",
                expected="'shout' gone from list_tools() and no longer run by execute_tool",
            ),
            Case(
                "an unknown tool gives an error text, not an exception",
                unknown_tool,
                "when the name is not registered, return an error message naming it.",
                expected="execute_tool('teleport', 'moon') returning an error text naming "
                "'teleport'",
            ),
            Case(
                "a failing tool gives an error text, not an exception",
                failing_tool,
                "wrap the tool call in try/except Exception and return the error as text.",
                expected="an error text with the tool's own message",
            ),
            Case(
                "bad arguments give an error text, not an exception",
                bad_arguments,
                "validate the arguments (or catch the tool's error) and return a message "
                "naming the tool or parameter.",
                expected="execute_tool('convert', '{\"celsius\": \"hot\"}') returning an error "
                "text naming 'convert' or 'celsius'",
            ),
            Case(
                "get_tools_description lists every tool",
                describes_every_tool,
                "join one '- name: description' line per tool, Tool objects and functions.",
                expected="both tools' names and descriptions in the text",
            ),
            Case(
                "to_openai_schema describes every tool",
                schemas_of_every_tool,
                "return [tool.to_openai_schema() ...] for Tool objects, and build the same "
                "shape for functions (one string parameter 'input').",
                expected="one function schema per tool, with JSON Schema parameters",
            ),
        ],
        raise_on_failure=raise_on_failure,
        case_timeout=case_timeout,
    )
