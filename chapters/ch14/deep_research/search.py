"""Searching for a task, with a cache, and numbering every page read in the run.

:class:`SearchService` wraps one :class:`~hello_agents.tools.builtin.search.SearchTool`
configured from the settings; the same query is searched once per service (the
cache is keyed by backend, query and the settings of the search). :class:`SourceBook`
gives each page a run-wide citation number the first time it is read, so the
summaries and the report all cite with the same numbers.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from deep_research.config import Configuration
from deep_research.models import Source
from hello_agents.tools.builtin.search import SearchHit, SearchResults, SearchTool

CACHE_SIZE = 256


class SearchService:
    """The run's searches.

    Args:
        config: The settings (backend, corpus, result count, token budget ...).
        tool: The search tool to use (one built from ``config`` by default).
    """

    def __init__(self, config: Configuration, tool: SearchTool | None = None) -> None:
        self.config = config
        self.tool = tool or SearchTool(
            backend=config.search_api,
            timeout=config.search_timeout,
            max_results=config.max_results,
            searxng_url=config.searxng_url,
            corpus_dir=config.search_corpus_dir,
        )
        self._cache: OrderedDict[tuple[str, str, int, bool, int], SearchResults] = OrderedDict()
        self._lock = threading.Lock()
        self.cache_hits = 0

    def search(self, query: str) -> SearchResults:
        """The results for ``query`` (from the cache when it was searched before).

        Raises:
            SearchError: No backend could answer.
        """
        key = (
            self.config.search_api,
            " ".join(query.lower().split()),
            self.config.max_results,
            self.config.fetch_full_page,
            self.config.max_tokens_per_source,
        )
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                self.cache_hits += 1
                return self._cache[key]
        results = self.tool.search(
            query,
            max_results=self.config.max_results,
            fetch_full_page=self.config.fetch_full_page,
            max_tokens_per_source=self.config.max_tokens_per_source,
        )
        with self._lock:
            self._cache[key] = results
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        return results


class SourceBook:
    """Every page read in one run, numbered 1, 2, 3 ... by first reading (thread-safe)."""

    def __init__(self) -> None:
        self._by_url: dict[str, Source] = {}
        self._lock = threading.Lock()

    def add(self, hit: SearchHit, task_id: int) -> Source:
        """The source for ``hit``: numbered now, or as it was when first read."""
        key = hit.url.rstrip("/")
        with self._lock:
            if key not in self._by_url:
                text = hit.raw_content or hit.content
                self._by_url[key] = Source(len(self._by_url) + 1, hit.title, hit.url, text, task_id)
            return self._by_url[key]

    def by_number(self) -> dict[int, Source]:
        """The sources read so far, by number."""
        with self._lock:
            return {source.number: source for source in self._by_url.values()}


def format_sources(sources: list[Source]) -> str:
    """Sources for a prompt: ``[n] title (url)`` and the text, one block each."""
    return "\n\n".join(f"[{s.number}] {s.title} ({s.url})\n{s.content}" for s in sources)


def sources_summary(sources: list[Source]) -> str:
    """One ``[n] title - url`` line per source (what the page lists under a task)."""
    return "\n".join(f"[{s.number}] {s.title} - {s.url}" for s in sources)


__all__ = ["CACHE_SIZE", "SearchService", "SourceBook", "format_sources", "sources_summary"]
