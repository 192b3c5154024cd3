"""Typed-tool tasks of several kinds for FunctionCallAgent: a held-out battery and a tuning one.

Twenty questions (and twenty others to tune against) over the typed tools of
:mod:`local_tasks`, in four kinds:

* units: one conversion (length, mass, temperature);
* lookups: one fact from the staff directory or the fruit stand;
* two tools: the second call needs the first one's result (a date then its
  weekday, a price then a product, a day count then a product);
* quoting: the answer is a tool's text, which must come back as the tool wrote it.

None of :data:`HELD_OUT` is used to adjust prompts; :data:`TUNING` (same kinds,
other questions) is. With the percentage tasks of :mod:`local_tasks_percent`, the
batteries split into a tuning half (:data:`local_tasks.BATTERIES`,
``local_tasks_percent.TUNING`` and :data:`TUNING`: 50 tasks) and a held-out half
(``local_tasks_percent.HELD_OUT`` and :data:`HELD_OUT`: 30 tasks).

Every expected answer is computed here by calling the same tool functions
(:data:`SOLUTIONS`), never typed in; ``tests/benchmarks`` checks that and that no
answer appears in its own question. Standard library only, like :mod:`local_tasks`.
"""

from __future__ import annotations

from collections.abc import Callable

from local_tasks import (
    AnswerKind,
    Task,
    add_days,
    convert_units,
    days_between,
    fruit_price,
    lookup_employee,
    multiply,
    reverse_text,
    weekday,
)


def _field(name: str, field: str) -> str:
    """One field of a directory entry, read from the tool's own text."""
    entries = dict(part.split(": ", 1) for part in lookup_employee(name).split(", "))
    return entries[field]


def _number(value: float) -> str:
    return f"{value:g}"


# (task id, kind, question, answer kind, the tools a correct run uses, the solution)
_SPECS: list[tuple[str, str, str, AnswerKind, tuple[str, ...], Callable[[], str]]] = [
    # units
    ("kg-to-g", "units", "How many grams are 2.5 kilograms?", "number",
     ("convert_units",), lambda: _number(convert_units(2.5, "kg", "g"))),
    ("miles-to-ft", "units", "How many feet are 3 miles?", "number",
     ("convert_units",), lambda: _number(convert_units(3, "mile", "ft"))),
    ("c-to-f", "units", "Convert 100 degrees Celsius to Fahrenheit.", "number",
     ("convert_units",), lambda: _number(convert_units(100, "c", "f"))),
    ("cm-to-mm", "units", "How many millimeters are 7.5 centimeters?", "number",
     ("convert_units",), lambda: _number(convert_units(7.5, "cm", "mm"))),
    ("lb-to-oz-2", "units", "How many ounces are 2 pounds?", "number",
     ("convert_units",), lambda: _number(convert_units(2, "lb", "oz"))),
    # lookups
    ("department", "lookup", "Which department does Tomas Berg work in?", "word",
     ("lookup_employee",), lambda: _field("Tomas Berg", "department")),
    ("extension-2", "lookup", "What is Lena Fischer's phone extension?", "number",
     ("lookup_employee",), lambda: _field("Lena Fischer", "extension")),
    ("kiwi-price", "lookup", "How many cents does one kiwi cost at the fruit stand?", "number",
     ("fruit_price",), lambda: str(fruit_price("kiwi"))),
    ("pear-price", "lookup", "What does a pear cost at the fruit stand, in cents?", "number",
     ("fruit_price",), lambda: str(fruit_price("pear"))),
    # two tools, the second on the first one's result
    ("weekday-after", "two tools", "On which day of the week is the date 100 days after "
     "2025-03-10?", "word", ("add_days", "weekday"),
     lambda: weekday(add_days("2025-03-10", 100))),
    ("weekday-after-2", "two tools", "What day of the week falls 45 days after 2024-12-20?",
     "word", ("add_days", "weekday"), lambda: weekday(add_days("2024-12-20", 45))),
    ("bananas", "two tools", "At the fruit stand, how many cents do 12 bananas cost?",
     "number", ("fruit_price", "multiply"), lambda: _number(multiply(fruit_price("banana"), 12))),
    ("pears", "two tools", "How many cents do 9 pears cost at the fruit stand?", "number",
     ("fruit_price", "multiply"), lambda: _number(multiply(fruit_price("pear"), 9))),
    ("kiwis", "two tools", "What do 15 kiwis cost at the fruit stand, in cents?", "number",
     ("fruit_price", "multiply"), lambda: _number(multiply(fruit_price("kiwi"), 15))),
    ("hours-between", "two tools", "How many hours are there from 2024-06-01 to 2024-09-15? "
     "Count the days between the dates, then multiply by 24.", "number",
     ("days_between", "multiply"), lambda: _number(multiply(days_between("2024-06-01",
                                                                         "2024-09-15"), 24))),
    # quoting a tool's text
    ("office", "quote", "Look up Priya Natarajan and give her office exactly as the directory "
     "writes it.", "word", ("lookup_employee",), lambda: _field("Priya Natarajan", "office")),
    ("office-2", "quote", "In which office does Lena Fischer sit? Give the office code.",
     "word", ("lookup_employee",), lambda: _field("Lena Fischer", "office")),
    ("reverse-hyphen", "quote", "Reverse the text 'level-up'.", "word",
     ("reverse_text",), lambda: reverse_text("level-up")),
    ("reverse-mixed", "quote", "Reverse the text 'Agents2026' exactly.", "word",
     ("reverse_text",), lambda: reverse_text("Agents2026")),
    ("reverse-word", "quote", "Reverse the word 'drawer'.", "word",
     ("reverse_text",), lambda: reverse_text("drawer")),
]  # fmt: skip

_TUNING_SPECS: list[tuple[str, str, str, AnswerKind, tuple[str, ...], Callable[[], str]]] = [
    # units
    ("m-to-cm", "units", "How many centimeters are 4.2 meters?", "number",
     ("convert_units",), lambda: _number(convert_units(4.2, "m", "cm"))),
    ("c-to-f-2", "units", "Convert 20 degrees Celsius to Fahrenheit.", "number",
     ("convert_units",), lambda: _number(convert_units(20, "c", "f"))),
    ("ft-to-inch", "units", "How many inches are 5 feet?", "number",
     ("convert_units",), lambda: _number(convert_units(5, "ft", "inch"))),
    ("km-to-m", "units", "How many meters are 2.4 kilometers?", "number",
     ("convert_units",), lambda: _number(convert_units(2.4, "km", "m"))),
    ("kg-to-lb", "units", "How many pounds are 10 kilograms? Round to one decimal.", "number",
     ("convert_units",), lambda: f"{convert_units(10, 'kg', 'lb'):.1f}"),
    # lookups
    ("extension-3", "lookup", "What is Tomas Berg's phone extension?", "number",
     ("lookup_employee",), lambda: _field("Tomas Berg", "extension")),
    ("department-2", "lookup", "In which department is Lena Fischer?", "word",
     ("lookup_employee",), lambda: _field("Lena Fischer", "department")),
    ("mango-price", "lookup", "How many cents does one mango cost at the fruit stand?", "number",
     ("fruit_price",), lambda: str(fruit_price("mango"))),
    ("apple-price", "lookup", "What does an apple cost at the fruit stand, in cents?", "number",
     ("fruit_price",), lambda: str(fruit_price("apple"))),
    # two tools, the second on the first one's result
    ("weekday-after-3", "two tools", "What day of the week is 30 days after 2025-07-04?",
     "word", ("add_days", "weekday"), lambda: weekday(add_days("2025-07-04", 30))),
    ("weekday-after-4", "two tools", "On which weekday does the date 250 days after "
     "2024-01-15 fall?", "word", ("add_days", "weekday"),
     lambda: weekday(add_days("2024-01-15", 250))),
    ("mangoes-2", "two tools", "At the fruit stand, what do 3 mangoes cost, in cents?",
     "number", ("fruit_price", "multiply"), lambda: _number(multiply(fruit_price("mango"), 3))),
    ("apples", "two tools", "What do 20 apples cost at the fruit stand, in cents?", "number",
     ("fruit_price", "multiply"), lambda: _number(multiply(fruit_price("apple"), 20))),
    ("bananas-2", "two tools", "At the fruit stand, what do 14 bananas cost in cents?",
     "number", ("fruit_price", "multiply"),
     lambda: _number(multiply(fruit_price("banana"), 14))),
    ("minutes-between", "two tools", "How many minutes are there from 2025-01-01 to "
     "2025-01-31? Count the days between the dates, then multiply by 1440.", "number",
     ("days_between", "multiply"), lambda: _number(multiply(days_between("2025-01-01",
                                                                         "2025-01-31"), 1440))),
    # quoting a tool's text
    ("office-3", "quote", "Look up Tomas Berg and give his office exactly as the directory "
     "writes it.", "word", ("lookup_employee",), lambda: _field("Tomas Berg", "office")),
    ("office-4", "quote", "Which office is Priya Natarajan's? Give the office code.", "word",
     ("lookup_employee",), lambda: _field("Priya Natarajan", "office")),
    ("reverse-hyphen-2", "quote", "Reverse the text 'tool-call'.", "word",
     ("reverse_text",), lambda: reverse_text("tool-call")),
    ("reverse-mixed-2", "quote", "Reverse the text 'Qwen25Coder' exactly.", "word",
     ("reverse_text",), lambda: reverse_text("Qwen25Coder")),
    ("reverse-word-2", "quote", "Reverse the word 'stressed'.", "word",
     ("reverse_text",), lambda: reverse_text("stressed")),
]  # fmt: skip

HELD_OUT: tuple[Task, ...] = tuple(
    Task(task_id, question, solve(), kind, tools)
    for task_id, _, question, kind, tools, solve in _SPECS
)
"""The twenty held-out tasks, expected answers computed from the tools."""

TUNING: tuple[Task, ...] = tuple(
    Task(task_id, question, solve(), kind, tools)
    for task_id, _, question, kind, tools, solve in _TUNING_SPECS
)
"""Twenty tasks of the same kinds to tune against, expected answers computed from the tools."""

KINDS: dict[str, str] = {task_id: kind for task_id, kind, *_ in [*_SPECS, *_TUNING_SPECS]}
"""Each task's kind: units, lookup, two tools or quote."""

SOLUTIONS: dict[str, Callable[[], str]] = {spec[0]: spec[5] for spec in [*_SPECS, *_TUNING_SPECS]}
"""How each expected answer is computed (for the tests)."""
