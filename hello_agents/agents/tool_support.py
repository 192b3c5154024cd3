"""What every tool-using agent shares: a registry, tool management, hooked execution.

:class:`ToolUsingAgent` sits between :class:`~hello_agents.core.agent.Agent`
and the paradigms that call tools (Simple, ReAct, FunctionCall). It owns the
:class:`~hello_agents.tools.registry.ToolRegistry`, offers the tutorial's
``add_tool`` / ``remove_tool`` / ``list_tools`` / ``has_tools``, and runs every
tool call through the registry (so arguments are always validated) while
emitting the ``tool_start`` / ``tool_end`` / ``tool_error`` hooks.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from hello_agents.agents.aids.policy import Check, SmallModelAids, Verdict
from hello_agents.core.agent import EventName
from hello_agents.core.config import Config
from hello_agents.core.llm import BaseLLM
from hello_agents.core.loop import LoopAgent
from hello_agents.core.message import ToolCall
from hello_agents.core.providers import EMBEDDED
from hello_agents.core.run import Intervention, Request, RunResult
from hello_agents.tools.arguments import RawArguments, signature
from hello_agents.tools.base import Tool, ToolResult
from hello_agents.tools.registry import ToolRegistry


@dataclass(frozen=True)
class ToolCalls(Request):
    """Request from a loop: run these calls; the loop receives their
    :class:`ToolResult` list, in the same order."""

    calls: Sequence[ToolCall]


SMALL_MODEL_MAX_PARAMETERS = 4_000_000_000
"""Models of at most this many parameters get the small-model aids by default.

The aids were measured on models of 0.5 and 1.5 billion parameters, where they
raise task success; nothing shows they help above that, and every check costs
a capable model a little (docs/small-model-aids.md)."""

AidsSetting = SmallModelAids | bool | Literal["auto"] | None
"""``"auto"`` (on for a model known to be small), ``True``/``False``, or a policy."""


@dataclass(frozen=True)
class AidsDecision:
    """Whether an agent's small-model aids are on, and why (shown by the CLI and doctor)."""

    enabled: bool
    reason: str


def decide_aids(llm: BaseLLM) -> AidsDecision:
    """Whether ``small_model_aids="auto"`` turns the aids on for ``llm``: for the
    embedded model, and for a server that reports a model of at most
    :data:`SMALL_MODEL_MAX_PARAMETERS` parameters (``BaseLLM.model_parameters``)."""
    if llm.provider == EMBEDDED:
        return AidsDecision(True, "on: the embedded model is a small model")
    size = llm.model_parameters()
    limit = f"{SMALL_MODEL_MAX_PARAMETERS / 1e9:g}B"
    if size is None:
        return AidsDecision(False, "off: the model's size is not known")
    if size <= SMALL_MODEL_MAX_PARAMETERS:
        return AidsDecision(
            True, f"on: the server reports {size / 1e9:.2f}B parameters (<= {limit})"
        )
    return AidsDecision(False, f"off: the server reports {size / 1e9:.2f}B parameters (> {limit})")


@dataclass(frozen=True)
class ToolRound:
    """One round of tool use: the calls the model made and what they returned."""

    calls: tuple[ToolCall, ...]
    results: tuple[ToolResult, ...]


class ToolUsingAgent(LoopAgent):
    """An agent with a tool registry.

    Args:
        name: The agent's name.
        llm: The model client.
        system_prompt: Instructions sent first.
        config: Settings.
        tool_registry: The tools; an empty registry when omitted.

    Attributes:
        max_parallel_tool_calls: Threads used at most for the calls of one reply
            when the agent runs blocking (``run``, ``stream_run``); ``arun`` runs
            them all at once on the event loop.
    """

    max_parallel_tool_calls = 8
    small_model_aids: AidsSetting = "auto"
    default_checks: ClassVar[tuple[Check, ...]] = ()

    def __init__(
        self,
        name: str,
        llm: BaseLLM,
        system_prompt: str | None = None,
        config: Config | None = None,
        tool_registry: ToolRegistry | None = None,
        *,
        small_model_aids: AidsSetting = "auto",
    ) -> None:
        super().__init__(name, llm, system_prompt, config)
        self._tool_registry = tool_registry if tool_registry is not None else ToolRegistry()
        self.small_model_aids = small_model_aids

    # ---- the small-model aids (off unless the model is known to be small) ---------------

    def aids_decision(self) -> AidsDecision:
        """Whether this agent's small-model aids are on, and why."""
        setting = self.small_model_aids
        if isinstance(setting, SmallModelAids):
            return AidsDecision(True, "on: a SmallModelAids policy was given")
        if setting == "auto":
            return decide_aids(self.llm)
        if setting:
            return AidsDecision(True, "on: small_model_aids=True")
        return AidsDecision(False, "off: small_model_aids=False")

    def aids(self, result: RunResult[Any] | None = None) -> SmallModelAids | None:
        """The policy in force for a run, or ``None`` when the aids are off; the
        decision and its reason go into ``result.aids`` when a run is given."""
        decision = self.aids_decision()
        if result is not None:
            result.aids = decision.reason
        if not decision.enabled:
            return None
        policy = self.small_model_aids
        return policy if isinstance(policy, SmallModelAids) else SmallModelAids()

    def intervene(
        self, result: RunResult[Any], verdict: Verdict, reply: str, answer: str
    ) -> Intervention:
        """Record a verdict the agent acts on in the run and fire the ``intervention`` hook."""
        done = Intervention(
            check=verdict.check,
            action=verdict.action,
            reply=reply,
            answer=answer,
            message=verdict.message,
            replacement=verdict.replacement,
            step=len(result.steps),
            values=verdict.hold,
            held_to=verdict.hold_tools,
        )
        result.interventions.append(done)
        self.hooks.emit("intervention", self.name, intervention=done)
        return done

    @property
    def tool_registry(self) -> ToolRegistry:
        """The agent's tools (assignable; ``None`` means an empty registry)."""
        return self._tool_registry

    @tool_registry.setter
    def tool_registry(self, registry: ToolRegistry | None) -> None:
        self._tool_registry = registry if registry is not None else ToolRegistry()

    # ---- managing tools ------------------------------------------------------------

    def add_tool(
        self, tool: Tool | Callable[..., Any], auto_expand: bool = True, *, replace: bool = False
    ) -> Tool:
        """Register a Tool object, or a typed function with a docstring.

        ``auto_expand`` (the tutorial's ``add_tool(tool, auto_expand=True)``): a tool
        that stands for several, such as ``MCPTool(auto_expand=True)``, is added as
        its parts; ``False`` adds it as one tool.

        Returns:
            The registered tool.

        Raises:
            ToolException: A name collision (without ``replace``), or a function
                without type hints or docstring.
        """
        if isinstance(tool, Tool):
            return self.tool_registry.register_tool(tool, replace=replace, auto_expand=auto_expand)
        return self.tool_registry.tool(replace=replace)(tool)

    def remove_tool(self, name: str) -> bool:
        """Unregister a tool; returns whether it existed."""
        return self.tool_registry.unregister(name)

    def list_tools(self) -> list[str]:
        """Names of the registered tools (Tool objects and functions alike)."""
        return self.tool_registry.list_tools()

    def has_tools(self) -> bool:
        """Whether any tool is registered."""
        return len(self.tool_registry) > 0

    # ---- running tools ---------------------------------------------------------------

    def perform(self, request: Request) -> Any:
        """Run a :class:`ToolCalls` request: in threads when there are several calls."""
        if not isinstance(request, ToolCalls):
            return super().perform(request)
        calls = request.calls
        if len(calls) > 1:
            return self._run_in_threads(calls)
        return [self.run_tool(call.name, call.arguments, call_id=call.id) for call in calls]

    def _run_in_threads(self, calls: Sequence[ToolCall]) -> list[ToolResult]:
        """The calls of one reply at once, each in a worker thread."""
        workers = min(len(calls), self.max_parallel_tool_calls)
        contexts = [copy_context() for _ in calls]  # each thread works for this run
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tool-call") as pool:
            return list(
                pool.map(
                    lambda c, ctx: ctx.run(self.run_tool, c.name, c.arguments, call_id=c.id),
                    calls,
                    contexts,
                )
            )

    async def aperform(self, request: Request) -> Any:
        """Run a :class:`ToolCalls` request: all calls at once on the event loop."""
        if not isinstance(request, ToolCalls):
            return await super().aperform(request)
        return list(
            await asyncio.gather(
                *(self.arun_tool(c.name, c.arguments, call_id=c.id) for c in request.calls)
            )
        )

    def run_tool(
        self, name: str, arguments: RawArguments, *, call_id: str | None = None
    ) -> ToolResult:
        """Run one tool call through the registry, with hooks; never raises."""
        call = {"tool": name, "arguments": arguments, "call_id": call_id}
        self.hooks.emit("tool_start", self.name, **call)
        started = time.perf_counter()
        result = self.tool_registry.execute(name, arguments)
        self._emit_tool_outcome(result, started, call)
        return result

    async def arun_tool(
        self, name: str, arguments: RawArguments, *, call_id: str | None = None
    ) -> ToolResult:
        """Async twin of :meth:`run_tool` (sync tools run in worker threads)."""
        call = {"tool": name, "arguments": arguments, "call_id": call_id}
        self.hooks.emit("tool_start", self.name, **call)
        started = time.perf_counter()
        result = await self.tool_registry.aexecute(name, arguments)
        self._emit_tool_outcome(result, started, call)
        return result

    def _emit_tool_outcome(self, result: ToolResult, started: float, call: dict[str, Any]) -> None:
        """``tool_end`` (or ``tool_error``) with the result and the call's duration."""
        seconds = time.perf_counter() - started
        event: EventName = "tool_end" if result.ok else "tool_error"
        self.hooks.emit(event, self.name, **call, result=result, seconds=seconds)


def describe_tools(registry: ToolRegistry) -> str:
    """The tool list for a text-protocol prompt, a line per tool (``- weather(city:
    string, days: integer = 1): Forecast...``), or the registry's "no tools" text."""
    if len(registry) == 0:
        return registry.get_tools_description()
    return "\n".join(
        f"- {signature(tool.name, tool.input_schema())}: {' '.join(tool.description.split())}"
        for tool in registry.get_all_tools()
    )


__all__ = [
    "SMALL_MODEL_MAX_PARAMETERS",
    "AidsDecision",
    "ToolCalls",
    "ToolRound",
    "ToolUsingAgent",
    "decide_aids",
    "describe_tools",
]
