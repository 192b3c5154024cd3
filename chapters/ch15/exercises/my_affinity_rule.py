"""Exercise 1: my_apply_change, the affinity update rule.

After each exchange a judge proposes a change of the NPC's affinity towards the player
(+5 for warm thanks, -5 for an insult ...). The town never trusts it blindly: one
exchange moves the score by at most ``max_step`` either way, and the score always stays
between 0 and 100. (The app's own version is cyber_town/affinity.py: apply_change.)

Fill in the TODO, then check your function:

    python chapters/ch15/exercises/my_affinity_rule.py

A model answer is in solutions/my_affinity_rule.py: try first.
"""

from __future__ import annotations


def my_apply_change(score: float, change: float, max_step: float = 10) -> float:
    """TODO: the score after ``change``: cut the change to -max_step..max_step, add it,
    then cut the result to 0..100."""
    raise NotImplementedError("TODO: my_apply_change")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("affinity_rule", my_apply_change))
