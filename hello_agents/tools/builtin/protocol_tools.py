"""The chapter-10 protocol tools: ``MCPTool``, ``A2ATool`` and ``ANPTool``.

Each is one :class:`~hello_agents.tools.base.Tool` with an ``action`` parameter,
as the tutorial calls them::

    MCPTool().run({"action": "call_tool", "tool_name": "add", "arguments": {"a": 1, "b": 2}})
    A2ATool("http://127.0.0.1:5000").run({"action": "ask", "question": "..."})
    ANPTool().run({"action": "discover_services", "service_type": "nlp"})

Failures come back as text the model can act on (never an exception in the
agent's loop). The protocol packages are imported when a tool is first used,
so importing this module costs nothing.
"""

from __future__ import annotations

import json
import logging
import weakref
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.tools.base import Tool, ToolParameter
from hello_agents.tools.builtin.parameters import optional

if TYPE_CHECKING:
    from hello_agents.mcp import BackgroundHttpServer, MCPClient, ServerSpec
    from hello_agents.protocols.a2a.client import A2AClient
    from hello_agents.protocols.anp.discovery import ANPDiscovery, ServiceInfo
    from hello_agents.protocols.anp.network import ANPNetwork
    from hello_agents.protocols.mcp.server import MCPServer

logger = logging.getLogger(__name__)

MCP_ACTIONS = ("list_tools", "call_tool", "list_resources", "read_resource", "list_prompts",
               "get_prompt")  # fmt: skip
A2A_ACTIONS = ("ask", "get_info")
ANP_ACTIONS = ("register_service", "unregister_service", "discover_services", "get_service",
               "list_services")  # fmt: skip


def _unknown_action(action: object, actions: Sequence[str]) -> str:
    return f"Error: unknown action {action!r}. Use one of: {', '.join(actions)}."


def _arguments(value: Any) -> dict[str, Any] | str:
    """A tool's arguments as a dict, accepting JSON text; an error text otherwise."""
    if value is None or value == "":
        return {}
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as error:
            return f"Error: 'arguments' is not valid JSON ({error.msg}); pass an object."
    if not isinstance(value, dict):
        return f"Error: 'arguments' must be an object, got {type(value).__name__}."
    return value


# ---------------------------------------------------------------------- MCP


class MCPTool(Tool):
    """An MCP server as one tool (or, expanded, as one tool per server tool).

    Args:
        name: The tool's name; expanded tools are called ``<name>_<tool>``.
        description: What the server offers (a generic text by default).
        server_command: The server to start: a command list
            (``["python", "server.py"]``), a command line, or a URL
            (``http://.../mcp`` streamable HTTP, ``http://.../sse`` SSE).
        server_args: Extra command arguments.
        server: An in-process :class:`~hello_agents.protocols.mcp.MCPServer`,
            or a URL/spec (instead of ``server_command``).
        auto_expand: Whether the tool stands for the server's tools: a registry
            (and so ``agent.add_tool``) then registers one tool per server tool,
            named ``<name>_<tool>``, instead of this one. ``expandable`` is the
            same switch under the name some tutorial code sets.
        env: Extra environment variables for a stdio server (never logged or shown).
        command: The program to start, as the chapter's text writes it
            (``command="uvx"``); the same as ``server_command=[command, *args]``.
        args: The program's arguments, with ``command``.
        transport_type: ``"sse"`` or ``"streamable_http"`` to force a URL's transport.
        request_timeout: Seconds one MCP request may take.

    With neither ``server_command`` nor ``server``, the built-in demo server is
    served in this process (add, subtract, multiply, divide, greet, get_system_info).
    The session opens on first use and stays open until :meth:`close` (or exit);
    every agent given this tool shares that one session, so one server process.

    Raises:
        ValueError: Two ways of naming the server at once (``server_command``,
            ``command`` or ``server``), or ``args`` without ``command``.
    """

    def __init__(
        self,
        name: str = "mcp",
        description: str | None = None,
        server_command: str | Sequence[str] | None = None,
        server_args: Sequence[str] | None = None,
        server: MCPServer | str | ServerSpec | None = None,
        auto_expand: bool = True,
        env: Mapping[str, str] | None = None,
        *,
        command: str | None = None,
        args: Sequence[str] | None = None,
        transport_type: str | None = None,
        request_timeout: float | None = 60.0,
    ) -> None:
        from hello_agents.protocols.mcp import MCPServer, demo_server, server_spec

        if args is not None and command is None:
            raise ValueError("args goes with command: MCPTool(command='uvx', args=[...])")
        if command is not None:
            if server_command is not None:
                raise ValueError("give server_command or command, not both")
            server_command = [command, *(args or ())]
        if server_command is not None and server is not None:
            raise ValueError("give server_command or server, not both")
        self._local: MCPServer | None = None
        self._spec: ServerSpec | None = None
        source = server if server is not None else server_command
        if source is None:
            self._local = demo_server()
        elif isinstance(source, MCPServer):
            self._local = source
        else:
            self._spec = server_spec(source, server_args, env, transport_type)  # type: ignore[arg-type]
        self._description: str | None = description
        super().__init__(name, description or "")
        self._description = description  # None: described from the server on first read
        self.auto_expand = auto_expand
        self.request_timeout = request_timeout
        self._client: MCPClient | None = None
        self._served: BackgroundHttpServer | None = None
        self._finalizer: weakref.finalize[Any, MCPTool] | None = None
        self._expanded: list[Tool] | None = None

    @property
    def expandable(self) -> bool:
        """The same switch as ``auto_expand`` (settable: ``tool.expandable = True``)."""
        return self.auto_expand

    @expandable.setter
    def expandable(self, value: bool) -> None:
        self.auto_expand = bool(value)

    @property
    def description(self) -> str:
        """What the model reads: the given text, or the server's tools (listed on first read).

        Naming the server's tools here lets a model call one straight away
        (``tool_name`` + ``arguments``) instead of guessing names.
        """
        if not self._description:
            self._description = self._describe_server()
        return self._description

    @description.setter
    def description(self, value: str) -> None:
        self._description = value or None

    def _describe_server(self) -> str:
        from hello_agents.mcp import MCPException

        where = self._local.name if self._local is not None else self._spec.describe()  # type: ignore[union-attr]
        usage = "Call one with tool_name and arguments (an object)."
        try:
            remote = self.client().list_tools()
        except MCPException as error:  # describing must not fail: say what is known
            logger.warning("could not list the tools of %s: %s", where, error)
            return f"Tools of the MCP server {where}. Use action='list_tools' to see them. {usage}"
        summaries = "; ".join(
            f"{tool.name}: {_first_line(tool.description).rstrip('.')}".rstrip(": ")
            for tool in remote
        )
        return f"Tools of the MCP server {where}: {summaries}. {usage}"

    def get_parameters(self) -> list[ToolParameter]:
        return [
            optional(
                "action",
                "string",
                "What to do: list_tools, call_tool, list_resources, read_resource, "
                "list_prompts or get_prompt.",
                enum=list(MCP_ACTIONS),
            ),
            optional("tool_name", "string", "The tool to call."),
            optional("arguments", "object", "The tool's arguments, as an object."),
            optional("uri", "string", "The resource to read."),
            optional("prompt_name", "string", "The prompt."),
            optional("prompt_arguments", "object", "The prompt's arguments."),
        ]

    # ------------------------------------------------------------------ session

    def client(self) -> MCPClient:
        """The open session with the server (opened on first use).

        Raises:
            MCPConnectionError: The server could not be started or reached.
        """
        if self._client is None:
            from hello_agents.mcp import HttpServer
            from hello_agents.mcp import MCPClient as BridgeClient

            spec = self._spec
            if self._local is not None:
                self._served = self._local.start_http()
                spec = HttpServer(self._served.url)
            assert spec is not None
            client = BridgeClient(spec, name=self.name, request_timeout=self.request_timeout)
            try:
                client.connect()
            except BaseException:
                self._stop_local()
                raise
            self._client = client
            self._finalizer = weakref.finalize(self, _close_quietly, client, self._served)
        return self._client

    def close(self) -> None:
        """Close the session (and stop the in-process server); reopened on next use."""
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        client, self._client = self._client, None
        self._expanded = None
        if client is not None:
            client.close()
        self._stop_local()

    def _stop_local(self) -> None:
        served, self._served = self._served, None
        if served is not None:
            served.stop()

    def __enter__(self) -> MCPTool:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    # ------------------------------------------------------------------ expansion

    def expanded_tools(self) -> list[Tool]:
        """One registry tool per server tool, named ``<name>_<tool>``.

        Each validates its arguments against the server's JSON Schema before the
        call travels (they are :class:`hello_agents.mcp.MCPTool` objects sharing
        this tool's session). The list is read from the server once; every later
        call (one per agent given this tool) returns the same tools.

        Raises:
            MCPConnectionError: The server could not be started or reached (the
                message names the command and quotes its stderr).
            MCPNoToolsError: The server started but lists no tool an agent could call.
        """
        if self._expanded is not None:
            return list(self._expanded)
        from hello_agents.mcp import MCPNoToolsError
        from hello_agents.mcp.tools import MCPTool as ServerTool
        from hello_agents.tools.registry import ToolRegistry

        scratch = ToolRegistry()
        loaded = self.client().register_tools(scratch, prefix=self.name)
        tools = scratch.get_all_tools()
        if not tools:
            raise MCPNoToolsError(self.name, self._where(), loaded.failures)
        for tool in tools:
            if isinstance(tool, ServerTool):
                # `agent.add_tool(MCPTool())` keeps only these: they must keep this
                # tool (and so its session and demo server) alive.
                tool.session_owner = self
        self._expanded = tools
        return list(tools)

    def _where(self) -> str:
        if self._local is not None:
            return f"in-process server {self._local.name!r}"
        assert self._spec is not None
        return self._spec.describe()

    def register_expanded(self, registry: Any) -> list[str]:
        """Register :meth:`expanded_tools` in a registry (or an agent's registry).

        Args:
            registry: A ToolRegistry, or an agent with a ``tool_registry``.

        Returns:
            The names registered.
        """
        target = getattr(registry, "tool_registry", registry)
        tools = self.expanded_tools()
        for expanded in tools:
            target.register_tool(expanded, group=self.name)
        return [expanded.name for expanded in tools]

    # ------------------------------------------------------------------ actions

    def run(self, parameters: dict[str, Any]) -> str:
        """Run one action; every failure is returned as text starting with ``Error:``."""
        tool_name = parameters.get("tool_name")
        action = parameters.get("action") or ("call_tool" if tool_name else "list_tools")
        from hello_agents.mcp import MCPException

        try:
            if action == "list_tools":
                return self._list_tools()
            if action == "call_tool":
                return self._call_tool(tool_name, parameters.get("arguments"))
            if action == "list_resources":
                items = self.client().list_resources()
                return "\n".join(f"- {item.uri}: {item.description or item.name}" for item in items)
            if action == "read_resource":
                if not parameters.get("uri"):
                    return "Error: read_resource needs 'uri'."
                contents = self.client().read_resource(str(parameters["uri"]))
                return str(getattr(contents, "text", contents))
            if action == "list_prompts":
                prompts = self.client().list_prompts()
                return "\n".join(f"- {item.name}: {item.description or ''}" for item in prompts)
            if action == "get_prompt":
                if not parameters.get("prompt_name"):
                    return "Error: get_prompt needs 'prompt_name'."
                prompt = self.client().get_prompt(
                    str(parameters["prompt_name"]), parameters.get("prompt_arguments") or None
                )
                return "\n".join(
                    str(getattr(m.content, "text", m.content)) for m in prompt.messages
                )
        except MCPException as error:
            return f"Error: {error}"
        return _unknown_action(action, MCP_ACTIONS)

    def _list_tools(self) -> str:
        lines = []
        for remote in self.client().list_tools():
            schema = remote.input_schema or {}
            required = set(schema.get("required", []))
            arguments = ", ".join(
                f"{key}: {spec.get('type', 'any')}{'' if key in required else '?'}"
                for key, spec in schema.get("properties", {}).items()
            )
            lines.append(f"- {remote.name}({arguments}): {remote.description or ''}".rstrip())
        return "Available tools:\n" + "\n".join(lines) if lines else "The server has no tools."

    def _call_tool(self, tool_name: Any, raw_arguments: Any) -> str:
        from hello_agents.protocols.mcp import result_text

        if not tool_name:
            return "Error: call_tool needs 'tool_name'. Use action='list_tools' to see the tools."
        arguments = _arguments(raw_arguments)
        if isinstance(arguments, str):
            return arguments
        result = self.client().call_tool(str(tool_name), arguments)
        text = result_text(result)
        return f"Error: {text}" if result.is_error else text

    def __repr__(self) -> str:
        connected = self._client is not None
        return f"MCPTool(name={self.name!r}, server={self._where()!r}, connected={connected})"


def _first_line(text: str | None) -> str:
    lines = (text or "").strip().splitlines()
    return lines[0] if lines else ""


def _close_quietly(client: MCPClient, served: BackgroundHttpServer | None) -> None:
    try:
        client.close()
    finally:
        if served is not None:
            served.stop()


# ---------------------------------------------------------------------- A2A


class A2ATool(Tool):
    """A remote A2A agent as a tool: ``ask`` it something, or ``get_info`` (its card).

    Args:
        agent_url: The remote agent's base URL.
        name: The tool's name.
        description: What the remote agent does (say it well: the model reads it).
        timeout: Seconds one exchange may take.
    """

    def __init__(
        self,
        agent_url: str,
        name: str = "a2a",
        description: str | None = None,
        *,
        timeout: float = 60.0,
    ) -> None:
        super().__init__(
            name,
            description
            or f"Ask the remote agent at {agent_url} (A2A): action='ask' with a question, "
            "or action='get_info' for what it can do.",
        )
        self.agent_url = agent_url
        self.request_timeout = timeout
        self._client: A2AClient | None = None

    def get_parameters(self) -> list[ToolParameter]:
        return [
            optional(
                "action",
                "string",
                "ask (send a question) or get_info (the agent's card).",
                enum=list(A2A_ACTIONS),
            ),
            optional("question", "string", "ask: the whole request for the remote agent."),
            optional(
                "skill",
                "string",
                "ask: usually left out (the agent picks). Only a skill id that get_info "
                "listed, one word such as 'research'; never the question itself.",
            ),
        ]

    def client(self) -> A2AClient:
        """The client of the remote agent (created on first use)."""
        if self._client is None:
            from hello_agents.protocols.a2a.client import A2AClient

            self._client = A2AClient(self.agent_url, timeout=self.request_timeout)
        return self._client

    def run(self, parameters: dict[str, Any]) -> str:
        """Run one action; failures come back as text starting with ``Error:``."""
        question = str(parameters.get("question") or parameters.get("message") or "").strip()
        skill = str(parameters.get("skill") or "").strip()
        action = parameters.get("action") or ("ask" if question or skill else "get_info")
        try:
            if action == "ask":
                return self._ask(question, skill)
            if action == "get_info":
                card = self.client().get_info()
                skills = self._skill_list(card)
                return f"{card.get('name')}: {card.get('description', '')}. Skills: {skills}"
        except HelloAgentsException as error:
            return f"Error: {error}"
        return _unknown_action(action, A2A_ACTIONS)

    def _ask(self, question: str, skill: str) -> str:
        """Send ``question``; a ``skill`` the agent's card does not list is looked at first.

        Small models often put the request into ``skill``: with no ``question``, or
        the same text in both, that text is the question. Any other unknown skill
        is an error naming the skills the card lists.
        """
        if skill and (not question or skill == question):
            question, skill = skill, ""
        if not question:
            return "Error: ask needs a non-empty 'question'."
        if not skill:
            return self.client().ask(question, None)
        known = self._card_skill_ids()
        if known and skill.lower() not in known:
            card = self.client().get_info()
            return (
                f"Error: {card.get('name') or 'the remote agent'} has no skill {skill!r}. "
                f"Its skills: {self._skill_list(card)}. Call again with one of these ids in "
                "'skill', or leave 'skill' out and the agent picks."
            )
        return self.client().ask(question, known.get(skill.lower(), skill))

    @staticmethod
    def _skill_list(card: dict[str, Any]) -> str:
        """The card's skills as ``id (description)`` for the model."""
        listed = [
            f"{entry.get('id')} ({entry.get('description', '')})"
            for entry in card.get("skills", [])
        ]
        return ", ".join(listed) or "none listed"

    def _card_skill_ids(self) -> dict[str, str]:
        """The card's skill ids by their lower-case form (empty when it lists none)."""
        card = self.client().get_info()
        return {
            str(entry.get("id")).lower(): str(entry.get("id"))
            for entry in card.get("skills", [])
            if entry.get("id")
        }

    def close(self) -> None:
        """Close the connection to the remote agent."""
        if self._client is not None:
            self._client.close()
            self._client = None


# ---------------------------------------------------------------------- ANP


class ANPTool(Tool):
    """Service discovery as a tool: register, find and list services.

    Args:
        name: The tool's name.
        description: What the model should use it for.
        discovery: The registry to use (a fresh one by default).
        network: An :class:`ANPNetwork` whose nodes follow registrations (optional).
    """

    def __init__(
        self,
        name: str = "anp",
        description: str | None = None,
        discovery: ANPDiscovery | None = None,
        network: ANPNetwork | None = None,
    ) -> None:
        from hello_agents.protocols.anp import ANPDiscovery

        super().__init__(
            name,
            description
            or "Find agent services: action='discover_services' (optionally service_type or "
            "capability), 'get_service' with service_id, or 'register_service'.",
        )
        self.discovery = discovery if discovery is not None else ANPDiscovery()
        self.network = network

    def get_parameters(self) -> list[ToolParameter]:
        return [
            optional(
                "action",
                "string",
                "register_service, unregister_service, discover_services, "
                "get_service or list_services.",
                enum=list(ANP_ACTIONS),
            ),
            optional("service_id", "string", "The service's id."),
            optional("service_name", "string", "A readable name."),
            optional("service_type", "string", "The category (filter or new value)."),
            optional("capability", "string", "Keep services with this capability."),
            optional("capabilities", "array", "What a new service can do."),
            optional("endpoint", "string", "Where a new service is reached."),
            optional("metadata", "object", "Extra facts (load, price ...)."),
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        """Run one action; results are JSON text, failures text starting with ``Error:``."""
        from hello_agents.protocols.anp import register_service
        from hello_agents.protocols.errors import ANPError

        action = parameters.get("action") or "discover_services"
        service_id = parameters.get("service_id")
        try:
            if action == "register_service":
                if not service_id:
                    return "Error: register_service needs 'service_id'."
                service = register_service(
                    self.discovery,
                    service_id=str(service_id),
                    service_name=parameters.get("service_name"),
                    service_type=parameters.get("service_type") or "generic",
                    capabilities=parameters.get("capabilities"),
                    endpoint=parameters.get("endpoint") or "",
                    metadata=parameters.get("metadata"),
                )
                if self.network is not None:
                    self.network.add_node(service.service_id, service.endpoint, service.metadata)
                return f"Registered service {service.service_id!r} ({service.service_type})."
            if action == "unregister_service":
                if not service_id:
                    return "Error: unregister_service needs 'service_id'."
                if self.network is not None:
                    self.network.remove_node(str(service_id))
                removed = self.discovery.unregister_service(str(service_id))
                return f"Removed {service_id!r}." if removed else f"No service {service_id!r}."
            if action in ("discover_services", "list_services"):
                found = self.discovery.discover_services(
                    parameters.get("service_type") if action == "discover_services" else None,
                    parameters.get("capability") if action == "discover_services" else None,
                )
                return _services_text(found)
            if action == "get_service":
                known = self.discovery.get_service(str(service_id or ""))
                if known is None:
                    return f"Error: no service {service_id!r}. Use discover_services to list them."
                return json.dumps(known.to_dict(), ensure_ascii=False, default=str)
        except ANPError as error:
            return f"Error: {error}"
        return _unknown_action(action, ANP_ACTIONS)


def _services_text(services: list[ServiceInfo]) -> str:
    if not services:
        return "[]"
    shown = [
        {key: value for key, value in service.to_dict().items() if key != "registered_at"}
        for service in services
    ]
    return json.dumps(shown, ensure_ascii=False, default=str)


__all__ = ["A2ATool", "ANPTool", "MCPTool"]
