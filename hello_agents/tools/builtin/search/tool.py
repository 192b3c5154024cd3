"""SearchTool: one search interface over many backends, for models and for code.

* for the **model**, ``run({"input": ...})`` always returns text: the results
  formatted to read (``mode="text"``, the default) or as a JSON document
  (``mode="structured"``, ``"json"`` or ``"dict"``: the same text a program can
  ``json.loads``);
* for **code**, :meth:`SearchTool.search` returns typed
  :class:`~hello_agents.tools.builtin.search.results.SearchResults`.

Backends: ``tavily``, ``serpapi``, ``perplexity`` (keys), ``searxng`` (a
SearXNG-compatible service at ``SEARXNG_URL``), ``duckduckgo`` (no key, the
network), ``local`` (a folder of pages, no network). Two chains try several in
turn: ``hybrid`` is chapter 7's Tavily then SerpApi; ``advanced`` goes on to
Perplexity, SearXNG (when configured) and DuckDuckGo. In a chain, a backend
that is not set up is skipped without a request, and one that fails becomes a
notice in the results while the next one is tried; only when none answers
does the search raise :class:`SearchError`, naming each reason.

Keys are kept out of results, error messages, logs and ``repr``.
"""

from __future__ import annotations

import json
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.base import Tool, ToolParameter
from hello_agents.tools.builtin.parameters import optional
from hello_agents.tools.builtin.search.backend import SearchBackend
from hello_agents.tools.builtin.search.corpus_backend import CorpusBackend
from hello_agents.tools.builtin.search.duckduckgo_backend import DuckDuckGoBackend
from hello_agents.tools.builtin.search.http import BackendUnavailable
from hello_agents.tools.builtin.search.pages import fetch_page_text
from hello_agents.tools.builtin.search.perplexity_backend import PerplexityBackend
from hello_agents.tools.builtin.search.results import SearchHit, SearchResults, deduplicate
from hello_agents.tools.builtin.search.searxng_backend import SearxngBackend
from hello_agents.tools.builtin.search.serpapi_backend import QUERY_KEY, SerpApiBackend
from hello_agents.tools.builtin.search.tavily_backend import TavilyBackend

logger = logging.getLogger(__name__)

CHAINS: dict[str, tuple[str, ...]] = {
    "hybrid": ("tavily", "serpapi"),
    "advanced": ("tavily", "serpapi", "perplexity", "searxng", "duckduckgo"),
}
SINGLE_BACKENDS = ("tavily", "serpapi", "perplexity", "searxng", "duckduckgo", "local")
BACKENDS = (*CHAINS, *SINGLE_BACKENDS)
MODES = ("text", "structured", "json", "dict")
DEFAULT_TIMEOUT = 10.0
MAX_RESULTS_LIMIT = 20


class SearchError(ToolException, RuntimeError):
    """No backend could answer; the message (written for the model) says why.

    A :class:`~hello_agents.core.exceptions.ToolException`, and still a RuntimeError.
    """


class SearchTool(Tool):
    """The builtin search tool, registered as ``search``.

    Args:
        backend: ``"hybrid"`` (Tavily, then SerpApi), ``"advanced"`` (the longer
            chain), or one of ``tavily``, ``serpapi``, ``perplexity``, ``searxng``,
            ``duckduckgo``, ``local``; or a :class:`SearchBackend` of your own,
            which then serves its ``name`` (replacing a built-in one of that name).
        tavily_key: Tavily API key; ``TAVILY_API_KEY`` when omitted.
        serpapi_key: SerpApi API key; ``SERPAPI_API_KEY`` when omitted.
        perplexity_key: Perplexity API key; ``PERPLEXITY_API_KEY`` when omitted.
        timeout: Seconds each HTTP request may take.
        max_results: How many results to return by default.
        tavily_base_url: Another Tavily endpoint (a proxy, or a local fake in tests).
        serpapi_base_url: Another SerpApi endpoint.
        perplexity_base_url: Another Perplexity endpoint.
        searxng_url: The SearXNG-compatible service; ``SEARXNG_URL`` when omitted.
        duckduckgo_base_url: Another DuckDuckGo address (a local fake in tests).
        corpus_dir: The folder the ``local`` backend searches; ``SEARCH_CORPUS_DIR``
            when omitted.
        corpus_page_base_url: Address prefix of the corpus pages (where a local
            service serves them); their ``file://`` addresses otherwise.
        fetch_full_page: Fetch every result's whole page by default.
        max_tokens_per_source: Cut each result's text to about this many tokens
            by default (4 characters a token); no limit when omitted.
        name: The tool's name for the model.

    Raises:
        ToolException: Unknown backend, or a non-positive timeout or result count.
    """

    def __init__(
        self,
        backend: str | SearchBackend = "hybrid",
        tavily_key: str | None = None,
        serpapi_key: str | None = None,
        perplexity_key: str | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_results: int = 3,
        tavily_base_url: str | None = None,
        serpapi_base_url: str | None = None,
        perplexity_base_url: str | None = None,
        searxng_url: str | None = None,
        duckduckgo_base_url: str | None = None,
        corpus_dir: str | Path | None = None,
        corpus_page_base_url: str | None = None,
        fetch_full_page: bool = False,
        max_tokens_per_source: int | None = None,
        name: str = "search",
    ) -> None:
        super().__init__(
            name=name,
            description=(
                "Search the web and return the top results (title, link, extract), "
                "with a direct answer when one is available. Input: the search query."
            ),
        )
        if timeout <= 0:
            raise ToolException(f"timeout must be a positive number of seconds, got {timeout}")
        self.max_results = check_count("max_results", max_results)
        if max_tokens_per_source is not None:
            check_count("max_tokens_per_source", max_tokens_per_source)
        # Per HTTP request. Not Tool.timeout: that is the registry's limit on the whole
        # call, which a chain of backends may rightly exceed.
        self.request_timeout = timeout
        self.fetch_full_page = fetch_full_page
        self.max_tokens_per_source = max_tokens_per_source
        backends: list[SearchBackend] = [
            TavilyBackend(timeout, tavily_key, tavily_base_url, raw_content=fetch_full_page),
            SerpApiBackend(timeout, serpapi_key, serpapi_base_url),
            PerplexityBackend(timeout, perplexity_key, perplexity_base_url),
            SearxngBackend(timeout, searxng_url),
            DuckDuckGoBackend(timeout, duckduckgo_base_url),
            CorpusBackend(timeout, corpus_dir, corpus_page_base_url),
        ]
        self.backends: dict[str, SearchBackend] = {b.name: b for b in backends}
        if isinstance(backend, SearchBackend):  # one of your own: it serves its name
            if not backend.name or backend.name in CHAINS:
                raise ToolException(
                    f"a search backend of your own needs a name of its own, got {backend.name!r}"
                )
            self.backends[backend.name] = backend
            backend = backend.name
        self.backend = self._checked_backend(backend)

    # ---- the tool the model calls ----------------------------------------------------

    def get_parameters(self) -> list[ToolParameter]:
        """``input`` (the query) and the tutorial's optional settings of one search."""
        return [
            ToolParameter(name="input", type="string", description="The search query"),
            optional("query", "string", "Same as input"),
            optional("backend", "string", "Which search backend to use", enum=self.backend_names),
            optional(
                "mode",
                "string",
                "text (readable) or structured/json/dict (a JSON document)",
                enum=list(MODES),
            ),
            optional("return_mode", "string", "Same as mode", enum=list(MODES)),
            optional("fetch_full_page", "boolean", "Also read each result's whole page"),
            optional("max_results", "integer", "How many results"),
            optional(
                "max_tokens_per_source",
                "integer",
                "Cut each result's text to about this many tokens",
            ),
            optional(
                "loop_count", "integer", "The research loop this search belongs to (for logs only)"
            ),
        ]

    def validate_arguments(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Accept ``query`` for ``input`` (the tutorial uses both) before validating."""
        if "input" not in arguments and "query" in arguments:
            arguments = {"input": arguments["query"], **arguments}
        return super().validate_arguments(arguments)

    def run(self, parameters: dict[str, Any]) -> str:
        """Search for ``parameters["input"]`` (or ``parameters["query"]``) and return text.

        Args:
            parameters: ``{"input": "what to search"}``, optionally with ``backend``,
                ``mode`` (or ``return_mode``), ``fetch_full_page``, ``max_results``,
                ``max_tokens_per_source`` and ``loop_count``.

        Returns:
            The results formatted for the model, or, in mode ``structured``
            (``json``, ``dict``), the JSON text of
            :meth:`~hello_agents.tools.builtin.search.results.SearchResults.to_dict`.

        Raises:
            SearchError: The query is empty, or no backend could answer.
            ToolException: An unknown backend or mode, or a count below 1.
        """
        query = parameters.get("input") or parameters.get("query")
        if not isinstance(query, str) or not query.strip():
            raise SearchError('The search query is empty: call with {"input": "your query"}.')
        mode = str(parameters.get("mode") or parameters.get("return_mode") or "text").lower()
        if mode not in MODES:
            raise ToolException(f"Unknown mode {mode!r}; choose one of {MODES}.")
        if parameters.get("loop_count") is not None:
            logger.debug("search for research loop %s", parameters["loop_count"])
        results = self.search(
            query.strip(),
            backend=parameters.get("backend") or None,
            max_results=parameters.get("max_results"),
            fetch_full_page=parameters.get("fetch_full_page"),
            max_tokens_per_source=parameters.get("max_tokens_per_source"),
        )
        if mode == "text":
            return results.to_text()
        return json.dumps(results.to_dict(), ensure_ascii=False)

    # ---- the API for code -------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        backend: str | None = None,
        max_results: int | None = None,
        fetch_full_page: bool | None = None,
        max_tokens_per_source: int | None = None,
    ) -> SearchResults:
        """Run one search.

        Args:
            query: What to search for.
            backend: A backend or chain for this search (the tool's own by default).
            max_results: How many results (the tool's default when omitted).
            fetch_full_page: Read each result's whole page into ``raw_content``.
            max_tokens_per_source: Cut each result's text to about this many tokens.

        Returns:
            The results of the first backend that answered, its addresses
            de-duplicated, with the notices of those that could not.

        Raises:
            SearchError: No backend could answer.
            ToolException: An unknown backend, or a count below 1.
        """
        name = self._checked_backend(backend or self.backend)
        count = check_count("max_results", self.max_results if max_results is None else max_results)
        count = min(count, MAX_RESULTS_LIMIT)
        fetch = self.fetch_full_page if fetch_full_page is None else fetch_full_page
        budget = max_tokens_per_source or self.max_tokens_per_source
        order = CHAINS.get(name, (name,))
        notices: list[str] = []
        reasons: list[str] = []
        for each in order:
            source = self.backends[each]
            skipped = self._skip_reason(source) if len(order) > 1 else None
            if skipped:
                reasons.append(f"{each}: {skipped}")
                continue
            try:
                found = source.search(query, count)
            except BackendUnavailable as failure:
                reason = self._redact(str(failure))
                logger.info("search backend %s could not answer: %s", each, reason)
                reasons.append(f"{each}: {reason}")
                notices.append(f"{each} could not answer: {reason}")
                continue
            hits, page_notices = self._finish_hits(list(found.hits), fetch, budget)
            return replace(
                found,
                hits=tuple(hits),
                notices=(*notices, *found.notices, *page_notices),
            )
        raise SearchError("Search failed. " + " ".join(reasons))

    @property
    def backend_names(self) -> list[str]:
        """The backends and chains this tool can search with (your own included)."""
        return [*BACKENDS, *(name for name in self.backends if name not in BACKENDS)]

    @property
    def configured_backends(self) -> list[str]:
        """The backends of this tool's chain that are set up (keys, addresses)."""
        order = CHAINS.get(self.backend, (self.backend,))
        return [name for name in order if self._skip_reason(self.backends[name]) is None]

    # ---- helpers ------------------------------------------------------------------

    def _checked_backend(self, backend: str) -> str:
        """``backend`` if this tool knows it (a built-in backend or chain, or your own).

        Raises:
            ToolException: It does not.
        """
        if backend in self.backends or backend in CHAINS:
            return backend
        return check_backend(backend)

    def _skip_reason(self, source: SearchBackend) -> str | None:
        """Why a chain passes over ``source`` without a request, or ``None``."""
        if isinstance(source, SearxngBackend) and not source.configured:
            return "not configured; set SEARXNG_URL."
        return source.missing_setup()

    def _finish_hits(
        self, hits: list[SearchHit], fetch: bool, budget: int | None
    ) -> tuple[list[SearchHit], list[str]]:
        """De-duplicate, read whole pages when asked (or drop them), trim to the budget."""
        hits = deduplicate(hits)
        notices: list[str] = []
        if fetch:
            hits, notices = self._with_pages(hits)
        else:
            hits = [replace(hit, raw_content=None) if hit.raw_content else hit for hit in hits]
        return [hit.trimmed(budget) for hit in hits], notices

    def _with_pages(self, hits: list[SearchHit]) -> tuple[list[SearchHit], list[str]]:
        """Each hit with its whole page's text (kept as it was when that fails)."""
        missing = [hit for hit in hits if not hit.raw_content]
        if not missing:
            return hits, []

        def read(hit: SearchHit) -> tuple[SearchHit, str | None]:
            try:
                return replace(
                    hit, raw_content=fetch_page_text(hit.url, self.request_timeout)
                ), None
            except BackendUnavailable as failure:
                return hit, f"could not read {hit.url}: {self._redact(str(failure))}"

        with ThreadPoolExecutor(max_workers=min(4, len(missing))) as pool:
            outcomes = dict(zip([id(h) for h in missing], pool.map(read, missing), strict=True))
        notices = [note for _, note in outcomes.values() if note]
        return [outcomes[id(hit)][0] if id(hit) in outcomes else hit for hit in hits], notices

    def _redact(self, text: str) -> str:
        for source in self.backends.values():
            for secret in source.secrets():
                text = text.replace(secret, "***")
        return QUERY_KEY.sub(r"\1***", text)

    def __repr__(self) -> str:
        keys = {
            name: "key set" if self.backends[name].secrets() else "no key"
            for name in ("tavily", "serpapi", "perplexity")
        }
        described = ", ".join(f"{name}={state}" for name, state in keys.items())
        return f"SearchTool(backend={self.backend!r}, {described})"

    __str__ = __repr__


def check_backend(backend: str) -> str:
    """``backend`` if it is a known backend or chain.

    Raises:
        ToolException: It is not.
    """
    if backend not in BACKENDS:
        raise ToolException(f"Unknown search backend {backend!r}; choose one of {BACKENDS}.")
    return backend


def check_count(name: str, value: Any) -> int:
    """``value`` if it is an integer of at least 1.

    Raises:
        ToolException: It is not.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ToolException(f"{name} must be at least 1, got {value!r}")
    return value


def search(query: str, backend: str = "hybrid") -> str:
    """Search with keys and addresses from the environment, and return text.

    Never raises for a search problem: the text then says what went wrong.

    Args:
        query: What to search for.
        backend: A backend or chain (see :class:`SearchTool`).

    Returns:
        The formatted results, or ``"Error: ..."`` saying what to fix.
    """
    try:
        return SearchTool(backend=backend).run({"input": query})
    except SearchError as error:
        return f"Error: {error}"


__all__ = [
    "BACKENDS",
    "CHAINS",
    "MODES",
    "SINGLE_BACKENDS",
    "SearchError",
    "SearchTool",
    "check_backend",
    "check_count",
    "search",
]
