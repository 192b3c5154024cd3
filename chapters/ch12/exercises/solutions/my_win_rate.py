"""Exercise 3, a model answer: pairwise win rate with the positions swapped.

python chapters/ch12/exercises/solutions/my_win_rate.py
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Judge = Callable[[Any, Any], str]


def pair_outcome(candidate: Any, reference: Any, judge: Judge) -> str:
    """Judge in both orders; +1 for the candidate, -1 for the reference, 0 for a tie."""
    first = judge(candidate, reference)  # the candidate is A
    second = judge(reference, candidate)  # the candidate is B
    points = {"A": 1, "B": -1}.get(first, 0) + {"A": -1, "B": 1}.get(second, 0)
    return "win" if points > 0 else "loss" if points < 0 else "tie"


def my_win_rate(pairs: Sequence[tuple[Any, Any]], judge: Judge) -> dict[str, Any]:
    """Wins, losses, ties and the win rate over all pairs."""
    outcomes = [pair_outcome(candidate, reference, judge) for candidate, reference in pairs]
    wins = outcomes.count("win")
    return {
        "wins": wins,
        "losses": outcomes.count("loss"),
        "ties": outcomes.count("tie"),
        "win_rate": wins / len(outcomes) if outcomes else 0.0,
    }


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("win_rate", my_win_rate))
