"""The command lines' agents, built from the names their options take.

``hello-agents run`` and ``chat`` (:mod:`hello_agents.cli`) and ``hello-agents eval``
(:mod:`hello_agents.evaluation.cli`, and its Ray workers) choose a paradigm, tools
and settings by name; this module turns those names into an agent.
"""

from __future__ import annotations

import sys

from hello_agents.core.agent import Agent
from hello_agents.core.config import Config
from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.tools.registry import ToolRegistry

PARADIGMS = ("react", "simple", "function", "reflection", "plan")
TOOLS = ("calculator", "search")
TOOL_CALL_STRATEGIES = ("auto", "native", "content", "json_schema", "forced")


def make_agent(
    paradigm: str,
    llm: HelloAgentsLLM,
    registry: ToolRegistry,
    system_prompt: str | None,
    max_steps: int,
    config: Config | None = None,
    *,
    tool_call_strategy: str = "auto",
    small_model_aids: bool | str = "auto",
) -> Agent:
    """One agent of the named paradigm (``tool_call_strategy``: the function agent's;
    ``small_model_aids``: ReAct's and the function agent's)."""
    if paradigm == "react":
        from hello_agents.agents.react_agent import ReActAgent

        return ReActAgent(
            "react",
            llm,
            registry,
            system_prompt,
            config,
            max_steps=max_steps,
            small_model_aids=small_model_aids,  # type: ignore[arg-type]
        )
    if paradigm == "simple":
        from hello_agents.agents.simple_agent import SimpleAgent

        return SimpleAgent(
            "simple", llm, system_prompt, config, registry, max_tool_iterations=max_steps
        )
    if paradigm == "function":
        from hello_agents.agents.function_call_agent import FunctionCallAgent

        return FunctionCallAgent(
            "function",
            llm,
            system_prompt,
            config,
            registry,
            max_tool_iterations=max_steps,
            tool_call_strategy=tool_call_strategy,
            small_model_aids=small_model_aids,  # type: ignore[arg-type]
        )
    if paradigm == "reflection":
        from hello_agents.agents.reflection_agent import ReflectionAgent

        return ReflectionAgent("reflection", llm, system_prompt, config)
    from hello_agents.agents.plan_solve_agent import PlanAndSolveAgent

    return PlanAndSolveAgent("plan", llm, system_prompt, config)


def agent_config(temperature: float | None) -> Config:
    """Settings from the environment; the CLI answers deterministically (temperature
    0) unless ``--temperature`` or ``TEMPERATURE`` says otherwise."""
    if temperature is not None:
        return Config.from_env(temperature=temperature)
    config = Config.from_env()
    return config if "temperature" in config.model_fields_set else Config.from_env(temperature=0.0)


def build_tools(spec: str) -> ToolRegistry:
    """A registry holding the named builtin tools."""
    registry = ToolRegistry()
    for name in tool_names(spec):
        if name == "calculator":
            from hello_agents.tools.builtin.calculator import CalculatorTool

            registry.register_tool(CalculatorTool())
        elif name == "search":
            from hello_agents.tools.builtin.search import SearchTool

            registry.register_tool(SearchTool())
        else:
            raise HelloAgentsException(f"unknown tool {name!r}; choose from {', '.join(TOOLS)}")
    return registry


def tool_names(spec: str) -> list[str]:
    """The tool names of a ``--tools`` value (``"none"`` is no tool)."""
    return [name.strip() for name in spec.split(",") if name.strip() not in ("", "none")]


def start_embedded(llm: HelloAgentsLLM, *, quiet: bool = False) -> None:
    """Start the embedded server now, so that slow first-time work (assembling the
    weights, loading the model) shows as a progress bar on standard error."""
    if quiet:
        llm.prepare()
        return
    from hello_agents.progress_bar import ProgressBar

    bar = ProgressBar(sys.stderr)
    with bar.ticking():
        llm.prepare(progress=bar)


__all__ = [
    "PARADIGMS",
    "TOOLS",
    "TOOL_CALL_STRATEGIES",
    "agent_config",
    "build_tools",
    "make_agent",
    "start_embedded",
    "tool_names",
]
