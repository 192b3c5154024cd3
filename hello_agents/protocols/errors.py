"""Exceptions of the protocol layer (A2A and ANP), for the developer.

    HelloAgentsException
    └── ProtocolException
        ├── A2AConnectionError   the remote agent could not be reached, or died mid-task
        ├── A2ATimeoutError      the remote agent did not answer within the time limit
        ├── A2ATaskError         the remote agent answered, but its task failed or was refused
        └── ANPError             a discovery or network operation was given bad input

MCP keeps its own hierarchy (:mod:`hello_agents.mcp.errors`). The protocol tools
(``A2ATool``, ``ANPTool``) turn these into text the model reads.
"""

from __future__ import annotations

from hello_agents.core.exceptions import HelloAgentsException


class ProtocolException(HelloAgentsException):
    """Base class of the A2A and ANP exceptions."""


class A2AConnectionError(ProtocolException):
    """The remote agent could not be reached, or the connection broke mid-task."""


class A2ATimeoutError(ProtocolException):
    """The remote agent did not finish within the time limit."""


class A2ATaskError(ProtocolException):
    """The remote agent answered, but the task ended failed, rejected or canceled.

    Attributes:
        state: The task's final state, e.g. ``"failed"``.
    """

    def __init__(self, message: str, state: str) -> None:
        super().__init__(message)
        self.state = state


class ANPError(ProtocolException):
    """A discovery or network operation was given something it cannot use."""


__all__ = [
    "A2AConnectionError",
    "A2ATaskError",
    "A2ATimeoutError",
    "ANPError",
    "ProtocolException",
]
