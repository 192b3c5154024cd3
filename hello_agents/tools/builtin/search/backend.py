"""The contract every search backend keeps: a query in, :class:`SearchResults` out.

A backend knows one search service (its address, its key, its answer format).
It says up front whether it is set up (:meth:`SearchBackend.missing_setup`), so
a chain skips an unconfigured one without a request, and it raises
:class:`BackendUnavailable` with a reason written for the model when the
service cannot answer. Writing a new backend means subclassing this and
filling in :meth:`SearchBackend.search`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from hello_agents.tools.builtin.search.http import BackendUnavailable
from hello_agents.tools.builtin.search.results import SearchResults

INSTALL_HINT = 'pip install -e ".[search]"'


class SearchBackend(ABC):
    """One search service.

    Attributes:
        name: The backend's name, as ``SearchTool(backend=...)`` spells it.
        timeout: Seconds each request may take.
    """

    name: str = ""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout

    def missing_setup(self) -> str | None:
        """Why this backend cannot be used without trying it (no key ...), or ``None``."""
        return None

    def secrets(self) -> list[str]:
        """Values that must never appear in a message or a log (its API key)."""
        return []

    @abstractmethod
    def search(self, query: str, max_results: int) -> SearchResults:
        """Search and return at most ``max_results`` hits, best first.

        Raises:
            BackendUnavailable: The service could not answer; the message says why.
        """


__all__ = ["INSTALL_HINT", "BackendUnavailable", "SearchBackend"]
