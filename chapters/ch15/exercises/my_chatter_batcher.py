"""Exercise 3: my_plan_batches, the chatter batcher under a budget.

NPCs chat in pairs between the players' visits. To save model calls, one call writes
several pairs' lines, and a tick may make at most ``calls`` calls: the budget. Plan one
tick: starting at ``cursor`` in the list of every pair (going round to the start when
it reaches the end), take the next pairs, group them ``pairs_per_call`` to a batch, at
most ``calls`` batches, never a pair twice in one tick; return the batches and where
the next tick starts. (The app's own version is cyber_town/chatter.py: plan_batches.)

Fill in the TODO, then check your function:

    python chapters/ch15/exercises/my_chatter_batcher.py

A model answer is in solutions/my_chatter_batcher.py: try first.
"""

from __future__ import annotations

Pair = tuple[str, str]


def my_plan_batches(
    pairs: list[Pair], cursor: int, calls: int, pairs_per_call: int
) -> tuple[list[list[Pair]], int]:
    """TODO: (batches, next cursor) for one tick (see the module docstring)."""
    raise NotImplementedError("TODO: my_plan_batches")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("chatter_batcher", my_plan_batches))
