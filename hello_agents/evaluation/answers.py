"""Scoring a task's answer: exact, normalised (GAIA's quasi exact match) and partial.

GAIA compares a model's final answer with the expected one after normalising
both, with rules that depend on what the answer is:

* a number: ``$1,234.50`` -> ``1234.5`` (currency signs, percent signs, thousands
  separators and trailing zeros dropped, compared as numbers);
* a list (commas or semicolons): each element normalised on its own; the lists
  match when they hold the same elements, in any order (the tutorial sorts them);
* a string: lower case, articles dropped, punctuation and repeated spaces removed.

Three more rules, kept from the small-model battery of ``benchmarks/local_model.py``,
look for the expected value anywhere in a free-text answer:

* ``number``: one of the numbers written in the answer equals the expected value;
* ``word``: the expected word appears as a whole word;
* ``date``: the ISO date, or the same date written ``June 18, 2025`` / ``18 June 2025``.

The final answer is read from the reply first (:func:`extract_final_answer`): what
follows ``FINAL ANSWER:``, or a LaTeX ``\\boxed{...}``, or another answer marker.
Every rule takes the model's text and the expected text and returns a bool;
:func:`score_answer` applies the rule a task names. Only the standard library.
"""

from __future__ import annotations

import datetime
import re
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

MatchRule = Literal["exact", "normalized", "partial", "number", "word", "date"]
MATCH_RULES: tuple[str, ...] = ("exact", "normalized", "partial", "number", "word", "date")

ARTICLES = frozenset({"a", "an", "the"})
_FINAL_ANSWER = re.compile(r"final\s+answer\s*[:：]\s*(.+)", re.IGNORECASE)
_ANSWER_MARKERS = (
    re.compile(r"最终答案\s*[:：]\s*(.+)"),
    re.compile(r"答案\s*[:：]\s*(.+)"),
    re.compile(r"\banswer\s*[:：]\s*(.+)", re.IGNORECASE),
)
_BOXED = re.compile(r"\\(?:boxed|fbox)\s*\{")
_TEXT_WRAPPER = re.compile(r"\\(?:text|textbf|mathrm|mathbf)\s*\{([^{}]*)\}")
_NUMBER_TEXT = re.compile(r"^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:e[-+]?\d+)?$")
_UNIT_SIGNS = "$€£¥%"
_NUMBER = re.compile(r"(?<![\w.])[-−]?\d{1,3}(?:[, ]\d{3})+(?:\.\d+)?|[-−]?\d+(?:\.\d+)?")
_MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip


# ---- reading the answer out of a reply ----------------------------------------------------


def extract_final_answer(response: str) -> str:
    """The answer part of a reply: what follows ``FINAL ANSWER:`` (GAIA's template),
    else the last ``\\boxed{...}`` (how maths-trained models mark an answer), else
    what follows another answer marker, else the last non-empty line. A boxed
    answer is unwrapped wherever it is found.

    >>> extract_final_answer("Paris is the capital.\\nFINAL ANSWER: [Paris]")
    'Paris'
    >>> extract_final_answer(r"250 * 7 = 1750, so the answer is $\\boxed{1750}$ grams.")
    '1750'
    """
    text = response.strip()
    matches = _FINAL_ANSWER.findall(text)
    if matches:
        return _unboxed(_strip_brackets(matches[-1].strip()))
    boxed = boxed_answers(text)
    if boxed:
        return boxed[-1]
    for pattern in _ANSWER_MARKERS:
        found = pattern.findall(text)
        if found:
            return _unboxed(_strip_brackets(found[-1].strip()))
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return _unboxed(lines[-1]) if lines else ""


def boxed_answers(text: str) -> list[str]:
    """The contents of every ``\\boxed{...}`` in ``text``, in order, braces balanced,
    ``\\text{...}`` wrappers inside removed.

    >>> boxed_answers(r"\\boxed{\\text{Canberra}} and \\boxed{\\frac{1}{2}}")
    ['Canberra', '\\\\frac{1}{2}']
    """
    found = []
    for match in _BOXED.finditer(text):
        depth, start = 1, match.end()
        for position in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[position], 0)
            if depth == 0:
                found.append(_TEXT_WRAPPER.sub(r"\1", text[start:position]).strip())
                break
    return found


def _unboxed(answer: str) -> str:
    """What the last ``\\boxed{}`` of ``answer`` holds, or ``answer`` when it has none."""
    boxed = boxed_answers(answer)
    return boxed[-1] if boxed else answer


def _strip_brackets(text: str) -> str:
    if len(text) >= 2 and text[0] == "[" and text[-1] == "]":
        return text[1:-1].strip()
    return text


# ---- GAIA's normalisation ---------------------------------------------------------------


def normalize_number(text: str) -> float | None:
    """The number ``text`` writes, or None when it is not a number.

    Currency and percent signs, spaces and thousands separators are dropped:

    >>> normalize_number("$1,234.50")
    1234.5
    >>> normalize_number("twelve") is None
    True
    """
    cleaned = text.strip().strip(_UNIT_SIGNS).replace(" ", "").strip(_UNIT_SIGNS)
    cleaned = cleaned.replace("−", "-")
    if (
        not cleaned
        or not _NUMBER_TEXT.match(cleaned.lower())
        or not any(c.isdigit() for c in cleaned)
    ):
        return None
    try:
        return float(cleaned.replace(",", ""))
    except ValueError:
        return None


def normalize_text(text: str) -> str:
    """A string answer reduced to what matters: lower case, no punctuation, no
    articles, single spaces.

    >>> normalize_text("The  United States.")
    'united states'
    """
    lowered = re.sub(r"(\d),(\d{3})\b", r"\1\2", text.lower())  # 1,750 is one number
    no_punctuation = "".join(" " if c in string.punctuation else c for c in lowered)
    words = [word for word in no_punctuation.split() if word not in ARTICLES]
    return " ".join(words)


def split_list(text: str) -> list[str]:
    """The elements of a comma- or semicolon-separated answer (thousands separators
    inside a number such as ``1,000`` do not split it)."""
    if not re.search(r"[,;]", text):
        return [text]
    parts = re.split(r";|,(?!\d{3}(?:\D|$))", text)
    return [part.strip() for part in parts if part.strip()]


def normalize_answer(answer: str) -> str:
    """The normalised form GAIA compares (shown in reports; :func:`normalized_match`
    is the comparison itself).

    >>> normalize_answer("$1,234.50")
    '1234.5'
    >>> normalize_answer("Paris, London, berlin")
    'berlin,london,paris'
    """
    elements = split_list(answer.strip())
    if len(elements) > 1:
        return ",".join(sorted(normalize_answer(element) for element in elements))
    number = normalize_number(answer)
    if number is not None:
        return f"{number:g}" if abs(number) < 1e15 else str(number)
    return normalize_text(answer)


# ---- the rules ------------------------------------------------------------------------------


def exact_match(answer: str, expected: str) -> bool:
    """The final answer equals the expected text, surrounding spaces aside."""
    return extract_final_answer(answer) == expected.strip()


def normalized_match(answer: str, expected: str) -> bool:
    """GAIA's quasi exact match of the final answer (see the module docstring).

    >>> normalized_match("FINAL ANSWER: $1,000", "1000")
    True
    >>> normalized_match("FINAL ANSWER: the Eiffel Tower.", "eiffel tower")
    True
    """
    return _quasi_equal(extract_final_answer(answer), expected)


def _quasi_equal(given: str, expected: str) -> bool:
    expected_number = normalize_number(expected)
    if expected_number is not None:
        given_number = normalize_number(given)
        return given_number is not None and _close(given_number, expected_number)
    expected_elements = split_list(expected)
    if len(expected_elements) > 1:
        # In any order, as the tutorial's normaliser sorts list elements.
        given_elements = sorted(normalize_answer(g) for g in split_list(given))
        return given_elements == sorted(normalize_answer(e) for e in expected_elements)
    return normalize_text(given) == normalize_text(expected)


def partial_match(answer: str, expected: str) -> bool:
    """Credit for an answer that holds the expected one, or is held by it, after
    normalisation (``17000`` for ``17``, ``Paris, France`` for ``Paris``); also when
    at least 70% of the expected words appear. Always true when
    :func:`normalized_match` is."""
    if normalized_match(answer, expected):
        return True
    given = normalize_answer(extract_final_answer(answer))
    wanted = normalize_answer(expected)
    if not given or not wanted:
        return False
    if wanted in given or given in wanted:
        return True
    wanted_words = set(wanted.split())
    return len(wanted_words & set(given.split())) / len(wanted_words) >= 0.7


def numbers_in(text: str) -> list[float]:
    """Every number written in ``text``, thousands separators joined.

    >>> numbers_in("The total is $1,776.00 (48 x 37).")
    [1776.0, 48.0, 37.0]
    """
    found: list[float] = []
    for match in _NUMBER.finditer(text):
        raw = match.group(0).replace("−", "-").replace(",", "").replace(" ", "")
        try:
            found.append(float(raw))
        except ValueError:  # pragma: no cover - the pattern only matches numbers
            continue
    return found


def number_match(answer: str, expected: str) -> bool:
    """One of the numbers written anywhere in ``answer`` equals ``expected``
    (relative tolerance 1e-6).

    Raises:
        ValueError: ``expected`` is not a number.
    """
    target = float(expected.replace(",", ""))
    return any(_close(value, target) for value in numbers_in(answer))


def word_match(answer: str, expected: str) -> bool:
    """``expected`` appears as a whole word of ``answer`` (case-insensitive)."""
    words = re.findall(r"[\w-]+", answer.lower())
    return expected.strip().lower() in words


def dates_in(text: str) -> list[datetime.date]:
    """Dates written as ISO ``2025-06-18``, ``June 18, 2025`` or ``18 June 2025``."""
    found: list[datetime.date] = []
    for year, month, day in re.findall(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b", text):
        found.extend(_date(int(year), int(month), int(day)))
    months = "|".join(_MONTHS)
    for month, day, year in re.findall(
        rf"\b({months})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", text, re.IGNORECASE
    ):
        found.extend(_date(int(year), _MONTHS.index(month.lower()) + 1, int(day)))
    for day, month, year in re.findall(
        rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+({months}),?\s+(\d{{4}})\b", text, re.IGNORECASE
    ):
        found.extend(_date(int(year), _MONTHS.index(month.lower()) + 1, int(day)))
    return found


def date_match(answer: str, expected: str) -> bool:
    """``answer`` writes the ISO date ``expected`` in one of the forms of :func:`dates_in`.

    Raises:
        ValueError: ``expected`` is not an ISO date.
    """
    return datetime.date.fromisoformat(expected.strip()) in dates_in(answer)


def _date(year: int, month: int, day: int) -> list[datetime.date]:
    try:
        return [datetime.date(year, month, day)]
    except ValueError:
        return []


def _close(value: float, target: float) -> bool:
    return abs(value - target) <= 1e-6 * max(1.0, abs(target))


RULES: dict[str, Callable[[str, str], bool]] = {
    "exact": exact_match,
    "normalized": normalized_match,
    "partial": partial_match,
    "number": number_match,
    "word": word_match,
    "date": date_match,
}


@dataclass(frozen=True)
class AnswerScore:
    """How one answer scored.

    Attributes:
        correct: The answer passes the task's rule against one of the expected values.
        partial: It passes :func:`partial_match` (GAIA's partial credit).
        predicted: The final answer read from the reply.
        score: 1.0 correct, 0.5 partial only, 0.0 otherwise.
    """

    correct: bool
    partial: bool
    predicted: str

    @property
    def score(self) -> float:
        """1.0, 0.5 or 0.0."""
        return 1.0 if self.correct else 0.5 if self.partial else 0.0


def score_answer(answer: str, expected: str | list[str], rule: str = "normalized") -> AnswerScore:
    """Score ``answer`` against the expected value(s) with the named rule.

    Args:
        answer: The agent's whole reply.
        expected: The expected answer, or several accepted ones.
        rule: One of :data:`MATCH_RULES`.

    Returns:
        The score; ``correct`` when any expected value passes.

    Raises:
        ValueError: An unknown rule, or an expected value the rule cannot read.
    """
    if rule not in RULES:
        raise ValueError(f"unknown match rule {rule!r}; choose from {', '.join(MATCH_RULES)}")
    accepted = [expected] if isinstance(expected, str) else list(expected)
    check = RULES[rule]
    correct = any(check(answer, value) for value in accepted)
    partial = correct or any(partial_match(answer, value) for value in accepted)
    return AnswerScore(correct=correct, partial=partial, predicted=extract_final_answer(answer))


__all__ = [
    "MATCH_RULES",
    "RULES",
    "AnswerScore",
    "MatchRule",
    "boxed_answers",
    "date_match",
    "dates_in",
    "exact_match",
    "extract_final_answer",
    "normalize_answer",
    "normalize_number",
    "normalize_text",
    "normalized_match",
    "number_match",
    "numbers_in",
    "partial_match",
    "score_answer",
    "split_list",
    "word_match",
]
