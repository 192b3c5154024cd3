"""A model answer to exercise 2: the five levels."""

from __future__ import annotations

LEVELS = ((20, "陌生"), (40, "熟悉"), (60, "友好"), (80, "亲密"), (100, "挚友"))


def my_affinity_level(score: float) -> str:
    """The level's name of ``score``: the first level whose upper bound it does not pass."""
    for upper, name in LEVELS:
        if score <= upper:
            return name
    return LEVELS[-1][1]


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("affinity_level", my_affinity_level))
