"""SerpApi: Google results as JSON (``google-search-results``, imported as ``serpapi``).

Key: ``SERPAPI_API_KEY``. SerpApi sends its key in the query string, so this
module also redacts ``api_key=...`` from urllib3's debug log lines.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from hello_agents.tools.builtin.search.backend import (
    INSTALL_HINT,
    BackendUnavailable,
    KeyedSearchBackend,
)
from hello_agents.tools.builtin.search.http import object_at, objects_at
from hello_agents.tools.builtin.search.results import SearchHit, SearchResults, shorten

KEY_ENV = "SERPAPI_API_KEY"
QUERY_KEY = re.compile(r"((?:api_key|serp_api_key)=)[^&\s\"']+")


class SerpApiBackend(KeyedSearchBackend):
    """SerpApi's Google search.

    Args:
        timeout: Seconds the request may take.
        api_key: The key; ``SERPAPI_API_KEY`` when omitted.
        base_url: Another endpoint (a local fake in tests).
    """

    name = "serpapi"
    key_env = KEY_ENV
    key_help = f"(key at https://serpapi.com) and install the client with: {INSTALL_HINT}"

    def search(self, query: str, max_results: int) -> SearchResults:
        self.require_setup()
        try:
            import requests
            from serpapi import GoogleSearch
        except ImportError:
            raise BackendUnavailable(
                "the google-search-results package (module serpapi) is not installed; "
                f"run: {INSTALL_HINT}"
            ) from None
        redact_query_keys_in_urllib3_logs()
        client = GoogleSearch(
            {"q": query, "api_key": self._api_key, "num": max_results, "output": "json"}
        )
        # Instance attributes shadow the class defaults: no global state is changed.
        client.timeout = self.timeout
        if self.base_url:
            client.BACKEND = self.base_url.rstrip("/")
        try:
            response = client.get_response()
        except requests.Timeout:
            raise BackendUnavailable(f"SerpApi did not answer within {self.timeout:g} s.") from None
        except requests.RequestException as error:
            # The message holds the request URL, key included: name the error type only.
            raise BackendUnavailable(
                f"SerpApi could not be reached ({type(error).__name__})."
            ) from None
        try:
            data = response.json()
        except ValueError:
            data = None
        if response.status_code != 200 or not isinstance(data, dict) or "error" in data:
            raise BackendUnavailable(describe_error(response.status_code, data))
        return parse_answer(query, data, max_results)


def describe_error(status: int, data: object) -> str:
    """A model-facing reason for a SerpApi answer that carries no results."""
    message = data.get("error") if isinstance(data, dict) else None
    if status == 401:
        return f"SerpApi refused the API key (HTTP 401); check {KEY_ENV}."
    if status == 429:
        return "SerpApi's rate or usage limit was reached (HTTP 429); try again later."
    if message:
        return f"SerpApi answered with an error (HTTP {status}): {shorten(str(message))}"
    if status != 200:
        return f"SerpApi answered with HTTP {status}."
    return "SerpApi's answer was not valid JSON."


def parse_answer(query: str, data: dict[str, Any], max_results: int) -> SearchResults:
    """Read the answer box, knowledge graph and organic results of a SerpApi reply."""
    answer_box = object_at(data, "answer_box")
    knowledge = object_at(data, "knowledge_graph")
    answer = answer_box.get("answer") or answer_box.get("snippet") or knowledge.get("description")
    hits = tuple(
        SearchHit(
            title=str(item.get("title") or ""),
            url=str(item.get("link") or ""),
            content=str(item.get("snippet") or ""),
        )
        for item in objects_at(data, "organic_results")[:max_results]
    )
    return SearchResults(query, "serpapi", str(answer) if answer else None, hits)


class RedactQueryKeys(logging.Filter):
    """Hide ``api_key=...`` in log records (urllib3 logs request URLs at DEBUG)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = QUERY_KEY.sub(r"\1***", message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True


def redact_query_keys_in_urllib3_logs() -> None:
    """Install :class:`RedactQueryKeys` on urllib3's connection-pool logger (once)."""
    urllib3_logger = logging.getLogger("urllib3.connectionpool")
    if not any(isinstance(existing, RedactQueryKeys) for existing in urllib3_logger.filters):
        urllib3_logger.addFilter(RedactQueryKeys())


__all__ = ["KEY_ENV", "QUERY_KEY", "SerpApiBackend", "parse_answer"]
