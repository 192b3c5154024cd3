"""A third tuning battery of typed-tool questions for FunctionCallAgent.

Twenty-six questions over the typed tools of :mod:`local_tasks` and three tools of this
module's own (a shop catalogue looked up by SKU, today's weather by city, and an exchange
rate table by currency code), in eight kinds:

* one call: one tool, its result is the answer;
* sequence: a second call needs the first one's result;
* comparison: two lookups or computations, and the question asks which is less, more,
  fewer, cheaper, colder or higher, and by how much or what the smaller one is;
* arithmetic: a call, then a product, a sum or a difference on its result;
* bad argument: the first argument a model is likely to pass (a product's name, a
  currency's name, a unit the tool lacks, a Chinese place name) fails; the error says
  what the tool takes;
* recall: a result a model may think it knows better (a rate, a weekday);
* no tool: a knowledge question;
* context: numbers in the question that no call needs.

A tuning set: read its runs and adjust against it. Every expected answer is computed here
by calling the tool functions (:data:`SOLUTIONS`), never typed in; ``tests/benchmarks``
checks that and that no answer appears in its own question. Standard library only, like
:mod:`local_tasks`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from local_tasks import (
    TYPED_TOOLS,
    AnswerKind,
    Task,
    convert_units,
    days_between,
    fruit_price,
    lookup_employee,
    weekday,
)

# ---- the battery's own tools ----------------------------------------------------------------

CATALOGUE: dict[str, dict[str, str]] = {
    "P-310": {"name": "desk lamp", "price_cents": "2499", "weight_g": "850", "in_stock": "12"},
    "P-311": {"name": "office chair", "price_cents": "8900", "weight_g": "7400", "in_stock": "3"},
    "P-312": {"name": "monitor stand", "price_cents": "3150", "weight_g": "2100", "in_stock": "0"},
    "P-313": {"name": "keyboard", "price_cents": "4575", "weight_g": "640", "in_stock": "27"},
}
WEATHER: dict[str, tuple[float, float, int]] = {
    "oslo": (4, 6.5, 31),
    "lisbon": (19, 0.0, 12),
    "cairo": (27, 0.0, 9),
    "vancouver": (9, 12.4, 18),
    "nairobi": (22, 1.2, 14),
}
"""City: temperature in Celsius, rain in mm, wind in km/h."""
EUROS_PER_UNIT: dict[str, float] = {
    "EUR": 1.0,
    "USD": 0.92,
    "GBP": 1.16,
    "JPY": 0.0062,
    "CHF": 1.05,
}


def product_info(sku: str) -> str:
    """Look up a product of the shop's catalogue by its SKU: name, price, weight and stock.

    Args:
        sku: The product's SKU, e.g. P-310.
    """
    record = CATALOGUE.get(sku.strip().upper())
    if record is None:
        known = ", ".join(f"{code} ({entry['name']})" for code, entry in CATALOGUE.items())
        raise ValueError(f"unknown SKU {sku!r}; the catalogue's SKUs: {known}")
    return ", ".join(f"{field}: {value}" for field, value in record.items())


def city_weather(city: str) -> str:
    """Today's weather in a city: temperature in Celsius, rain in mm and wind in km/h.

    Args:
        city: The city's name in English, e.g. Oslo.
    """
    found = WEATHER.get(" ".join(city.lower().split()))
    if found is None:
        known = ", ".join(name.title() for name in WEATHER)
        raise ValueError(f"no weather for {city!r}; cities: {known}")
    temperature, rain, wind = found
    return f"temperature_c: {temperature:g}, rain_mm: {rain:g}, wind_kmh: {wind}"


def exchange_rate(from_currency: str, to_currency: str) -> float:
    """Today's exchange rate: how many units of one currency one unit of another buys.

    Args:
        from_currency: The currency you have, as a three-letter code, e.g. EUR.
        to_currency: The currency you want, as a three-letter code, e.g. USD.
    """
    codes = []
    for currency in (from_currency, to_currency):
        code = currency.strip().upper()
        if code not in EUROS_PER_UNIT:
            raise ValueError(
                f"unknown currency {currency!r}; use a three-letter code: "
                + ", ".join(EUROS_PER_UNIT)
            )
        codes.append(code)
    return round(EUROS_PER_UNIT[codes[0]] / EUROS_PER_UNIT[codes[1]], 4)


OWN_TOOLS: tuple[Callable[..., Any], ...] = (product_info, city_weather, exchange_rate)
TOOLS: tuple[Callable[..., Any], ...] = (*TYPED_TOOLS, *OWN_TOOLS)
"""Every tool offered on every task of this battery."""


def _field(text: str, field: str) -> str:
    """One field of a ``field: value, ...`` tool text."""
    entries = dict(part.split(": ", 1) for part in text.split(", "))
    return entries[field]


def _number(value: float) -> str:
    return f"{value:.10g}"


def _product(sku: str, field: str) -> str:
    return _field(product_info(sku), field)


def _weather(city: str, field: str) -> float:
    return float(_field(city_weather(city), field))


# (task id, kind, question, answer kind, the tools a correct run uses, the solution)
_SPECS: list[tuple[str, str, str, AnswerKind, tuple[str, ...], Callable[[], str]]] = [
    # one call
    ("t3-rain-oslo", "one call", "How many millimetres of rain fall in Oslo today?", "number",
     ("city_weather",), lambda: _number(_weather("Oslo", "rain_mm"))),
    ("t3-wind-cairo", "one call", "What is the wind speed in Cairo today, in km/h?", "number",
     ("city_weather",), lambda: _number(_weather("Cairo", "wind_kmh"))),
    ("t3-usd-chf", "one call", "What is today's exchange rate from US dollars (USD) to Swiss "
     "francs (CHF)?", "number", ("exchange_rate",), lambda: _number(exchange_rate("USD", "CHF"))),
    ("t3-miles-feet", "one call", "How many feet are in 2 miles?", "number",
     ("convert_units",), lambda: _number(convert_units(2, "mile", "ft"))),
    # sequence
    ("t3-lamp-kg", "sequence", "How many kilograms does the desk lamp with SKU P-310 weigh?",
     "number", ("product_info", "convert_units"),
     lambda: _number(convert_units(float(_product("P-310", "weight_g")), "g", "kg"))),
    ("t3-lisbon-f", "sequence", "What is today's temperature in Lisbon in degrees Fahrenheit?",
     "number", ("city_weather", "convert_units"),
     lambda: _number(convert_units(_weather("Lisbon", "temperature_c"), "c", "f"))),
    # comparison
    ("t3-cheaper-fruit", "comparison", "At the fruit stand, which costs less: 7 mangoes or 18 "
     "bananas? Give the total of the cheaper one in cents.", "number",
     ("fruit_price", "fruit_price", "multiply", "multiply"),
     lambda: _number(min(7 * fruit_price("mango"), 18 * fruit_price("banana")))),
    ("t3-colder-city", "comparison", "Which is colder today, Oslo or Vancouver, and by how "
     "many degrees Celsius?", "number", ("city_weather", "city_weather"),
     lambda: _number(abs(_weather("Oslo", "temperature_c")
                         - _weather("Vancouver", "temperature_c")))),
    ("t3-fewer-stock", "comparison", "Are there fewer desk lamps (P-310) or keyboards (P-313) "
     "in stock? Give the smaller of the two stock counts.", "number",
     ("product_info", "product_info"),
     lambda: str(min(int(_product("P-310", "in_stock")), int(_product("P-313", "in_stock"))))),
    ("t3-less-length", "comparison", "Which is less, 10 feet or 3 meters? Give the smaller "
     "one in centimeters.", "number", ("convert_units", "convert_units"),
     lambda: _number(min(convert_units(10, "ft", "cm"), convert_units(3, "m", "cm")))),
    ("t3-more-days", "comparison", "How many more days are there from 2025-03-01 to 2025-06-01 "
     "than from 2025-09-01 to 2025-11-15?", "number", ("days_between", "days_between"),
     lambda: str(days_between("2025-03-01", "2025-06-01")
                 - days_between("2025-09-01", "2025-11-15"))),
    ("t3-higher-ext", "comparison", "How much higher is Lena Fischer's phone extension than "
     "Tomas Berg's?", "number", ("lookup_employee", "lookup_employee"),
     lambda: str(int(_field(lookup_employee("Lena Fischer"), "extension"))
                 - int(_field(lookup_employee("Tomas Berg"), "extension")))),
    ("t3-zh-cheaper", "comparison", "在水果摊，一个苹果和一个梨，哪个更便宜？便宜的那个多少分？",
     "number", ("fruit_price", "fruit_price"),
     lambda: str(min(fruit_price("apple"), fruit_price("pear")))),
    # arithmetic after a call
    ("t3-budget", "arithmetic", "I have 1000 cents. How many cents do I have left after "
     "buying 3 pears and 5 kiwis at the fruit stand?", "number",
     ("fruit_price", "fruit_price"),
     lambda: str(1000 - 3 * fruit_price("pear") - 5 * fruit_price("kiwi"))),
    ("t3-eur-usd", "arithmetic", "How many US dollars do I get for 250 euros at today's rate?",
     "number", ("exchange_rate", "multiply"),
     lambda: _number(round(250 * exchange_rate("EUR", "USD"), 2))),
    # a bad first argument
    ("t3-chair-price", "bad argument", "What does the office chair cost in the shop's "
     "catalogue, in cents?", "number", ("product_info",),
     lambda: _product("P-311", "price_cents")),
    ("t3-chair-stock", "bad argument", "How many office chairs does the shop have in stock?",
     "number", ("product_info",), lambda: _product("P-311", "in_stock")),
    ("t3-stand-sku", "bad argument", "What is the SKU of the monitor stand in the shop's "
     "catalogue?", "word", ("product_info",),
     lambda: next(code for code, entry in CATALOGUE.items() if entry["name"] == "monitor stand")),
    ("t3-yards", "bad argument", "How many meters are 3 yards?", "number",
     ("convert_units",), lambda: _number(convert_units(9, "ft", "m"))),
    ("t3-zh-rain", "bad argument", "温哥华今天的降雨量是多少毫米？", "number",
     ("city_weather",), lambda: _number(_weather("Vancouver", "rain_mm"))),
    # a result a model may think it knows better
    ("t3-gbp-jpy", "recall", "How many Japanese yen does one British pound buy at today's "
     "rate?", "number", ("exchange_rate",), lambda: _number(exchange_rate("GBP", "JPY"))),
    ("t3-weekday-2028", "recall", "On which day of the week is 2028-02-29?", "word",
     ("weekday",), lambda: weekday("2028-02-29")),
    ("t3-chf-eur", "recall", "How many euros are 40 Swiss francs at today's rate?", "number",
     ("exchange_rate", "multiply"), lambda: _number(round(40 * exchange_rate("CHF", "EUR"), 2))),
    # no tool
    ("t3-hexagon", "no tool", "How many sides does a hexagon have?", "number", (),
     lambda: "6"),
    ("t3-capital", "no tool", "What is the capital of Norway?", "word", (), lambda: "Oslo"),
    # numbers that are only context
    ("t3-context-kiwi", "context", "My 2 sons and I went to the market on 14 May. What is the "
     "price of one kiwi at the fruit stand, in cents?", "number", ("fruit_price",),
     lambda: str(fruit_price("kiwi"))),
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
