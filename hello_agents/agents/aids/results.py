"""Whether an answer states what a tool returned.

Small pieces the checks of :mod:`hello_agents.agents.aids.checks` share: the
numbers an answer writes (in digits, in English words, ``no`` for zero, a
percentage for a fraction), whether it states a tool's value (also rounded),
and the last result of a run when it is one short value.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from hello_agents.agents.aids.policy import CallMade

_NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?|[-+]?\.\d+")
_PERCENT = re.compile(r"\s*(?:%|percent\b|per cent\b)", re.IGNORECASE)
_NUMBER_WORD = re.compile(
    r"\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|"
    r"sixty|seventy|eighty|ninety|hundred|thousand|million|billion|half)\b",
    re.IGNORECASE,
)
_NONE = re.compile(r"\b(no|none|nothing|zero|nobody|never)\b|没有|无|零", re.IGNORECASE)
"""Words that state a count of zero ("You have no unread emails")."""


def numbers(text: str) -> list[tuple[float, int]]:
    """Every number written in digits in ``text``, with its count of decimals
    (``2,049.50`` -> 2049.5, 2); a percentage also as its fraction (``33.3%`` is
    33.3 and 0.333)."""
    found = []
    for match in _NUMBER.finditer(text):
        plain = match.group().replace(",", "")
        try:
            value = float(plain)
        except ValueError:
            continue
        if not math.isfinite(value):
            continue
        decimals = len(plain.partition(".")[2])
        found.append((value, decimals))
        if _PERCENT.match(text, match.end()):
            found.append((value / 100, decimals + 2))
    return found


def states_a_number(text: str) -> bool:
    """Whether ``text`` writes a number, in digits or in (English) words."""
    return bool(numbers(text) or _NUMBER_WORD.search(text))


def rounds_to(stated: float, decimals: int, target: float) -> bool:
    """Whether ``stated``, written with ``decimals`` decimals, is ``target`` or
    ``target`` rounded to that many decimals (3.14 or 3 for 3.14159)."""
    return abs(stated - target) <= max(1e-9 * abs(target), 0.5 * 10.0**-decimals)


def states_value(answer: str, value: str) -> bool:
    """Whether ``answer`` states ``value``: the same text (any case), or, for a
    number, a number equal to it or to it rounded to the answer's decimals
    (a zero also as ``no``, ``none``...)."""
    if value.lower() in answer.lower():
        return True
    wanted = numbers(value)
    if len(wanted) != 1:
        return False
    target = wanted[0][0]
    if target == 0 and _NONE.search(answer):
        return True
    return any(rounds_to(number, decimals, target) for number, decimals in numbers(answer))


def single_value(made: CallMade) -> str | None:
    """The result's text when it is one number: a successful result that is a
    number, with at most a short unit (``41``, ``18.5 °C``, ``$2,049``, ``7 %``),
    not a sentence that happens to hold one (``Room C-7, second floor``)."""
    text = made.result.strip()
    if not made.ok or "\n" in text or len(text) > 60 or len(_NUMBER.findall(text)) != 1:
        return None
    unit = _NUMBER.sub("", text).strip()
    return text if len(unit) <= 12 and " " not in unit.strip(" $%") else None


def lost_result(calls: Sequence[CallMade], answer: str) -> CallMade | None:
    """The run's last result, when the answer dropped it.

    The run's last round made one call, which returned a single number (a
    count, a price, a conversion), and the answer states no number at all, in
    digits or words ("Thank you for providing the conversion result."). An
    answer with other numbers is left alone (it may have computed something
    from the result), and so are text results, which an answer may rightly
    rephrase.
    """
    if not calls:
        return None
    last = calls[-1]
    if sum(1 for made in calls if made.round == last.round) != 1:
        return None  # several calls in the last round: the answer may combine them
    value = single_value(last)
    if value is None or states_value(answer, value) or states_a_number(answer):
        return None
    return last


def is_short_value(text: str) -> bool:
    """Whether a tool result is a value rather than a document: one line of at most
    80 characters (``5280 feet``, ``olleh``, ``Tuesday``)."""
    text = text.strip()
    return bool(text) and "\n" not in text and len(text) <= 80


__all__ = [
    "is_short_value",
    "lost_result",
    "numbers",
    "rounds_to",
    "single_value",
    "states_a_number",
    "states_value",
]
