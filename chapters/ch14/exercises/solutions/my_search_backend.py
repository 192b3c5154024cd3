"""A model answer to exercise 3 (MySearxngBackend). Run it to see the check pass:

python chapters/ch14/exercises/solutions/my_search_backend.py
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlencode

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
        """The decoded JSON of ``GET {base_url}/search?q=<query>&format=json``.

        Raises:
            BackendUnavailable: No answer, an HTTP error, no answer in time, or not JSON.
        """
        address = f"{self.base_url}/search?{urlencode({'q': query, 'format': 'json'})}"
        where = f"the search service at {self.base_url}"
        try:
            with urllib.request.urlopen(address, timeout=self.timeout) as response:
                body = response.read()
        except urllib.error.HTTPError as error:  # before URLError: it is one
            raise BackendUnavailable(f"{where} answered with HTTP {error.code}.") from None
        except urllib.error.URLError as error:
            # A connect that times out arrives here too, as the reason of the URLError.
            raise BackendUnavailable(
                f"{where} could not be reached ({type(error.reason).__name__}); is it running?"
            ) from None
        except TimeoutError:  # a read that takes too long is not wrapped in a URLError
            raise BackendUnavailable(f"{where} did not answer within {self.timeout:g} s.") from None
        except OSError as error:  # the connection broke half-way
            raise BackendUnavailable(f"{where} failed ({type(error).__name__}).") from None
        try:
            return json.loads(body)
        except ValueError:
            raise BackendUnavailable(f"{where} did not answer with JSON.") from None

    def to_hits(self, data: Any, max_results: int) -> tuple[SearchHit, ...]:
        """The first ``max_results`` results, in the service's order, as SearchHit records."""
        results = data.get("results") if isinstance(data, dict) else None
        if not isinstance(results, list):
            return ()
        hits = [
            SearchHit(
                title=str(item.get("title") or ""),
                url=str(item.get("url") or ""),
                content=str(item.get("content") or ""),
            )
            for item in results
            if isinstance(item, dict)
        ]
        return tuple(hits[:max_results])

    def search(self, query: str, max_results: int) -> SearchResults:
        """Search the service."""
        hits = self.to_hits(self.fetch_json(query), max_results)
        return SearchResults(query=query, backend=self.name, answer=None, hits=hits)


__all__ = ["BackendUnavailable", "MySearxngBackend"]


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("search_backend", MySearxngBackend))
