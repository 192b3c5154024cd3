"""Whether a question and a tool speak of the same thing in different words.

A question names what it asks in words ("How many ounces are 2 pounds?",
"5英里是多少英尺？"); a tool's description often lists the same things by their
symbols ("lb, oz, kg"), and takes a date written one way ("YYYY-MM-DD"). They
then share no word, although the tool is exactly what the question needs.
:func:`unit_symbols` reads the units a question names (in English, singular or
plural, or in Chinese) as the symbols a description would list, and
:func:`gives_iso_dates` tells a question that gives dates in the form a tool's
parameter asks for. :func:`unconverted_units` finds a number a tool gave in one
unit that an answer states unconverted: under another unit, or where the
question asks for another.
"""

from __future__ import annotations

import re
from collections import Counter

UNIT_SYMBOLS: dict[str, tuple[str, ...]] = {
    "kilometer": ("km",),
    "kilometre": ("km",),
    "centimeter": ("cm",),
    "centimetre": ("cm",),
    "millimeter": ("mm",),
    "millimetre": ("mm",),
    "meter": ("m",),
    "metre": ("m",),
    "mile": ("mi", "mile"),
    "yard": ("yd", "yard"),
    "foot": ("ft",),
    "feet": ("ft",),
    "inch": ("inch",),
    "kilogram": ("kg",),
    "gram": ("g",),
    "milligram": ("mg",),
    "pound": ("lb", "lbs"),
    "ounce": ("oz",),
    "liter": ("l",),
    "litre": ("l",),
    "milliliter": ("ml",),
    "millilitre": ("ml",),
    "gallon": ("gal",),
    "celsius": ("c", "°c", "celsius"),
    "fahrenheit": ("f", "°f", "fahrenheit"),
    "公里": ("km",),
    "千米": ("km",),
    "厘米": ("cm",),
    "毫米": ("mm",),
    "英里": ("mi", "mile"),
    "英尺": ("ft",),
    "英寸": ("inch",),
    "千克": ("kg",),
    "公斤": ("kg",),
    "毫克": ("mg",),
    "磅": ("lb", "lbs"),
    "盎司": ("oz",),
    "毫升": ("ml",),
    "加仑": ("gal",),
    "摄氏": ("c", "°c", "celsius"),
    "华氏": ("f", "°f", "fahrenheit"),
}
"""Unit names (English singular, Chinese) and the symbols a tool may list them by."""

_ENGLISH = re.compile(r"[a-z]+")
_CHINESE = [name for name in UNIT_SYMBOLS if not name.isascii()]
_SYMBOL = re.compile(r"°?[a-z]+")
_ISO_DATE = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")


def singular(word: str) -> str:
    """``word`` without an English plural ending (``inches`` -> ``inch``)."""
    if word.endswith("ss"):
        return word
    for ending, keep in (("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("ies", "y"), ("s", "")):
        if word.endswith(ending) and len(word) >= 4 and len(word) - len(ending) >= 2:
            return word[: -len(ending)] + keep
    return word


def unit_symbols(question: str) -> set[str]:
    """The symbols of the units ``question`` names by their words.

    >>> sorted(unit_symbols("How heavy is a 3 pound melon in ounces?"))
    ['lb', 'lbs', 'oz']
    """
    lowered = question.lower()
    names = [singular(word) for word in _ENGLISH.findall(lowered)]
    names += [name for name in _CHINESE if name in lowered]
    return {symbol for name in names for symbol in UNIT_SYMBOLS.get(name, ())}


def lists_a_unit(question: str, described: str) -> bool:
    """Whether a tool's text (``described``) lists, as a word of its own, one of
    the units ``question`` names."""
    return bool(unit_symbols(question) & set(_SYMBOL.findall(described.lower())))


def gives_iso_dates(question: str, described: str) -> bool:
    """Whether ``question`` gives a date as ``YYYY-MM-DD`` and a tool's text
    (``described``) asks for dates written so."""
    return _ISO_DATE.search(question) is not None and "yyyy-mm-dd" in described.lower()


DIMENSIONS: dict[str, tuple[str, ...]] = {
    "length": ("km", "cm", "mm", "m", "mi", "yd", "ft", "inch"),
    "mass": ("kg", "g", "mg", "lb", "oz"),
    "volume": ("l", "ml", "gal"),
    "temperature": ("c", "f"),
}
"""The units that measure the same thing, by the first symbol :data:`UNIT_SYMBOLS` gives."""

_DIMENSION = {unit: dimension for dimension, units in DIMENSIONS.items() for unit in units}
_UNIT = {
    spelling: symbols[0]
    for name, symbols in UNIT_SYMBOLS.items()
    for spelling in (name, *symbols)
    if symbols[0] in _DIMENSION
}
_CHINESE_NAMES = "|".join(sorted(_CHINESE, key=len, reverse=True))
# A number and the unit written after it: "1,250 grams", "14 degrees Fahrenheit", "14°F",
# "2.5mm", "30毫米".
_NUMBER_UNIT = re.compile(
    r"(?<![\w.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    rf"\s*(?:degrees?\s+|°\s*)?(°?[a-z]+\b|{_CHINESE_NAMES})",
    re.IGNORECASE,
)
# A number under a name that ends with its unit: "weight_g: 1250", "\"water_c\": 14".
_FIELD_UNIT = re.compile(r"(?<=[A-Za-z])_([A-Za-z]+)\"?\s*[:=]\s*(\d+(?:\.\d+)?)(?![\d.])")


def unit_of(word: str) -> str | None:
    """The unit ``word`` names (``grams`` -> ``g``, ``°F`` -> ``f``), if it names one."""
    lowered = word.lower()
    return _UNIT.get(lowered) or _UNIT.get(singular(lowered))


def numbers_with_units(text: str) -> list[tuple[float, str]]:
    """The numbers of ``text`` written with a unit, as ``(value, unit)``; a number
    under a field named for its unit (``weight_g: 1250``) counts too."""
    found = [(match.group(1), match.group(2)) for match in _NUMBER_UNIT.finditer(text)]
    found += [(match.group(2), match.group(1)) for match in _FIELD_UNIT.finditer(text)]
    units = [(float(number.replace(",", "")), unit_of(word)) for number, word in found]
    return [(value, unit) for value, unit in units if unit is not None]


_DEGREES = re.compile(
    r"(?<![A-Za-z\d.])(\d+(?:\.\d+)?)\s*(?:°|degrees?\b|度(?!电))|(?:摄氏|华氏)\s*(\d+(?:\.\d+)?)\s*度",
    re.IGNORECASE,
)
_TEMPERATURE_WORD = re.compile(
    r"\b(?:temperatures?|degrees?|celsius|fahrenheit|hotter|colder|warmer|cooler)\b"
    r"|\b(?:to|in|into)\s+°?(?-i:[CF])\b|°|温度|气温|体温|摄氏|华氏|度数",
    re.IGNORECASE,
)


def temperatures(text: str) -> set[float]:
    """The numbers ``text`` gives as temperatures (or other degrees): "180°C", "21 °F",
    "30 degrees", "170度"; degrees of electricity ("300度电") are not among them."""
    found = {value for value, unit in numbers_with_units(text) if _DIMENSION[unit] == "temperature"}
    for match in _DEGREES.finditer(text):
        found.add(float(match.group(1) or match.group(2)))
    return found


def speaks_of_temperature(text: str) -> bool:
    """Whether ``text`` names temperatures or degrees anywhere but in the numbers
    :func:`temperatures` reads (a question asking "how much warmer", an answer in °C)."""
    unsaid = _DEGREES.sub(" ", _NUMBER_UNIT.sub(_unless_degrees, text))
    return _TEMPERATURE_WORD.search(unsaid) is not None


def _unless_degrees(match: re.Match[str]) -> str:
    unit = unit_of(match.group(2))
    return " " if unit is not None and _DIMENSION[unit] == "temperature" else match.group()


MEASURES: dict[str, tuple[str, ...]] = {
    "electric": ("v", "volt", "amp", "w", "watt", "kw", "wh", "kwh", "mah", "ah"),
    "data": ("kb", "mb", "gb", "tb", "byte"),
    "frequency": ("hz", "khz", "mhz", "ghz", "rpm", "fps", "bpm"),
    "pressure": ("psi", "bar", "kpa"),
}
"""Words that measure the same kind of thing, beyond :data:`DIMENSIONS`. Time is not
among them: a span of time said once ("for 3 years") is as often the data as an aside."""
_MEASURE = {word: kind for kind, words in MEASURES.items() for word in words}
_WORD_AFTER = re.compile(r"\s*-?\s*([A-Za-z]+)\b")


def _kind(word: str) -> str | None:
    """What ``word`` measures (a dimension or a kind of :data:`MEASURES`), if anything."""
    unit = unit_of(word)
    return _DIMENSION[unit] if unit is not None else _MEASURE.get(singular(word.lower()))


def lone_measures(question: str, spans: list[tuple[float, int, int]]) -> set[float]:
    """The numbers of ``question`` written with a measure of a kind that no other word
    of the question measures: "a 12 V battery" beside prices, "32 psi" beside a count of
    tyres, "a 65 inch TV" beside prices; not "27 inch" beside "61.5 cm", nor "3 kg" beside
    "120 g" (the same kind), nor a span of time.

    Args:
        question: The user's message.
        spans: Its numbers, as ``(value, start, end)``.
    """
    kinds = Counter(kind for word in re.findall(r"[A-Za-z]+", question) if (kind := _kind(word)))
    lone: set[float] = set()
    for value, _, end in spans:
        after = _WORD_AFTER.match(question, end)
        kind = _kind(after.group(1)) if after is not None else None
        if kind is not None and kinds[kind] == 1:
            lone.add(value)
    return lone


_SHOWN = {"c": "°C", "f": "°F"}


def asked_units(question: str) -> set[str]:
    """The units ``question`` names without a number before them: the units it asks
    for ("How many kilograms ...", "in degrees Fahrenheit", "in °F"). Only names and
    symbols of two letters or more count here, or one after a degree sign; "m" or "C"
    alone is a unit only after a number."""
    given = {match.span(2) for match in _NUMBER_UNIT.finditer(question)}
    named = [
        match
        for match in re.finditer(rf"°[a-z]+|[a-z]{{2,}}|{_CHINESE_NAMES}", question, re.IGNORECASE)
        if match.span() not in given
    ]
    return {unit for match in named if (unit := unit_of(match.group())) is not None}


def unconverted_units(answer: str, results: list[str], question: str) -> list[str]:
    """Where ``answer`` states a number of a tool's result in a unit it was not
    converted to: under another unit of the same kind ("14 °C" given, "14 °F"
    answered), or in the result's own unit when the question asks for another
    one and the answer states nothing in that one ("1250 g", asked in kg). Zero
    (the same in most units) and a number the question itself writes with the
    answer's unit are left alone.

    Returns:
        A phrase per case, for the model (``"14 °C as °F"``, ``"1250 g, not kg"``).
    """
    given: dict[float, set[str]] = {}
    for result in results:
        for value, unit in numbers_with_units(result):
            given.setdefault(value, set()).add(unit)
    stated = numbers_with_units(answer)
    asked = asked_units(question) - {unit for _, unit in stated}
    in_question = set(numbers_with_units(question))
    found = []
    for value, unit in stated:
        units = given.get(value, set())
        if value == 0 or not units or (value, unit) in in_question:
            continue
        kind = _DIMENSION[unit]
        if unit not in units:
            same_kind = sorted(u for u in units if _DIMENSION[u] == kind)
            if same_kind:
                found.append(f"{value:g} {_shown(same_kind[0])} as {_shown(unit)}")
        elif wanted := sorted(u for u in asked if _DIMENSION[u] == kind):
            found.append(f"{value:g} {_shown(unit)}, not {_shown(wanted[0])}")
    return found


def _shown(unit: str) -> str:
    return _SHOWN.get(unit, unit)


__all__ = [
    "DIMENSIONS",
    "MEASURES",
    "UNIT_SYMBOLS",
    "asked_units",
    "gives_iso_dates",
    "lists_a_unit",
    "lone_measures",
    "numbers_with_units",
    "singular",
    "speaks_of_temperature",
    "temperatures",
    "unconverted_units",
    "unit_of",
    "unit_symbols",
]
