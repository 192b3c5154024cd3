"""Fitting text into fewer tokens: an LLM summary, or a deterministic extract.

:func:`summarize` asks the model for a summary when one is given and falls
back to :func:`extract` (the sentences most relevant to the query, in their
original order) when there is none or the call fails. :func:`truncate_to_tokens`
is the last resort that makes any text fit.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Any

from hello_agents.context.relevance import BM25Scorer

logger = logging.getLogger(__name__)

SUMMARY_PROMPT = (
    "Summarise the conversation excerpts below in at most {max_words} words, for someone "
    "about to answer this task: {query}\n"
    "Keep decisions, facts, names, numbers and open problems; drop greetings and repetition.\n\n"
    "{text}"
)
"""What the model is asked when it compresses ({max_words}, {query}, {text})."""

TRUNCATION_MARK = " [...]"
_SENTENCE = re.compile(r"(?<=[.!?。！？\n])\s+")


def truncate_to_tokens(text: str, max_tokens: int, count_tokens: Callable[[str], int]) -> str:
    """The longest prefix of ``text`` (plus a mark) that has at most ``max_tokens`` tokens."""
    if count_tokens(text) <= max_tokens:
        return text
    if max_tokens <= 0 or count_tokens(TRUNCATION_MARK) > max_tokens:
        return ""
    low, high = 0, len(text)
    while low < high:  # binary search on characters: O(log n) counts
        middle = (low + high + 1) // 2
        if count_tokens(text[:middle] + TRUNCATION_MARK) <= max_tokens:
            low = middle
        else:
            high = middle - 1
    return text[:low] + TRUNCATION_MARK if low else ""


def extract(
    texts: Sequence[str], query: str, max_tokens: int, count_tokens: Callable[[str], int]
) -> str:
    """A deterministic summary: the sentences most relevant to ``query``, in order, that fit.

    Sentences sharing no word with the query are left out, unless none shares
    any: then the most recent sentences are kept.
    """
    sentences = [s.strip() for text in texts for s in _SENTENCE.split(text) if s.strip()]
    if not sentences:
        return ""
    scores = BM25Scorer().score(query, sentences)
    ranked = sorted((i for i in range(len(sentences)) if scores[i] > 0), key=lambda i: -scores[i])
    if not ranked:
        ranked = list(reversed(range(len(sentences))))
    kept: list[int] = []
    used = 0
    for index in ranked:
        cost = count_tokens(sentences[index]) + 1
        if used + cost <= max_tokens:
            kept.append(index)
            used += cost
    text = " ".join(sentences[i] for i in sorted(kept))
    return truncate_to_tokens(text, max_tokens, count_tokens)


def summarize(
    texts: Sequence[str],
    query: str,
    max_tokens: int,
    count_tokens: Callable[[str], int],
    llm: Any = None,
) -> tuple[str, str]:
    """Compress ``texts`` to at most ``max_tokens`` tokens.

    Args:
        texts: What to compress (e.g. history turns that did not fit).
        query: The task, so the summary keeps what matters for it.
        max_tokens: The most tokens the summary may have.
        count_tokens: Counts the tokens of one text.
        llm: Anything with ``invoke(messages) -> str``; ``None`` for the extract.

    Returns:
        ``(summary, method)`` where method is ``"llm"`` or ``"extract"``.
    """
    if llm is not None:
        prompt = SUMMARY_PROMPT.format(
            max_words=max(10, int(max_tokens * 0.7)), query=query, text="\n".join(texts)
        )
        try:
            answer = str(llm.invoke([{"role": "user", "content": prompt}]) or "").strip()
        except Exception as error:  # a failing model must not break context building
            logger.warning("LLM summary failed (%s); using the extractive summary", error)
        else:
            if answer:
                return truncate_to_tokens(answer, max_tokens, count_tokens), "llm"
    return extract(texts, query, max_tokens, count_tokens), "extract"


__all__ = ["SUMMARY_PROMPT", "extract", "summarize", "truncate_to_tokens"]
