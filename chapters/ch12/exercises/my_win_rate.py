"""Exercise 3: my_win_rate, pairwise win rate with the positions swapped.

An LLM judge asked "which is better, A or B?" often prefers whichever comes
first. Judge every (candidate, reference) pair twice: once with the candidate as
A, once with it as B. Read both verdicts from the candidate's side, then:
preferred in both orders (or in one, with a tie in the other) is a win; the
reverse is a loss; opposite verdicts (the order decided) or two ties are a tie.

``judge(item_a, item_b)`` returns "A", "B" or "Tie".

Fill in the TODOs, then check your function:

    python chapters/ch12/exercises/my_win_rate.py

A model answer is in solutions/my_win_rate.py: try first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Judge = Callable[[Any, Any], str]


def pair_outcome(candidate: Any, reference: Any, judge: Judge) -> str:
    """TODO 1: "win", "loss" or "tie" for one pair, judged in both orders.
    Hint: count +1 when the candidate is preferred, -1 when the reference is, 0 for
    a tie, over the two orders; the sign of the sum decides."""
    raise NotImplementedError("TODO: pair_outcome")


def my_win_rate(pairs: Sequence[tuple[Any, Any]], judge: Judge) -> dict[str, Any]:
    """TODO 2: ``{"wins", "losses", "ties", "win_rate"}`` over all pairs
    (``win_rate`` = wins / number of pairs, 0.0 when there are none)."""
    raise NotImplementedError("TODO: my_win_rate")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("win_rate", my_win_rate))
