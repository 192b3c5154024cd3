"""A second tuning battery of typed-tool questions for FunctionCallAgent, broad in kind.

Twenty-six questions over the typed tools of :mod:`local_tasks` and four tools of this
module's own (an order book, a shipping price list that refuses an unknown zone, a leap-year
test and a room booking that answers with a receipt), in ten kinds:

* one call: one tool, its result is the answer;
* sequence: a second call needs the first one's result;
* parallel: two independent calls, both results needed;
* arithmetic: a call, then a sum or a difference on its result;
* lookup: a name, a code or a date read out of a tool's text;
* no tool: a knowledge question no tool is about;
* bad argument: the obvious first call fails, the error says what the tool takes;
* context: numbers in the question that no call needs;
* yes/no: the result is a boolean or a count compared with something;
* receipt: an action whose tool answers with a confirmation code.

A tuning set: read its runs and adjust against it. Every expected answer is computed here
by calling the tool functions (:data:`SOLUTIONS`), never typed in; ``tests/benchmarks``
checks that and that no answer appears in its own question. Standard library only, like
:mod:`local_tasks`.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable
from typing import Any

from local_tasks import (
    TYPED_TOOLS,
    AnswerKind,
    Task,
    add_days,
    convert_units,
    count_letter,
    days_between,
    fruit_price,
    lookup_employee,
    weekday,
)

# ---- the battery's own tools ----------------------------------------------------------------

ORDERS: dict[str, dict[str, str]] = {
    "A-1001": {
        "status": "delivered",
        "placed": "2025-10-28",
        "shipped": "2025-11-03",
        "carrier": "DHL",
        "parcels": "2",
    },
    "A-1002": {
        "status": "delayed",
        "placed": "2025-11-10",
        "shipped": "2025-11-14",
        "carrier": "GLS",
        "parcels": "1",
    },
    "A-1003": {
        "status": "processing",
        "placed": "2025-11-20",
        "shipped": "not yet",
        "carrier": "none",
        "parcels": "3",
    },
    "B-2040": {
        "status": "shipped",
        "placed": "2025-09-02",
        "shipped": "2025-09-05",
        "carrier": "UPS",
        "parcels": "4",
    },
}
ZONES_CENTS: dict[str, tuple[int, int]] = {
    "domestic": (490, 120),
    "eu": (990, 250),
    "world": (1890, 480),
}
ROOMS = ("1A", "2B", "3C")


def order_status(order_id: str) -> str:
    """Look up an order in the order book: status, dates, carrier and number of parcels.

    Args:
        order_id: The order's id, e.g. A-1001.
    """
    record = ORDERS.get(order_id.strip().upper())
    if record is None:
        raise ValueError(f"unknown order id {order_id!r}; order ids look like A-1001")
    return ", ".join(f"{field}: {value}" for field, value in record.items())


def shipping_cost(weight_kg: float, zone: str) -> int:
    """The price of shipping one parcel, in cents.

    Args:
        weight_kg: The parcel's weight in kilograms.
        zone: Where it goes: domestic, eu or world.
    """
    rates = ZONES_CENTS.get(zone.strip().lower())
    if rates is None:
        raise ValueError(f"unknown zone {zone!r}; zones: " + ", ".join(ZONES_CENTS))
    base, per_kg = rates
    return base + per_kg * math.ceil(weight_kg)


def is_leap_year(year: int) -> bool:
    """Whether a year of the Gregorian calendar is a leap year.

    Args:
        year: The year, e.g. 2024.
    """
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def book_room(room: str, date: str) -> str:
    """Book a meeting room for a whole day; returns the booking's confirmation code.

    Args:
        room: The room: 1A, 2B or 3C.
        date: The day, YYYY-MM-DD.
    """
    name = room.strip().upper()
    if name not in ROOMS:
        raise ValueError(f"unknown room {room!r}; rooms: " + ", ".join(ROOMS))
    day = datetime.date.fromisoformat(date.strip())
    code = sum(ord(c) for c in name + day.isoformat()) * 37 % 9000 + 1000
    return f"booked room {name} on {day.isoformat()}, confirmation BK-{code}"


OWN_TOOLS: tuple[Callable[..., Any], ...] = (order_status, shipping_cost, is_leap_year, book_room)
TOOLS: tuple[Callable[..., Any], ...] = (*TYPED_TOOLS, *OWN_TOOLS)
"""Every tool offered on every task of this battery."""


def _field(text: str, field: str) -> str:
    """One field of a ``field: value, ...`` tool text."""
    entries = dict(part.split(": ", 1) for part in text.split(", "))
    return entries[field]


def _number(value: float) -> str:
    return f"{value:g}"


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


# (task id, kind, question, answer kind, the tools a correct run uses, the solution)
_SPECS: list[tuple[str, str, str, AnswerKind, tuple[str, ...], Callable[[], str]]] = [
    # one call
    ("t2-order-status", "one call", "What is the status of order A-1002?", "word",
     ("order_status",), lambda: _field(order_status("A-1002"), "status")),
    ("t2-lb-to-oz", "one call", "How many ounces are 5 pounds?", "number",
     ("convert_units",), lambda: _number(convert_units(5, "lb", "oz"))),
    ("t2-letters", "one call", "How many times does the letter e occur in 'excellence'?",
     "number", ("count_letter",), lambda: str(count_letter("excellence", "e"))),
    # sequence
    ("t2-ship-weekday", "sequence", "On which day of the week was order A-1001 shipped?",
     "word", ("order_status", "weekday"),
     lambda: weekday(_field(order_status("A-1001"), "shipped"))),
    ("t2-placed-plus", "sequence", "Order B-2040 may be returned until 60 days after it was "
     "placed. What is the last date it may be returned?", "date", ("order_status", "add_days"),
     lambda: add_days(_field(order_status("B-2040"), "placed"), 60)),
    ("t2-ship-wait", "sequence", "How many days passed between the day order A-1002 was "
     "placed and the day it was shipped?", "number", ("order_status", "days_between"),
     lambda: str(days_between(_field(order_status("A-1002"), "placed"),
                              _field(order_status("A-1002"), "shipped")))),
    # parallel
    ("t2-higher-ext", "parallel", "Who has the higher phone extension, Tomas Berg or Priya "
     "Natarajan? Give that extension.", "number", ("lookup_employee", "lookup_employee"),
     lambda: str(max(int(_field(lookup_employee(n), "extension"))
                     for n in ("Tomas Berg", "Priya Natarajan")))),
    ("t2-two-zones", "parallel", "What does it cost in total, in cents, to ship one 2 kg "
     "parcel to the eu zone and another 2 kg parcel to the world zone?", "number",
     ("shipping_cost", "shipping_cost"),
     lambda: str(shipping_cost(2, "eu") + shipping_cost(2, "world"))),
    ("t2-fruit-basket", "parallel", "At the fruit stand, what do 6 pears and 4 kiwis cost "
     "together, in cents?", "number", ("fruit_price", "fruit_price", "multiply"),
     lambda: str(6 * fruit_price("pear") + 4 * fruit_price("kiwi"))),
    # arithmetic after a call
    ("t2-change", "arithmetic", "I buy one mango at the fruit stand and pay with a 200-cent "
     "coin. How many cents of change do I get?", "number", ("fruit_price",),
     lambda: str(200 - fruit_price("mango"))),
    ("t2-workdays", "arithmetic", "How many days are there from 2025-02-01 to 2025-05-01, "
     "less the 10 days of holiday I take in between?", "number", ("days_between",),
     lambda: str(days_between("2025-02-01", "2025-05-01") - 10)),
    ("t2-parcels-total", "arithmetic", "How many parcels do orders A-1001 and B-2040 have "
     "together?", "number", ("order_status", "order_status"),
     lambda: str(int(_field(order_status("A-1001"), "parcels"))
                 + int(_field(order_status("B-2040"), "parcels")))),
    # lookups of names, codes and dates
    ("t2-carrier", "lookup", "Which carrier ships order B-2040?", "word",
     ("order_status",), lambda: _field(order_status("B-2040"), "carrier")),
    ("t2-office", "lookup", "What is the office code of Lena Fischer?", "word",
     ("lookup_employee",), lambda: _field(lookup_employee("Lena Fischer"), "office")),
    ("t2-placed", "lookup", "On which date was order A-1003 placed?", "date",
     ("order_status",), lambda: _field(order_status("A-1003"), "placed")),
    # no tool
    ("t2-week", "no tool", "How many days does a week have?", "number", (), lambda: "7"),
    ("t2-gold", "no tool", "What is the chemical symbol of gold?", "word", (), lambda: "Au"),
    # a bad first argument
    ("t2-zone-europe", "bad argument", "What does it cost, in cents, to ship a 3 kg parcel "
     "to Europe?", "number", ("shipping_cost",), lambda: str(shipping_cost(3, "eu"))),
    ("t2-order-lower", "bad argument", "What is the status of order a1003?", "word",
     ("order_status",), lambda: _field(order_status("A-1003"), "status")),
    # numbers in the question that are only context
    ("t2-context-ext", "context", "I have 3 kids and 2 dogs. What is Tomas Berg's phone "
     "extension?", "number", ("lookup_employee",),
     lambda: _field(lookup_employee("Tomas Berg"), "extension")),
    ("t2-context-day", "context", "We are 4 people in room 101. On which day of the week is "
     "2025-12-25?", "word", ("weekday",), lambda: weekday("2025-12-25")),
    # yes / no
    ("t2-leap-1900", "yes/no", "Is 1900 a leap year? Answer yes or no.", "word",
     ("is_leap_year",), lambda: _yes_no(is_leap_year(1900))),
    ("t2-double-z", "yes/no", "Does the letter z occur more than once in the word 'puzzle'? "
     "Answer yes or no.", "word", ("count_letter",),
     lambda: _yes_no(count_letter("puzzle", "z") > 1)),
    # a receipt
    ("t2-book", "receipt", "Book room 2B for 2026-01-15 and tell me the confirmation code.",
     "word", ("book_room",), lambda: book_room("2B", "2026-01-15").rsplit(" ", 1)[1]),
    # in Chinese
    ("t2-zh-parcels", "one call", "订单 A-1001 有几个包裹？", "number",
     ("order_status",), lambda: _field(order_status("A-1001"), "parcels")),
    ("t2-zh-leap", "yes/no", "2000 年是闰年吗？请只回答 yes 或 no。", "word",
     ("is_leap_year",), lambda: _yes_no(is_leap_year(2000))),
]  # fmt: skip

TYPED: tuple[Task, ...] = tuple(
    Task(task_id, question, solve(), kind, tools)
    for task_id, _, question, kind, tools, solve in _SPECS
)
"""The twenty-six tasks, expected answers computed from the tools."""

KINDS: dict[str, str] = {task_id: kind for task_id, kind, *_ in _SPECS}
"""Each task's kind."""

SOLUTIONS: dict[str, Callable[[], str]] = {spec[0]: spec[5] for spec in _SPECS}
"""How each expected answer is computed (for the tests)."""
