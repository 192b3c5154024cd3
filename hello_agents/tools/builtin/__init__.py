"""Builtin tools: calculator, web search, memory and RAG.

The calculator and search modules import only the standard library at import
time; the search backends' client packages are imported when a search runs.
``MemoryTool`` and ``RAGTool`` (chapter 8) are imported on first use.
"""

from typing import Any

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

_LAZY = {
    "MemoryTool": "hello_agents.tools.builtin.memory_tool",
    "RAGTool": "hello_agents.tools.builtin.rag_tool",
    "ActionResult": "hello_agents.tools.builtin.action_result",
}


def __getattr__(name: str) -> Any:
    # Chapter 8's tools load the memory package: only when asked for.
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [  # noqa: RUF022 - the lazy names come last
    "CalculatorError",
    "CalculatorTool",
    "SearchError",
    "SearchHit",
    "SearchResults",
    "SearchTool",
    "calculate",
    "evaluate",
    "search",
    "ActionResult",
    "MemoryTool",
    "RAGTool",
]
