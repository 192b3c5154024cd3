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

__all__ = [
    "CalculatorError",
    "CalculatorTool",
    "SearchError",
    "SearchHit",
    "SearchResults",
    "SearchTool",
    "calculate",
    "evaluate",
    "search",
]
