"""A model answer to exercise 2 (my_measure). Run it to see the check pass:

python chapters/ch14/exercises/solutions/my_citation_check.py
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MARKER = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\](?!\()")


def cited_numbers(text: str) -> list[int]:
    """Every number cited in ``text``, in order, repeats included."""
    return [int(n) for match in MARKER.finditer(text) for n in match.group(1).split(",")]


def my_measure(text: str, known: Iterable[int]) -> tuple[int, int, list[int]]:
    """(cited, known among them, the unknown ones once each)."""
    allowed = set(known)
    numbers = cited_numbers(text)
    unknown = list(dict.fromkeys(n for n in numbers if n not in allowed))
    return len(numbers), len(numbers) - sum(1 for n in numbers if n not in allowed), unknown


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("citation_check", my_measure))
