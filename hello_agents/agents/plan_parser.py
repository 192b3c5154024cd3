"""Reading a plan: the list of steps a planner reply contains.

The planner is asked for a Python list of strings in a ```` ```python ```` block,
but models do not always answer as asked. :func:`parse_plan_reply` tries, in order:

* a Python or JSON list inside a code fence (```` ```python ````, ```` ```json ````
  or a plain ```` ``` ````);
* such a list anywhere in the text, with prose around it;
* numbered or bulleted lines as a fallback: ``1. step``, ``2) step``, ``- step``,
  ``* step``, ``• step``, ``Step 3: step``, ``**1.** step``; indented sub-items
  are left out.

A list is read as JSON first, then as a Python literal, never with ``eval``.
Its items must be non-empty strings; numbers are turned into strings. A list of
numbers only, such as a citation ``[1]``, is the last resort, after numbered lines.

A reply without a usable plan raises :class:`PlanFormatError`, whose message
says what was wrong, ready to be sent back to the model.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from hello_agents.agents.text import cap_note, capped
from hello_agents.core.exceptions import AgentException
from hello_agents.tools.arguments import literal as literal_value

_FENCE = re.compile(r"```[\w+-]*[ \t]*\n(.*?)```", re.DOTALL)
# "1. step", "2) step", "3、step", "- step", "* step", "• step", "Step 4: step", "**5.** step"
_PLAN_LINE = re.compile(
    r"^(?P<indent>[ \t]*)(?:\*\*)?(?:\d+\s*[.)、:：]|[-*•+]|step\s*\d+\s*[.):：]?)(?:\*\*)?"
    r"[ \t]+(?P<step>\S.*)$",  # greedy to the end of the line, trimmed after: a lazy
    re.IGNORECASE | re.MULTILINE,  # ".*?" before "\s*$" rescans runs of spaces
)
_MAX_LISTS_TRIED = 64  # lists read per reply: a plan is one of the first few
_MAX_LIST_CHARS = 100_000  # a longer bracketed span is not a plan


class PlanFormatError(AgentException, ValueError):
    """A planner reply holds no usable plan; the message tells the model why."""


def parse_plan_reply(text: str) -> list[str]:
    """Read the steps of a plan from a planner reply.

    Tried in order: a Python or JSON list inside a code fence, such a
    list anywhere in the text, then numbered or bulleted lines. Items
    must be non-empty strings; numbers are turned into strings.

    Args:
        text: The planner's reply.

    Returns:
        The steps, in order.

    Raises:
        PlanFormatError: With a message for the model saying what was wrong.
    """
    if not text.strip():
        raise PlanFormatError("your reply was empty.")
    text, was_capped = capped(text)
    problem: PlanFormatError | None = None
    numbers_only: list[str] = []  # "[1]" may be a citation: prefer a list with text
    tries = 0
    for candidate in [*_FENCE.findall(text), text]:
        inside_until = -1  # the lists nested in a list already read are its items
        for start, end in _bracketed(candidate):
            if start <= inside_until or end - start > _MAX_LIST_CHARS:
                continue
            tries += 1
            if tries > _MAX_LISTS_TRIED:
                break
            value = _literal_list(candidate[start:end])
            if value is None:
                continue
            inside_until = end
            try:
                steps = _plan_steps(value)
            except PlanFormatError as error:
                problem = problem or error
                continue
            if any(isinstance(item, str) for item in value):
                return steps
            numbers_only = numbers_only or steps
    steps = _plan_lines(text) or numbers_only
    if steps:
        return steps
    if problem is not None:
        raise PlanFormatError(str(problem) + cap_note(was_capped))
    raise PlanFormatError(
        "it contains no list of steps (no Python or JSON list of strings, no numbered lines)."
        + cap_note(was_capped)
    )


def _bracketed(text: str) -> Iterator[tuple[int, int]]:
    """Start and end of every balanced ``[...]`` span of ``text``, in order of start.

    One pass with a stack of open brackets (quotes are followed only inside
    brackets, so an apostrophe in the prose before a list does not hide it):
    linear in the length of the text, where scanning on from every ``[`` was
    quadratic on a reply of ``[[[[...``.
    """
    spans: list[tuple[int, int]] = []
    opened: list[int] = []
    quote, escaped = "", False
    for position, current in enumerate(text):
        if quote:
            if escaped:
                escaped = False
            elif current == "\n":  # no string literal spans lines: it was an apostrophe
                quote = ""
            elif current == "\\":
                escaped = True
            elif current == quote:
                quote = ""
        elif current == "[":
            opened.append(position)
        elif not opened:
            continue
        elif current in "\"'":
            quote = current
        elif current == "]":
            spans.append((opened.pop(), position + 1))
    spans.sort()
    yield from spans


def _literal_list(literal: str) -> list[object] | None:
    """``literal`` read as a JSON list, else as a Python list; ``None`` if neither."""
    value: object
    try:
        value = json.loads(literal)
    except (ValueError, RecursionError):  # RecursionError: nested thousands deep
        try:
            value = literal_value(literal)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None
    return value if isinstance(value, list) else None


def _plan_steps(value: list[object]) -> list[str]:
    """Check the items of a parsed list and return them as step strings."""
    if not value:
        raise PlanFormatError("the plan is an empty list; it needs at least one step.")
    steps: list[str] = []
    for number, item in enumerate(value, 1):
        if isinstance(item, bool) or not isinstance(item, (str, int, float)):
            shown = repr(item)
            shown = shown if len(shown) <= 80 else shown[:77] + "..."
            raise PlanFormatError(
                f"step {number} is a {type(item).__name__} ({shown}), not a string; "
                "every step must be one plain string."
            )
        text = str(item).strip()
        if not text:
            raise PlanFormatError(f"step {number} is an empty string; every step needs text.")
        steps.append(text)
    return steps


def _plan_lines(text: str) -> list[str]:
    """The top-level numbered or bulleted lines of ``text`` (the fallback format)."""
    matches = list(_PLAN_LINE.finditer(text))
    if not matches:
        return []
    top = min(len(match.group("indent").expandtabs(4)) for match in matches)
    return [
        match.group("step").rstrip()
        for match in matches
        if len(match.group("indent").expandtabs(4)) == top
    ]


__all__ = ["PlanFormatError", "parse_plan_reply"]
