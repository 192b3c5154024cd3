"""Builtin tools: calculator and web search.

Both modules import only the standard library at import time; the search
backends' client packages are imported when a search runs.
"""

from hello_agents.tools.builtin.calculator import (
    CalculatorError,
    CalculatorTool,
    calculate,
    evaluate,
)
from hello_agents.tools.builtin.search import (
    SearchError,
    SearchHit,
    SearchResults,
    SearchTool,
    search,
)

_PROTOCOL_TOOLS = ("A2ATool", "ANPTool", "MCPTool")


def __getattr__(name: str) -> object:
    # The chapter-10 protocol tools load on first access: ``import hello_agents`` stays light.
    if name in _PROTOCOL_TOOLS:
        from hello_agents.tools.builtin import protocol_tools

        return getattr(protocol_tools, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "A2ATool",
    "ANPTool",
    "CalculatorError",
    "CalculatorTool",
    "MCPTool",
    "SearchError",
    "SearchHit",
    "SearchResults",
    "SearchTool",
    "calculate",
    "evaluate",
    "search",
]
