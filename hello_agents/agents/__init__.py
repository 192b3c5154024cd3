"""agents/: one paradigm per module, all on the same Agent base.

* :class:`SimpleAgent`: chat, with tools through the ``[TOOL_CALL:name:params]`` text protocol;
* :class:`ReActAgent`: Thought / Action / Observation until ``Finish[answer]``;
* :class:`ReflectionAgent`: draft, critique, refine until the critique approves;
* :class:`PlanAndSolveAgent`: plan as a list, then solve step by step;
* :class:`FunctionCallAgent`: native OpenAI tool calls (with fallbacks for small local models).
"""

from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.agents.plan_solve_agent import (
    PlanAndSolveAgent,
    PlanAndSolveResult,
    PlanAttempt,
    PlanFormatError,
    PlanStep,
    StepResult,
)
from hello_agents.agents.react_agent import (
    ParsedReply,
    ReActAction,
    ReActAgent,
    ReActStep,
    parse_react_reply,
)
from hello_agents.agents.reflection_agent import (
    Critique,
    Draft,
    ReflectionAgent,
    ReflectionResult,
)
from hello_agents.agents.simple_agent import SimpleAgent
from hello_agents.agents.tool_aware_agent import ToolAwareSimpleAgent
from hello_agents.agents.tool_call_protocol import parse_tool_calls
from hello_agents.agents.tool_call_strategies import (
    ContentFallbackToolCalls,
    JsonSchemaToolCalls,
    NativeToolCalls,
    ToolCallStrategy,
)
from hello_agents.agents.tool_support import ToolCalls, ToolRound, ToolUsingAgent

__all__ = [
    "ContentFallbackToolCalls",
    "Critique",
    "Draft",
    "FunctionCallAgent",
    "JsonSchemaToolCalls",
    "NativeToolCalls",
    "ParsedReply",
    "PlanAndSolveAgent",
    "PlanAndSolveResult",
    "PlanAttempt",
    "PlanFormatError",
    "PlanStep",
    "ReActAction",
    "ReActAgent",
    "ReActStep",
    "ReflectionAgent",
    "ReflectionResult",
    "SimpleAgent",
    "StepResult",
    "ToolAwareSimpleAgent",
    "ToolCallStrategy",
    "ToolCalls",
    "ToolRound",
    "ToolUsingAgent",
    "parse_react_reply",
    "parse_tool_calls",
]
