"""Progressive disclosure: show the model an index of tools, load schemas on demand.

Forty full tool schemas can cost ten thousand tokens on every model call. A
:class:`ProgressiveToolView` wraps a :class:`~hello_agents.tools.registry.ToolRegistry`
and keeps only an index resident - each group's tool names with a one-line
description - plus one meta-tool, ``load_tools(group)``. When the model needs a
group, it calls ``load_tools``; the answer carries that group's full schemas and,
from then on, those tools are offered (and callable) like any other.

A tool whose group is not loaded yet is not hidden from the model: calling it
returns an observation that says which group to load. The view has the same
calling surface as the registry (``execute``, ``aexecute``, ``execute_tool``,
``get_tools_description``, ``to_openai_schema``, ``list_tools``, ``get_tool``),
so an agent can take either.
"""

from __future__ import annotations

import concurrent.futures
import difflib
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from hello_agents.tools.arguments import RawArguments, check_arguments, signature, unknown_tool
from hello_agents.tools.base import Tool, ToolParameter, ToolResult
from hello_agents.tools.registry import DEFAULT_GROUP, ToolRegistry

LOAD_TOOLS = "load_tools"
_ONE_LINE = 80  # characters of a description kept in the index
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")  # "e.g. 'x'" is not an end


def one_line(text: str, limit: int = _ONE_LINE) -> str:
    """The first sentence of a description, at most ``limit`` characters.

    Args:
        text: A tool or group description.
        limit: The longest line to return.

    Returns:
        The first line, cut after its first sentence, shortened with ``...``.
    """
    lines = text.strip().splitlines()
    line = _SENTENCE_END.split(lines[0].strip(), maxsplit=1)[0] if lines else ""
    return line if len(line) <= limit else line[: limit - 3].rstrip() + "..."


class LoadToolsTool(Tool):
    """The meta-tool ``load_tools(group)``; its function-calling description is the index.

    Args:
        view: The view whose groups it loads.
    """

    def __init__(self, view: ProgressiveToolView) -> None:
        super().__init__(LOAD_TOOLS, "Load the full parameters of a tool group.")
        self.view = view

    def to_openai_schema(self) -> dict[str, Any]:
        """The meta-tool's schema, with the current index as its description."""
        schema = super().to_openai_schema()
        schema["function"]["description"] = self.view.index()
        return schema

    def get_parameters(self) -> list[ToolParameter]:
        """One parameter, ``group``; the index lists the names, ``load`` checks them."""
        return [ToolParameter(name="group", type="string", description="The group to load.")]

    def run(self, parameters: dict[str, Any]) -> str:
        """Load the group and return its schemas as text.

        Args:
            parameters: ``{"group": name}``.

        Returns:
            The loaded tools' descriptions and JSON Schemas, or an error text.
        """
        return self.view.load(str(parameters.get("group", ""))).content


class ProgressiveToolView:
    """A registry view with an index resident and schemas loaded per group.

    Args:
        registry: The registry holding every tool.
        loaded_groups: Groups whose schemas are resident from the start (the
            registry's default group, unless told otherwise).
        group_descriptions: An optional one-line description per group, for the index.
    """

    def __init__(
        self,
        registry: ToolRegistry,
        *,
        loaded_groups: Iterable[str] = (DEFAULT_GROUP,),
        group_descriptions: Mapping[str, str] | None = None,
    ) -> None:
        self.registry = registry
        self.group_descriptions = dict(group_descriptions or {})
        self._loaded: set[str] = set(loaded_groups)
        self.meta_tool = LoadToolsTool(self)

    # ------------------------------------------------------------------ loading

    @property
    def loaded_groups(self) -> list[str]:
        """The groups loaded so far, in the registry's group order."""
        return [group for group in self.registry.list_groups() if group in self._loaded]

    def is_loaded(self, tool_name: str) -> bool:
        """Whether ``tool_name`` is a registered tool whose group is loaded."""
        return self.registry.group_of(tool_name) in self._loaded

    def load(self, group: str) -> ToolResult:
        """Load a group: its tools become callable and its schemas are returned.

        Args:
            group: The group name.

        Returns:
            A result whose content lists each tool's signature, description and
            JSON Schema; or a failed result naming the existing groups.
        """
        groups = self.registry.list_groups()
        if group not in groups:
            close = difflib.get_close_matches(group, groups, n=1, cutoff=0.6)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            return ToolResult.failure(
                LOAD_TOOLS,
                "invalid_arguments",
                f"There is no tool group {group!r}.{hint} Groups: {', '.join(groups)}.",
            )
        self._loaded.add(group)
        tools = self.registry.tools_in_group(group)
        count = f"{len(tools)} tool{'' if len(tools) == 1 else 's'}"
        lines = [f"Loaded group {group!r} ({count}). You can call them now:"]
        for tool in tools:
            schema = tool.input_schema()
            lines.append(f"- {signature(tool.name, schema)}: {tool.description}")
            lines.append(f"  parameters: {json.dumps(schema, ensure_ascii=False)}")
        return ToolResult.success(LOAD_TOOLS, "\n".join(lines))

    def unload(self, group: str) -> None:
        """Drop a group's schemas from the resident set (its tools stay registered).

        Args:
            group: The group name.
        """
        self._loaded.discard(group)

    # ------------------------------------------------------------------ what the model sees

    def index(self) -> str:
        """The resident index: how to load, then every group's tool names and one-liners.

        Returns:
            Text meant for a system prompt or the meta-tool's description.
        """
        lines = [
            f'Tools by group. Call {LOAD_TOOLS} with {{"group": <name>}} to get a group\'s '
            "parameters before using its tools."
        ]
        for group in self.registry.list_groups():
            state = " (loaded)" if group in self._loaded else ""
            about = self.group_descriptions.get(group)
            lines.append(f"[{group}]{state}{': ' + one_line(about) if about else ''}")
            lines.extend(
                f"- {tool.name}: {one_line(tool.description)}"
                for tool in self.registry.tools_in_group(group)
            )
        return "\n".join(lines)

    def get_tools_description(self) -> str:
        """The text-prompt tool list: the index, then signatures of loaded tools.

        Returns:
            Text for a text-protocol agent's prompt.
        """
        loaded = [tool for tool in self.registry.get_all_tools() if self.is_loaded(tool.name)]
        if not loaded:
            return self.index()
        signatures = "\n".join(
            f"- {signature(tool.name, tool.input_schema())}: {tool.description}" for tool in loaded
        )
        return f"{self.index()}\n\nLoaded tools:\n{signatures}"

    def to_openai_schema(self) -> list[dict[str, Any]]:
        """Function-calling schemas: the meta-tool plus every loaded tool.

        Returns:
            The list for ``tools=`` of a chat request.
        """
        loaded = [tool for tool in self.registry.get_all_tools() if self.is_loaded(tool.name)]
        return [self.meta_tool.to_openai_schema(), *(tool.to_openai_schema() for tool in loaded)]

    def list_tools(self) -> list[str]:
        """The names callable right now: the meta-tool and the loaded tools."""
        loaded = [name for name in self.registry.list_tools() if self.is_loaded(name)]
        return [LOAD_TOOLS, *loaded]

    def get_tool(self, name: str) -> Tool | None:
        """The meta-tool, a loaded tool, or None."""
        if name == LOAD_TOOLS:
            return self.meta_tool
        return self.registry.get_tool(name) if self.is_loaded(name) else None

    def __len__(self) -> int:
        return len(self.list_tools())

    # ------------------------------------------------------------------ calling

    def execute(
        self, name: str, arguments: RawArguments = None, *, timeout: float | None = None
    ) -> ToolResult:
        """Run the meta-tool or a loaded tool; see :meth:`ToolRegistry.execute`.

        Args:
            name: The tool name.
            arguments: The arguments as the model sent them.
            timeout: Seconds the call may take.

        Returns:
            The outcome; a tool of a group not loaded yet gives an ``unknown_tool``
            result that says which group to load.
        """
        blocked = self._gate(name, arguments)
        if blocked is not None:
            return blocked
        return self.registry.execute(name, arguments, timeout=timeout)

    async def aexecute(
        self,
        name: str,
        arguments: RawArguments = None,
        *,
        timeout: float | None = None,
        executor: concurrent.futures.Executor | None = None,
    ) -> ToolResult:
        """Async twin of :meth:`execute`; see :meth:`ToolRegistry.aexecute`.

        Args:
            name: The tool name.
            arguments: The arguments as the model sent them.
            timeout: Seconds the call may take.
            executor: Where sync tools run.

        Returns:
            The outcome.
        """
        blocked = self._gate(name, arguments)
        if blocked is not None:
            return blocked
        return await self.registry.aexecute(name, arguments, timeout=timeout, executor=executor)

    def execute_tool(self, name: str, input_text: RawArguments = None) -> str:
        """The tutorial's entry point: run a tool and return its text.

        Args:
            name: The tool name.
            input_text: The arguments.

        Returns:
            The output or an error message for the model.
        """
        return str(self.execute(name, input_text))

    def _gate(self, name: str, arguments: RawArguments) -> ToolResult | None:
        """Answer meta-tool calls and calls to unloaded tools; None lets the call through."""
        name = name.strip()
        if name == LOAD_TOOLS:
            checked = check_arguments(self.meta_tool, arguments)
            return checked if isinstance(checked, ToolResult) else self.load(checked["group"])
        group = self.registry.group_of(name)
        if group is None:
            return unknown_tool(name, [LOAD_TOOLS, *self.registry.list_tools()])
        if group not in self._loaded:
            return ToolResult.failure(
                name,
                "unknown_tool",
                f"Tool {name!r} is in the group {group!r}, which is not loaded yet. "
                f'Call {LOAD_TOOLS} with {{"group": "{group}"}} first, then call {name} again.',
            )
        return None


__all__ = ["LOAD_TOOLS", "LoadToolsTool", "ProgressiveToolView", "one_line"]
