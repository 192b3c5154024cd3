"""Reading what a memory or RAG tool's search returns, whatever its shape.

The chapter-8 tools answer ``run({"action": "search", ...})`` with text; other
tools return JSON or lists of dicts. :func:`parse_search_results` reads all of
them into ``(content, score or None, metadata)`` triples.
"""

from __future__ import annotations

import json
import re
from typing import Any

_ITEM = re.compile(r"^\s*(?:\d+[.)、]|[-*•])\s+(.*)")
_SCORE = re.compile(
    r"(?:score|similarity|relevance|相似度|相关度)\s*[:：=]\s*([01](?:\.\d+)?)", re.I
)


def parse_search_results(raw: Any) -> list[tuple[str, float | None, dict[str, Any]]]:
    """Read a search tool's answer: a list of dicts, JSON text, or numbered lines of text.

    Returns:
        ``(content, score or None, metadata)`` per result.
    """
    if raw is None:
        return []
    if isinstance(raw, str):
        text = raw.strip()
        if text[:1] in "[{":
            try:
                return parse_search_results(json.loads(text))
            except json.JSONDecodeError:
                pass
        return _parse_text_results(text)
    if isinstance(raw, dict):
        for key in ("results", "items", "memories", "documents", "data"):
            if isinstance(raw.get(key), list):
                return parse_search_results(raw[key])
        raw = [raw]
    results: list[tuple[str, float | None, dict[str, Any]]] = []
    for item in raw if isinstance(raw, list) else []:
        if isinstance(item, str) and item.strip():
            results.append((item.strip(), None, {}))
        elif isinstance(item, dict):
            content = next(
                (str(item[k]) for k in ("content", "text", "memory", "chunk") if item.get(k)), ""
            )
            if not content:
                continue
            score = next((item[k] for k in ("score", "similarity", "relevance") if k in item), None)
            metadata = {k: v for k, v in item.items() if k not in ("content", "text", "chunk")}
            relevance = float(score) if isinstance(score, int | float) else -1.0
            results.append((content, relevance if 0 <= relevance <= 1 else None, metadata))
    return results


def _parse_text_results(text: str) -> list[tuple[str, float | None, dict[str, Any]]]:
    entries: list[list[str]] = []
    for line in text.splitlines():
        match = _ITEM.match(line)
        if match:
            entries.append([match.group(1)])
        elif entries and line.strip():
            entries[-1].append(line.strip())
    if not entries:
        return [(text, None, {})] if text else []
    results: list[tuple[str, float | None, dict[str, Any]]] = []
    for lines in entries:
        content = "\n".join(lines).strip()
        found = _SCORE.search(content)
        results.append((content, float(found.group(1)) if found else None, {}))
    return results


__all__ = ["parse_search_results"]
