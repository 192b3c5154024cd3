"""hello-agents: a small, layered agent framework on any OpenAI-compatible API.

from hello_agents import HelloAgentsLLM, ReActAgent, ToolRegistry, CalculatorTool

registry = ToolRegistry()
registry.register_tool(CalculatorTool())
agent = ReActAgent("assistant", HelloAgentsLLM(), registry)
print(agent.run("How many cents do 48 pencils at 37 cents cost?"))
"""

from typing import Any

from hello_agents._version import __version__
from hello_agents.agents import (
    FunctionCallAgent,
    PlanAndSolveAgent,
    ReActAgent,
    ReflectionAgent,
    SimpleAgent,
    ToolAwareSimpleAgent,
)
from hello_agents.core import (
    Agent,
    Config,
    ConfigException,
    HelloAgentsException,
    HelloAgentsLLM,
    LLMException,
    Message,
    ToolException,
)
from hello_agents.tools import (
    AsyncToolExecutor,
    CalculatorTool,
    SearchTool,
    Tool,
    ToolChain,
    ToolChainManager,
    ToolParameter,
    ToolRegistry,
    calculate,
    search,
    tool,
)


def __getattr__(name: str) -> Any:
    # Chapter 12's rubric evaluators, as the tutorial imports them from the top level;
    # loaded on first access so that importing hello_agents stays light.
    if name in ("UniversalLLMJudgeEvaluator", "UniversalWinRateEvaluator"):
        from hello_agents.evaluation import rubrics

        return getattr(rubrics, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Agent",
    "AsyncToolExecutor",
    "CalculatorTool",
    "Config",
    "ConfigException",
    "FunctionCallAgent",
    "HelloAgentsException",
    "HelloAgentsLLM",
    "LLMException",
    "Message",
    "PlanAndSolveAgent",
    "ReActAgent",
    "ReflectionAgent",
    "SearchTool",
    "SimpleAgent",
    "Tool",
    "ToolAwareSimpleAgent",
    "ToolChain",
    "ToolChainManager",
    "ToolException",
    "ToolParameter",
    "ToolRegistry",
    "__version__",
    "calculate",
    "search",
    "tool",
]
