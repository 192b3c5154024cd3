"""Pairwise win rate, judged twice with the positions swapped.

A judge model that prefers whichever answer it reads first (a common bias)
would make any candidate look good when always shown first. So each pair is
judged twice: candidate as A, then candidate as B. The two verdicts are read
from the candidate's side and combined by :func:`combine_verdicts`:

* both favour the candidate, or one does and the other is a tie: a win;
* both favour the reference, or one does and the other is a tie: a loss;
* they contradict each other (the order decided), or both are ties: a tie.

``position_consistency`` reports how often the two orders agreed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from hello_agents.core.llm import BaseLLM
from hello_agents.core.message import Message
from hello_agents.evaluation.judge import (
    DEFAULT_CRITERIA,
    Criterion,
    JudgeReplyError,
    parse_json_object,
    shown_fields,
    write_results,
)

Verdict = Literal["A", "B", "Tie"]
Outcome = Literal["win", "loss", "tie"]
Judge = Callable[[Mapping[str, Any], Mapping[str, Any]], str]

COMPARE_PROMPT = """Two items of the same kind follow. Decide which one is better.

[Item A]
{item_a}

[Item B]
{item_b}

Weigh these aspects:
{rubric}

Judge the content, not the order or the length. Reply with one JSON object and nothing else:
{{"winner": "A" or "B" or "Tie", "reason": "one or two sentences"}}"""


def read_verdict(text: str) -> Verdict:
    """``A``, ``B`` or ``Tie`` from a judge's reply (JSON ``winner``, or a bare word).

    Raises:
        JudgeReplyError: No verdict could be read.
    """
    try:
        winner = str(parse_json_object(text).get("winner", "")).strip()
    except JudgeReplyError:
        winner = text.strip()
    found = re.fullmatch(r"(?:item\s+|answer\s+)?(A|B|tie|draw|equal)\W*", winner, re.IGNORECASE)
    if found is None:
        raise JudgeReplyError(f"no winner A, B or Tie in {text[:80]!r}")
    word = found.group(1).upper()
    return word if word in ("A", "B") else "Tie"  # type: ignore[return-value]


def candidate_view(verdict: str, candidate_position: Literal["A", "B"]) -> Outcome:
    """A verdict read from the candidate's side: ``win``, ``loss`` or ``tie``."""
    if verdict not in ("A", "B"):
        return "tie"
    return "win" if verdict == candidate_position else "loss"


def combine_verdicts(first: str, second: str) -> Outcome:
    """The outcome of a pair from its two verdicts.

    Args:
        first: The verdict with the candidate as A.
        second: The verdict with the candidate as B.

    Returns:
        ``win``, ``loss`` or ``tie`` (rules in the module docstring).

    >>> combine_verdicts("A", "B")  # candidate preferred in both orders
    'win'
    >>> combine_verdicts("A", "A")  # the judge preferred whatever came first
    'tie'
    """
    points = {"win": 1, "tie": 0, "loss": -1}
    total = points[candidate_view(first, "A")] + points[candidate_view(second, "B")]
    return "win" if total > 0 else "loss" if total < 0 else "tie"


def win_rate_from_judge(
    pairs: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]], judge: Judge
) -> dict[str, Any]:
    """Position-swapped win rate of candidates against references, with any judge.

    Args:
        pairs: ``(candidate, reference)`` pairs.
        judge: ``judge(item_a, item_b)`` returns ``"A"``, ``"B"`` or ``"Tie"``.

    Returns:
        ``wins``, ``losses``, ``ties``, ``total_comparisons``, ``win_rate``,
        ``loss_rate``, ``tie_rate``, ``position_consistency`` and ``outcomes``.
    """
    outcomes: list[Outcome] = []
    consistent = 0
    for candidate, reference in pairs:
        first, second = judge(candidate, reference), judge(reference, candidate)
        if candidate_view(first, "A") == candidate_view(second, "B"):
            consistent += 1
        outcomes.append(combine_verdicts(first, second))
    return _tally(outcomes, consistent)


def _tally(outcomes: Sequence[str], consistent: int) -> dict[str, Any]:
    total = len(outcomes)
    wins, losses = outcomes.count("win"), outcomes.count("loss")
    ties = total - wins - losses
    return {
        "wins": wins,
        "losses": losses,
        "ties": ties,
        "total_comparisons": total,
        "win_rate": wins / total if total else 0.0,
        "loss_rate": losses / total if total else 0.0,
        "tie_rate": ties / total if total else 0.0,
        "position_consistency": consistent / total if total else 0.0,
        "outcomes": list(outcomes),
    }


class WinRateEvaluator:
    """Pairwise comparisons of candidates (e.g. generated problems) with references.

    Args:
        llm: The judge model.
        judge_model: Informative only.
        criteria: What the judge weighs (default: the tutorial's four dimensions).
        field_mapping: Which item fields to show, e.g. ``{"problem": "code"}``.
        reference_problems: The references :meth:`evaluate` compares with (the
            reference package's form; :meth:`evaluate_win_rate` takes them per call).
    """

    def __init__(
        self,
        llm: BaseLLM,
        judge_model: str | None = None,
        *,
        criteria: Sequence[Criterion] | None = None,
        field_mapping: Mapping[str, str] | None = None,
        reference_problems: Sequence[Mapping[str, Any]] | None = None,
    ) -> None:
        self.llm = llm
        self.judge_model = judge_model or getattr(llm, "model", None)
        self.criteria = tuple(criteria or DEFAULT_CRITERIA)
        self.field_mapping = dict(field_mapping or {})
        self.reference_problems = list(reference_problems or [])

    def render_item(self, item: Mapping[str, Any]) -> str:
        """The item's fields as ``Field: value`` lines, ids left out."""
        shown = shown_fields(item, self.field_mapping)
        return "\n".join(
            f"{key.replace('_', ' ').capitalize()}: {value}" for key, value in shown.items()
        )

    def judge_once(self, item_a: Mapping[str, Any], item_b: Mapping[str, Any]) -> tuple[str, str]:
        """One verdict (``A``/``B``/``Tie``, or ``invalid``) and the judge's raw reply."""
        rubric = "\n".join(f"- {c.name}: {c.description}" for c in self.criteria)
        prompt = COMPARE_PROMPT.format(
            item_a=self.render_item(item_a), item_b=self.render_item(item_b), rubric=rubric
        )
        text = self.llm.chat([Message(prompt, "user")], temperature=0.0).content or ""
        try:
            return read_verdict(text), text
        except JudgeReplyError:
            return "invalid", text

    def compare(self, candidate: Mapping[str, Any], reference: Mapping[str, Any]) -> dict[str, Any]:
        """Judge one pair in both orders.

        Returns:
            ``outcome`` (``win``/``loss``/``tie`` for the candidate), ``winner``
            (``candidate``/``reference``/``tie``), ``verdicts`` (candidate as A,
            then as B), ``consistent`` and ``replies``; an unreadable reply counts
            as a tie for its order and is flagged in ``invalid_replies``.
        """
        first, first_text = self.judge_once(candidate, reference)
        second, second_text = self.judge_once(reference, candidate)
        outcome = combine_verdicts(first, second)
        return {
            "candidate_id": candidate.get("problem_id", candidate.get("id", "")),
            "reference_id": reference.get("problem_id", reference.get("id", "")),
            "outcome": outcome,
            "winner": {"win": "candidate", "loss": "reference", "tie": "tie"}[outcome],
            "verdicts": [first, second],
            "consistent": candidate_view(first, "A") == candidate_view(second, "B"),
            "invalid_replies": [first, second].count("invalid"),
            "replies": [first_text, second_text],
        }

    def evaluate_win_rate(
        self,
        candidates: Sequence[Mapping[str, Any]],
        references: Sequence[Mapping[str, Any]],
        num_comparisons: int | None = None,
    ) -> dict[str, Any]:
        """Compare candidate ``i`` with reference ``i`` (references cycled).

        Returns:
            The tally of :func:`win_rate_from_judge` plus ``comparisons`` (each
            :meth:`compare` result) and ``metrics`` (the tally without the lists).
        """
        if not references:
            raise ValueError("no reference items to compare with")
        count = min(num_comparisons or len(candidates), len(candidates))
        comparisons = [
            self.compare(candidates[i], references[i % len(references)]) for i in range(count)
        ]
        tally = _tally(
            [c["outcome"] for c in comparisons], sum(bool(c["consistent"]) for c in comparisons)
        )
        metrics = {key: value for key, value in tally.items() if key != "outcomes"}
        metrics["invalid_replies"] = sum(c["invalid_replies"] for c in comparisons)
        return {**tally, "comparisons": comparisons, "metrics": metrics}

    def evaluate(
        self, problems: Sequence[Mapping[str, Any]], num_comparisons: int | None = None
    ) -> dict[str, Any]:
        """:meth:`evaluate_win_rate` against the ``reference_problems`` given at construction.

        Raises:
            ValueError: No ``reference_problems`` were given.
        """
        if not self.reference_problems:
            raise ValueError(
                "no reference problems: pass reference_problems= to WinRateEvaluator, "
                "or call evaluate_win_rate(problems, references)"
            )
        return self.evaluate_win_rate(problems, self.reference_problems, num_comparisons)

    def export_results(self, results: Mapping[str, Any], path: str | Path) -> Path:
        """Write ``results`` as JSON (UTF-8, indented); see :func:`write_results`."""
        return write_results(results, path)


__all__ = [
    "COMPARE_PROMPT",
    "WinRateEvaluator",
    "candidate_view",
    "combine_verdicts",
    "read_verdict",
    "win_rate_from_judge",
]
