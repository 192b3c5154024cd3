"""tools/: everything is a tool.

* :mod:`~hello_agents.tools.base`: the tutorial's ``Tool`` / ``ToolParameter`` contract;
* :mod:`~hello_agents.tools.typed`: tools from typed functions (``@tool``) or pydantic models;
* :mod:`~hello_agents.tools.registry`: ``ToolRegistry``, the one door tools run through;
* :mod:`~hello_agents.tools.arguments` and :mod:`~hello_agents.tools.arguments`: every call's
  arguments parsed and validated, errors written for the model;
* :mod:`~hello_agents.tools.groups`: tool groups and progressive disclosure;
* :mod:`~hello_agents.tools.orchestrator`: one structured call picks a tool and its arguments;
* :mod:`~hello_agents.tools.chain` and :mod:`~hello_agents.tools.async_executor`: pipelines
  and real parallelism;
* :mod:`~hello_agents.tools.response`: ``ToolResponse``, the text-plus-data answer of
  the tool classes the tutorial's chapter 8 writes itself;
* :mod:`~hello_agents.tools.builtin`: the calculator, web search, notes, a sandboxed
  terminal, and (loaded on first use) chapter 8's ``MemoryTool`` and ``RAGTool``.
"""

from hello_agents._lazy import lazy_names
from hello_agents.tools.arguments import RawArguments
from hello_agents.tools.async_executor import (
    AsyncToolExecutor,
    TaskResult,
    run_batch_tool,
    run_batch_tool_sync,
    run_parallel_tools,
    run_parallel_tools_sync,
)
from hello_agents.tools.base import Tool, ToolErrorKind, ToolParameter, ToolResult
from hello_agents.tools.builtin import _LAZY as _BUILTIN_LAZY
from hello_agents.tools.builtin import (
    CalculatorError,
    CalculatorTool,
    NoteTool,
    SearchError,
    SearchTool,
    TerminalTool,
    calculate,
    search,
)
from hello_agents.tools.chain import ChainResult, ToolChain, ToolChainError, ToolChainManager
from hello_agents.tools.groups import LOAD_TOOLS, ProgressiveToolView
from hello_agents.tools.orchestrator import (
    build_orchestrator_model,
    parse_tool_choice,
    run_tool_choice,
)
from hello_agents.tools.registry import (
    DEFAULT_GROUP,
    DEFAULT_TOOL_TIMEOUT,
    ToolProvider,
    ToolRegistry,
)
from hello_agents.tools.response import ToolResponse
from hello_agents.tools.typed import FunctionTool, ModelTool, TypedTool, tool

# The builtin tools that load optional packages (chapters 8, 10, 11, 12): on first access.
__getattr__ = lazy_names(__name__, _BUILTIN_LAZY)


__all__ = [
    "DEFAULT_GROUP",
    "DEFAULT_TOOL_TIMEOUT",
    "LOAD_TOOLS",
    "AsyncToolExecutor",
    "CalculatorError",
    "CalculatorTool",
    "ChainResult",
    "FunctionTool",
    "ModelTool",
    "NoteTool",
    "ProgressiveToolView",
    "RawArguments",
    "SearchError",
    "SearchTool",
    "TaskResult",
    "TerminalTool",
    "Tool",
    "ToolChain",
    "ToolChainError",
    "ToolChainManager",
    "ToolErrorKind",
    "ToolParameter",
    "ToolProvider",
    "ToolRegistry",
    "ToolResponse",
    "ToolResult",
    "TypedTool",
    "build_orchestrator_model",
    "calculate",
    "parse_tool_choice",
    "run_batch_tool",
    "run_batch_tool_sync",
    "run_parallel_tools",
    "run_parallel_tools_sync",
    "run_tool_choice",
    "search",
    "tool",
    *_BUILTIN_LAZY,
]
