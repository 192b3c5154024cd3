"""The other side of a pair: a question that joins two names, codes or counted things
("Lima or Quito", "Ana Ruiz's desk number than Bo Lind's", "4 plums and 2 figs",
"K-20 or K-21"), after a run whose calls were passed only one of them.

:func:`other_sides` reads, for each text value a successful call was passed, where the
question writes it, and what the question joins to it with "or", "and", "than" or
"vs": a value of the same form (a capitalised name after a name, a code of the same
shape after a code: as many letters and digits, a dash or none; a counted thing after
a counted thing). Small models look up one side of a comparison and answer as if they
had both.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hello_agents.agents.aids.policy import CallMade
from hello_agents.agents.aids.quantities import argument_values
from hello_agents.agents.aids.units import singular

_CONNECTOR = re.compile(r"\s*(?:\bor\b|\band\b|\bthan\b|\bvs\b\.?|\bversus\b)\s*", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[?!;。？！；]|\.(?:\s|$)")
_SKIPPED = re.compile(r"(?:(?:the|in|at|for|of|from|to|about)\s+)*", re.IGNORECASE)
_NAME = re.compile(r"[A-Z][\w’'-]*(?:\s+[A-Z][\w’'-]*)*")
_COUNTED = re.compile(r"\d+(?:\.\d+)?\s+([a-z][a-z-]+)")
_CODE = re.compile(r"(?<![\w-])([A-Z]{1,4}-?)(\d+)(?![\w-])")
_POSSESSIVE = re.compile(r"['’]s?$")
_LONGEST = 100


def other_sides(question: str, calls: Iterable[CallMade]) -> list[tuple[CallMade, str, str]]:
    """The values the question joins to one a successful call was passed, that no call
    was passed: ``(the call, the value it was passed, the other value)`` each.

    >>> from hello_agents.core.message import ToolCall
    >>> made = CallMade(ToolCall("c1", "weather", '{"city": "Lima"}'), "12 C", True, 1)
    >>> [(side, other) for _, side, other in other_sides("Lima or Quito: which is warmer?", [made])]
    [('Lima', 'Quito')]
    """
    done = [made for made in calls if made.ok]
    passed = " ".join(made.call.arguments.lower() for made in calls)
    found: dict[str, tuple[CallMade, str, str]] = {}  # by the other side, each once
    for made in done:
        for value in argument_values(made.call.arguments):
            if not isinstance(value, str) or not value.strip() or len(value) > _LONGEST:
                continue  # a name or a code is short; a long text is not one side of a pair
            other = other_side(question, value.strip())
            if other and other not in found and not _was_passed(other, passed):
                found[other] = (made, value.strip(), other)
    return list(found.values())


def other_side(question: str, value: str) -> str | None:
    """What ``question`` joins to ``value``: the first connector after it in its
    clause, with at most a few lower-case words between ("'s phone extension than"),
    then a value of the same form; ``None`` when there is none."""
    code = _CODE.fullmatch(value)
    pattern = re.escape(value) if code else rf"{re.escape(value)}(?:e?s)?"
    found = re.search(rf"(?<![\w-]){pattern}(?![\w-])", question, re.IGNORECASE)
    if found is None:
        return None
    written = found.group()
    clause_end = _CLAUSE_END.search(question, found.end())
    after = question[found.end() : clause_end.start() if clause_end else len(question)]
    connector = _CONNECTOR.search(after)
    if connector is None or not _joins(after[: connector.start()]):
        return None
    rest = after[connector.end() :]
    rest = rest[_SKIPPED.match(rest).end() :]  # type: ignore[union-attr]  # always matches
    if code is not None:  # "K-20) than cups (K-21": a code of the same shape, close by
        other_code = _CODE.search(rest[:40])
        same = other_code is not None and _shape(other_code) == _shape(code)
        other = other_code.group() if other_code is not None and same else None
    elif written[0].isupper():
        name = _NAME.match(rest)
        other = _POSSESSIVE.sub("", name.group()) if name else None
    elif _counted_before(question, found.start()):
        counted = _COUNTED.match(rest)
        other = counted.group(1) if counted else None
    else:
        return None
    if not other or other.lower() in (value.lower(), written.lower()):
        return None
    return other


def _shape(code: re.Match[str]) -> tuple[int, bool, int]:
    """A code's shape: how many letters, whether a dash follows them, how many
    digits ("QX-4410" and "ZB-9032" have one shape, "K-20" and "K-210" do not)."""
    letters, digits = code.group(1), code.group(2)
    return len(letters.rstrip("-")), letters.endswith("-"), len(digits)


def _joins(gap: str) -> bool:
    """Whether the text between a value and a connector leaves the connector joined
    to that value: no name, code or number of its own, and a few words at most."""
    return re.search(r"[A-Z0-9]", gap) is None and len(gap.split()) <= 4


def _counted_before(question: str, start: int) -> bool:
    """Whether a number stands just before ``start`` ("4 plums")."""
    return re.search(r"\d\s+$", question[:start]) is not None


def _was_passed(other: str, passed: str) -> bool:
    lowered = other.lower()
    return lowered in passed or singular(lowered) in passed


__all__ = ["other_side", "other_sides"]
