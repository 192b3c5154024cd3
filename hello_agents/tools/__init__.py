"""tools/: everything is a tool.

* :mod:`~hello_agents.tools.base`: the tutorial's ``Tool`` / ``ToolParameter`` contract;
* :mod:`~hello_agents.tools.typed`: tools from typed functions (``@tool``) or pydantic models;
* :mod:`~hello_agents.tools.registry`: ``ToolRegistry``, the one door tools run through;
* :mod:`~hello_agents.tools.guard` and :mod:`~hello_agents.tools.arguments`: every call's
  arguments parsed and validated, errors written for the model;
* :mod:`~hello_agents.tools.groups`: tool groups and progressive disclosure;
* :mod:`~hello_agents.tools.orchestrator`: one structured call picks a tool and its arguments;
* :mod:`~hello_agents.tools.chain` and :mod:`~hello_agents.tools.async_executor`: pipelines
  and real parallelism;
* :mod:`~hello_agents.tools.builtin`: the calculator and web search.
"""

from hello_agents.tools.arguments import RawArguments
from hello_agents.tools.async_executor import (
    AsyncToolExecutor,
    TaskResult,
    run_batch_tool,
    run_batch_tool_sync,
    run_parallel_tools,
    run_parallel_tools_sync,
)
from hello_agents.tools.base import Tool, ToolParameter
from hello_agents.tools.builtin import (
    CalculatorError,
    CalculatorTool,
    SearchError,
    SearchTool,
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
from hello_agents.tools.registry import DEFAULT_GROUP, ToolProvider, ToolRegistry
from hello_agents.tools.result import ToolErrorKind, ToolResult
from hello_agents.tools.typed import FunctionTool, ModelTool, TypedTool, tool

__all__ = [
    "DEFAULT_GROUP",
    "LOAD_TOOLS",
    "AsyncToolExecutor",
    "CalculatorError",
    "CalculatorTool",
    "ChainResult",
    "FunctionTool",
    "ModelTool",
    "ProgressiveToolView",
    "RawArguments",
    "SearchError",
    "SearchTool",
    "TaskResult",
    "Tool",
    "ToolChain",
    "ToolChainError",
    "ToolChainManager",
    "ToolErrorKind",
    "ToolParameter",
    "ToolProvider",
    "ToolRegistry",
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
]

# Chapter 12's evaluation tools load on first use (they pull in hello_agents.evaluation).
_EVALUATION_TOOLS = ("BFCLEvaluationTool", "GAIAEvaluationTool", "LLMJudgeTool", "WinRateTool")


def __getattr__(name: str) -> object:
    if name in _EVALUATION_TOOLS:
        from hello_agents.tools.builtin import evaluation_tools

        return getattr(evaluation_tools, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
