"""A second sealed battery: forty new questions, a calculator part and a typed-tool part.

* :data:`CALCULATOR`: sixteen tasks for ReActAgent whose only tool is the calculator
  (:func:`local_tasks.python_calculator`): fifteen word problems (two of one step, six of
  two steps, four of three steps, three with numbers the computation does not need; three
  of the fifteen in Chinese) and one knowledge question that needs no tool.
* :data:`TYPED`: twenty-four tasks for FunctionCallAgent, offered :data:`TOOLS` (the shared
  typed tools of :mod:`local_tasks` and three of this module's own: a library catalogue by
  call number, a train timetable by train code and a parking fee by zone), in seven kinds:
  five of one call, three sequences (a call's result feeds the next call), four
  comparisons, four of arithmetic on a call's result, three with an argument a model is
  likely to pass wrongly first (the error says what the tool takes), three with numbers
  no call needs, and two that need no tool; three of the twenty-four are in Chinese.

Sealed: this battery is never read to decide a change; a change is judged by its figures
alone. Every expected answer is computed here, by the calculator, the tool functions or
plain arithmetic (:data:`SOLUTIONS`), never typed in; its self-test checks that, and that
no answer appears in its own question. Standard library only, like :mod:`local_tasks`.
"""

from __future__ import annotations

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
    python_calculator,
    weekday,
)

# ---- the battery's own tools ----------------------------------------------------------------

BOOKS: dict[str, tuple[str, str, int, int, int]] = {
    "LIB-0417": ("The Salt Road", "Mira Okafor", 312, 2, 21),
    "LIB-0522": ("Night Orchard", "Jonas Keller", 188, 3, 14),
    "LIB-0639": ("A Field Guide to Moths", "Ruth Almeida", 456, 5, 28),
    "LIB-0701": ("Quiet Engines", "Dev Sharma", 240, 1, 10),
}
"""Call number: title, author, pages, copies available now, loan period in days."""

TRAINS: dict[str, tuple[str, str, str, str, int, int]] = {
    "IC 281": ("Arden", "Belmont", "07:40", "09:15", 6, 2350),
    "RE 57": ("Belmont", "Corwin", "08:05", "08:52", 2, 980),
    "IC 903": ("Corwin", "Arden", "12:30", "14:48", 7, 3120),
    "RB 16": ("Arden", "Dunmore", "17:10", "18:25", 3, 1460),
}
"""Train code: from, to, departure, arrival, platform, adult fare in cents."""

PARKING: dict[str, tuple[str, int, int]] = {
    "A": ("old town", 350, 2400),
    "B": ("harbour", 200, 1500),
    "C": ("park and ride", 90, 600),
}
"""Zone letter: the zone's name, cents per started hour, the cap for one stay in cents."""


def _code(text: str) -> str:
    """A code compared without case, spaces or dashes: ``lib 0417`` and ``LIB-0417`` agree."""
    return "".join(character for character in text.upper() if character.isalnum())


def library_book(call_number: str) -> str:
    """Look up a book of the town library by its call number: title, author, pages, the
    copies available now and the loan period in days.

    Args:
        call_number: The book's call number, e.g. LIB-0417.
    """
    for number, (title, author, pages, copies, loan_days) in BOOKS.items():
        if _code(number) == _code(call_number):
            return (
                f"title: {title}, author: {author}, pages: {pages}, "
                f"copies_available: {copies}, loan_days: {loan_days}"
            )
    known = ", ".join(f"{number} ({entry[0]} by {entry[1]})" for number, entry in BOOKS.items())
    raise ValueError(f"unknown call number {call_number!r}; the library's call numbers: {known}")


def train_timetable(train: str) -> str:
    """Look up a train of the regional timetable by its train code: stations, departure
    and arrival times, platform and the adult fare in cents.

    Args:
        train: The train's code, e.g. IC 281.
    """
    for code, (start, end, departs, arrives, platform, fare) in TRAINS.items():
        if _code(code) == _code(train):
            return (
                f"from: {start}, to: {end}, departs: {departs}, arrives: {arrives}, "
                f"platform: {platform}, fare_cents: {fare}"
            )
    known = ", ".join(f"{code} ({entry[0]} to {entry[1]})" for code, entry in TRAINS.items())
    raise ValueError(f"unknown train {train!r}; use a train code: {known}")


def parking_fee(zone: str, hours: float) -> int:
    """The fee in cents for parking a car once in one of the city's parking zones. Every
    started hour is charged, up to the zone's cap for one stay.

    Args:
        zone: The zone's letter: A, B or C.
        hours: How long the car stays, in hours, e.g. 2.5 (more than 0, at most 24).
    """
    letter = zone.strip().upper().removeprefix("ZONE").strip()
    if letter not in PARKING:
        known = ", ".join(f"{key} ({entry[0]})" for key, entry in PARKING.items())
        raise ValueError(f"unknown zone {zone!r}; use the zone's letter: {known}")
    try:
        stay = float(hours)
    except (TypeError, ValueError):
        raise ValueError(f"hours must be a number of hours, e.g. 2.5, not {hours!r}") from None
    if not 0 < stay <= 24:
        raise ValueError(f"hours must be more than 0 and at most 24, not {hours!r}")
    _, per_hour, cap = PARKING[letter]
    return min(math.ceil(stay) * per_hour, cap)


OWN_TOOLS: tuple[Callable[..., Any], ...] = (library_book, train_timetable, parking_fee)
TOOLS: tuple[Callable[..., Any], ...] = (*TYPED_TOOLS, *OWN_TOOLS)
"""Every tool offered on every task of the typed part."""

# ---- how answers are computed -------------------------------------------------------------


def _number(value: float) -> str:
    return f"{value:.10g}"


def _calculate(expression: str) -> str:
    """The calculator's own result for an expression, written as an answer."""
    return _number(float(python_calculator(expression)))


def _field(text: str, field: str) -> str:
    """One field of a ``field: value, ...`` tool text."""
    entries = dict(part.split(": ", 1) for part in text.split(", "))
    return entries[field]


def _book(call_number: str, field: str) -> str:
    return _field(library_book(call_number), field)


def _train(code: str, field: str) -> str:
    return _field(train_timetable(code), field)


def _due(call_number: str, borrowed: str) -> str:
    return add_days(borrowed, int(_book(call_number, "loan_days")))


# ---- the calculator part --------------------------------------------------------------------

# (task id, kind, question, the solution)
_CALCULATOR_SPECS: list[tuple[str, str, str, Callable[[], str]]] = [
    ("s2-bus-pass", "one step", "A monthly bus pass costs 62 dollars. How many dollars does a "
     "commuter spend on bus passes over 12 months?", lambda: _calculate("62 * 12")),
    ("s2-tiles", "two steps", "A kitchen floor is 4.2 m long and 3.5 m wide. Floor tiles cost "
     "28 dollars per square meter. How many dollars do the tiles for the whole floor cost?",
     lambda: _calculate("4.2 * 3.5 * 28")),
    ("s2-tip", "two steps", "Marco's dinner bill is 64 dollars and he adds an 18 percent tip. "
     "How many dollars does he pay in total?", lambda: _calculate("64 * (1 + 18 / 100)")),
    ("s2-quiz-average", "two steps", "Jun scored 78, 85, 91 and 66 points on four quizzes. "
     "What is his average score?", lambda: _calculate("(78 + 85 + 91 + 66) / 4")),
    ("s2-honey", "two steps", "A 750 g jar of honey costs 9 dollars. What does 100 g of this "
     "honey cost, in dollars?", lambda: _calculate("9 / 750 * 100")),
    ("s2-cycling", "two steps", "Lea cycles 27 km at an average speed of 18 km per hour. How "
     "many minutes does the ride take?", lambda: _calculate("27 / 18 * 60")),
    ("s2-fuel", "three steps", "A car uses 6.5 litres of fuel per 100 km, and fuel costs 1.8 "
     "euros per litre. How many euros does the fuel for a 420 km trip cost?",
     lambda: _calculate("420 / 100 * 6.5 * 1.8")),
    ("s2-shelves", "context", "Room 214 of Maple School, built in 1987, has 6 shelves with 42 "
     "books on each shelf. How many books are on the shelves?", lambda: _calculate("6 * 42")),
    ("s2-pizza", "three steps", "Five friends order 3 pizzas at 14 dollars each and pay a "
     "6-dollar delivery fee. They split the bill equally. How many dollars does each friend "
     "pay?", lambda: _calculate("(3 * 14 + 6) / 5")),
    ("s2-race-water", "context", "At 7:15 on a Sunday morning, 2,400 runners start the city "
     "race, held for the 37th time this year. Each runner is given 2 bottles of water. How "
     "many bottles are handed out?", lambda: _calculate("2400 * 2")),
    ("s2-work-week", "three steps", "Sam works from 8:45 to 17:15 with a 30-minute lunch break, "
     "five days a week. How many hours does he work in a week?",
     lambda: _calculate("((17 + 15 / 60) - (8 + 45 / 60) - 30 / 60) * 5")),
    ("s2-blender", "two steps", "A blender is priced at 120 dollars. It is marked down by 25 "
     "percent, and a coupon then takes another 10 dollars off the sale price. How many "
     "dollars does the blender cost?", lambda: _calculate("120 * (1 - 25 / 100) - 10")),
    ("s2-zh-rice", "one step", "一袋大米重25千克，售价95元。这种大米每千克多少元？",
     lambda: _calculate("95 / 25")),
    ("s2-zh-drive", "three steps", "小李开车去外婆家，全程180千米。前2小时每小时行驶60千米，"
     "剩下的路程用了1.5小时。剩下这段路的平均速度是每小时多少千米？",
     lambda: _calculate("(180 - 2 * 60) / 1.5")),
    ("s2-zh-notebooks", "context", "三年级二班有38名学生，2023年秋季开学时每人领了4本练习本，"
     "每本练习本2.5元。这些练习本一共花了多少元？", lambda: _calculate("38 * 4 * 2.5")),
    ("s2-spider-legs", "no tool", "How many legs does a spider have?", lambda: str(2 * 4)),
]  # fmt: skip

CALCULATOR: tuple[Task, ...] = tuple(
    Task(task_id, question, solve(), "number", () if kind == "no tool" else ("python_calculator",))
    for task_id, kind, question, solve in _CALCULATOR_SPECS
)
"""The sixteen calculator tasks, expected answers computed by the calculator."""

# ---- the typed part -------------------------------------------------------------------------

# (task id, kind, question, answer kind, the tools a correct run uses, the solution)
_TYPED_SPECS: list[tuple[str, str, str, AnswerKind, tuple[str, ...], Callable[[], str]]] = [
    # one call
    ("s2-moth-pages", "one call", "How many pages does the library book with call number "
     "LIB-0639 have?", "number", ("library_book",), lambda: _book("LIB-0639", "pages")),
    ("s2-re57-platform", "one call", "From which platform does train RE 57 leave?", "number",
     ("train_timetable",), lambda: _train("RE 57", "platform")),
    ("s2-weekday-2027", "one call", "On which day of the week is 2027-11-25?", "word",
     ("weekday",), lambda: weekday("2027-11-25")),
    ("s2-ship-feet", "one call", "A ship is 250 feet long. How long is it in meters?",
     "number", ("convert_units",), lambda: _number(convert_units(250, "ft", "m"))),
    ("s2-letter-e", "one call", "How many times does the letter e occur in the word "
     "'independence'?", "number", ("count_letter",),
     lambda: str(count_letter("independence", "e"))),
    # sequence
    ("s2-loan-due", "sequence", "I borrow the library book LIB-0417 on 2026-03-09 and keep it "
     "for its full loan period. On what date is it due back?", "date",
     ("library_book", "add_days"), lambda: _due("LIB-0417", "2026-03-09")),
    ("s2-due-weekday", "sequence", "I borrow the library book LIB-0701 on 2026-06-26 and keep "
     "it for its full loan period. On which day of the week is it due back?", "word",
     ("library_book", "add_days", "weekday"), lambda: weekday(_due("LIB-0701", "2026-06-26"))),
    ("s2-days-to-date", "sequence", "How many days are there from 2026-02-02 to the date that "
     "is 75 days after 2026-04-11?", "number", ("add_days", "days_between"),
     lambda: str(days_between("2026-02-02", add_days("2026-04-11", 75)))),
    # comparison
    ("s2-more-pages", "comparison", "Which library book has more pages, LIB-0522 or LIB-0701? "
     "Give the larger page count.", "number", ("library_book", "library_book"),
     lambda: str(max(int(_book("LIB-0522", "pages")), int(_book("LIB-0701", "pages"))))),
    ("s2-zone-a-or-c", "comparison", "For 5 hours of parking, which is cheaper, zone A or "
     "zone C, and by how many cents?", "number", ("parking_fee", "parking_fee"),
     lambda: str(abs(parking_fee("A", 5) - parking_fee("C", 5)))),
    ("s2-heavier", "comparison", "Which is heavier, 3 pounds or 1.5 kilograms? Give the "
     "heavier one in grams.", "number", ("convert_units", "convert_units"),
     lambda: _number(max(convert_units(3, "lb", "g"), convert_units(1.5, "kg", "g")))),
    ("s2-zh-dearer", "comparison", "在水果摊，买4个芒果和买9个猕猴桃，哪一份更贵？"
     "更贵的那一份一共多少美分？", "number", ("fruit_price", "fruit_price"),
     lambda: str(max(4 * fruit_price("mango"), 9 * fruit_price("kiwi")))),
    # arithmetic after a call
    ("s2-family-fare", "arithmetic", "Two adults and three children take train RB 16. A child "
     "pays half the adult fare shown in the timetable. How many cents do the five tickets "
     "cost together?", "number", ("train_timetable",),
     lambda: _number(2 * int(_train("RB 16", "fare_cents"))
                     + 3 * int(_train("RB 16", "fare_cents")) / 2)),
    ("s2-parking-week", "arithmetic", "I park in zone B for 3 hours on each weekday, Monday to "
     "Friday. How many cents do I pay for parking in that week?", "number", ("parking_fee",),
     lambda: str(5 * parking_fee("B", 3))),
    ("s2-copies-short", "arithmetic", "A teacher wants one copy of the library book LIB-0639 "
     "for each of her 12 students. Counting only the copies available now, how many copies "
     "is the library short?", "number", ("library_book",),
     lambda: str(12 - int(_book("LIB-0639", "copies_available")))),
    ("s2-fruit-change", "arithmetic", "At the fruit stand I buy 6 pears and 4 apples and pay "
     "with a 10-dollar note. How many cents of change do I get?", "number",
     ("fruit_price", "fruit_price"),
     lambda: str(10 * 100 - 6 * fruit_price("pear") - 4 * fruit_price("apple"))),
    # a bad first argument
    ("s2-orchard-copies", "bad argument", "How many copies of the book 'Night Orchard' does "
     "the library have available now?", "number", ("library_book",),
     lambda: _book(next(n for n, entry in BOOKS.items() if entry[0] == "Night Orchard"),
                   "copies_available")),
    ("s2-harbour-parking", "bad argument", "How many cents does it cost to park for 4 hours "
     "in the harbour zone?", "number", ("parking_fee",),
     lambda: str(parking_fee(next(k for k, entry in PARKING.items() if entry[0] == "harbour"),
                             4))),
    ("s2-zh-train-fare", "bad argument", "从Corwin开往Arden的火车，成人票价是多少美分？",
     "number", ("train_timetable",),
     lambda: _train(next(code for code, entry in TRAINS.items()
                         if entry[:2] == ("Corwin", "Arden")), "fare_cents")),
    # numbers that are only context
    ("s2-context-office", "context", "My badge number is 5521 and I arrived at 8:50 today. In "
     "which office does Lena Fischer sit?", "word", ("lookup_employee",),
     lambda: _field(lookup_employee("Lena Fischer"), "office")),
    ("s2-context-parking", "context", "My car is 11 years old and I have 2 children in the back "
     "seat. How many cents does parking for 2.5 hours in zone A cost?", "number",
     ("parking_fee",), lambda: str(parking_fee("A", 2.5))),
    ("s2-zh-context-days", "context", "我家有5口人，住在12楼。"
     "从2026-07-01到2026-08-19一共有多少天？", "number", ("days_between",),
     lambda: str(days_between("2026-07-01", "2026-08-19"))),
    # no tool
    ("s2-leap-year", "no tool", "How many days does a leap year have?", "number", (),
     lambda: str(365 + 1)),
    ("s2-largest-planet", "no tool", "What is the largest planet in our solar system?", "word",
     (), lambda: "Jupiter"),
]  # fmt: skip

TYPED: tuple[Task, ...] = tuple(
    Task(task_id, question, solve(), kind, tools)
    for task_id, _, question, kind, tools, solve in _TYPED_SPECS
)
"""The twenty-four typed-tool tasks, expected answers computed from the tools."""

KINDS: dict[str, str] = {
    **{task_id: kind for task_id, kind, *_ in _CALCULATOR_SPECS},
    **{task_id: kind for task_id, kind, *_ in _TYPED_SPECS},
}
"""Each task's kind, both parts."""

SOLUTIONS: dict[str, Callable[[], str]] = {
    **{spec[0]: spec[3] for spec in _CALCULATOR_SPECS},
    **{spec[0]: spec[5] for spec in _TYPED_SPECS},
}
"""How each expected answer is computed, both parts (for the tests)."""
