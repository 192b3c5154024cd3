"""A model answer to exercise 3: the chatter batcher under a budget."""

from __future__ import annotations

Pair = tuple[str, str]


def my_plan_batches(
    pairs: list[Pair], cursor: int, calls: int, pairs_per_call: int
) -> tuple[list[list[Pair]], int]:
    """The next pairs in turn, at most ``calls`` batches of ``pairs_per_call``."""
    if not pairs or calls <= 0:
        return [], cursor
    take = min(len(pairs), calls * pairs_per_call)  # every pair at most once per tick
    chosen = [pairs[(cursor + offset) % len(pairs)] for offset in range(take)]
    batches = [chosen[start : start + pairs_per_call] for start in range(0, take, pairs_per_call)]
    return batches, (cursor + take) % len(pairs)


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("chatter_batcher", my_plan_batches))
