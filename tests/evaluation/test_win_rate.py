"""Win rate: judged twice with positions swapped, so a judge's order bias cancels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from hello_agents.evaluation import WinRateEvaluator, combine_verdicts, win_rate_from_judge
from hello_agents.testing import ScriptedLLM

GOOD = {"id": "good", "problem": "A well-posed problem."}
BAD = {"id": "bad", "problem": "A vague problem."}


@pytest.mark.parametrize(
    ("first", "second", "outcome"),
    [
        ("A", "B", "win"),
        ("B", "A", "loss"),
        ("A", "A", "tie"),  # the first position always won: order bias, no preference
        ("A", "Tie", "win"),
        ("Tie", "A", "loss"),
        ("Tie", "Tie", "tie"),
        ("invalid", "B", "win"),
    ],
)
def test_verdicts_combine_from_the_candidates_side(first: str, second: str, outcome: str) -> None:
    assert combine_verdicts(first, second) == outcome


def test_a_judge_that_always_prefers_the_first_item_gives_only_ties() -> None:
    def first_wins(a: Mapping[str, Any], b: Mapping[str, Any]) -> str:
        return "A"

    tally = win_rate_from_judge([(GOOD, BAD), (BAD, GOOD)], first_wins)
    assert (tally["wins"], tally["losses"], tally["ties"]) == (0, 0, 2)
    assert tally["position_consistency"] == 0.0


def test_a_consistent_judge_is_counted_in_both_directions() -> None:
    def prefers_good(a: Mapping[str, Any], b: Mapping[str, Any]) -> str:
        return "A" if a is GOOD else "B"

    tally = win_rate_from_judge([(GOOD, BAD), (BAD, GOOD), (GOOD, BAD)], prefers_good)
    assert tally["win_rate"] == pytest.approx(2 / 3) and tally["loss_rate"] == pytest.approx(1 / 3)
    assert tally["position_consistency"] == 1.0


def test_the_evaluator_asks_twice_with_positions_swapped() -> None:
    llm = ScriptedLLM(['{"winner": "A", "reason": "clearer"}', '```json\n{"winner": "B"}\n```'])
    result = WinRateEvaluator(llm=llm).evaluate_win_rate([GOOD], [BAD])
    first, second = (call.last_user_message or "" for call in llm.calls)
    assert first.index("well-posed") < first.index("vague")
    assert second.index("vague") < second.index("well-posed")
    assert result["wins"] == 1 and result["win_rate"] == 1.0
    assert result["comparisons"][0]["winner"] == "candidate"


def test_an_unreadable_verdict_counts_as_a_tie_for_its_order_and_is_flagged() -> None:
    llm = ScriptedLLM(["Both are lovely.", '{"winner": "Tie"}'])
    result = WinRateEvaluator(llm=llm).evaluate_win_rate([GOOD], [BAD])
    assert result["ties"] == 1 and result["metrics"]["invalid_replies"] == 1


def test_references_are_cycled_and_comparisons_limited() -> None:
    llm = ScriptedLLM(['{"winner": "B"}', '{"winner": "A"}'] * 2)
    result = WinRateEvaluator(llm=llm).evaluate_win_rate(
        [GOOD, GOOD, GOOD], [BAD], num_comparisons=2
    )
    assert result["total_comparisons"] == 2 and result["losses"] == 2
