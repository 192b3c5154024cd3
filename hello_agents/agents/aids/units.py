"""Whether a question and a tool speak of the same thing in different words.

A question names what it asks in words ("How many ounces are 2 pounds?",
"5英里是多少英尺？"); a tool's description often lists the same things by their
symbols ("lb, oz, kg"), and takes a date written one way ("YYYY-MM-DD"). They
then share no word, although the tool is exactly what the question needs.
:func:`unit_symbols` reads the units a question names (in English, singular or
plural, or in Chinese) as the symbols a description would list, and
:func:`gives_iso_dates` tells a question that gives dates in the form a tool's
parameter asks for.
"""

from __future__ import annotations

import re

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


__all__ = ["UNIT_SYMBOLS", "gives_iso_dates", "lists_a_unit", "singular", "unit_symbols"]
