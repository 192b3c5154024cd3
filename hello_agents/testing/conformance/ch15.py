"""The checks for chapter 15's exercises: the affinity rule and the chatter batcher.

* ``affinity_rule``: ``func(score, change, max_step) -> float``; the score after one
  exchange: the change cut to ``±max_step``, the result kept within 0..100.
* ``affinity_level``: ``func(score) -> str``; the tutorial's five levels, 0-20 陌生,
  21-40 熟悉, 41-60 友好, 61-80 亲密, 81-100 挚友.
* ``chatter_batcher``: ``func(pairs, cursor, calls, pairs_per_call) -> (batches,
  cursor)``; the next pairs in turn from ``cursor`` (going round the list), grouped
  ``pairs_per_call`` to a batch, at most ``calls`` batches (the model-call budget),
  no pair twice in one tick, and where the next tick starts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    run_cases,
    short,
)

PAIRS = [("A", "B"), ("C", "D"), ("A", "C"), ("B", "D"), ("A", "D"), ("B", "C")]


def check_affinity_rule(
    func: Callable[[float, float, float], Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check an affinity update ``func(score, change, max_step) -> float``."""

    def case(score: float, change: float, max_step: float, wanted: float, what: str) -> None:
        got = func(score, change, max_step)
        expect(
            isinstance(got, (int, float)) and abs(got - wanted) < 1e-9,
            f"{what}: {wanted}",
            f"{short(got)} for score={score}, change={change}, max_step={max_step}",
        )

    def within_step() -> None:
        case(50, 5, 10, 55, "a change within the step")
        case(50, -3, 10, 47, "a negative change within the step")
        case(50, 0, 10, 50, "no change")

    def step_bound() -> None:
        case(50, 30, 10, 60, "+30 with max_step 10 moves by 10")
        case(50, -25, 10, 40, "-25 with max_step 10 moves by 10")

    def range_bound() -> None:
        case(97, 5, 10, 100, "never above 100")
        case(2, -8, 10, 0, "never below 0")
        case(100, 10, 10, 100, "100 stays 100")

    cases = [
        Case("a change within the step", within_step, "return score + change.",
             expected="55, 47 and 50"),
        Case("the step is bounded", step_bound,
             "cut change to the range -max_step..max_step before adding it.",
             expected="60 and 40"),
        Case("the score stays in 0..100", range_bound,
             "cut the result to the range 0..100 (min and max).", expected="100, 0 and 100"),
    ]  # fmt: skip
    return run_cases("affinity_rule", func, cases, raise_on_failure=raise_on_failure)


def check_affinity_level(
    func: Callable[[float], Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a level namer ``func(score) -> str`` (the tutorial's five levels)."""

    def case(scores: dict[float, str], what: str) -> None:
        got = {score: func(score) for score in scores}
        expect(got == scores, f"{what}: {scores}", short(got))

    def inside() -> None:
        case({10: "陌生", 30: "熟悉", 50: "友好", 70: "亲密", 90: "挚友"}, "one score per level")

    def edges() -> None:
        case({0: "陌生", 20: "陌生", 21: "熟悉", 40: "熟悉", 41: "友好", 60: "友好",
              61: "亲密", 80: "亲密", 81: "挚友", 100: "挚友"},
             "each level's first and last score")  # fmt: skip

    def between() -> None:
        case({20.5: "熟悉", 80.5: "挚友"}, "a score between two whole numbers")

    cases = [
        Case("the five levels", inside, "return 陌生, 熟悉, 友好, 亲密 or 挚友 by the score.",
             expected="陌生 熟悉 友好 亲密 挚友"),
        Case("the edges of the levels", edges,
             "0-20 is 陌生, 21-40 熟悉, 41-60 友好, 61-80 亲密, 81-100 挚友: compare with <=.",
             expected="20 is still 陌生, 21 already 熟悉"),
        Case("scores that are not whole", between,
             "a level ends at its upper bound: above 20 (even 20.5) is 熟悉.",
             expected="20.5 is 熟悉"),
    ]  # fmt: skip
    return run_cases("affinity_level", func, cases, raise_on_failure=raise_on_failure)


def check_chatter_batcher(
    func: Callable[..., Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a batch planner ``func(pairs, cursor, calls, pairs_per_call) -> (batches, cursor)``."""

    def plan(cursor: int, calls: int, per_call: int) -> tuple[list[list[Any]], int]:
        got = func(list(PAIRS), cursor, calls, per_call)
        expect(
            isinstance(got, tuple) and len(got) == 2,
            "a tuple (batches, next cursor)",
            short(got),
        )
        batches, next_cursor = got
        return [[tuple(pair) for pair in batch] for batch in batches], next_cursor

    def one_call() -> None:
        batches, cursor = plan(0, 1, 3)
        expect(
            batches == [PAIRS[:3]] and cursor == 3,
            "one batch of the first 3 pairs, next cursor 3",
            short((batches, cursor)),
        )

    def budget() -> None:
        batches, cursor = plan(0, 2, 2)
        expect(
            batches == [PAIRS[0:2], PAIRS[2:4]] and cursor == 4,
            "2 batches of 2 pairs (the budget), next cursor 4",
            short((batches, cursor)),
        )

    def wraps() -> None:
        batches, cursor = plan(5, 1, 3)
        expect(batches == [[PAIRS[5], PAIRS[0], PAIRS[1]]] and cursor == 2,
               "from the last pair round to the first ones, next cursor 2",
               short((batches, cursor)))  # fmt: skip

    def no_repeats() -> None:
        batches, cursor = plan(1, 10, 4)
        flat = [pair for batch in batches for pair in batch]
        expect(sorted(flat) == sorted(PAIRS) and [len(b) for b in batches] == [4, 2]
               and cursor == 1,
               "each of the 6 pairs once (batches of 4 and 2), next cursor 1",
               short((batches, cursor)))  # fmt: skip

    def no_budget() -> None:
        got = plan(3, 0, 3)
        expect(got == ([], 3), "no batch and the cursor unchanged", short(got))

    def no_pairs() -> None:
        got = func([], 0, 2, 3)
        expect(tuple(got) == ([], 0), "([], 0) for no pairs", short(got))

    cases = [
        Case("one call's batch", one_call,
             "take pairs[cursor:cursor + pairs_per_call] for one call.",
             expected="[[AB, CD, AC]], 3"),
        Case("never more batches than calls", budget,
             "make at most `calls` batches of at most `pairs_per_call` pairs.",
             expected="2 batches"),
        Case("going round the list", wraps,
             "index pairs[(cursor + i) % len(pairs)], and return the cursor modulo len(pairs).",
             expected="[[BC, AB, CD]], 2"),
        Case("no pair twice in a tick", no_repeats,
             "take at most len(pairs) pairs in one tick, even when the budget allows more.",
             expected="all 6 pairs once"),
        Case("a budget of zero", no_budget, "with calls == 0 return ([], cursor).",
             expected="([], 3)"),
        Case("no pairs at all", no_pairs, "with no pairs return ([], cursor) (never divide by 0).",
             expected="([], 0)"),
    ]  # fmt: skip
    return run_cases("chatter_batcher", func, cases, raise_on_failure=raise_on_failure)


__all__ = ["check_affinity_level", "check_affinity_rule", "check_chatter_batcher"]
