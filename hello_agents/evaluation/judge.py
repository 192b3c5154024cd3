"""An LLM as judge: score items on a rubric, one score per criterion, reasons kept.

    judge = LLMJudgeEvaluator(llm=HelloAgentsLLM())
    result = judge.evaluate_single({"problem": "...", "answer": "42", "solution": "..."})
    result["scores"]["clarity"], result["total_score"], result["evaluation_text"]

The judge is asked for a JSON object with one integer per criterion and its
reasoning. Its reply is read leniently (a fenced block, text around the object,
``"4/5"`` or ``"4"`` for 4); a reply that still lacks a criterion, or gives a score
off the scale, is sent back once with what was wrong. If the retry fails too,
the result is marked ``valid: False`` with the error and the judge's text, and is
left out of the averages (counted in ``num_invalid``), never scored as zero.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hello_agents.core.llm import BaseLLM
from hello_agents.core.message import Message


@dataclass(frozen=True)
class Criterion:
    """One rubric line: a name (the JSON key) and what it asks the judge to weigh."""

    name: str
    description: str


# The four dimensions of the tutorial's generated-problem judge (section 12.4).
DEFAULT_CRITERIA: tuple[Criterion, ...] = (
    Criterion("correctness", "Is the mathematics sound and the stated answer right?"),
    Criterion("clarity", "Is the statement unambiguous and the solution easy to follow?"),
    Criterion("difficulty_match", "Is the difficulty that of a mid-contest AIME problem?"),
    Criterion("completeness", "Does the solution give every step needed to reach the answer?"),
)

JUDGE_PROMPT = """You are a strict, fair reviewer. Grade the item below.

{item}

Give each criterion an integer score from {low} (poor) to {high} (excellent):
{rubric}

Reply with one JSON object and nothing else, of this form:
{example}
"reasoning" explains each score in a sentence or two."""

RETRY_PROMPT = """Your reply could not be used: {problem}
Reply again with only the JSON object: an integer from {low} to {high} for each of {names}, \
and "reasoning"."""


class JudgeReplyError(ValueError):
    """A judge's reply is not a usable verdict (the message says why)."""


def parse_json_object(text: str) -> dict[str, Any]:
    """The first JSON object in ``text`` (fenced or surrounded by prose).

    Raises:
        JudgeReplyError: No JSON object could be read.
    """
    fenced = re.findall(r"```(?:json)?\s*(\{.*?\})\s*```", text, re.DOTALL)
    candidates = [*fenced]
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start : end + 1])
    for candidate in candidates:
        try:
            data = json.loads(candidate)
        except json.JSONDecodeError:
            # Judges writing LaTeX put lone backslashes in strings: escape them and retry.
            try:
                data = json.loads(re.sub(r'\\(?!["\\/bfnrtu])', r"\\\\", candidate))
            except json.JSONDecodeError:
                continue
        if isinstance(data, dict):
            return data
    raise JudgeReplyError("no JSON object found in the reply")


def read_score(value: Any, low: float, high: float) -> float:
    """A score from a judge's JSON value: ``4``, ``4.5``, ``"4"`` or ``"4/5"``.

    Raises:
        JudgeReplyError: Not a number, or off the scale.
    """
    if isinstance(value, bool):
        raise JudgeReplyError(f"{value!r} is not a score")
    if isinstance(value, str):
        match = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*(?:/\s*\d+)?\s*", value)
        if match is None:
            raise JudgeReplyError(f"{value!r} is not a score")
        value = float(match.group(1))
    if not isinstance(value, (int, float)):
        raise JudgeReplyError(f"{value!r} is not a score")
    if not low <= value <= high:
        raise JudgeReplyError(f"{value:g} is off the {low:g}-{high:g} scale")
    return float(value)


class LLMJudgeEvaluator:
    """Scores items with a judge model on a rubric.

    Args:
        llm: The judge model (any client with ``chat``/``invoke``, e.g.
            ``HelloAgentsLLM`` or the scripted test LLM).
        judge_model: Informative only (the model name goes with the results).
        criteria: The rubric (default: the tutorial's four dimensions).
        scale: The lowest and highest score.
        field_mapping: Which item fields hold what, e.g. ``{"problem": "code"}``;
            the item is shown to the judge as ``field: value`` lines.
        max_retries: Times a malformed reply is sent back for correction.
        pass_threshold, excellent_threshold: For ``pass_rate`` / ``excellent_rate``.
    """

    def __init__(
        self,
        llm: BaseLLM,
        judge_model: str | None = None,
        *,
        criteria: Sequence[Criterion] | None = None,
        scale: tuple[float, float] = (1, 5),
        field_mapping: Mapping[str, str] | None = None,
        max_retries: int = 1,
        pass_threshold: float = 3.5,
        excellent_threshold: float = 4.5,
    ) -> None:
        self.llm = llm
        self.judge_model = judge_model or getattr(llm, "model", None)
        self.criteria = tuple(criteria or DEFAULT_CRITERIA)
        self.scale = scale
        self.field_mapping = dict(field_mapping or {})
        self.max_retries = max_retries
        self.pass_threshold = pass_threshold
        self.excellent_threshold = excellent_threshold

    # ---- one item ---------------------------------------------------------------------

    def build_prompt(self, item: Mapping[str, Any]) -> str:
        """The judge's instructions for ``item``."""
        low, high = self.scale
        rubric = "\n".join(f"- {c.name}: {c.description}" for c in self.criteria)
        example = json.dumps(
            {**{c.name: int(high) for c in self.criteria}, "reasoning": "..."}, indent=2
        )
        return JUDGE_PROMPT.format(
            item=self.render_item(item), low=f"{low:g}", high=f"{high:g}", rubric=rubric,
            example=example,
        )  # fmt: skip

    def render_item(self, item: Mapping[str, Any]) -> str:
        """The item as ``Field: value`` blocks (mapped fields first, ids left out)."""
        shown = shown_fields(item, self.field_mapping)
        return "\n\n".join(
            f"{key.replace('_', ' ').capitalize()}:\n{value}" for key, value in shown.items()
        )

    def parse_reply(self, text: str) -> tuple[dict[str, float], str]:
        """Scores per criterion and the reasoning from a judge's reply.

        Raises:
            JudgeReplyError: No JSON, a criterion missing or a score off the scale.
        """
        data = parse_json_object(text)
        lowered = {str(key).lower(): value for key, value in data.items()}
        scores: dict[str, float] = {}
        problems = []
        for criterion in self.criteria:
            if criterion.name.lower() not in lowered:
                problems.append(f"{criterion.name!r} is missing")
                continue
            try:
                scores[criterion.name] = read_score(lowered[criterion.name.lower()], *self.scale)
            except JudgeReplyError as error:
                problems.append(f"{criterion.name!r}: {error}")
        if problems:
            raise JudgeReplyError("; ".join(problems))
        reasoning = lowered.get("reasoning", lowered.get("comments", lowered.get("reason", "")))
        return scores, str(reasoning)

    def evaluate_single(self, item: Mapping[str, Any]) -> dict[str, Any]:
        """Judge one item.

        Returns:
            ``problem_id``, ``scores`` (criterion -> score), ``total_score`` (their
            mean), ``reasoning``, ``evaluation_text`` (the judge's raw reply),
            ``valid``, ``error``, ``attempts`` and ``execution_time``.
        """
        started = time.perf_counter()
        messages = [Message(self.build_prompt(item), "user")]
        replies: list[str] = []
        error = ""
        for _ in range(self.max_retries + 1):
            text = self.llm.chat(messages, temperature=0.0).content or ""
            replies.append(text)
            try:
                scores, reasoning = self.parse_reply(text)
            except JudgeReplyError as problem:
                error = str(problem)
                low, high = self.scale
                names = ", ".join(repr(c.name) for c in self.criteria)
                messages += [
                    Message(text, "assistant"),
                    Message(
                        RETRY_PROMPT.format(
                            problem=error, low=f"{low:g}", high=f"{high:g}", names=names
                        ),
                        "user",
                    ),
                ]
                continue
            return self._result(item, scores, reasoning, replies, started, None)
        return self._result(item, {}, "", replies, started, error)

    def _result(
        self,
        item: Mapping[str, Any],
        scores: dict[str, float],
        reasoning: str,
        replies: list[str],
        started: float,
        error: str | None,
    ) -> dict[str, Any]:
        return {
            "problem_id": item.get("problem_id", item.get("id", "")),
            "scores": scores,
            "total_score": sum(scores.values()) / len(scores) if scores else None,
            "reasoning": reasoning,
            "evaluation_text": replies[-1] if replies else "",
            "valid": error is None,
            "error": error,
            "attempts": len(replies),
            "execution_time": round(time.perf_counter() - started, 4),
        }

    # ---- many items ---------------------------------------------------------------------

    def evaluate_batch(
        self, items: Sequence[Mapping[str, Any]], max_samples: int | None = None
    ) -> dict[str, Any]:
        """Judge several items and aggregate.

        Returns:
            ``results`` (one per item) and ``metrics``: ``average_total_score``,
            ``dimension_averages``, ``pass_rate`` (share of valid items whose total
            reaches ``pass_threshold``), ``excellent_rate``, ``num_evaluated``,
            ``num_invalid``, ``judge_model``.
        """
        chosen = list(items[:max_samples] if max_samples else items)
        results = [self.evaluate_single(item) for item in chosen]
        return {"results": results, "metrics": self.compute_metrics(results)}

    def compute_metrics(self, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """Aggregates over valid results (see :meth:`evaluate_batch`)."""
        valid = [r for r in results if r.get("valid") and r.get("scores")]
        totals = [float(r["total_score"]) for r in valid]
        count = len(valid)
        averages = {
            c.name: sum(r["scores"][c.name] for r in valid) / count if count else 0.0
            for c in self.criteria
        }
        return {
            "average_total_score": sum(totals) / count if count else 0.0,
            "dimension_averages": averages,
            "pass_rate": sum(t >= self.pass_threshold for t in totals) / count if count else 0.0,
            "excellent_rate": (
                sum(t >= self.excellent_threshold for t in totals) / count if count else 0.0
            ),
            "num_evaluated": len(results),
            "num_invalid": len(results) - count,
            "judge_model": self.judge_model,
        }

    def export_results(self, results: Mapping[str, Any], path: str | Path) -> Path:
        """Write ``results`` as JSON (UTF-8, indented); see :func:`write_results`."""
        return write_results(results, path)


def shown_fields(item: Mapping[str, Any], field_mapping: Mapping[str, str]) -> dict[str, Any]:
    """The fields of ``item`` a judge is shown: each mapped field under its role's
    name (``field_mapping`` is role -> the item's key), then the others; ids left out."""
    shown: dict[str, Any] = {}
    for role, source in field_mapping.items():
        if source in item:
            shown[role] = item[source]
    for key, value in item.items():
        if key not in field_mapping.values() and key not in ("id", "problem_id"):
            shown.setdefault(key, value)
    return shown


def write_results(results: Mapping[str, Any], path: str | Path) -> Path:
    """Write an evaluator's ``results`` as JSON (UTF-8, indented), creating the
    folder; returns the file's path."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(results, ensure_ascii=False, indent=2), encoding="utf-8")
    return target


__all__ = [
    "DEFAULT_CRITERIA",
    "JUDGE_PROMPT",
    "Criterion",
    "JudgeReplyError",
    "LLMJudgeEvaluator",
    "parse_json_object",
    "read_score",
    "shown_fields",
    "write_results",
]
