"""Builtin tools: calculator, web search, notes, a sandboxed terminal, memory and RAG.

The calculator, search, note and terminal modules import only the standard
library at import time; the search backends' client packages are imported when
a search runs. ``MemoryTool`` and ``RAGTool`` (chapter 8) are imported on first use.
"""

from hello_agents._lazy import lazy_names
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

_LAZY = {
    "MemoryTool": "hello_agents.tools.builtin.memory_tool",
    "RAGTool": "hello_agents.tools.builtin.rag_tool",
    "ActionResult": "hello_agents.tools.builtin.action_result",
    "A2ATool": "hello_agents.tools.builtin.protocol_tools",
    "ANPTool": "hello_agents.tools.builtin.protocol_tools",
    "MCPTool": "hello_agents.tools.builtin.protocol_tools",
    "BFCLEvaluationTool": "hello_agents.tools.builtin.evaluation_tools",
    "GAIAEvaluationTool": "hello_agents.tools.builtin.evaluation_tools",
    "LLMJudgeTool": "hello_agents.tools.builtin.evaluation_tools",
    "WinRateTool": "hello_agents.tools.builtin.evaluation_tools",
    "RLTrainingTool": "hello_agents.tools.builtin.rl_tool",
}
"""Tools whose modules pull optional packages (memory stores, protocol SDKs): imported
on first access, so ``import hello_agents`` stays light and needs no extra."""


__getattr__ = lazy_names(__name__, _LAZY)


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
    *_LAZY,
]
