"""What a search found, in one shape for every backend.

A :class:`SearchHit` is one page (title, address, an extract, optionally the
page's whole text); :class:`SearchResults` is one search: the hits, a direct
answer when the backend wrote one, and the notices of backends that could not
answer before this one did. Both turn into text for a model
(:meth:`SearchResults.to_text`) and into JSON-ready dicts for code
(:meth:`SearchResults.to_dict`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

CHARS_PER_TOKEN = 4
"""The rough size of a token, in characters, used to trim a source to a token budget."""

SNIPPET_CHARS = 300
"""How much of each extract the text for the model shows."""


@dataclass(frozen=True)
class SearchHit:
    """One search result.

    Attributes:
        title: The page title.
        url: The page address.
        content: An extract of the page (what the backend returned about it).
        raw_content: The page's whole text, when it was fetched
            (``fetch_full_page``) or the backend sent it.
        score: The backend's relevance score, when it gives one.
    """

    title: str
    url: str
    content: str
    raw_content: str | None = None
    score: float | None = None

    @property
    def snippet(self) -> str:
        """The extract under the name older code reads (``content``)."""
        return self.content

    def trimmed(self, max_tokens: int | None) -> SearchHit:
        """This hit with ``content`` and ``raw_content`` cut to about ``max_tokens`` tokens."""
        if max_tokens is None:
            return self
        limit = max_tokens * CHARS_PER_TOKEN
        raw = self.raw_content
        return replace(
            self,
            content=_cut(self.content, limit),
            raw_content=_cut(raw, limit) if raw is not None else None,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, with ``snippet`` (= ``content``) for code that reads that key."""
        data: dict[str, Any] = {
            "title": self.title,
            "url": self.url,
            "content": self.content,
            "snippet": self.content,
        }
        if self.raw_content is not None:
            data["raw_content"] = self.raw_content
        if self.score is not None:
            data["score"] = self.score
        return data


@dataclass(frozen=True)
class SearchResults:
    """What one search found.

    Attributes:
        query: The query as searched.
        backend: The backend that answered (``"tavily"``, ``"searxng"`` ...).
        answer: A direct answer, when the backend gave one.
        hits: The results, best first.
        notices: What went wrong on the way (a backend that could not be
            reached before this one answered, a page that could not be fetched).
    """

    query: str
    backend: str
    answer: str | None
    hits: tuple[SearchHit, ...]
    notices: tuple[str, ...] = field(default=())

    @property
    def results(self) -> list[dict[str, Any]]:
        """The hits as dicts (``title``, ``url``, ``content``, ``snippet`` ...)."""
        return [hit.to_dict() for hit in self.hits]

    def to_dict(self) -> dict[str, Any]:
        """``{"query", "backend", "answer", "results", "notices"}``, ready for JSON."""
        return {
            "query": self.query,
            "backend": self.backend,
            "answer": self.answer,
            "results": self.results,
            "notices": list(self.notices),
        }

    def to_text(self) -> str:
        """The results formatted for the model: answer first, then numbered hits."""
        lines = [f"Search results for {self.query!r} (via {self.backend}):"]
        lines.extend(f"Notice: {notice}" for notice in self.notices)
        if self.answer:
            lines.append(f"Answer: {self.answer}")
        if not self.hits:
            lines.append("No results found.")
        for number, hit in enumerate(self.hits, start=1):
            lines.append(f"{number}. {hit.title}")
            lines.append(f"   {hit.url}")
            if hit.content:
                lines.append(f"   {shorten(hit.content)}")
            if hit.raw_content:
                lines.append("   Page text: " + " ".join(hit.raw_content.split()))
        return "\n".join(lines)


def deduplicate(hits: list[SearchHit]) -> list[SearchHit]:
    """The hits without repeats of an address (the first one kept), in order."""
    seen: set[str] = set()
    unique = []
    for hit in hits:
        key = hit.url.rstrip("/")
        if key and key in seen:
            continue
        seen.add(key)
        unique.append(hit)
    return unique


def shorten(text: str, limit: int = SNIPPET_CHARS) -> str:
    """``text`` on one line, cut to ``limit`` characters with ``...``."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit].rstrip() + " ..."


__all__ = [
    "CHARS_PER_TOKEN",
    "SNIPPET_CHARS",
    "SearchHit",
    "SearchResults",
    "deduplicate",
    "shorten",
]
