"""The task battery of ``benchmarks/local_model.py``: tasks, tools and the answer check.

Standard library only: the same module is imported by hello-agents' side of the
benchmark and by the peer frameworks' scripts, which run in their own virtual
environments without hello-agents. So both sides get the very same questions,
the very same tool functions (typed, with Google-style docstrings, which both
``hello_agents.tool`` and ``smolagents.tool`` read) and the very same check.

Two batteries:

* ``calculator``: arithmetic word problems; the only tool is a calculator
  (hello-agents' builtin ``CalculatorTool``; :func:`python_calculator` here for
  the peers: same name, same operators).
* ``typed``: questions that need one of :data:`TYPED_TOOLS` (unit conversion,
  a staff directory, a price list, date arithmetic on fixed dates, string tools).

The answer rule (:func:`answer_matches`): a task has one expected answer, a
number, a word or an ISO date.

* number: every number written in the answer is read (thousands separators
  ``1,776`` and ``1 776`` joined, a leading ``$`` or trailing unit ignored,
  ``1776.0`` equals ``1776``); the answer is right when one of them equals the
  expected value within 1e-6 relative tolerance. So "1776", "1776 cents",
  "1,776" and "The total is $1,776.00" all count, "1770" or "about 1800" do not.
  No expected number appears in its own question (checked by the tests), so an
  answer cannot pass by repeating the question.
* word: the expected word (case-insensitive) appears as a whole word, quotes and
  punctuation around it ignored.
* date: the ISO date, or the same date written as ``June 18, 2025`` / ``18 June 2025``.
"""

from __future__ import annotations

import ast
import datetime
import math
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

AnswerKind = Literal["number", "word", "date"]


@dataclass(frozen=True)
class Task:
    """One question with its exact expected answer.

    Attributes:
        id: A short stable name, used in the results.
        question: What the agent is asked.
        expected: The answer, as text (a number, a word or an ISO date).
        kind: How the answer is compared (see :func:`answer_matches`).
        tools: The tools a correct run is expected to use (informative only).
    """

    id: str
    question: str
    expected: str
    kind: AnswerKind = "number"
    tools: tuple[str, ...] = ()


# ---- the answer check ------------------------------------------------------------------

_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])[-−]?\d{1,3}(?:[, ]\d{3})+(?:\.\d+)?|[-−]?\d+(?:\.\d+)?")
_MONTHS = [
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
]  # fmt: skip


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


def dates_in(text: str) -> list[datetime.date]:
    """Dates written as ISO ``2025-06-18``, ``June 18, 2025``, ``18 June 2025`` or
    ``2025年6月18日``."""
    found: list[datetime.date] = []
    for year, month, day in re.findall(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)", text):
        found.extend(_date(int(year), int(month), int(day)))
    for year, month, day in re.findall(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]", text):
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


def _date(year: int, month: int, day: int) -> list[datetime.date]:
    try:
        return [datetime.date(year, month, day)]
    except ValueError:
        return []


def answer_matches(answer: object, expected: str, kind: AnswerKind = "number") -> bool:
    """Whether ``answer`` gives ``expected`` (the rule is in the module docstring).

    >>> answer_matches("1,776 cents", "1776")
    True
    >>> answer_matches("about 1800", "1776")
    False
    """
    text = "" if answer is None else str(answer)
    if kind == "number":
        target = float(expected)
        tolerance = 1e-6 * max(1.0, abs(target))
        return any(abs(value - target) <= tolerance for value in numbers_in(text))
    if kind == "date":
        return datetime.date.fromisoformat(expected) in dates_in(text)
    words = re.findall(r"[\w-]+", text.lower())
    return expected.lower() in words


# ---- the calculator battery ---------------------------------------------------------------

CALCULATOR_TASKS: tuple[Task, ...] = (
    Task(
        "pencils",
        "A shop sells pencils at 37 cents each. How many cents do 48 pencils cost?",
        "1776",
    ),
    Task(
        "muffins",
        "A bakery bakes 144 muffins a day. How many muffins does it bake in 27 days?",
        "3888",
    ),
    Task(
        "voucher",
        "Tickets cost 18 dollars each. A class of 34 students buys one ticket per student, "
        "paying with a voucher worth 1000 dollars. How many dollars are left on the voucher?",
        "388",
    ),
    Task(
        "egg-boxes",
        "A farmer has 1250 eggs and packs them in boxes of 12. How many boxes can he fill "
        "completely?",
        "104",
    ),
    Task(
        "train",
        "A train travels at 84 km per hour for 3.5 hours. How many km does it travel?",
        "294",
    ),
    Task(
        "garden",
        "A rectangular garden is 23 m long and 17 m wide. What is its area in square meters?",
        "391",
    ),
    Task(
        "savings",
        "Anna saves 45 dollars every week. How many dollars has she saved after 52 weeks?",
        "2340",
    ),
    Task(
        "tank",
        "A water tank holds 2400 liters and is drained at 75 liters per minute. After how many "
        "minutes is it empty?",
        "32",
    ),
    Task(
        "discount",
        "A jacket costs 80 dollars and is sold at a 15 percent discount. What is the sale "
        "price in dollars?",
        "68",
    ),
    Task(
        "school",
        "A school has 17 classes of 28 students each. 39 students are absent today. How many "
        "students are present?",
        "437",
    ),
)

# ---- the typed tools ------------------------------------------------------------------------

_LENGTH_M = {
    "m": 1.0,
    "km": 1000.0,
    "cm": 0.01,
    "mm": 0.001,
    "inch": 0.0254,
    "ft": 0.3048,
    "mile": 1609.344,
}
_MASS_G = {"g": 1.0, "kg": 1000.0, "lb": 453.59237, "oz": 28.349523125}
_UNIT_ALIASES = {
    "meter": "m", "meters": "m", "kilometer": "km", "kilometers": "km", "centimeter": "cm",
    "centimeters": "cm", "millimeter": "mm", "millimeters": "mm", "in": "inch", "inches": "inch",
    "foot": "ft", "feet": "ft", "miles": "mile", "mi": "mile", "gram": "g", "grams": "g",
    "kilogram": "kg", "kilograms": "kg", "pound": "lb", "pounds": "lb", "lbs": "lb",
    "ounce": "oz", "ounces": "oz", "celsius": "c", "°c": "c", "fahrenheit": "f", "°f": "f",
}  # fmt: skip

STAFF: dict[str, dict[str, str]] = {
    "priya natarajan": {"department": "Finance", "office": "B-214", "extension": "4417"},
    "tomas berg": {"department": "Research", "office": "A-102", "extension": "3051"},
    "lena fischer": {"department": "Sales", "office": "C-330", "extension": "5129"},
}
PRICES_CENTS: dict[str, int] = {"apple": 45, "banana": 25, "mango": 120, "pear": 55, "kiwi": 35}


def _unit(name: str) -> str:
    key = name.strip().lower()
    return _UNIT_ALIASES.get(key, key)


def convert_units(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a length, mass or temperature from one unit to another.

    Args:
        value: The amount to convert.
        from_unit: The unit of the value: m, km, cm, mm, inch, ft, mile, g, kg, lb, oz,
            c (Celsius) or f (Fahrenheit).
        to_unit: The unit wanted, from the same list and of the same kind.
    """
    source, target = _unit(from_unit), _unit(to_unit)
    if {source, target} <= {"c", "f"}:
        celsius = value if source == "c" else (value - 32) * 5 / 9
        return round(celsius if target == "c" else celsius * 9 / 5 + 32, 6)
    for table in (_LENGTH_M, _MASS_G):
        if source in table and target in table:
            return round(value * table[source] / table[target], 6)
    raise ValueError(f"cannot convert {from_unit!r} to {to_unit!r}; use units of the same kind")


def lookup_employee(name: str) -> str:
    """Look up a colleague in the staff directory: department, office and phone extension.

    Args:
        name: The person's full name, e.g. Tomas Berg.
    """
    record = STAFF.get(" ".join(name.lower().split()))
    if record is None:
        return f"No employee named {name!r}. Known: " + ", ".join(n.title() for n in STAFF)
    return ", ".join(f"{field}: {value}" for field, value in record.items())


def fruit_price(fruit: str) -> int:
    """The price of one piece of fruit at the fruit stand, in cents.

    Args:
        fruit: The fruit's name in the singular, e.g. apple.
    """
    name = fruit.strip().lower()
    for key in (name, name.removesuffix("es"), name.removesuffix("s")):
        if key in PRICES_CENTS:
            return PRICES_CENTS[key]
    raise ValueError(f"no price for {fruit!r}; the stand sells " + ", ".join(PRICES_CENTS))


def multiply(a: float, b: float) -> float:
    """Multiply two numbers.

    Args:
        a: The first number.
        b: The second number.
    """
    return a * b


def days_between(start: str, end: str) -> int:
    """The number of days from one date to another (negative if end is earlier).

    Args:
        start: The first date, YYYY-MM-DD.
        end: The second date, YYYY-MM-DD.
    """
    return (datetime.date.fromisoformat(end) - datetime.date.fromisoformat(start)).days


def add_days(date: str, days: int) -> str:
    """The date a number of days after (or before, if negative) a given date.

    Args:
        date: The starting date, YYYY-MM-DD.
        days: How many days to add.
    """
    return (datetime.date.fromisoformat(date) + datetime.timedelta(days=days)).isoformat()


def weekday(date: str) -> str:
    """The day of the week of a date, e.g. Monday.

    Args:
        date: The date, YYYY-MM-DD.
    """
    return datetime.date.fromisoformat(date).strftime("%A")


def count_letter(text: str, letter: str) -> int:
    """Count how many times a letter occurs in a text (case-insensitive).

    Args:
        text: The text to search.
        letter: The single letter to count.
    """
    return text.lower().count(letter.lower())


def reverse_text(text: str) -> str:
    """Reverse a text, character by character.

    Args:
        text: The text to reverse.
    """
    return text[::-1]


TYPED_TOOLS: tuple[Callable[..., Any], ...] = (
    convert_units,
    lookup_employee,
    fruit_price,
    multiply,
    days_between,
    add_days,
    weekday,
    count_letter,
    reverse_text,
)

TYPED_TASKS: tuple[Task, ...] = (
    Task("f-to-c", "Convert 77 degrees Fahrenheit to Celsius.", "25", tools=("convert_units",)),
    Task("lb-to-oz", "How many ounces are in 3.5 pounds?", "56", tools=("convert_units",)),
    Task("inch-to-cm", "How many centimeters are 12 inches?", "30.48", tools=("convert_units",)),
    Task(
        "extension",
        "What is Priya Natarajan's phone extension?",
        "4417",
        tools=("lookup_employee",),
    ),
    Task(
        "mangoes",
        "At the fruit stand, how many cents do 7 mangoes cost?",
        "840",
        tools=("fruit_price", "multiply"),
    ),
    Task(
        "days",
        "How many days are there from 2024-01-15 to 2024-03-01?",
        "46",
        tools=("days_between",),
    ),
    Task(
        "add-days", "What date is 100 days after 2025-03-10?", "2025-06-18", "date", ("add_days",)
    ),
    Task("weekday", "On which day of the week was 2024-02-29?", "Thursday", "word", ("weekday",)),
    Task(
        "letters",
        "How many times does the letter s occur in the word mississippi?",
        "4",
        tools=("count_letter",),
    ),
    Task("reverse", "Reverse the text 'hello-agents'.", "stnega-olleh", "word", ("reverse_text",)),
)

BATTERIES: dict[str, tuple[Task, ...]] = {"calculator": CALCULATOR_TASKS, "typed": TYPED_TASKS}

# ---- the peers' calculator ------------------------------------------------------------------

_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
    ast.BitXor: operator.pow,  # ^ means power, as in hello-agents' calculator
}
_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "sqrt": math.sqrt, "log": math.log, "sin": math.sin, "cos": math.cos, "tan": math.tan,
    "factorial": math.factorial, "round": round, "min": min, "max": max, "abs": abs,
    "floor": math.floor, "ceil": math.ceil,
}  # fmt: skip
_CONSTANTS = {"pi": math.pi, "e": math.e, "tau": math.tau}


def _evaluate(node: ast.AST) -> Any:
    if isinstance(node, ast.Expression):
        return _evaluate(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _evaluate(node.left), _evaluate(node.right)
        if isinstance(node.op, ast.Pow | ast.BitXor) and abs(right) > 100:
            raise ValueError("exponent too large")
        return _BINARY[type(node.op)](left, right)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _evaluate(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.Name) and node.id in _CONSTANTS:
        return _CONSTANTS[node.id]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCTIONS
    ):
        return _FUNCTIONS[node.func.id](*(_evaluate(arg) for arg in node.args))
    raise ValueError(f"unsupported expression: {ast.dump(node)[:60]}")


def python_calculator(expression: str) -> str:
    """Evaluate an arithmetic expression exactly.

    Supports + - * / // % ** (^ also means power), parentheses, sqrt, log, sin, cos, tan,
    factorial, round, min, max and the constants pi, e, tau. Examples: 2 + 3 * 4, sqrt(16), 2^10.

    Args:
        expression: The expression to evaluate, e.g. (2 + 3) * sqrt(16)
    """
    try:
        value = _evaluate(ast.parse(expression.strip(), mode="eval"))
    except (SyntaxError, ValueError, TypeError, ZeroDivisionError, OverflowError) as error:
        return f"Error: {error}"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)
