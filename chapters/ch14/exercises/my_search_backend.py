"""Exercise 3: MySearxngBackend, a search backend of your own.

Every backend of SearchTool (hello_agents/tools/builtin/search/) keeps one small contract,
SearchBackend: ``search(query, max_results)`` returns SearchResults, a tuple of SearchHit
records (title, url, content), and raises BackendUnavailable, with a message a reader
can act on, when the service cannot answer. Write one for a SearXNG-compatible service,
the kind the chapter's local search service is:

    GET {base_url}/search?q=<query>&format=json
    -> {"query": "...", "results": [{"url": "...", "title": "...", "content": "..."}, ...]}

Keep the results in the order the service sent them, at most ``max_results`` of them (a
real SearXNG ignores any count you send). No results is an empty answer, not an error.
When nothing listens at the address, the service answers with an HTTP error or with a
body that is not JSON, or it takes longer than ``self.timeout`` seconds, raise
BackendUnavailable with a message that names the address. (The framework's own version
is hello_agents/tools/builtin/search/searxng_backend.py: try first.)

Fill in the TODOs, then check your class:

    python chapters/ch14/exercises/my_search_backend.py

The check starts the local search service over the sample pages, and fake services that
fail, send garbage or answer too slowly, all on this machine. A model answer is in
solutions/my_search_backend.py.
"""

from __future__ import annotations

from typing import Any

from hello_agents.tools.builtin.search import (
    BackendUnavailable,
    SearchBackend,
    SearchHit,
    SearchResults,
)


class MySearxngBackend(SearchBackend):
    """A SearXNG-compatible service at ``base_url``.

    Args:
        timeout: Seconds a request may take.
        base_url: The service's address, e.g. ``http://127.0.0.1:8888``.
    """

    name = "my_searxng"

    def __init__(self, timeout: float = 10.0, base_url: str = "http://127.0.0.1:8888") -> None:
        super().__init__(timeout)
        self.base_url = base_url.rstrip("/")

    def fetch_json(self, query: str) -> Any:
        """TODO 1: the decoded JSON of ``GET {base_url}/search?q=<query>&format=json``.

        Build the address with urllib.parse.urlencode, open it with
        ``urllib.request.urlopen(address, timeout=self.timeout)`` and ``json.loads`` the
        body. Every way this can fail becomes ``BackendUnavailable`` naming
        ``self.base_url``: urllib.error.URLError (nothing listens; HTTPError, a subclass,
        for an HTTP error), TimeoutError (no answer in time), ValueError (not JSON).
        """
        raise NotImplementedError("TODO: fetch_json")

    def to_hits(self, data: Any, max_results: int) -> tuple[SearchHit, ...]:
        """TODO 2: the first ``max_results`` items of ``data["results"]``, in order, each
        as ``SearchHit(title=..., url=..., content=...)`` (strings). No "results": ()."""
        raise NotImplementedError("TODO: to_hits")

    def search(self, query: str, max_results: int) -> SearchResults:
        """Search the service (this part is written: it puts your two pieces together)."""
        hits = self.to_hits(self.fetch_json(query), max_results)
        return SearchResults(query=query, backend=self.name, answer=None, hits=hits)


__all__ = ["BackendUnavailable", "MySearxngBackend"]


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("search_backend", MySearxngBackend))
