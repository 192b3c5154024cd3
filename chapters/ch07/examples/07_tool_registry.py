"""Chapter 7.5: the tool registry, with the calculator and web search.

Three ways to make a tool: a Tool subclass (CalculatorTool, SearchTool), a plain
function with register_function (the tutorial's way), or a typed function with
@tool (the schema is generated from its type hints and docstring).

Web search needs TAVILY_API_KEY or SERPAPI_API_KEY (and the `search` extra).
Without a key, this example starts FakeSearchServer, a local stand-in for both
services, so everything still runs offline.

Run:  python chapters/ch07/examples/07_tool_registry.py
"""

import importlib.util
import os
from contextlib import ExitStack

from hello_agents import CalculatorTool, SearchTool, ToolRegistry, tool
from hello_agents.testing import FakeSearchServer

registry = ToolRegistry()

# 1. A Tool object.
registry.register_tool(CalculatorTool())


# 2. A plain function taking one string, registered with a name and a description.
def reverse_text(text: str) -> str:
    return text[::-1]


registry.register_function("reverse", "Reverse a text", reverse_text)


# 3. A typed function: parameters and description come from the signature and docstring.
@tool
def convert(celsius: float) -> float:
    """Convert a temperature from Celsius to Fahrenheit."""
    return celsius * 9 / 5 + 32


registry.register_tool(convert)

with ExitStack() as cleanup:
    if not importlib.util.find_spec("tavily"):
        print('(web search skipped: pip install -e ".[search]" in your clone to try it)')
    elif os.environ.get("TAVILY_API_KEY") or os.environ.get("SERPAPI_API_KEY"):
        registry.register_tool(SearchTool())  # the real services: Tavily, then SerpApi
    else:
        fake = cleanup.enter_context(FakeSearchServer())
        fake_search = SearchTool(
            tavily_key=fake.tavily_key,
            serpapi_key=fake.serpapi_key,
            tavily_base_url=fake.tavily_url,
            serpapi_base_url=fake.serpapi_url,
        )
        registry.register_tool(fake_search)

    print("tools:", registry.list_tools())
    print(registry.get_tools_description())
    print()

    # execute_tool() takes text (JSON, key=value or the bare input) and returns text.
    print("calculator:", registry.execute_tool("python_calculator", "(2 + 3) * sqrt(16)"))
    print("reverse:   ", registry.execute_tool("reverse", "hello agents"))
    print("convert:   ", registry.execute_tool("convert", '{"celsius": 100}'))
    if "search" in registry:
        print("search:    ", registry.execute_tool("search", "Datawhale hello-agents"))

    # Mistakes come back as messages a model can act on, never as exceptions.
    print()
    print(registry.execute_tool("convert", '{"celsius": "hot"}'))
    print(registry.execute_tool("teleport", "moon"))
    print(registry.execute_tool("python_calculator", "9**9**9"))
