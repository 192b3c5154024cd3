"""Exceptions of the MCP bridge, for the developer (models see observations instead).

    HelloAgentsException
    └── MCPException
        ├── MCPConnectionError   the server could not be started/reached, or died for good
        │   └── MCPClosedError   the client was closed (before or during the request)
        ├── MCPRequestError      the server answered a request with a JSON-RPC error
        ├── MCPProtocolError     the server broke the protocol (endless pagination ...)
        ├── MCPNoToolsError      the server started but lists no usable tool
        └── MCPToolError         a tool ran and reported failure (``isError: true``)

An :class:`~hello_agents.mcp.tools.MCPTool` raises the last two inside a tool call,
where the registry turns them into a failed ToolResult the model reads.
"""

from __future__ import annotations

from typing import Any

from hello_agents.core.exceptions import HelloAgentsException


class MCPException(HelloAgentsException):
    """Base class of the MCP bridge's exceptions."""


class MCPConnectionError(MCPException):
    """The server could not be started or reached, or stopped answering."""


class MCPClosedError(MCPConnectionError):
    """The client was closed: a request was sent after ``close()``, or was still
    waiting for its answer when ``close()`` ended the session."""


class MCPProtocolError(MCPException):
    """The server answered in a way the protocol does not allow, e.g. a list whose
    pages never end or repeat a cursor."""


class MCPNoToolsError(MCPException):
    """A server that started and answered, but lists no tool an agent could call.

    Raised where a server is meant to become tools (``MCPTool(auto_expand=True)``
    added to an agent): an agent left without its tools would answer from its
    own imagination instead.

    Attributes:
        name: The MCP tool's name (the prefix of the expanded tools).
        server: The server, as a command line or URL.
        failures: Remote tool name -> why it could not be turned into a tool.
    """

    def __init__(self, name: str, server: str, failures: dict[str, str] | None = None) -> None:
        self.name = name
        self.server = server
        self.failures = dict(failures or {})
        if self.failures:
            reasons = "; ".join(f"{tool}: {why}" for tool, why in self.failures.items())
            detail = f"none of its {len(self.failures)} tools could be used ({reasons})"
        else:
            detail = "it lists no tools"
        super().__init__(
            f"MCP server {name!r} ({server}) started, but {detail}. Check that the command "
            "starts the server you mean and that its configuration (API key ...) is set."
        )


class MCPRequestError(MCPException):
    """The server answered with a JSON-RPC error (unknown tool, invalid params ...).

    Attributes:
        code: The JSON-RPC error code, e.g. ``-32602`` (invalid params).
        message: The server's message.
        data: Extra error data, when the server sent some.
    """

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(f"JSON-RPC error {code}: {message}")
        self.code = code
        self.message = message
        self.data = data


class MCPToolError(MCPException):
    """A tool ran on the server and reported failure (its result had ``isError: true``)."""


__all__ = [
    "MCPClosedError",
    "MCPConnectionError",
    "MCPException",
    "MCPNoToolsError",
    "MCPProtocolError",
    "MCPRequestError",
    "MCPToolError",
]
