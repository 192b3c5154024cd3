"""Perplexity: a model that searches the web and answers, with the pages it used.

``POST https://api.perplexity.ai/chat/completions`` (OpenAI's chat format) with
the query as the user message. The answer is the reply's text; the hits are
its ``search_results`` (title, address, extract), or its bare ``citations``
(addresses) from older API versions. Key: ``PERPLEXITY_API_KEY``.
"""

from __future__ import annotations

from typing import Any

from hello_agents.tools.builtin.search.backend import BackendUnavailable, KeyedSearchBackend
from hello_agents.tools.builtin.search.http import objects_at, post_json
from hello_agents.tools.builtin.search.results import SearchHit, SearchResults

KEY_ENV = "PERPLEXITY_API_KEY"
DEFAULT_URL = "https://api.perplexity.ai"
DEFAULT_MODEL = "sonar"


class PerplexityBackend(KeyedSearchBackend):
    """Perplexity's chat completions with web search.

    Args:
        timeout: Seconds the request may take.
        api_key: The key; ``PERPLEXITY_API_KEY`` when omitted.
        base_url: Another endpoint (a local fake in tests).
        model: The Perplexity model (``sonar``, ``sonar-pro`` ...).
    """

    name = "perplexity"
    key_env = KEY_ENV
    key_help = "(key at https://www.perplexity.ai/settings/api)"

    def __init__(
        self,
        timeout: float,
        api_key: str | None = None,
        base_url: str | None = None,
        model: str = DEFAULT_MODEL,
    ) -> None:
        super().__init__(timeout, api_key, (base_url or DEFAULT_URL).rstrip("/"))
        self.model = model

    def search(self, query: str, max_results: int) -> SearchResults:
        self.require_setup()
        data = post_json(
            "Perplexity",
            f"{self.base_url}/chat/completions",
            {"model": self.model, "messages": [{"role": "user", "content": query}]},
            headers={"Authorization": f"Bearer {self._api_key}"},
            timeout=self.timeout,
            key_hint=KEY_ENV,
        )
        if not isinstance(data, dict):
            raise BackendUnavailable("Perplexity's answer was not a JSON object.")
        return SearchResults(query, self.name, reply_text(data), read_hits(data)[:max_results])


def reply_text(data: dict[str, Any]) -> str | None:
    """The text of the first choice, if there is one."""
    choices = objects_at(data, "choices")
    message = choices[0].get("message") if choices else None
    content = message.get("content") if isinstance(message, dict) else None
    return str(content) if content else None


def read_hits(data: dict[str, Any]) -> tuple[SearchHit, ...]:
    """The pages the answer used: ``search_results``, else the ``citations`` addresses."""
    results = objects_at(data, "search_results")
    if results:
        return tuple(
            SearchHit(
                title=str(item.get("title") or item.get("url") or ""),
                url=str(item.get("url") or ""),
                content=str(item.get("snippet") or ""),
            )
            for item in results
            if item.get("url")
        )
    citations = data.get("citations")
    if isinstance(citations, list):
        return tuple(
            SearchHit(title=url, url=url, content="")
            for url in citations
            if isinstance(url, str) and url
        )
    return ()


__all__ = ["DEFAULT_MODEL", "DEFAULT_URL", "KEY_ENV", "PerplexityBackend"]
