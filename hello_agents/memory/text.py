"""Words out of text, and BM25 over them: the lexical half of every search.

Chinese has no spaces, so a run of CJK characters is split into overlapping
pairs ("记忆系统" -> 记忆, 忆系, 系统; a lone character stays as it is);
other scripts are split into lowercase words. That is crude, but it needs no
dictionary and BM25 does the rest.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable

_WORD = re.compile(r"[0-9a-z_]+|[\u3400-\u9fff\uf900-\ufaff]+", re.IGNORECASE)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "for",
        "from",
        "has",
        "have",
        "how",
        "i",
        "in",
        "is",
        "it",
        "of",
        "on",
        "or",
        "that",
        "the",
        "this",
        "to",
        "was",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "will",
        "with",
        "you",
        "your",
        "do",
        "does",
        "did",
        "的",
        "了",
        "是",
        "在",
        "和",
        "与",
        "及",
        "或",
        "我",
        "你",
        "他",
        "她",
        "它",
        "们",
        "这",
        "那",
        "吗",
        "呢",
        "吧",
        "啊",
        "之",
        "也",
        "都",
        "就",
        "而",
    ]
)


def tokenize(text: str) -> list[str]:
    """Split text into search terms (lowercase words; CJK characters and pairs).

    Args:
        text: Any text.

    Returns:
        The terms, stopwords removed, in order of appearance.
    """
    terms: list[str] = []
    for match in _WORD.finditer(text.lower()):
        run = match.group()
        if _CJK.match(run):
            # Pairs carry the meaning ("开门" open, "退货" returns); single characters
            # match almost anything, so they count only when a run has one character.
            if len(run) == 1:
                terms.extend(char for char in run if char not in STOPWORDS)
            terms.extend(run[i : i + 2] for i in range(len(run) - 1))
        elif run not in STOPWORDS:
            terms.append(stem(run))
    return terms


_SUFFIXES = ("ingly", "edly", "ing", "ies", "ied", "ed", "es", "ly", "s", "e")


def stem(word: str) -> str:
    """A very light English stemmer: "descaling", "descaled", "descale" -> "descal".

    It strips one common suffix when at least three letters remain; enough for
    BM25 to match the forms of a word, without a dictionary.
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    # "shipp" (shipping) -> "ship": drop a doubled final consonant.
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]
    return word


class BM25Index:
    """An in-memory BM25 (Okapi) index over documents identified by string ids.

    Args:
        k1: Term-frequency saturation.
        b: Length normalisation.
    """

    def __init__(self, k1: float = 1.5, b: float = 0.75) -> None:
        self.k1 = k1
        self.b = b
        self._postings: dict[str, dict[str, int]] = {}
        self._lengths: dict[str, int] = {}
        self._total_length = 0

    def __len__(self) -> int:
        return len(self._lengths)

    def add(self, doc_id: str, text: str) -> None:
        """Index a document (replacing one with the same id)."""
        self.remove(doc_id)
        counts = Counter(tokenize(text))
        for term, count in counts.items():
            self._postings.setdefault(term, {})[doc_id] = count
        length = sum(counts.values())
        self._lengths[doc_id] = length
        self._total_length += length

    def add_many(self, documents: Iterable[tuple[str, str]]) -> None:
        """Index ``(doc_id, text)`` pairs."""
        for doc_id, text in documents:
            self.add(doc_id, text)

    def remove(self, doc_id: str) -> None:
        """Forget a document (no error when it is not indexed)."""
        length = self._lengths.pop(doc_id, None)
        if length is None:
            return
        self._total_length -= length
        empty = []
        for term, posting in self._postings.items():
            if posting.pop(doc_id, None) is not None and not posting:
                empty.append(term)
        for term in empty:
            del self._postings[term]

    def clear(self) -> None:
        """Forget every document."""
        self._postings.clear()
        self._lengths.clear()
        self._total_length = 0

    def search(self, query: str, limit: int = 10) -> list[tuple[str, float]]:
        """The best-matching documents for a query.

        Args:
            query: The query text.
            limit: How many results at most.

        Returns:
            ``(doc_id, score)`` pairs, best first; documents sharing no term with
            the query are left out.
        """
        if not self._lengths:
            return []
        count = len(self._lengths)
        average = self._total_length / count or 1.0
        scores: dict[str, float] = {}
        for term in set(tokenize(query)):
            posting = self._postings.get(term)
            if not posting:
                continue
            idf = math.log(1 + (count - len(posting) + 0.5) / (len(posting) + 0.5))
            for doc_id, frequency in posting.items():
                norm = self.k1 * (1 - self.b + self.b * self._lengths[doc_id] / average)
                scores[doc_id] = scores.get(doc_id, 0.0) + idf * frequency * (self.k1 + 1) / (
                    frequency + norm
                )
        return sorted(scores.items(), key=lambda pair: pair[1], reverse=True)[:limit]


def rank_documents(query: str, documents: list[str], limit: int = 5) -> list[int]:
    """BM25 over a list of texts: the positions of the best matches, best first.

    Args:
        query: What to look for.
        documents: The texts.
        limit: How many positions at most.

    Returns:
        Indexes into ``documents``; texts sharing no term with the query are left out.
    """
    index = BM25Index()
    index.add_many((str(position), text) for position, text in enumerate(documents))
    return [int(doc_id) for doc_id, _ in index.search(query, limit)]


def keyword_overlap(query: str, text: str) -> float:
    """The share of the query's terms that occur in ``text`` (0 to 1)."""
    query_terms = set(tokenize(query))
    if not query_terms:
        return 0.0
    return len(query_terms & set(tokenize(text))) / len(query_terms)


__all__ = ["STOPWORDS", "BM25Index", "keyword_overlap", "rank_documents", "stem", "tokenize"]
