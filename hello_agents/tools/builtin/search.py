"""Web search: Tavily first, SerpApi (Google results) as the fallback.

Two backends, one result shape:

* **Tavily** (``tavily-python``), a search API made for LLMs; it can also
  write a short direct answer. Key: ``TAVILY_API_KEY``.
* **SerpApi** (``google-search-results``, imported as ``serpapi``), Google
  results as JSON. Key: ``SERPAPI_API_KEY``.

``backend="hybrid"`` (the default) tries Tavily and falls back to SerpApi when
Tavily is not configured or fails. Both client packages are optional: they are
imported only when a search runs, and ``pip install "hello-agents[search]"``
installs them.

Every request has a timeout. API keys are kept out of results, error messages,
logs and ``repr``: SerpApi sends its key in the query string, so this module
also redacts ``api_key=...`` from urllib3's debug log lines.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from typing import Any

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.base import Tool, ToolParameter

logger = logging.getLogger(__name__)

TAVILY_KEY_ENV = "TAVILY_API_KEY"
SERPAPI_KEY_ENV = "SERPAPI_API_KEY"
INSTALL_HINT = 'pip install "hello-agents[search]"'
BACKENDS = ("hybrid", "tavily", "serpapi")
DEFAULT_TIMEOUT = 10.0
MAX_SNIPPET_CHARS = 300

_QUERY_KEY = re.compile(r"((?:api_key|serp_api_key)=)[^&\s\"']+")


class SearchError(ToolException, RuntimeError):
    """No backend could answer; the message (written for the model) says why.

    A :class:`~hello_agents.core.exceptions.ToolException`, and still a RuntimeError.
    """


@dataclass(frozen=True)
class SearchHit:
    """One search result.

    Attributes:
        title: The page title.
        url: The page address.
        snippet: A short extract of the page.
    """

    title: str
    url: str
    snippet: str


@dataclass(frozen=True)
class SearchResults:
    """What one search found.

    Attributes:
        query: The query as searched.
        backend: ``"tavily"`` or ``"serpapi"``: who answered.
        answer: A direct answer, when the backend gave one.
        hits: The results, best first.
    """

    query: str
    backend: str
    answer: str | None
    hits: tuple[SearchHit, ...]

    def to_text(self) -> str:
        """The results formatted for the model: answer first, then numbered hits."""
        lines = [f"Search results for {self.query!r} (via {self.backend}):"]
        if self.answer:
            lines.append(f"Answer: {self.answer}")
        if not self.hits:
            lines.append("No results found.")
        for number, hit in enumerate(self.hits, start=1):
            lines.append(f"{number}. {hit.title}")
            lines.append(f"   {hit.url}")
            if hit.snippet:
                lines.append(f"   {_shorten(hit.snippet)}")
        return "\n".join(lines)


class _BackendFailed(Exception):
    """One backend could not answer (internal; the hybrid search goes on)."""


class SearchTool(Tool):
    """The builtin web search tool, registered as ``search``.

    Args:
        backend: ``"hybrid"`` (Tavily, then SerpApi), ``"tavily"`` or ``"serpapi"``.
        tavily_key: Tavily API key; ``TAVILY_API_KEY`` when omitted.
        serpapi_key: SerpApi API key; ``SERPAPI_API_KEY`` when omitted.
        timeout: Seconds each HTTP request may take.
        max_results: How many results to return.
        tavily_base_url: Another Tavily endpoint (a proxy, or a local fake in tests).
        serpapi_base_url: Another SerpApi endpoint.

    Raises:
        ToolException: Unknown backend, or a non-positive timeout or result count.
    """

    def __init__(
        self,
        backend: str = "hybrid",
        tavily_key: str | None = None,
        serpapi_key: str | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        max_results: int = 3,
        tavily_base_url: str | None = None,
        serpapi_base_url: str | None = None,
    ) -> None:
        super().__init__(
            name="search",
            description=(
                "Search the web and return the top results (title, link, snippet), "
                "with a direct answer when one is available. Input: the search query."
            ),
        )
        if backend not in BACKENDS:
            raise ToolException(f"Unknown search backend {backend!r}; choose one of {BACKENDS}.")
        if timeout <= 0:
            raise ToolException(f"timeout must be a positive number of seconds, got {timeout}")
        if max_results < 1:
            raise ToolException(f"max_results must be at least 1, got {max_results}")
        self.backend = backend
        # Per HTTP request. Not Tool.timeout: that is the registry's limit on the whole
        # call, which a hybrid search (Tavily, then SerpApi) may rightly exceed.
        self.request_timeout = timeout
        self.max_results = max_results
        self._tavily_key = tavily_key or os.environ.get(TAVILY_KEY_ENV) or None
        self._serpapi_key = serpapi_key or os.environ.get(SERPAPI_KEY_ENV) or None
        self._tavily_base_url = tavily_base_url
        self._serpapi_base_url = serpapi_base_url

    def get_parameters(self) -> list[ToolParameter]:
        """One required string, ``input``: the query."""
        return [ToolParameter(name="input", type="string", description="The search query")]

    def run(self, parameters: dict[str, Any]) -> str:
        """Search for ``parameters["input"]`` (or ``parameters["query"]``).

        Args:
            parameters: ``{"input": "what to search"}``.

        Returns:
            The results formatted for the model.

        Raises:
            SearchError: No backend is configured, or every configured one failed.
        """
        query = parameters.get("input", parameters.get("query"))
        if not isinstance(query, str) or not query.strip():
            raise SearchError('The search query is empty: call with {"input": "your query"}.')
        return self.search(query.strip()).to_text()

    def search(self, query: str) -> SearchResults:
        """Run the search on the configured backend(s).

        Args:
            query: What to search for.

        Returns:
            The structured results of the first backend that answered.

        Raises:
            SearchError: No backend is configured, or every configured one failed.
        """
        order = ["tavily", "serpapi"] if self.backend == "hybrid" else [self.backend]
        failures: list[str] = []
        for backend in order:
            try:
                if backend == "tavily":
                    return self._search_tavily(query)
                return self._search_serpapi(query)
            except _BackendFailed as failure:
                reason = self._redact(str(failure))
                logger.info("search backend %s could not answer: %s", backend, reason)
                failures.append(f"{backend}: {reason}")
        raise SearchError("Web search failed. " + " ".join(failures))

    @property
    def configured_backends(self) -> list[str]:
        """The backends that have a key (their package is checked when searching)."""
        keys = {"tavily": self._tavily_key, "serpapi": self._serpapi_key}
        order = ["tavily", "serpapi"] if self.backend == "hybrid" else [self.backend]
        return [backend for backend in order if keys[backend]]

    # ------------------------------------------------------------------ Tavily

    def _search_tavily(self, query: str) -> SearchResults:
        if not self._tavily_key:
            raise _BackendFailed(
                f"no API key; set {TAVILY_KEY_ENV} (free key at https://tavily.com) "
                f"and install the client with: {INSTALL_HINT}."
            )
        try:
            from tavily import TavilyClient
        except ImportError:
            raise _BackendFailed(
                f"the tavily-python package is not installed; run: {INSTALL_HINT}"
            ) from None
        try:
            with TavilyClient(
                api_key=self._tavily_key, api_base_url=self._tavily_base_url
            ) as client:
                data = client.search(
                    query,
                    search_depth="basic",
                    include_answer=True,
                    max_results=self.max_results,
                    timeout=self.request_timeout,
                )
        except Exception as error:
            raise _BackendFailed(_describe_tavily_error(error, self.request_timeout)) from None
        if not isinstance(data, dict):
            raise _BackendFailed("Tavily's answer was not a JSON object.")
        hits = tuple(
            SearchHit(
                title=str(item.get("title") or ""),
                url=str(item.get("url") or ""),
                snippet=str(item.get("content") or ""),
            )
            for item in _objects_at(data, "results")[: self.max_results]
        )
        answer = data.get("answer")
        return SearchResults(query, "tavily", str(answer) if answer else None, hits)

    # ------------------------------------------------------------------ SerpApi

    def _search_serpapi(self, query: str) -> SearchResults:
        if not self._serpapi_key:
            raise _BackendFailed(
                f"no API key; set {SERPAPI_KEY_ENV} (key at https://serpapi.com) "
                f"and install the client with: {INSTALL_HINT}."
            )
        try:
            import requests
            from serpapi import GoogleSearch
        except ImportError:
            raise _BackendFailed(
                "the google-search-results package (module serpapi) is not installed; "
                f"run: {INSTALL_HINT}"
            ) from None
        _redact_query_keys_in_urllib3_logs()
        client = GoogleSearch(
            {"q": query, "api_key": self._serpapi_key, "num": self.max_results, "output": "json"}
        )
        # Instance attributes shadow the class defaults: no global state is changed.
        client.timeout = self.request_timeout
        if self._serpapi_base_url:
            client.BACKEND = self._serpapi_base_url.rstrip("/")
        try:
            response = client.get_response()
        except requests.Timeout:
            raise _BackendFailed(
                f"SerpApi did not answer within {self.request_timeout:g} s."
            ) from None
        except requests.RequestException as error:
            # The message holds the request URL, key included: name the error type only.
            raise _BackendFailed(
                f"SerpApi could not be reached ({type(error).__name__})."
            ) from None
        try:
            data = response.json()
        except ValueError:
            data = None
        if response.status_code != 200 or not isinstance(data, dict) or "error" in data:
            raise _BackendFailed(_describe_serpapi_error(response.status_code, data))
        return _parse_serpapi(query, data, self.max_results)

    # ------------------------------------------------------------------ secrets

    def _redact(self, text: str) -> str:
        for key in (self._tavily_key, self._serpapi_key):
            if key:
                text = text.replace(key, "***")
        return _QUERY_KEY.sub(r"\1***", text)

    def __repr__(self) -> str:
        tavily = "key set" if self._tavily_key else "no key"
        serpapi = "key set" if self._serpapi_key else "no key"
        return f"SearchTool(backend={self.backend!r}, tavily={tavily}, serpapi={serpapi})"

    __str__ = __repr__


def _describe_tavily_error(error: Exception, timeout: float) -> str:
    """Turn a tavily-python or requests exception into a model-facing reason."""
    import requests
    from tavily import errors

    if isinstance(error, errors.InvalidAPIKeyError):
        return f"Tavily refused the API key (HTTP 401); check {TAVILY_KEY_ENV}."
    if isinstance(error, errors.UsageLimitExceededError):
        return "Tavily's rate or usage limit was reached (HTTP 429); try again later."
    if isinstance(error, errors.ForbiddenError):
        return "Tavily refused the request (HTTP 403)."
    if isinstance(error, errors.BadRequestError):
        return "Tavily rejected the query (HTTP 400); rephrase it."
    if isinstance(error, (errors.TimeoutError, requests.Timeout)):
        return f"Tavily did not answer within {timeout:g} s."
    if isinstance(error, requests.HTTPError) and error.response is not None:
        return f"Tavily answered with HTTP {error.response.status_code}."
    if isinstance(error, ValueError):  # includes requests' JSONDecodeError
        return "Tavily's answer was not valid JSON."
    if isinstance(error, requests.RequestException):
        return f"Tavily could not be reached ({type(error).__name__})."
    return f"Tavily failed ({type(error).__name__})."


def _describe_serpapi_error(status: int, data: object) -> str:
    """A model-facing reason for a SerpApi answer that carries no results."""
    message = data.get("error") if isinstance(data, dict) else None
    if status == 401:
        return f"SerpApi refused the API key (HTTP 401); check {SERPAPI_KEY_ENV}."
    if status == 429:
        return "SerpApi's rate or usage limit was reached (HTTP 429); try again later."
    if message:
        return f"SerpApi answered with an error (HTTP {status}): {_shorten(str(message))}"
    if status != 200:
        return f"SerpApi answered with HTTP {status}."
    return "SerpApi's answer was not valid JSON."


def _parse_serpapi(query: str, data: dict[str, Any], max_results: int) -> SearchResults:
    """Read the answer box, knowledge graph and organic results of a SerpApi reply."""
    answer_box = _object_at(data, "answer_box")
    knowledge = _object_at(data, "knowledge_graph")
    answer = answer_box.get("answer") or answer_box.get("snippet") or knowledge.get("description")
    hits = tuple(
        SearchHit(
            title=str(item.get("title") or ""),
            url=str(item.get("link") or ""),
            snippet=str(item.get("snippet") or ""),
        )
        for item in _objects_at(data, "organic_results")[:max_results]
    )
    return SearchResults(query, "serpapi", str(answer) if answer else None, hits)


def _object_at(data: dict[str, Any], key: str) -> dict[str, Any]:
    """``data[key]`` if it is a JSON object, else an empty one."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _objects_at(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The JSON objects in the list ``data[key]``; anything else is skipped."""
    value = data.get(key)
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_SNIPPET_CHARS else text[: MAX_SNIPPET_CHARS - 3] + "..."


class _RedactQueryKeys(logging.Filter):
    """Hide ``api_key=...`` in log records (urllib3 logs request URLs at DEBUG)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = _QUERY_KEY.sub(r"\1***", message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


def _redact_query_keys_in_urllib3_logs() -> None:
    urllib3_logger = logging.getLogger("urllib3.connectionpool")
    if not any(isinstance(existing, _RedactQueryKeys) for existing in urllib3_logger.filters):
        urllib3_logger.addFilter(_RedactQueryKeys())


def search(query: str, backend: str = "hybrid") -> str:
    """Search the web with keys from the environment, and return text.

    Never raises for a search problem: the text then says what went wrong.

    Args:
        query: What to search for.
        backend: ``"hybrid"``, ``"tavily"`` or ``"serpapi"``.

    Returns:
        The formatted results, or ``"Error: ..."`` saying what to fix.
    """
    try:
        return SearchTool(backend=backend).run({"input": query})
    except SearchError as error:
        return f"Error: {error}"


__all__ = [
    "BACKENDS",
    "INSTALL_HINT",
    "SERPAPI_KEY_ENV",
    "TAVILY_KEY_ENV",
    "SearchError",
    "SearchHit",
    "SearchResults",
    "SearchTool",
    "search",
]
