"""hello-agents: a small, layered agent framework on any OpenAI-compatible API.

from hello_agents import HelloAgentsLLM, ReActAgent, ToolRegistry, CalculatorTool

registry = ToolRegistry()
registry.register_tool(CalculatorTool())
agent = ReActAgent("assistant", HelloAgentsLLM(), registry)
print(agent.run("How many cents do 48 pencils at 37 cents cost?"))
"""

from hello_agents._lazy import lazy_names
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

# Chapter 12's rubric evaluators, as the tutorial imports them from the top level.
__getattr__ = lazy_names(
    __name__,
    {
        "UniversalLLMJudgeEvaluator": "hello_agents.evaluation.rubrics",
        "UniversalWinRateEvaluator": "hello_agents.evaluation.rubrics",
    },
)


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
