"""Exercise 2: my_measure, the citation check of a report.

The run numbers every page it reads; a report should cite only those numbers. Count
the citations of a text: every [n] (and each number of [1, 2]), repeats included, but
never the label of a Markdown link [1](http://...); how many of them are among the
known numbers; and the unknown ones, each once, in the order they first appear.
(The app's own version is deep_research/citations.py: measure.)

Fill in the TODOs, then check your function:

    python chapters/ch14/exercises/my_citation_check.py

A model answer is in solutions/my_citation_check.py: try first.
"""

from __future__ import annotations

from collections.abc import Iterable


def cited_numbers(text: str) -> list[int]:
    """TODO 1: every number cited in ``text``, in order, repeats included."""
    raise NotImplementedError("TODO: cited_numbers")


def my_measure(text: str, known: Iterable[int]) -> tuple[int, int, list[int]]:
    """TODO 2: (how many numbers are cited, how many of them are known, the unknown ones
    each once in order)."""
    raise NotImplementedError("TODO: my_measure")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("citation_check", my_measure))
