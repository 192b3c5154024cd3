"""Exercise 2, a model answer: GAIA's answer normalisation.

python chapters/ch12/exercises/solutions/my_normalizer.py
"""

from __future__ import annotations

import string

ARTICLES = {"a", "an", "the"}


def normalize_number(text: str) -> str | None:
    """The canonical form of a number written with $, % or thousands separators."""
    cleaned = text.strip().replace("$", "").replace("%", "").replace(",", "").replace(" ", "")
    try:
        return f"{float(cleaned):g}"
    except ValueError:
        return None


def normalize_text(text: str) -> str:
    """Lower case, no punctuation, no articles, single spaces."""
    kept = "".join(" " if c in string.punctuation else c for c in text.lower())
    return " ".join(word for word in kept.split() if word not in ARTICLES)


def my_normalize(answer: str) -> str:
    """Lists element by element and sorted; numbers as numbers; text as text."""
    if "," in answer and normalize_number(answer) is None:
        return ",".join(sorted(my_normalize(part) for part in answer.split(",")))
    number = normalize_number(answer)
    return number if number is not None else normalize_text(answer)


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("normalizer", my_normalize))
