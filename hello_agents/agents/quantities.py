"""The quantities a question gives, and whether a run's tool calls used them.

Small models often stop one step early: asked what 14 bananas cost, they look up
the price of one banana and answer with it. The tell is in the trajectory: the
question gives 14, and no tool call was ever passed 14. :func:`unused_quantities`
finds such numbers, so that an agent can point them out once before it accepts
the answer (FunctionCallAgent's ``check_answers``).

A quantity is a number written in digits (``14``, ``2.5``, ``6,900``) or an ISO
date (``2025-03-10``). Digits inside a word or a code (``Agents2026``, ``B-214``,
``12th``) are not quantities. A number counts as used when a call's arguments
hold it: as a number, inside a string (an expression, a date), or in another
form: times a power of ten (``23`` when a call was passed ``0.23``, ``6,900``
for ``6900000`` when the question counts in thousands, kilograms passed as
grams), or as a percentage added to or taken from one (``1.12`` for 12 %).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from hello_agents.core.message import ToolCall

_QUANTITY = re.compile(
    r"(?<![\w.])(?<!\w-)"  # not inside a word, a decimal or a code such as B-214
    r"(\d{4}-\d{2}-\d{2}"  # an ISO date
    r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?"  # 6,900 or 1,250.5
    r"|\d+(?:\.\d+)?)"  # 14 or 2.5
    r"(?![\w-]|\.\d)"
)


def quantities(text: str) -> list[str]:
    """The numbers and ISO dates written in ``text``, in order, without repeats."""
    return list(dict.fromkeys(match.group(1) for match in _QUANTITY.finditer(text)))


def unused_quantities(question: str, calls: Iterable[ToolCall]) -> list[str]:
    """The quantities of ``question`` that none of ``calls`` was passed.

    Args:
        question: The user's message.
        calls: The tool calls of the run so far.

    Returns:
        The quantities as the question writes them, in its order (empty when
        every one of them reached a tool).
    """
    passed = _Seen()
    for call in calls:
        for value in _argument_values(call.arguments):
            if isinstance(value, str):
                passed.add_text(value)
            else:
                passed.numbers.append(float(value))
    return [quantity for quantity in quantities(question) if not passed.holds(quantity, _same)]


def new_quantities(answer: str, sources: Iterable[str]) -> list[str]:
    """The quantities of ``answer`` that none of ``sources`` holds (compared as numbers).

    An answer that brings a number of its own has combined what it was given
    (rightly or not); one whose every number comes from the question or a tool
    result may have stopped a step early.
    """
    given = _Seen()
    for source in sources:
        given.add_text(source)
    return [quantity for quantity in quantities(answer) if not given.holds(quantity, _equal)]


def numbers_in(text: str) -> list[float]:
    """The numbers of ``text``, not its dates (``2,500`` is 2500)."""
    return [_number(found) for found in quantities(text) if not is_date(found)]


def quantity_value(quantity: str) -> str | float:
    """A quantity as a value: a date as written, a number as a number (``2,500``
    is 2500.0)."""
    return quantity if is_date(quantity) else _number(quantity)


class _Seen:
    """The dates and numbers found so far (in texts, or as values)."""

    def __init__(self) -> None:
        self.dates: set[str] = set()
        self.numbers: list[float] = []

    def add_text(self, text: str) -> None:
        for found in quantities(text):
            if is_date(found):
                self.dates.add(found)
            else:
                self.numbers.append(_number(found))

    def holds(self, quantity: str, same: Callable[[float, float], bool]) -> bool:
        """Whether ``quantity`` was seen: a date as written, a number by ``same``."""
        if is_date(quantity):
            return quantity in self.dates
        return any(same(_number(quantity), number) for number in self.numbers)


def _argument_values(arguments: str) -> Iterator[str | float]:
    """Every number and string inside a call's arguments (its raw text if not JSON)."""
    try:
        parsed: Any = json.loads(arguments) if arguments.strip() else {}
    except json.JSONDecodeError:
        yield arguments
        return
    stack = [parsed]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int | float):
            yield float(value)
        elif isinstance(value, str):
            yield value


def is_date(quantity: str) -> bool:
    """Whether a quantity (as :func:`quantities` gives it) is an ISO date."""
    return len(quantity) == 10 and quantity[4] == "-"


def _number(quantity: str) -> float:
    return float(quantity.replace(",", ""))


def _equal(given: float, seen: float) -> bool:
    return math.isclose(given, seen, rel_tol=1e-9)


def _same(given: float, passed: float) -> bool:
    """``passed`` is ``given`` in another form: the same number times a power of ten
    (``0.23`` for 23 %, ``6900000`` for 6,900 thousand, ``2500`` g for 2.5 kg), or
    ``given`` percent added to or taken from one (``1.12`` for a 12 % rise, ``0.62``
    for what is left after 38 %)."""
    if given == 0 or passed == 0:
        return given == passed
    if any(math.isclose(passed, 1 + sign * given / 100, rel_tol=1e-9) for sign in (1, -1)):
        return True
    exponent = math.log10(abs(passed / given))
    return abs(exponent - round(exponent)) < 1e-9 and abs(round(exponent)) <= 9


__all__ = [
    "is_date",
    "new_quantities",
    "numbers_in",
    "quantities",
    "quantity_value",
    "unused_quantities",
]
