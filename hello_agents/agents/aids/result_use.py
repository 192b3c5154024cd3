"""Whether an answer uses what a run's tools returned.

A small model may call the right tool, get the right result, and then answer
with something else: the question's own number ("3 miles", asked how many feet
that is), a tool's name, or the text it was asked to reverse. :func:`uses_results`
tells such an answer from one that took something from a result: a number of a
result (also rounded: ``3.14`` or ``3`` for ``3.14159``), or a word of a result
that the question does not have. Only what is new in the results counts: a
weekday tool asked about "Monday" that returns "Monday" says nothing either way.

Words are compared whole and without case (``part`` is not ``trap``);
Chinese, Japanese and Korean text, written without spaces, is compared by pairs
of characters. Words count only in a script the answer is written in: an answer
in Chinese to an English result ("星期一" for "Monday") is told by its numbers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from hello_agents.agents.aids.quantities import (
    MONTH_NAMES,
    argument_values,
    is_date,
    new_quantities,
    quantities,
)
from hello_agents.agents.aids.results import numbers, rounds_to
from hello_agents.core.message import ToolCall

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
_WORD = re.compile(r"\w+(?:[-'.]\w+)*")
_NUMERIC = re.compile(r"[\d.,]+")
_COMMON_WORDS = (
    "the and for are was were with that this from has have had not but you your its "
    "result results output value answer tool"
)
_COMMON = frozenset(_COMMON_WORDS.split())
"""Words too common to show that an answer took anything from a result."""
_UNIT_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
)
_TEN_WORDS = "twenty thirty forty fifty sixty seventy eighty ninety"
_UNITS = _UNIT_WORDS.split()
_TENS = _TEN_WORDS.split()
_SPELLED = re.compile(
    rf"\b(?:({'|'.join(_TENS)})(?:[- ]({'|'.join(_UNITS[1:10])}))?|({'|'.join(_UNITS)}))\b",
    re.IGNORECASE,
)


def words(text: str) -> set[str]:
    """The words of ``text`` that can tell where an answer came from.

    Lower-cased; numbers, one-letter words and :data:`_COMMON` words are left
    out; runs of CJK characters give their pairs of characters.
    """
    lowered = text.lower()
    found = {
        word
        for word in _WORD.findall(_CJK.sub(" ", lowered))
        if len(word) > 1 and not _NUMERIC.fullmatch(word) and word not in _COMMON
    }
    for run in _CJK.findall(lowered):
        found.update([run[i : i + 2] for i in range(len(run) - 1)] or [run])
    return found


def uses_results(answer: str, question: str, results: Iterable[str]) -> bool:
    """Whether ``answer`` takes anything from ``results`` that ``question`` did not give.

    Args:
        answer: The model's answer.
        question: The user's message.
        results: The texts of the run's successful tool results.

    Returns:
        True when the answer holds a word or a number (rounded or not) of a
        result that the question does not hold, and also when the results hold
        nothing the question does not (there is nothing to tell by).
    """
    texts = list(results)
    says_yes = affirms(answer)
    if any(_truth(text) == says_yes for text in texts):  # _truth is None for other results
        return True  # a yes/no or zero result, worded ("Yes, it is", "No, it is not", "none")
    given = _numbers(question)
    asked = words(question)
    new_words = _comparable(set().union(*(words(text) for text in texts)) - asked, answer, asked)
    new_numbers = [
        number
        for text in texts
        for number, _ in _numbers(text)
        if not any(math.isclose(number, known, rel_tol=1e-9) for known, _ in given)
    ]
    if not new_words and not new_numbers:
        return True
    if new_words & words(answer):
        return True
    tokens = set(_WORD.findall(answer.lower()))
    if any(_date_in_words(word, tokens) for word in new_words):
        return True
    # the answer's numbers read loosely (a percentage also as its fraction: 33.3% for 0.333)
    stated = numbers(answer) + [(value, 0) for value in spelled_numbers(answer)]
    return any(
        rounds_to(value, decimals, number) for value, decimals in stated for number in new_numbers
    )


_TRUTHS = {"true": True, "yes": True, "false": False, "no": False}
_NEGATION = re.compile(
    r"\b(?:no|not|none|never|neither|nor|cannot)\b|n't\b|[不没否非]", re.IGNORECASE
)


_ZERO = re.compile(r"0+(?:\.0*)?")


def _truth(result: str) -> bool | None:
    """The value of a result that is only a boolean (``True``, ``false``, ``yes``), or
    a zero, which an answer says with a negation ("no unread emails", "没有")."""
    text = result.strip().strip(".").lower()
    return False if _ZERO.fullmatch(text) else _TRUTHS.get(text)


def affirms(answer: str) -> bool:
    """Whether ``answer`` says yes: it holds no negation ("no", "not", "isn't", 不)."""
    return _NEGATION.search(answer) is None


def is_cjk(word: str) -> bool:
    """Whether ``word`` (one of :func:`words`) is written in CJK characters."""
    return _CJK.fullmatch(word) is not None


def writes_cjk(text: str) -> bool:
    """Whether ``text`` holds any Chinese, Japanese or Korean characters."""
    return _CJK.search(text) is not None


def _comparable(found: set[str], answer: str, asked: set[str]) -> set[str]:
    """The words of ``found`` written in a script the answer's own words use
    (those not in the question, ``asked``, if it has any): an answer in Chinese ("星期一") cannot be
    told by the English words of a result ("Monday"), nor an English one by
    Chinese words; only the numbers can tell then."""
    own = (words(answer) - asked) or words(answer)
    if not own:
        return found  # numbers only: nothing to tell the script by
    has_cjk = any(_CJK.fullmatch(word) for word in own)
    has_other = any(not _CJK.fullmatch(word) for word in own)
    return {word for word in found if (has_cjk if _CJK.fullmatch(word) else has_other)}


def made_from(call: ToolCall, texts: Iterable[str]) -> bool:
    """Whether ``call`` was made from ``texts`` (what the run was given before it:
    the question, earlier tool results) rather than made up.

    It was when at least one argument is, or holds, a number or date of the
    texts (``106`` after a result of 106, an expression with the question's 24)
    or a word of theirs, also with another ending (``apple`` for "14 apples",
    ``Ana`` for "Ana's office"), and every date it passes is one of theirs. A
    call without arguments counts as made from them. Other numbers may be
    knowledge (24 hours a day); a date is not. Made up: a lookup of a placeholder
    name (a stock example name, not one the texts give), or a date tool passed an
    example date for a question about other dates; their results answer nothing
    that was asked.
    """
    texts = list(texts)
    values = list(argument_values(call.arguments))
    if not values:
        return True
    passed = [value for value in values if isinstance(value, str)]
    if any(is_date(found) for found in new_quantities(" ".join(passed), texts)):
        return False
    known = set().union(*(words(text) for text in texts))
    known |= {word.partition("'")[0] for word in known}  # "Ana" in "Ana's office"
    for value in values:
        written = value if isinstance(value, str) else repr(value)
        found = quantities(written)
        if found and len(new_quantities(written, texts)) < len(found):
            return True
        if isinstance(value, str) and any(_stem_match(word, known) for word in words(value)):
            return True
    return False


def _stem_match(word: str, known: set[str]) -> bool:
    """Whether ``word`` is one of ``known``, or shares all but the last two letters
    (and at least four) with one: ``apple`` and ``apples``, ``berry`` and ``berries``."""
    if word in known:
        return True
    for other in known:
        shared = next(
            (index for index, (a, b) in enumerate(zip(word, other, strict=False)) if a != b),
            min(len(word), len(other)),
        )
        if shared >= max(4, min(len(word), len(other)) - 2):
            return True
    return False


def spelled_numbers(text: str) -> list[float]:
    """The numbers below a hundred that ``text`` spells out in English (``Three``,
    ``twenty-one``)."""
    found = []
    for tens, unit, alone in _SPELLED.findall(text):
        if alone:
            found.append(float(_UNITS.index(alone.lower())))
        else:
            value = 20 + 10 * _TENS.index(tens.lower())
            found.append(float(value + (_UNITS.index(unit.lower()) if unit else 0)))
    return found


def _date_in_words(word: str, tokens: set[str]) -> bool:
    """Whether ``tokens`` (an answer's, lower-cased) write the ISO date ``word``
    with its month's English name and its day (``June 18``, ``18th Jun``)."""
    match = re.fullmatch(r"\d{4}-(\d{2})-(\d{2})", word)
    if match is None or not 1 <= int(match.group(1)) <= 12:
        return False
    name = MONTH_NAMES[int(match.group(1)) - 1]
    day = str(int(match.group(2)))
    days = {day, *(day + suffix for suffix in ("st", "nd", "rd", "th"))}
    return bool({name, name[:3]} & tokens) and bool(days & tokens)


def _numbers(text: str) -> list[tuple[float, int]]:
    """The numbers of ``text`` (not its dates), each with its count of decimals.

    Read as :func:`~hello_agents.agents.aids.quantities.quantities` reads them, so a
    code (``B-214``) or a date gives no number, unlike the looser reading of
    :mod:`~hello_agents.agents.function_call_agent` (which takes ``-214``)."""
    found = []
    for quantity in quantities(text):
        if is_date(quantity):
            continue  # compared as a word
        plain = quantity.replace(",", "")
        found.append((float(plain), len(plain.partition(".")[2])))
    return found


__all__ = ["is_cjk", "made_from", "spelled_numbers", "uses_results", "words", "writes_cjk"]
