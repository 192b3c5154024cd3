"""Tavily, a search API made for LLMs (``tavily-python``); it can also write a direct answer.

Key: ``TAVILY_API_KEY``. The client package is imported when a search runs.
"""

from __future__ import annotations

from hello_agents.tools.builtin.search.backend import (
    INSTALL_HINT,
    BackendUnavailable,
    KeyedSearchBackend,
)
from hello_agents.tools.builtin.search.http import objects_at
from hello_agents.tools.builtin.search.results import SearchHit, SearchResults

KEY_ENV = "TAVILY_API_KEY"


class TavilyBackend(KeyedSearchBackend):
    """Tavily's ``/search``.

    Args:
        timeout: Seconds the request may take.
        api_key: The key; ``TAVILY_API_KEY`` when omitted.
        base_url: Another endpoint (a proxy, or a local fake in tests).
        raw_content: Ask Tavily for each page's whole text as well.
    """

    name = "tavily"
    key_env = KEY_ENV
    key_help = f"(free key at https://tavily.com) and install the client with: {INSTALL_HINT}"

    def __init__(
        self,
        timeout: float,
        api_key: str | None = None,
        base_url: str | None = None,
        raw_content: bool = False,
    ) -> None:
        super().__init__(timeout, api_key, base_url)
        self.raw_content = raw_content

    def search(self, query: str, max_results: int) -> SearchResults:
        self.require_setup()
        try:
            from tavily import TavilyClient
        except ImportError:
            raise BackendUnavailable(
                f"the tavily-python package is not installed; run: {INSTALL_HINT}"
            ) from None
        try:
            with TavilyClient(api_key=self._api_key, api_base_url=self.base_url) as client:
                data = client.search(
                    query,
                    search_depth="basic",
                    include_answer=True,
                    max_results=max_results,
                    timeout=self.timeout,
                    **({"include_raw_content": True} if self.raw_content else {}),
                )
        except Exception as error:
            raise BackendUnavailable(describe_error(error, self.timeout)) from None
        if not isinstance(data, dict):
            raise BackendUnavailable("Tavily's answer was not a JSON object.")
        hits = tuple(
            SearchHit(
                title=str(item.get("title") or ""),
                url=str(item.get("url") or ""),
                content=str(item.get("content") or ""),
                raw_content=str(item["raw_content"]) if item.get("raw_content") else None,
                score=item["score"] if isinstance(item.get("score"), (int, float)) else None,
            )
            for item in objects_at(data, "results")[:max_results]
        )
        answer = data.get("answer")
        return SearchResults(query, self.name, str(answer) if answer else None, hits)


def describe_error(error: Exception, timeout: float) -> str:
    """Turn a tavily-python or requests exception into a model-facing reason."""
    import requests
    from tavily import errors

    if isinstance(error, errors.InvalidAPIKeyError):
        return f"Tavily refused the API key (HTTP 401); check {KEY_ENV}."
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


__all__ = ["KEY_ENV", "TavilyBackend", "describe_error"]
