"""Exercise 3: my_retrieve, BM25 ranking written by hand.

BM25 scores a text for a query by adding, for each query term, how rare the
term is across texts (idf) times how often it occurs in this text, with the
frequency saturating (k1) and long texts discounted (b):

    idf(t)   = ln(1 + (N - n_t + 0.5) / (n_t + 0.5))
    score    = sum over t of idf(t) * f * (k1 + 1) / (f + k1 * (1 - b + b * len / avg_len))

Fill in the TODO, then check your function:

    python chapters/ch08/exercises/my_retriever.py

A model answer is in solutions/my_retriever.py: try first.
"""

from __future__ import annotations

import math
from collections import Counter

from hello_agents.memory.text import tokenize


def my_retrieve(query: str, documents: list[str], limit: int = 5) -> list[int]:
    """TODO: the positions of the best-matching documents, best first.

    Tokenize with ``tokenize`` (it handles Chinese), count terms per document with
    ``Counter``, score with the formula above (k1 = 1.5, b = 0.75), leave out
    documents scoring 0, and return at most ``limit`` positions.
    """
    raise NotImplementedError("TODO: my_retrieve")


_unused = (math, Counter, tokenize)  # you will need these

if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("retriever", my_retrieve))
