"""The sealed held-out battery of December 2026: thirty tasks nobody tunes against.

Written in one go, before the changes it judges, and never edited after its
hash was recorded (docs/local-model.md, "The sealed set"). Nobody reads it to
decide a change; a change is judged by its figures alone. The older halves
(:mod:`local_tasks`, :mod:`local_tasks_percent`, :mod:`local_tasks_mixed`,
:mod:`local_tasks_zh`) are tuning sets from then on.

Two batteries, as the benchmark runs them:

* :data:`CALCULATOR` (``sealed-2026-12-calculator``): questions for ReActAgent
  with the calculator: word problems, two of them in Chinese, and one that
  needs no tool at all.
* :data:`TYPED` (``sealed-2026-12-typed``): questions for FunctionCallAgent with
  :data:`TYPED_TOOLS`: the typed tools of :mod:`local_tasks` and three more
  defined here (:func:`convert_currency`, :func:`shipping_cost`,
  :func:`order_status`), two of them in Chinese and two that need no tool.

Every answer is checked with :func:`local_tasks.answer_matches`: the value, in
any wording. Expected answers are written out here and computed again by
:data:`SOLUTIONS` (the tests compare the two), so a change to a shared tool
shows up as a failing test instead of silently moving an answer. Standard
library only, like :mod:`local_tasks`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from local_tasks import TYPED_TOOLS as SHARED_TOOLS
from local_tasks import (
    AnswerKind,
    Task,
    add_days,
    convert_units,
    count_letter,
    days_between,
    fruit_price,
    weekday,
)

# ---- three more typed tools ----------------------------------------------------------------------

UNITS_PER_USD: dict[str, float] = {"USD": 1.0, "EUR": 0.9, "GBP": 0.8, "JPY": 150.0, "CNY": 7.2}
"""The fixed reference rates of the benchmark's price list (not market rates)."""

_CURRENCY_NAMES = {
    "dollar": "USD", "dollars": "USD", "us dollar": "USD", "us dollars": "USD", "$": "USD",
    "euro": "EUR", "euros": "EUR", "€": "EUR", "pound": "GBP", "pounds": "GBP",
    "british pound": "GBP", "british pounds": "GBP", "£": "GBP", "yen": "JPY",
    "japanese yen": "JPY", "yuan": "CNY", "renminbi": "CNY", "rmb": "CNY",
}  # fmt: skip

SHIPPING_RATES: dict[str, tuple[float, float]] = {
    "domestic": (4.5, 1.5),
    "europe": (11.0, 3.25),
    "world": (18.0, 6.4),
}
"""Per zone: a base fee and a fee per kilogram, in US dollars."""

ORDERS: dict[str, dict[str, str]] = {
    "58213": {"status": "shipped", "items": "3", "shipped": "2026-12-01",
              "delivery": "2026-12-04"},
    "60417": {"status": "packing", "items": "1", "shipped": "not yet",
              "delivery": "2026-12-22"},
    "61150": {"status": "delivered", "items": "2", "shipped": "2026-11-24",
              "delivery": "2026-11-27"},
}  # fmt: skip


def _currency(name: str) -> str:
    key = name.strip()
    return _CURRENCY_NAMES.get(key.lower(), key.upper())


def convert_currency(amount: float, from_currency: str, to_currency: str) -> float:
    """Convert money between currencies at the shop's fixed reference rates.

    Args:
        amount: The amount of money to convert.
        from_currency: The currency of the amount, as a code: USD, EUR, GBP, JPY or CNY.
        to_currency: The currency wanted, as a code from the same list.
    """
    source, target = _currency(from_currency), _currency(to_currency)
    for code, given in ((source, from_currency), (target, to_currency)):
        if code not in UNITS_PER_USD:
            raise ValueError(f"unknown currency {given!r}; use one of " + ", ".join(UNITS_PER_USD))
    return round(amount / UNITS_PER_USD[source] * UNITS_PER_USD[target], 2)


def shipping_cost(weight_kg: float, zone: Literal["domestic", "europe", "world"]) -> float:
    """The cost in US dollars of shipping one parcel: a base fee plus a fee per kilogram.

    Args:
        weight_kg: The parcel's weight in kilograms (more than 0, at most 30).
        zone: Where it goes: domestic (within the country), europe, or world (anywhere else).
    """
    if zone not in SHIPPING_RATES:
        raise ValueError(f"unknown zone {zone!r}; use one of " + ", ".join(SHIPPING_RATES))
    if not 0 < weight_kg <= 30:
        raise ValueError("weight_kg must be more than 0 and at most 30")
    base, per_kg = SHIPPING_RATES[zone]
    return round(base + per_kg * weight_kg, 2)


def order_status(order_id: str) -> str:
    """Look up an order of the web shop: status, number of items, shipping and delivery dates.

    Args:
        order_id: The order number, e.g. 12345.
    """
    record = ORDERS.get(order_id.strip().lstrip("#").strip())
    if record is None:
        return f"No order {order_id!r}."
    return ", ".join(f"{field}: {value}" for field, value in record.items())


TYPED_TOOLS: tuple[Callable[..., Any], ...] = (
    *SHARED_TOOLS,
    convert_currency,
    shipping_cost,
    order_status,
)
"""The tools FunctionCallAgent is offered on every task of :data:`TYPED`."""

# ---- the tasks ----------------------------------------------------------------------------------


def _delivery(order_id: str) -> str:
    return ORDERS[order_id]["delivery"]


def _round(value: float) -> str:
    return f"{round(value, 6):g}"


_Spec = tuple[str, str, str, str, AnswerKind, tuple[str, ...], Callable[[], str]]
"""Task id, kind, question, expected answer, answer kind, the tools a correct run uses, and
how the answer is computed."""

_CALCULATOR_SPECS: list[_Spec] = [
    ("paint-coat", "calculator", "A wall is 4.2 m high and 7.5 m long. One litre of paint "
     "covers 9 square metres. How many litres of paint does one coat need?", "3.5", "number",
     ("python_calculator",), lambda: _round(4.2 * 7.5 / 9)),
    ("taxi-share", "calculator", "Four friends split a taxi fare of 63.60 dollars plus a 12 "
     "dollar tip equally. How many dollars does each of them pay?", "18.9", "number",
     ("python_calculator",), lambda: _round((63.60 + 12) / 4)),
    ("salary-raise", "calculator", "Maria earns 3,250 dollars a month and gets a 4% raise. "
     "What is her new monthly salary in dollars?", "3380", "number",
     ("python_calculator",), lambda: _round(3250 * 1.04)),
    ("laptop-tax", "calculator", "A laptop costs 899 dollars before tax, and the sales tax is "
     "8%. What is the total price in dollars, tax included?", "970.92", "number",
     ("python_calculator",), lambda: _round(899 * 1.08)),
    ("test-average", "calculator", "Tom scored 78, 85, 92 and 69 on four tests. What is his "
     "average score?", "81", "number",
     ("python_calculator",), lambda: _round((78 + 85 + 92 + 69) / 4)),
    ("hotel-rooms", "calculator", "A hotel must house 158 guests, at most 4 guests to a room. "
     "What is the smallest number of rooms they need?", "40", "number",
     ("python_calculator",), lambda: str(-(-158 // 4))),
    ("compound-interest", "calculator", "You put 2,000 dollars into a savings account that pays "
     "5% interest a year, compounded yearly. How many dollars are in the account after 3 "
     "years?", "2315.25", "number",
     ("python_calculator",), lambda: _round(2000 * 1.05**3)),
    ("ticket-change", "calculator", "A family buys 2 adult tickets at 14.50 dollars each and 3 "
     "child tickets at 8.75 dollars each, and pays with a 100 dollar bill. How much change "
     "do they get, in dollars?", "44.75", "number",
     ("python_calculator",), lambda: _round(100 - 2 * 14.50 - 3 * 8.75)),
    ("recipe-flour", "calculator", "A recipe for 6 people needs 450 grams of flour. How many "
     "grams of flour are needed for 10 people?", "750", "number",
     ("python_calculator",), lambda: _round(450 / 6 * 10)),
    ("zh-apple-crates", "calculator", "每箱苹果重18.5千克，一共有24箱，总共重多少千克？",
     "444", "number", ("python_calculator",), lambda: _round(18.5 * 24)),
    ("zh-double-discount", "calculator", "一件商品原价240元，先打九折，再减20元，最后要付多少元？",
     "196", "number", ("python_calculator",), lambda: _round(240 * 0.9 - 20)),
    ("leap-year-days", "no tool", "How many days are there in a leap year?", "366", "number",
     (), lambda: "366"),
]  # fmt: skip

_TYPED_SPECS: list[_Spec] = [
    ("route-meters", "typed", "My running route is 2.5 miles long. How long is it in meters?",
     "4023.36", "number", ("convert_units",), lambda: _round(convert_units(2.5, "mile", "m"))),
    ("oven-fahrenheit", "typed", "My oven is set to 180 degrees Celsius. What is that in "
     "Fahrenheit?", "356", "number", ("convert_units",),
     lambda: _round(convert_units(180, "c", "f"))),
    ("shelf-inches", "typed", "A shelf is 1.27 meters wide. How many inches is that?", "50",
     "number", ("convert_units",), lambda: _round(convert_units(1.27, "m", "inch"))),
    ("euros-to-dollars", "typed", "How many US dollars do I get for 180 euros?", "200",
     "number", ("convert_currency",), lambda: _round(convert_currency(180, "EUR", "USD"))),
    ("dollars-to-yen", "typed", "I am travelling to Japan. How many yen are 350 US dollars?",
     "52500", "number", ("convert_currency",),
     lambda: _round(convert_currency(350, "USD", "JPY"))),
    ("parcel-europe", "typed", "What does it cost to ship a 3 kg parcel to Europe, in "
     "dollars?", "20.75", "number", ("shipping_cost",),
     lambda: _round(shipping_cost(3, "europe"))),
    ("two-parcels", "typed", "I am sending two parcels: one of 2 kg within the country and one "
     "of 5 kg to Australia. What is the total shipping cost in dollars?", "57.5", "number",
     ("shipping_cost",),
     lambda: _round(shipping_cost(2, "domestic") + shipping_cost(5, "world"))),
    ("order-delivery", "typed", "When will my order 58213 be delivered?", "2026-12-04", "date",
     ("order_status",), lambda: _delivery("58213")),
    ("order-weekday", "typed", "On which day of the week is order 60417 due to arrive?",
     "Tuesday", "word", ("order_status", "weekday"), lambda: weekday(_delivery("60417"))),
    ("christmas-weekday", "typed", "What day of the week is Christmas Day 2026?", "Friday",
     "word", ("weekday",), lambda: weekday("2026-12-25")),
    ("days-to-new-year", "typed", "How many days are there from 2026-12-10 to New Year's Day "
     "2027?", "22", "number", ("days_between",),
     lambda: str(days_between("2026-12-10", "2027-01-01"))),
    ("library-due", "typed", "I borrowed a library book on 2026-11-03 and must return it 90 "
     "days later. What is the due date?", "2027-02-01", "date", ("add_days",),
     lambda: add_days("2026-11-03", 90)),
    ("letter-e", "typed", "How many times does the letter e appear in the word "
     "'independence'?", "4", "number", ("count_letter",),
     lambda: str(count_letter("independence", "e"))),
    ("fruit-basket", "typed", "At the fruit stand I buy 4 apples and 6 bananas. How many cents "
     "do I pay in total?", "330", "number", ("fruit_price", "multiply"),
     lambda: str(4 * fruit_price("apple") + 6 * fruit_price("banana"))),
    ("zh-yuan-to-dollars", "typed", "360元人民币能换多少美元？", "50", "number",
     ("convert_currency",), lambda: _round(convert_currency(360, "CNY", "USD"))),
    ("zh-parcel-europe", "typed", "一个2千克的包裹寄到欧洲，运费是多少美元？", "17.5", "number",
     ("shipping_cost",), lambda: _round(shipping_cost(2, "europe"))),
    ("closest-planet", "no tool", "Which planet is closest to the Sun?", "Mercury", "word",
     (), lambda: "Mercury"),
    ("largest-ocean", "no tool", "What is the largest ocean on Earth?", "Pacific", "word",
     (), lambda: "Pacific"),
]  # fmt: skip


def _tasks(specs: list[_Spec]) -> tuple[Task, ...]:
    return tuple(
        Task(task_id, question, expected, kind, tools)
        for task_id, _, question, expected, kind, tools, _ in specs
    )


CALCULATOR: tuple[Task, ...] = _tasks(_CALCULATOR_SPECS)
"""Twelve questions for ReActAgent with the calculator."""

TYPED: tuple[Task, ...] = _tasks(_TYPED_SPECS)
"""Eighteen questions for FunctionCallAgent with :data:`TYPED_TOOLS`."""

KINDS: dict[str, str] = {spec[0]: spec[1] for spec in [*_CALCULATOR_SPECS, *_TYPED_SPECS]}
"""Each task's kind: calculator, typed or no tool."""

SOLUTIONS: dict[str, Callable[[], str]] = {
    spec[0]: spec[6] for spec in [*_CALCULATOR_SPECS, *_TYPED_SPECS]
}
"""How each expected answer is computed (for the tests)."""
