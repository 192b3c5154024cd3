"""Exercise 3, a model answer: my_retrieve."""

from __future__ import annotations

import math
from collections import Counter

from hello_agents.memory.text import tokenize


def my_retrieve(query: str, documents: list[str], limit: int = 5) -> list[int]:
    counts = [Counter(tokenize(document)) for document in documents]
    lengths = [sum(count.values()) for count in counts]
    average = (sum(lengths) / len(lengths)) if lengths else 1.0
    k1, b = 1.5, 0.75
    scores = [0.0] * len(documents)
    for term in set(tokenize(query)):
        having = sum(1 for count in counts if term in count)
        if not having:
            continue
        idf = math.log(1 + (len(documents) - having + 0.5) / (having + 0.5))
        for position, count in enumerate(counts):
            frequency = count.get(term, 0)
            if frequency:
                norm = k1 * (1 - b + b * lengths[position] / (average or 1.0))
                scores[position] += idf * frequency * (k1 + 1) / (frequency + norm)
    ranked = sorted(range(len(documents)), key=lambda position: scores[position], reverse=True)
    return [position for position in ranked if scores[position] > 0][:limit]


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("retriever", my_retrieve))
