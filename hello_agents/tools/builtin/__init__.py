"""Builtin tools: calculator, web search, notes and a sandboxed terminal.

Every module imports only the standard library at import time; the search
backends' client packages are imported when a search runs.
"""

from hello_agents.tools.builtin.calculator import (
    CalculatorError,
    CalculatorTool,
    calculate,
    evaluate,
)
from hello_agents.tools.builtin.note_tool import NoteError, NoteTool
from hello_agents.tools.builtin.search import (
    SearchError,
    SearchHit,
    SearchResults,
    SearchTool,
    search,
)
from hello_agents.tools.builtin.terminal_tool import CommandRefusedError, TerminalTool

__all__ = [
    "CalculatorError",
    "CalculatorTool",
    "CommandRefusedError",
    "NoteError",
    "NoteTool",
    "SearchError",
    "SearchHit",
    "SearchResults",
    "SearchTool",
    "TerminalTool",
    "calculate",
    "evaluate",
    "search",
]
