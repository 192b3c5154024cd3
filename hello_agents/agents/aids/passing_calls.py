"""The JSON Schema of "call a tool, and pass it these values".

When a small model answers before it has used a number of the question (a unit
price, asked what a number of units cost), the aids tell it so and ask for the
next call "with N and the results you have". A model of half a billion
parameters may read that and call an unrelated tool with a placeholder argument
(a made-up name, an example date). With
the ``json_schema`` strategy the request can hold the model to what the message
says: :func:`passing_schema` builds a ``response_format`` schema whose every
branch is a call of one tool that passes the unused values, each as a whole
argument, and whose other numeric arguments come from the numbers the run has
(the question's, the tool results' and the conversation's). The model still picks the tool and
the rest of the arguments.

Where a value fits:

* a number: an argument of type ``number``, or ``integer`` for a whole number;
* an ISO date: a string argument documented as a date (its name, description
  or ``format`` says "date"), since any string could hold one.

Only the calls that place the most values are offered (``add_days(date=...,
days=...)`` for a date and a count, not a call that takes one of them). A
registry where no argument fits gives no schema (the message alone is sent).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Any

from hello_agents.agents.aids.quantities import quantity_value
from hello_agents.agents.tool_call_json import call_branch
from hello_agents.tools.registry import ToolRegistry

MAX_VALUES = 3
"""At most this many values are held (the first ones the question gives)."""

MAX_BRANCHES = 64
"""A schema with more branches than this is not sent (the grammar would be huge)."""


def passing_schema(
    registry: ToolRegistry, values: Sequence[str], numbers: Iterable[float]
) -> dict[str, Any] | None:
    """The schema of one call that passes as many of ``values`` as one tool can take.

    Args:
        registry: The tools.
        values: The values to pass, as the question writes them (``"9"``,
            ``"4,300"``, ``"2024-11-05"``).
        numbers: The numbers the run has; a branch's other numeric arguments
            must be one of them (minus the values it passes), when any are left.

    Returns:
        ``{"anyOf": [...], "$defs": {...}}``, or ``None`` when no argument of
        any tool can take any of the values (or when more than
        :data:`MAX_BRANCHES` calls would be offered).
    """
    wanted = [
        value
        for value in (quantity_value(text) for text in values[:MAX_VALUES])
        if isinstance(value, str) or math.isfinite(value)  # no float holds a 400-digit number
    ]
    known = sorted(set(numbers))
    best: list[dict[str, Any]] = []
    most = 0
    definitions: dict[str, Any] = {}
    for tool in registry.get_all_tools():
        arguments = dict(tool.input_schema())
        properties: dict[str, Any] = arguments.get("properties") or {}
        for placed in _placements(properties, wanted):
            if len(placed) < most:
                continue
            if len(placed) > most:
                most, best = len(placed), []
            definitions.update(arguments.get("$defs", {}))
            best.append(call_branch(tool.name, _held(arguments, placed, known)))
    if not best or len(best) > MAX_BRANCHES:
        return None
    schema: dict[str, Any] = {"anyOf": best}
    if definitions:
        schema["$defs"] = definitions
    return schema


def _placements(
    properties: dict[str, Any], wanted: Sequence[str | float]
) -> list[dict[str, str | float]]:
    """Every largest way to give distinct arguments distinct values that fit them."""
    fits = {
        name: [value for value in dict.fromkeys(wanted) if _fits(prop, name, value)]
        for name, prop in properties.items()
        if isinstance(prop, dict)
    }
    names = [name for name, values in fits.items() if values]
    found: list[dict[str, str | float]] = []
    for size in range(min(len(names), len(set(wanted))), 0, -1):
        for chosen in itertools.combinations(names, size):
            for picked in itertools.product(*(fits[name] for name in chosen)):
                if len(set(picked)) == size:
                    found.append(dict(zip(chosen, picked, strict=True)))
                if len(found) > MAX_BRANCHES:
                    return found  # too many to offer anyway
        if found:
            return found
    return found


def _fits(prop: dict[str, Any], name: str, value: str | float) -> bool:
    kind = prop.get("type")
    if isinstance(value, str):
        described = f"{name} {prop.get('description', '')} {prop.get('format', '')}".lower()
        return kind == "string" and "date" in described
    if kind == "integer":
        return value.is_integer()
    return kind == "number"


def _held(
    arguments: dict[str, Any], placed: dict[str, str | float], known: list[float]
) -> dict[str, Any]:
    """``arguments`` with the placed values as constants and the other numbers from ``known``."""
    passed = {value for value in placed.values() if not isinstance(value, str)}
    others = [number for number in known if number not in passed]
    properties = {}
    for name, prop in (arguments.get("properties") or {}).items():
        if name in placed:
            value = placed[name]
            integer = prop.get("type") == "integer" and isinstance(value, float)
            constant = int(value) if integer else value
            properties[name] = {**prop, "const": constant}
        elif isinstance(prop, dict) and prop.get("type") == "number" and others:
            properties[name] = {**prop, "enum": others}
        elif isinstance(prop, dict) and prop.get("type") == "integer":
            whole = [int(number) for number in others if number.is_integer()]
            properties[name] = {**prop, "enum": whole} if whole else prop
        else:
            properties[name] = prop
    held = {key: value for key, value in arguments.items() if key != "$defs"}
    held["properties"] = properties
    return held


__all__ = ["MAX_BRANCHES", "MAX_VALUES", "passing_schema"]
