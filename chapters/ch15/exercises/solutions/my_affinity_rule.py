"""A model answer to exercise 1: the affinity update rule."""

from __future__ import annotations


def my_apply_change(score: float, change: float, max_step: float = 10) -> float:
    """The score after ``change``: the step cut to ±max_step, the result to 0..100."""
    step = max(-max_step, min(max_step, change))
    return max(0.0, min(100.0, score + step))


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("affinity_rule", my_apply_change))
