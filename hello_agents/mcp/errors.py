"""Exceptions of the MCP bridge, for the developer (models see observations instead).

    HelloAgentsException
    └── MCPException
        ├── MCPConnectionError   the server could not be started/reached, or died for good
        │   └── MCPClosedError   the client was closed (before or during the request)
        ├── MCPRequestError      the server answered a request with a JSON-RPC error
        ├── MCPProtocolError     the server broke the protocol (endless pagination ...)
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
    "MCPProtocolError",
    "MCPRequestError",
    "MCPToolError",
]
