"""ToolAwareSimpleAgent: a SimpleAgent that tells a listener about every tool call.

Chapter 14 of the tutorial shows each tool call of its research agents on a web
page. The listener is one function, called after each call with a dict::

    {"agent_name", "tool_name", "raw_parameters", "parsed_parameters", "result",
     "ok", "error_kind", "call_id", "seconds"}

It is built on the agent's hooks (``tool_end`` and ``tool_error``), the events
every tool call already fires, so it sees the calls of ``run``, ``stream_run``
and ``arun`` alike, and a listener that raises is logged and never breaks the
run. ``agent.hooks.on("tool_end", ...)`` gives the same events as typed
:class:`~hello_agents.core.agent.HookEvent` objects.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hello_agents.agents.simple_agent import SimpleAgent
from hello_agents.core.agent import HookEvent
from hello_agents.tools.arguments import parse_arguments
from hello_agents.tools.base import ToolResult
from hello_agents.tools.registry import ToolRegistry

ToolCallListener = Callable[[dict[str, Any]], object]
"""What ``tool_call_listener`` is: a function of the call's dict (its return value is ignored)."""


class ToolAwareSimpleAgent(SimpleAgent):
    """A :class:`SimpleAgent` whose tool calls are reported to a listener.

    Args:
        *args: SimpleAgent's arguments (``name, llm, system_prompt, config,
            tool_registry, enable_tool_calling, max_tool_iterations``).
        tool_call_listener: Called after every tool call with the call's dict
            (see the module docstring); ``None`` for none.
        **kwargs: SimpleAgent's keyword arguments.

    Attributes:
        tool_call_listener: The listener; it may be replaced at any time.
    """

    def __init__(
        self, *args: Any, tool_call_listener: ToolCallListener | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.tool_call_listener = tool_call_listener
        self.hooks.on("tool_end", self._report_tool_call)
        self.hooks.on("tool_error", self._report_tool_call)

    def _report_tool_call(self, event: HookEvent) -> None:
        """Turn a ``tool_end`` / ``tool_error`` event into the listener's dict."""
        listener = self.tool_call_listener
        if listener is not None:
            listener(self.describe_tool_call(event))

    def describe_tool_call(self, event: HookEvent) -> dict[str, Any]:
        """The listener's dict for one finished tool call.

        Args:
            event: A ``tool_end`` or ``tool_error`` hook event of this agent.

        Returns:
            ``agent_name``, ``tool_name``, ``raw_parameters`` (the text the model
            wrote), ``parsed_parameters`` (a dict; empty when the text could not be
            read), ``result`` (the text the model was given), ``ok``,
            ``error_kind``, ``call_id`` and ``seconds``.
        """
        tool_name = str(event.data.get("tool", ""))
        raw = event.data.get("arguments")
        result = event.data.get("result")
        return {
            "agent_name": event.agent,
            "tool_name": tool_name,
            "raw_parameters": raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False),
            "parsed_parameters": self.parsed_parameters(tool_name, raw),
            "result": result.content if isinstance(result, ToolResult) else str(result or ""),
            "ok": isinstance(result, ToolResult) and result.ok,
            "error_kind": result.error_kind if isinstance(result, ToolResult) else None,
            "call_id": event.data.get("call_id"),
            "seconds": event.data.get("seconds"),
        }

    def parsed_parameters(self, tool_name: str, raw: Any) -> dict[str, Any]:
        """The arguments of a call as a dict, read the way the registry reads them.

        Args:
            tool_name: The tool called.
            raw: The arguments as the model sent them (text or a dict).

        Returns:
            The arguments; an empty dict when they cannot be read or the tool is unknown.
        """
        if isinstance(raw, dict):
            return dict(raw)
        tool = self.tool_registry.get_tool(tool_name)
        if tool is None or not isinstance(raw, str):
            return {}
        try:
            return parse_arguments(raw, tool.input_schema())
        except ValueError:
            return {}

    @staticmethod
    def attach_registry(agent: SimpleAgent, registry: ToolRegistry | None) -> None:
        """Give ``agent`` the tools of ``registry`` (tool calling on), or take them away (None).

        Args:
            agent: Any SimpleAgent.
            registry: The tools, or ``None`` for none.
        """
        agent.tool_registry = registry
        agent.enable_tool_calling = registry is not None


__all__ = ["ToolAwareSimpleAgent", "ToolCallListener"]
