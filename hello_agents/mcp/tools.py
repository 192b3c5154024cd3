"""MCP tools as registry tools: a remote tool behaves like any local one.

Each tool a server lists becomes an :class:`MCPTool`. Its input model is
compiled from the server's JSON Schema (:mod:`hello_agents.mcp.schema`), so the
registry's guard checks a model's arguments before they travel; the schema the
model sees is the server's own. A call goes through the client's persistent
session, and the result comes back as:

1. ``structuredContent``, when the server sent it (a dict: ``ToolResult.data``;
   the SDKs' ``{"result": value}`` wrapper of a plain value is unwrapped);
2. else the text content, parsed when it is JSON (``data`` again);
3. else the text, with other content (images, audio, resources) described in brackets.

A result with ``isError: true`` and a JSON-RPC error (unknown tool, ``-32602``
invalid params) both raise inside the call, so the registry returns a failed
:class:`~hello_agents.tools.base.ToolResult` the model can read and repair.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from hello_agents.mcp.errors import MCPToolError
from hello_agents.mcp.schema import SchemaTranslationError, model_from_schema
from hello_agents.tools.base import Tool, ToolParameter, parameters_from_schema, render_value

if TYPE_CHECKING:
    from mcp.types import CallToolResult
    from mcp.types import Tool as RemoteTool

    from hello_agents.tools.registry import ToolRegistry

logger = logging.getLogger(__name__)
_INVALID_NAME_CHARACTERS = re.compile(r"[^A-Za-z0-9_-]")


class ToolCaller(Protocol):
    """What a tool needs of its server's client: a name, and a way to call a tool.

    :class:`~hello_agents.mcp.client.MCPClient` is one; this module needs no more
    of it, so the client can build its tools without the two importing each other.
    """

    name: str

    def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> CallToolResult:
        """Call the server's tool ``name`` (blocking)."""
        ...

    async def acall_tool(
        self, name: str, arguments: dict[str, Any] | None = None
    ) -> CallToolResult:
        """Call the server's tool ``name`` (awaited)."""
        ...


class MCPTool(Tool):
    """One tool of an MCP server, callable through the registry.

    Args:
        client: The connected client of the tool's server.
        remote: The tool as the server listed it.
        name: The local name (the remote one, maybe prefixed); the remote name by default.

    Raises:
        SchemaTranslationError: The tool's input schema cannot be compiled.
    """

    def __init__(self, client: ToolCaller, remote: RemoteTool, name: str | None = None) -> None:
        description = (remote.description or remote.title or remote.name).strip()
        super().__init__(name or local_name(remote.name), description)
        self.client = client
        self.remote_name = remote.name
        # Whatever owns the client's session (chapter 10's MCPTool), kept alive while
        # this tool is: its finalizer would otherwise close the session under us.
        self.session_owner: object | None = None
        schema = remote.input_schema or {"type": "object"}
        # "$schema" names a JSON Schema dialect: noise for the model, refused by some APIs.
        self.schema: dict[str, Any] = {k: v for k, v in schema.items() if k != "$schema"}
        self._input_model = model_from_schema(self.schema, self.name)
        # is_async stays False: the registry calls invoke() (in a worker thread from
        # aexecute), which hands the request to the session's loop, whichever it is.
        # That works for sync and async clients alike, and never blocks the loop it needs.

    def input_schema(self) -> dict[str, Any]:
        """The server's JSON Schema as listed (less ``$schema``): what the model sees."""
        return self.schema

    def get_parameters(self) -> list[ToolParameter]:
        """The tutorial's flat parameter list, read from the server's schema."""
        return parameters_from_schema(self.schema)

    def validate_arguments(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Validate against the compiled model; return only what the caller gave.

        Args:
            arguments: The parsed, not yet trusted arguments.

        Returns:
            The arguments as JSON values under their original names; optional
            fields that were left out stay out (the server applies its defaults).

        Raises:
            pydantic.ValidationError: The arguments do not fit the schema.
        """
        validated = self.input_model().model_validate(arguments)
        dumped: dict[str, Any] = validated.model_dump(
            mode="json", by_alias=True, exclude_unset=True
        )
        return dumped

    def run(self, parameters: dict[str, Any]) -> str:
        """The tutorial contract: call the tool, return text (errors as text too).

        Args:
            parameters: The arguments.

        Returns:
            The result as text.
        """
        try:
            return render_value(self.invoke(self.validate_arguments(parameters)))
        except Exception as error:
            return f"Error: {error}"

    def invoke(self, arguments: dict[str, Any]) -> Any:
        """Call the remote tool through the client's session (blocking).

        Args:
            arguments: Validated arguments.

        Returns:
            The extracted result (see :func:`extract_result`).

        Raises:
            MCPToolError: The tool reported failure (``isError``).
            MCPRequestError: The server answered with a JSON-RPC error.
        """
        return extract_result(self.client.call_tool(self.remote_name, arguments))

    async def ainvoke(self, arguments: dict[str, Any]) -> Any:
        """Async twin of :meth:`invoke`."""
        return extract_result(await self.client.acall_tool(self.remote_name, arguments))


def extract_result(result: CallToolResult) -> Any:
    """What the model should read from a ``tools/call`` result.

    Args:
        result: The SDK's result.

    Returns:
        ``structuredContent`` when present (a ``{"result": value}`` wrapper whose
        text content says the same is unwrapped); else the text content parsed as
        JSON when it is a JSON object or array; else the text (other content
        described in brackets).

    Raises:
        MCPToolError: ``isError`` is set; the message is the server's text.
    """
    text = "\n".join(_content_text(block) for block in result.content)
    if result.is_error:
        raise MCPToolError(text or "the tool reported an error without a message")
    parsed = _parse_json(text)
    structured = result.structured_content
    if structured is not None:
        if set(structured) == {"result"} and _says(text, structured["result"]):
            # The SDKs wrap a plain return value as {"result": value}; when the text
            # says the same, the value itself is what the model should read.
            return structured["result"]
        return structured
    return text if parsed is None else parsed


def _says(text: str, value: Any) -> bool:
    """Whether ``text`` is ``value`` itself or its JSON rendering."""
    if text == value:
        return True
    try:
        return bool(json.loads(text) == value)
    except ValueError:
        return False


def _parse_json(text: str) -> Any:
    """The JSON value of ``text`` when it is a JSON object or array, else None."""
    if not text.lstrip().startswith(("{", "[")):
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def _content_text(block: Any) -> str:
    """One content block as text: text as is, everything else described."""
    kind = getattr(block, "type", "")
    if kind == "text":
        return str(block.text)
    if kind in ("image", "audio"):
        size = len(block.data) * 3 // 4
        return f"[{kind}: {block.mime_type}, about {size} bytes]"
    if kind == "resource":
        resource = block.resource
        text = getattr(resource, "text", None)
        if text is not None:
            return str(text)
        return f"[resource {resource.uri}: {resource.mime_type or 'binary'}]"
    if kind == "resource_link":
        return f"[resource link {block.name}: {block.uri}]"
    return f"[{kind or type(block).__name__} content]"


def local_name(remote_name: str, prefix: str | None = None) -> str:
    """A registry-safe name: ``[A-Za-z0-9_-]``, at most 64 characters, maybe prefixed.

    Args:
        remote_name: The tool's name on its server.
        prefix: Put before the name with an underscore.

    Returns:
        The name to register, e.g. ``time_convert_time``.
    """
    name = _INVALID_NAME_CHARACTERS.sub("_", remote_name)
    if prefix:
        name = f"{_INVALID_NAME_CHARACTERS.sub('_', prefix)}_{name}"
    return name[:64]


@dataclass
class MCPToolLoad:
    """The outcome of loading a server's tools.

    Attributes:
        tools: The tools that were made (and registered, when a registry was given).
        failures: Remote tool name -> why it could not be made (also logged).
    """

    tools: list[MCPTool] = field(default_factory=list)
    failures: dict[str, str] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        """The local names of the loaded tools."""
        return [tool.name for tool in self.tools]


def make_tools(
    client: ToolCaller, remote_tools: list[RemoteTool], *, prefix: str | None = None
) -> MCPToolLoad:
    """Turn listed remote tools into :class:`MCPTool` objects, one failure at a time.

    Args:
        client: The connected client.
        remote_tools: The tools the server listed.
        prefix: Put before every local name.

    Returns:
        The tools made, and the ones whose schema could not be compiled (logged
        as warnings with the reason: never skipped silently).
    """
    loaded = MCPToolLoad()
    for remote in remote_tools:
        try:
            loaded.tools.append(MCPTool(client, remote, local_name(remote.name, prefix)))
        except SchemaTranslationError as error:
            loaded.failures[remote.name] = str(error)
            logger.warning(
                "MCP tool %r of server %r is not available: %s", remote.name, client.name, error
            )
    return loaded


def register_tools(
    registry: ToolRegistry,
    client: ToolCaller,
    remote_tools: list[RemoteTool],
    *,
    prefix: str | None = None,
    group: str | None = None,
) -> MCPToolLoad:
    """Make the tools and register them, replacing tools of the same server.

    Args:
        registry: Where the tools go.
        client: The connected client.
        remote_tools: The tools the server listed.
        prefix: Put before every local name (tools of several servers can then
            share one registry without clashing).
        group: The registry group (default: the client's name).

    Returns:
        What was registered and what failed.
    """
    loaded = make_tools(client, remote_tools, prefix=prefix)
    for tool in loaded.tools:
        existing = registry.get_tool(tool.name)
        replace = isinstance(existing, MCPTool) and existing.client is client
        registry.register_tool(tool, replace=replace, group=group or client.name)
    return loaded


__all__ = ["MCPTool", "MCPToolLoad", "extract_result", "local_name", "make_tools", "register_tools"]
