"""The exceptions the memory and RAG modules raise for the developer.

The tools never let them reach the model: they turn each one into a sentence
that says what was wrong and how to fix the call.
"""

from __future__ import annotations

from hello_agents.core.exceptions import HelloAgentsException


class MemoryException(HelloAgentsException):
    """Something in the memory system went wrong (bad argument, store failure)."""


class MissingExtraError(MemoryException):
    """An optional dependency is not installed; the message names the pip extra."""

    def __init__(self, package: str, extra: str = "ch08") -> None:
        super().__init__(
            f"{package} is not installed. Install it with: pip install 'hello-agents[{extra}]'"
        )
        self.package = package
        self.extra = extra


class DocumentError(MemoryException):
    """A document could not be read or converted (missing, too large, unreadable)."""


class GraphStoreError(MemoryException):
    """A graph server could not be reached or refused a query.

    The message names the server's address, never its password.
    """


class VectorStoreError(MemoryException):
    """The vector store refused a request, or its Qdrant server could not be reached.

    The message names the server's address, never its API key.
    """


__all__ = [
    "DocumentError",
    "GraphStoreError",
    "MemoryException",
    "MissingExtraError",
    "VectorStoreError",
]
