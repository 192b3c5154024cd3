"""How relevant is a text to a query: BM25 by default, any embedder when you have one.

A scorer maps ``(query, documents)`` to one score in ``[0, 1]`` per document,
and measures how similar two documents are (for MMR's diversity term):

* :class:`BM25Scorer` needs nothing: words (and Chinese character pairs) are
  matched and weighted by how rare they are across the documents.
* :class:`EmbeddingScorer` wraps any embedder, a callable from a list of texts
  to a list of vectors (the chapter-8 embedder, sentence-transformers, an
  embeddings API ...), and scores by cosine similarity.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast, runtime_checkable

Embedder = Callable[[list[str]], Sequence[Sequence[float]]]
"""Texts in, one vector per text out."""

STOP_WORDS = frozenset(
    {
        "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "by", "for", "with",
        "from", "as", "about", "into", "is", "are", "was", "were", "be", "been", "it", "its",
        "this", "that", "these", "those", "how", "what", "when", "where", "who", "whom", "why",
        "which", "can", "could", "should", "would", "will", "shall", "may", "might", "must",
        "do", "does", "did", "i", "we", "you", "he", "she", "they", "me", "us", "my", "our",
        "your", "his", "her", "their", "please", "if", "so", "not", "no", "there", "here",
        "than", "then",
    }
)  # fmt: skip
"""English function words: they match everything, so they say nothing about relevance."""

_WORD = re.compile(r"[a-z0-9_]+|[\u3400-\u9fff]+")
_CJK = re.compile(r"[\u3400-\u9fff]")


def terms(text: str) -> list[str]:
    """Lower-case words (without :data:`STOP_WORDS`), plus overlapping character
    pairs for Chinese text.

    ``"How to cut Pandas 内存优化"`` -> ``["cut", "pandas", "内存", "存优", "优化"]``.
    """
    found: list[str] = []
    for match in _WORD.findall(text.lower()):
        if _CJK.match(match):
            found.extend(
                match if len(match) == 1 else [match[i : i + 2] for i in range(len(match) - 1)]
            )
        elif match not in STOP_WORDS:
            found.append(match)
    return found


@runtime_checkable
class RelevanceScorer(Protocol):
    """What the builder needs from a relevance model."""

    def score(self, query: str, documents: Sequence[str]) -> list[float]:
        """One relevance in ``[0, 1]`` per document."""
        ...

    def similarity(self, documents: Sequence[str]) -> Callable[[int, int], float]:
        """A function giving the similarity in ``[0, 1]`` of documents ``i`` and ``j``."""
        ...


class BM25Scorer:
    """Okapi BM25, normalised to ``[0, 1]``.

    The raw BM25 score is divided by the score of an average-length document
    holding every query term once, so a score means the same thing whatever
    the query: 1.0 is "every query word" (capped there), 0 is "none of them",
    and rare words weigh more than common ones.

    Args:
        k1: Term-frequency saturation (1.2 to 2.0 are usual).
        b: Length normalisation (0: none, 1: full).
    """

    def __init__(self, k1: float = 1.5, b: float = 0.75) -> None:
        self.k1, self.b = k1, b

    def score(self, query: str, documents: Sequence[str]) -> list[float]:
        query_terms = set(terms(query))
        if not documents:
            return []
        bags = [Counter(terms(document)) for document in documents]
        if not query_terms:
            return [0.0] * len(documents)
        count = len(bags)
        average_length = sum(sum(bag.values()) for bag in bags) / count or 1.0
        frequency = {term: sum(1 for bag in bags if term in bag) for term in query_terms}
        weights = {
            term: math.log(1 + (count - seen + 0.5) / (seen + 0.5))
            for term, seen in frequency.items()
        }
        # A term absent from every document still counts in the ideal: the query asked for it.
        ideal = sum(weights.values()) or 1.0
        scores = []
        for bag in bags:
            length = sum(bag.values())
            total = 0.0
            for term in query_terms:
                hits = bag.get(term, 0)
                if hits:
                    norm = self.k1 * (1 - self.b + self.b * length / average_length)
                    total += weights[term] * hits * (self.k1 + 1) / (hits + norm)
            scores.append(min(1.0, total / ideal))
        return scores

    def similarity(self, documents: Sequence[str]) -> Callable[[int, int], float]:
        vectors = [Counter(terms(document)) for document in documents]
        norms = [math.sqrt(sum(v * v for v in vector.values())) for vector in vectors]

        def similar(i: int, j: int) -> float:
            if not norms[i] or not norms[j]:
                return 0.0
            small, large = sorted((vectors[i], vectors[j]), key=len)
            dot = sum(value * large.get(term, 0) for term, value in small.items())
            return dot / (norms[i] * norms[j])

        return similar


EMBEDDER_METHODS = ("embed_documents", "embed", "encode")
"""Methods tried, in order, on an embedder object that is not itself callable."""


def as_embedder(embedder: Any) -> Embedder:
    """A ``texts -> vectors`` callable from a callable or from an object with one of
    :data:`EMBEDDER_METHODS` (sentence-transformers' ``encode``, LangChain's
    ``embed_documents`` ...).

    Raises:
        TypeError: The object offers none of them.
    """
    for name in EMBEDDER_METHODS:
        method = getattr(embedder, name, None)
        if callable(method):
            return cast(Embedder, method)
    if callable(embedder):
        return cast(Embedder, embedder)
    raise TypeError(
        f"{type(embedder).__name__} is not an embedder: pass a callable texts -> vectors, "
        f"or an object with one of {', '.join(EMBEDDER_METHODS)}"
    )


class EmbeddingScorer:
    """Relevance by the cosine similarity of embeddings.

    Args:
        embedder: A callable from a list of texts to a list of vectors, or an
            object with an ``embed_documents``, ``embed`` or ``encode`` method.
    """

    def __init__(self, embedder: Embedder | Any) -> None:
        self.embedder = as_embedder(embedder)
        self._cache: dict[str, list[float]] = {}

    def _vectors(self, texts: Sequence[str]) -> list[list[float]]:
        missing = [text for text in dict.fromkeys(texts) if text not in self._cache]
        if missing:
            for text, vector in zip(missing, self.embedder(missing), strict=True):
                self._cache[text] = [float(value) for value in vector]
        return [self._cache[text] for text in texts]

    def score(self, query: str, documents: Sequence[str]) -> list[float]:
        if not documents:
            return []
        query_vector, *vectors = self._vectors([query, *documents])
        return [max(0.0, cosine(query_vector, vector)) for vector in vectors]

    def similarity(self, documents: Sequence[str]) -> Callable[[int, int], float]:
        vectors = self._vectors(list(documents))
        return lambda i, j: max(0.0, cosine(vectors[i], vectors[j]))


def cosine(left: Sequence[float], right: Sequence[float]) -> float:
    """The cosine of the angle between two vectors (0 when either is zero)."""
    dot = sum(a * b for a, b in zip(left, right, strict=True))
    norm = math.sqrt(sum(a * a for a in left)) * math.sqrt(sum(b * b for b in right))
    return dot / norm if norm else 0.0


__all__ = [
    "STOP_WORDS",
    "BM25Scorer",
    "Embedder",
    "EmbeddingScorer",
    "RelevanceScorer",
    "cosine",
    "terms",
]
