"""The contract every search backend keeps: a query in, :class:`SearchResults` out.

A backend knows one search service (its address, its key, its answer format).
It says up front whether it is set up (:meth:`SearchBackend.missing_setup`), so
a chain skips an unconfigured one without a request, and it raises
:class:`BackendUnavailable` with a reason written for the model when the
service cannot answer. Writing a new backend means subclassing this and
filling in :meth:`SearchBackend.search`.
"""

from __future__ import annotations

import os
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

    def require_setup(self) -> None:
        """Raise :class:`BackendUnavailable` with :meth:`missing_setup`'s reason, if any."""
        missing = self.missing_setup()
        if missing:
            raise BackendUnavailable(missing)

    @abstractmethod
    def search(self, query: str, max_results: int) -> SearchResults:
        """Search and return at most ``max_results`` hits, best first.

        Raises:
            BackendUnavailable: The service could not answer; the message says why.
        """


class KeyedSearchBackend(SearchBackend):
    """A service that needs an API key: the one given, else the one in ``key_env``.

    Args:
        timeout: Seconds each request may take.
        api_key: The key; the environment variable ``key_env`` when omitted.
        base_url: Another endpoint (a proxy, or a local fake in tests).

    Attributes:
        key_env: The environment variable that holds the key.
        key_help: Where a key is found (and what to install), told when none is set.
    """

    key_env: str = ""
    key_help: str = ""

    def __init__(
        self, timeout: float, api_key: str | None = None, base_url: str | None = None
    ) -> None:
        super().__init__(timeout)
        self._api_key = api_key or os.environ.get(self.key_env) or None
        self.base_url = base_url

    def missing_setup(self) -> str | None:
        if self._api_key:
            return None
        return f"no API key; set {self.key_env} {self.key_help}."

    def secrets(self) -> list[str]:
        return [self._api_key] if self._api_key else []


__all__ = ["INSTALL_HINT", "BackendUnavailable", "KeyedSearchBackend", "SearchBackend"]
