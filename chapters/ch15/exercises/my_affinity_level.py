"""Exercise 2: my_affinity_level, the tutorial's five levels.

The score (0-100) is shown to players and rewrites how the NPC talks through its level:
0-20 陌生 (stranger), 21-40 熟悉 (acquaintance), 41-60 友好 (friendly), 61-80 亲密
(close), 81-100 挚友 (best friend). Scores need not be whole numbers: 20.5 is above 20.
(The app's own version is cyber_town/affinity.py: affinity_level.)

Fill in the TODO, then check your function:

    python chapters/ch15/exercises/my_affinity_level.py

A model answer is in solutions/my_affinity_level.py: try first.
"""

from __future__ import annotations


def my_affinity_level(score: float) -> str:
    """TODO: the level's name (陌生, 熟悉, 友好, 亲密 or 挚友) of ``score``."""
    raise NotImplementedError("TODO: my_affinity_level")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("affinity_level", my_affinity_level))
