"""SearXNG, the self-hosted metasearch engine, through its JSON API.

``GET {SEARXNG_URL}/search?q=...&format=json`` answers
``{"results": [{"url", "title", "content"}], "answers": [...]}``. Any service
that answers the same way works: a SearXNG instance (its ``settings.yml`` must
list ``json`` under ``search.formats``), or the project's own local search
service over a folder of pages (:mod:`~hello_agents.tools.builtin.search.local_service`),
which is how everything runs offline.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

from hello_agents.tools.builtin.search.backend import BackendUnavailable, SearchBackend
from hello_agents.tools.builtin.search.http import get_json, objects_at
from hello_agents.tools.builtin.search.results import SearchHit, SearchResults

URL_ENV = "SEARXNG_URL"
DEFAULT_URL = "http://localhost:8888"


class SearxngBackend(SearchBackend):
    """A SearXNG-compatible service.

    Args:
        timeout: Seconds the request may take.
        base_url: The service's address; ``SEARXNG_URL``, else ``http://localhost:8888``.

    Attributes:
        configured: Whether an address was given (argument or ``SEARXNG_URL``);
            a chain of backends tries SearXNG only then.
    """

    name = "searxng"

    def __init__(self, timeout: float, base_url: str | None = None) -> None:
        super().__init__(timeout)
        given = base_url or os.environ.get(URL_ENV) or None
        self.configured = given is not None
        self.base_url = (given or DEFAULT_URL).rstrip("/")

    def search(self, query: str, max_results: int) -> SearchResults:
        try:
            data = get_json(
                "SearXNG",
                f"{self.base_url}/search",
                {"q": query, "format": "json"},
                timeout=self.timeout,
            )
        except BackendUnavailable as failure:
            raise BackendUnavailable(
                f"{failure} (address {without_credentials(self.base_url)}; "
                f"start the service or set {URL_ENV})"
            ) from None
        if not isinstance(data, dict):
            raise BackendUnavailable("SearXNG's answer was not a JSON object.")
        hits = tuple(
            SearchHit(
                title=str(item.get("title") or ""),
                url=str(item.get("url") or item.get("link") or ""),
                content=str(item.get("content") or item.get("snippet") or ""),
                score=item["score"] if isinstance(item.get("score"), (int, float)) else None,
            )
            for item in objects_at(data, "results")
            if item.get("url") or item.get("link")
        )[:max_results]
        answers = data.get("answers")
        answer = None
        if isinstance(answers, list) and answers:
            first = answers[0]
            answer = str(first.get("answer", "")) if isinstance(first, dict) else str(first)
        return SearchResults(query, self.name, answer or None, hits)


def without_credentials(url: str) -> str:
    """``url`` with any ``user:password@`` removed, fit for a message."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


__all__ = ["DEFAULT_URL", "URL_ENV", "SearxngBackend", "without_credentials"]
