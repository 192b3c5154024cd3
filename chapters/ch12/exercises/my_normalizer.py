"""Exercise 2: my_normalize, GAIA's answer normalisation (quasi exact match).

GAIA counts ``$1,234.50`` and ``1234.5``, or ``The Eiffel Tower.`` and
``eiffel tower``, as the same answer: both sides are normalised, then compared
exactly. Write the normaliser; two answers GAIA counts as equal must give the
same text, two different answers different texts.

Fill in the TODOs, then check your function:

    python chapters/ch12/exercises/my_normalizer.py

A model answer is in solutions/my_normalizer.py: try first.
"""

from __future__ import annotations

ARTICLES = {"a", "an", "the"}


def normalize_number(text: str) -> str | None:
    """TODO 1: if ``text`` is a number once ``$``, ``%`` and thousands separators are
    removed, return it in one canonical form (``float(...)`` then ``f"{value:g}"``:
    ``"1234.50"`` and ``"1,234.5"`` both give ``"1234.5"``); otherwise return None."""
    raise NotImplementedError("TODO: normalize_number")


def normalize_text(text: str) -> str:
    """TODO 2: lower case, punctuation removed, articles (a, an, the) removed,
    runs of spaces collapsed: ``"The  Eiffel Tower."`` -> ``"eiffel tower"``."""
    raise NotImplementedError("TODO: normalize_text")


def my_normalize(answer: str) -> str:
    """TODO 3: a comma-separated list -> each element normalised, sorted, joined with
    ","; otherwise the number form if it is a number, else the text form."""
    raise NotImplementedError("TODO: my_normalize")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("normalizer", my_normalize))
