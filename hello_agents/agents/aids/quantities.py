"""The quantities a question gives, and whether a run's tool calls used them.

Small models often stop one step early: asked what a number of units cost, they
look up the price of one unit and answer with it. The tell is in the trajectory:
the question gives the number, and no tool call was ever passed it. :func:`unused_quantities`
finds such numbers, so that an agent can point them out once before it accepts
the answer (the small-model aids' :class:`~hello_agents.agents.aids.checks.UnusedQuantities`).

A quantity is a number written in digits (``9``, ``1.5``, ``4,300``) or a date,
given as its ISO form: ``2024-11-05``, also when written ``November 5, 2024``,
``5 November 2024`` or ``2024年11月5日``. Digits inside a word or a code
(``Release2030``, ``K-905``, ``12th``) are not quantities; digits next to Chinese,
Japanese or Korean characters are (``9个``, ``3元``), as those scripts put no
space between a number and its word. A number that sets the form of the answer
(``in 2 words``, ``to 2 decimal places``, ``用2句话``) is a quantity, but no tool
needs it, so it is never unused. A number counts as used when a call's arguments
hold it: as a number, inside a string (an expression, a date), or in another
form: times a power of ten (``23`` when a call was passed ``0.23``, ``4,300``
for ``4300000`` when the question counts in thousands, kilograms passed as
grams), or as a percentage added to or taken from one (``1.07`` for 7 %). A
quantity written in two units (``2小时30分钟``, ``5 ft 10 in``) is used when a call
was passed it as one number, in either unit (``2.5``, ``150``).
"""

from __future__ import annotations

import datetime
import json
import math
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from hello_agents.core.message import ToolCall

_CJK_CHARACTERS = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_LETTER = rf"[^\W{_CJK_CHARACTERS}]"
"""A word character that is not Chinese, Japanese or Korean (those are written
next to numbers without a space: ``14个``)."""
_NUMBER = re.compile(
    rf"(?<!{_LETTER})(?<![.])(?<!{_LETTER}-)"  # not inside a word, a decimal or a code (B-214)
    r"(\d{4}-\d{2}-\d{2}"  # an ISO date
    r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?"  # 6,900 or 1,250.5
    r"|\d+(?:\.\d+)?)"  # 14 or 2.5
    # not followed by a letter or a decimal, nor by a hyphen, unless a word follows it
    # ("4-year-old", "10-km"); "3-5", "555-1234" and "214-B" are not numbers alone
    rf"(?!{_LETTER}|-(?![^\W\d_]{{2}})|\.\d)"
)
MONTH_NAMES = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?"
_WRITTEN_DATE = re.compile(
    rf"\b(?P<month>{_MONTH})\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<year>\d{{4}})\b"
    rf"|\b(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month2>{_MONTH}),?\s+"
    r"(?P<year2>\d{4})\b"
    r"|(?<!\d)(?P<year3>\d{4})\s*年\s*(?P<month3>\d{1,2})\s*月\s*(?P<day3>\d{1,2})\s*[日号]",
    re.IGNORECASE,
)
_ALWAYS_FORM = re.compile(
    r"\s*(?:decimal\s+places?|decimals?|dp|significant\s+(?:figures?|digits?)|sig\s*figs?"
    r"|bullets?|bullet\s+points?)\b"
    r"|\s*(?:位小数|个?句)",
    re.IGNORECASE,
)
"""What makes the number before it set the form of an answer: ``2 decimal places``,
``3 bullet points``, ``2位小数``, ``2句话``."""
_COUNTED = (
    r"\s*(?:(?:short|full|complete)\s+)?(?:words?|sentences?|lines?|paragraphs?|characters?)\b"
    r"|\s*(?:个|段)?(?:字|词|话)"
)
_COUNTED_WITHIN = re.compile(rf"(?:{_COUNTED})\s*(?:以内|之内|内)", re.IGNORECASE)
_COUNTED_AFTER = re.compile(_COUNTED, re.IGNORECASE)
_LIMIT_BEFORE = re.compile(
    r"(?:\b(?:in|within|under|using|at\s+most|no\s+more\s+than|up\s+to|exactly)"
    r"|用|不超过|不多于|最多|少于)\s*$",
    re.IGNORECASE,
)
"""Words, sentences, lines or characters count the answer's own length only
after a limit (``in 2 words``, ``用50个字``) or before one (``50字以内``): ``250
words per minute`` is a rate to compute with."""


def _sets_form(text: str, start: int, end: int) -> bool:
    """Whether the number written at ``text[start:end]`` sets the form of the
    answer rather than a value to compute with."""
    if _ALWAYS_FORM.match(text, end) or _COUNTED_WITHIN.match(text, end):
        return True
    return bool(_COUNTED_AFTER.match(text, end) and _LIMIT_BEFORE.search(text, 0, start))


def quantities(text: str) -> list[str]:
    """The numbers and dates written in ``text``, in order, without repeats.

    A date is given in its ISO form, whichever way it is written.
    """
    return list(dict.fromkeys(quantity for quantity, _, _ in _found(text)))


def number_spans(text: str) -> list[tuple[float, int, int]]:
    """The numbers of ``text`` (not its dates), each with where it is written."""
    found = _found(text)
    return [
        (_number(quantity), start, end) for quantity, start, end in found if not is_date(quantity)
    ]


def _found(text: str) -> Iterator[tuple[str, int, int]]:
    """Each quantity of ``text`` with where its writing starts and ends."""
    dates: list[tuple[int, int, str]] = []
    for match in _WRITTEN_DATE.finditer(text):
        iso = _iso_date(match)
        if iso is not None:
            dates.append((match.start(), match.end(), iso))
    numbers = [
        (match.start(), match.end(), match.group(1))
        for match in _NUMBER.finditer(text)
        if not any(start <= match.start() < end for start, end, _ in dates)
    ]
    for start, end, quantity in sorted(dates + numbers):
        yield quantity, start, end


def _iso_date(match: re.Match[str]) -> str | None:
    """The ISO form of a written date, or None if it names no real day."""
    year = match["year"] or match["year2"] or match["year3"]
    day = match["day"] or match["day2"] or match["day3"]
    written = match["month"] or match["month2"]
    if written is None:
        month = int(match["month3"])
    else:
        written = written.lower().rstrip(".")
        names = [name for name in MONTH_NAMES if name.startswith(written)]
        if not names:
            return None  # "Marching 1 2024"
        month = MONTH_NAMES.index(names[0]) + 1
    try:
        return datetime.date(int(year), month, int(day)).isoformat()
    except ValueError:
        return None


_NAMING_NOUN = (
    r"team|group|squad|class|grade|section|division|room|floor|building|block|apartment"
    r"|suite|ward|bed|seat|row|table|desk|locker|booth|stall|aisle|hall|zone|district|gate"
    r"|terminal|platform|bay|dock|pier|exit|bus|route|flight|train|line|chapter|volume"
    r"|issue|version|release|episode|season|order|invoice|ticket|account|batch|model"
    r"|parcel|customer|member|employee|player|runner|bib|badge|postcode|zip|build|revision"
    r"|patch|lane|office|extension|level|pallet|bench|cabin|carriage|coach|pitch|plot"
)
"""Nouns that name a place, a group or an item by number. Words that are also
adjectives or counts ("a flat fee", "a lot") are not among them."""
_CURRENCY_CODE = r"(?:USD|EUR|GBP|JPY|CNY|RMB|HKD|CHF|CAD|AUD|INR|KRW|SGD|SEK|NOK|DKK)"
_MONTH_WORD = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?"
_EVENT_VERB = (
    r"close[sd]?|closing|opens?|opening|starts?|starting|ends?|finish(?:es)?|leaves?|leaving"
    r"|arrives?|lands?|departs?|meet(?:ing)?|back|home|due"
)
"""Verbs and words after which "at 6" is an hour: "closes at 6", "back by 9"."""
_TIME_END = r"(?=\s*(?:[.,;:!?)]|$|\s+(?:and|so|but|to|tomorrow|today|tonight|sharp)\b))"
_NAMING = re.compile(
    # a noun that names by number ("team 7", "Flight 417", "order #55012", "ward no. 4")
    rf"(?<!\ba\s)(?<!\ban\s)\b(?:{_NAMING_NOUN})s?\s+"
    r"(?:is\s+(?:now\s+)?)?(?:no\.?\s*|number\s+|#\s*)?(?P<label>\d+)(?![.,]\d)"
    # a model or product name ("XPS 13"), not an amount of money ("USD 40")
    rf"|\b(?-i:(?!{_CURRENCY_CODE}\b)[A-Z]{{2,5}})\s+(?P<model>\d+)(?![.,]\d)"
    # a number given as an identifier ("#8812", "number is 7781", "ending in 0923", "0923",
    # a phone number, "工号是20417")
    r"|#\s*(?P<tag>\d+)|\b(?:number|no\.|id|code|pin|ext\.?)\s*(?:is\s+|:\s*)?(?P<id>\d+)"
    r"|\bending\s+(?:in|with)\s+(?P<ending>\d+)"
    r"|(?<![\d.])(?P<phone>(?:\+|0)\d{1,4}(?:[ -]\d{2,4}){2,})|(?<![\d.,])(?P<zero>0\d+)"
    r"|(?:工号|编号|号码|单号|学号|车牌|房号|卡号|尾号)\s*(?:是|为|:|：)?\s*(?P<zh_id>\d+)"
    # a time of day ("18:45", "4 pm", "3点")
    r"|(?<![\d.])(?P<hour>\d{1,2})[:：](?P<minute>\d{2})(?!\d)"
    rf"|\b(?:until|till|before|after)\s+(?P<until>\d{{1,2}})(?![:：.]\d){_TIME_END}"
    # an hour when something happens ("closes at 6", "back by 9")
    rf"|\b(?:{_EVENT_VERB})\s+(?:at|by|around)\s+(?P<at>\d{{1,2}})(?![:：.]\d){_TIME_END}"
    r"|\b(?P<clock>\d{1,2})\s*(?:a\.?m\.?|p\.?m\.?|o'clock)(?![a-z])|(?P<dian>\d{1,2})\s*点"
    # a day of a month without its year ("March 14", "6 May", "5月20日")
    rf"|\b{_MONTH_WORD}\s+(?P<day>\d{{1,2}})(?!\d)|\b(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?\s+"
    rf"(?:of\s+)?{_MONTH_WORD}(?![a-z])|(?P<month3>\d{{1,2}})\s*月\s*(?P<day3>\d{{1,2}})\s*[日号]"
    # an age ("turns 90", "aged 34", "8 years old", "10岁")
    r"|\b(?:turns?|turning|aged?)\s+(?P<age>\d{1,3})\b"
    r"|\b(?P<age2>\d{1,3})[\s-]*(?:years?|yrs?|months?|weeks?)[\s-]*old\b|(?P<age3>\d{1,3})\s*岁"
    r"|\b(?:since|when)\s+(?:I|he|she|we|they)\s+(?:was|were)\s+(?P<age7>\d{1,3})(?![\d.])"
    r"(?=\s*(?:[.,;!?)]|$|\s+(?:and|but|so|is|was|I|it|my|years?\s+old)\b))"
    r"|\b(?P<age4>\d{1,2})\s*(?:yo|y/o)\b|今年\s*(?P<age5>\d{1,2})(?=\s*(?:了|啦|[，,。.]|$))"
    # a person's age said with "I'm" or "she's" and no unit after it ("I'm 45 now")
    r"|\b(?:I['’]?m|I\s+am|(?:s?he|they)(?:['’]s|['’]re|\s+is|\s+are))\s+(?:only\s+|just\s+)?"
    r"(?P<age6>\d{1,3})(?=\s*(?:[.,;!?)]|$|\s+(?:now|and|but|so|too|this|next|btw|lol)\b))"
    # a size worn or bought ("a size 42", "EU size 39", "42码", a "6寸" cake)
    r"|\b(?:a|in|wear|wears|shoe|dress|ring|EU|US|UK|clothing)\s+size\s+(?P<size>\d{1,2})(?![\d.])"
    r"|(?P<zh_size>\d{1,2})\s*(?:寸|码)(?!\d)"
    # a shopping festival named by its date ("双11")
    r"|双\s*(?P<festival>1[12])(?!\d)"
    # in Chinese, a place or a group by number ("3楼", "5号楼", "第7组")
    r"|(?<!\d)(?P<zh>\d+)\s*(?:号|楼|床)|第\s*(?P<zh2>\d+)\s*(?:组|队|班|排|号|栋|层|楼|站台|章|集|季|版)",
    re.IGNORECASE,
)
"""What makes a number name or date something rather than count it: a noun that
names by number, a model name, an identifier or a phone number, a time of day, a
day of a month, an age, a size worn, or a place or group in Chinese. Nouns of time ("year 3",
"day 10") and of sequence ("round 3", "page 40", "step 2") are not among the
naming nouns: their number is often data."""


def named_numbers(question: str) -> set[float]:
    """The values of the numbers ``question`` uses to name or date something
    (:data:`_NAMING`): "the printer on floor 3", "order #55012", "before the
    10:30 call", "on March 14", "my son turns 8"."""
    named: set[float] = set()
    for match in _NAMING.finditer(question):
        for number in match.groupdict().values():
            if number is not None:  # a phone number names each of its groups of digits
                named.update(float(digits) for digits in _DIGITS.findall(number))
    return named


def asked_quantities(question: str) -> list[str]:
    """The quantities of ``question`` that a tool may need: all but the numbers
    that set the form of the answer (``in 2 words``, ``2 decimal places``)."""
    return list(
        dict.fromkeys(
            quantity
            for quantity, start, end in _found(question)
            if not _sets_form(question, start, end)
        )
    )


MAX_EXPRESSION_CHARS = 2_000
"""The start of a text argument read as an expression (a longer text is data)."""
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_EXPRESSION_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def unused_quantities(question: str, calls: Iterable[ToolCall]) -> list[str]:
    """The quantities of ``question`` that none of ``calls`` was passed.

    Args:
        question: The user's message.
        calls: The tool calls of the run so far.

    Returns:
        The quantities of the question (its dates in ISO form) that a tool may
        need (:func:`asked_quantities`), in its order; empty when every one of
        them reached a tool.
    """
    passed = _Seen()
    for call in calls:
        for value in argument_values(call.arguments):
            if isinstance(value, str):
                passed.add_text(value)
                # an expression passed as text: "1899-1299" subtracts, it names no code
                undated = _ISO_DATE.sub(" ", value[:MAX_EXPRESSION_CHARS])
                passed.numbers.extend(map(float, _EXPRESSION_NUMBER.findall(undated)))
            else:
                passed.numbers.append(float(value))
    # the parts of a quantity in two units ("2 h 30 min") passed as one number (2.5)
    joined: set[str | float] = set()
    for big, small, factor in compound_quantities(question):
        if any(_joins(big, small, factor, number) for number in passed.numbers):
            joined.update((big, small))
    return [
        quantity
        for quantity in asked_quantities(question)
        if not passed.holds(quantity, _same) and quantity_value(quantity) not in joined
    ]


_COMPOUND_UNITS = (
    (r"h|hrs?|hours?|个?小时|个?钟头", r"m|mins?|minutes?|分钟?", 60),
    (r"mins?|minutes?|分钟?", r"s|secs?|seconds?|秒", 60),
    (r"ft|feet|foot|'|英尺", r"in|inch(?:es)?|\"|''|英寸", 12),
    (r"lbs?|pounds?|磅", r"oz|ounces?|盎司", 16),
    (r"kg|kilos?|kilograms?|公斤|千克", r"g|grams?|克", 1000),
    (r"m|metres?|meters?|米", r"cm|centimet(?:re|er)s?|厘米", 100),
    (r"斤", r"两", 10),
)
_COMPOUND = [
    (
        re.compile(
            rf"(?<![\d.])(\d+)\s*(?:{big})\s*(?:and\s+|又)?(\d+(?:\.\d+)?)\s*(?:{small})"
            rf"(?!{_LETTER})",
            re.IGNORECASE,
        ),
        factor,
    )
    for big, small, factor in _COMPOUND_UNITS
]
"""A quantity written in two units, the larger first: "2 h 30 min", "5 ft 10 in",
"2小时30分钟", "1 kg 200 g"."""


def compound_quantities(text: str) -> list[tuple[float, float, int]]:
    """The quantities ``text`` writes in two units, as ``(larger, smaller, how many
    smaller make one larger)``: "2小时30分钟" is ``(2.0, 30.0, 60)``."""
    return [
        (float(match.group(1)), float(match.group(2)), factor)
        for pattern, factor in _COMPOUND
        for match in pattern.finditer(text)
    ]


def _joins(big: float, small: float, factor: int, passed: float) -> bool:
    """Whether ``passed`` is the compound quantity as one number, in either unit
    (2.5 or 150 for 2 h 30 min), to the rounding a model gives it."""
    whole = (big + small / factor, big * factor + small)
    return any(math.isclose(passed, value, rel_tol=5e-3) for value in whole)


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


_CODE = re.compile(r"[A-Za-z0-9]+(?:[-./:][A-Za-z0-9]+)*")
_DIGITS = re.compile(r"\d+")


def new_codes(answer: str, sources: Iterable[str]) -> list[str]:
    """The codes of ``answer`` holding digits that none of ``sources`` has: a phone
    number (``555-0100``), a room (``C-7``), a reference (``INV2024``).

    :func:`quantities` leaves such codes out; an answer given before any tool call
    that states one has made it up, as surely as a number. Digits are compared
    run by run (``B-214`` is given by a source that writes ``214``).
    """
    known = {run.lstrip("0") for source in sources for run in _DIGITS.findall(source)}
    found = []
    for code in _CODE.findall(answer):
        if any(run.lstrip("0") not in known for run in _DIGITS.findall(code)):
            found.append(code)
    return list(dict.fromkeys(found))


def numbers_in(text: str) -> list[float]:
    """The numbers of ``text``, not its dates (``2,500`` is 2500)."""
    values = [_number(found) for found in quantities(text) if not is_date(found)]
    return [value for value in values if math.isfinite(value)]


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


def argument_values(arguments: str) -> Iterator[str | float]:
    """Every number and string inside a call's arguments (its raw text if not JSON)."""
    try:
        parsed: Any = json.loads(arguments) if arguments.strip() else {}
    except (ValueError, RecursionError):  # not JSON, a 5,000-digit number, nested too deep
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
            number = _finite(value)
            if number is not None:
                yield number
        elif isinstance(value, str):
            yield value


def is_date(quantity: str) -> bool:
    """Whether a quantity (as :func:`quantities` gives it) is an ISO date."""
    return len(quantity) == 10 and quantity[4] == "-"


def _finite(value: float) -> float | None:
    """``value`` as a float, or ``None`` when no float can hold it (a huge number)."""
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _number(quantity: str) -> float:
    return float(quantity.replace(",", ""))


def _equal(given: float, seen: float) -> bool:
    return math.isclose(given, seen, rel_tol=1e-9)


def _same(given: float, passed: float) -> bool:
    """``passed`` is ``given`` in another form: the same number times a power of ten
    (``0.23`` for 23 %, ``4300000`` for 4,300 thousand, ``1500`` g for 1.5 kg), or
    ``given`` percent added to or taken from one (``1.07`` for a 7 % rise, ``0.85``
    for what is left after 15 %)."""
    if given == 0 or passed == 0 or not math.isfinite(given) or not math.isfinite(passed):
        return given == passed
    if any(math.isclose(passed, 1 + sign * given / 100, rel_tol=1e-9) for sign in (1, -1)):
        return True
    ratio = abs(passed / given)  # inf or 0.0 when the quotient leaves the float range
    if not 1e-10 < ratio < 1e10:  # more than nine powers of ten apart (and never log10(0))
        return False
    exponent = math.log10(ratio)
    return abs(exponent - round(exponent)) < 1e-9 and abs(round(exponent)) <= 9


__all__ = [
    "MONTH_NAMES",
    "argument_values",
    "asked_quantities",
    "compound_quantities",
    "is_date",
    "named_numbers",
    "new_codes",
    "new_quantities",
    "number_spans",
    "numbers_in",
    "quantities",
    "quantity_value",
    "unused_quantities",
]
