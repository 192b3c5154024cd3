"""The checks for chapter 14's exercises: reading a plan, checking citations.

* ``plan_parser``: ``func(reply) -> list[dict]``; the tasks (``title``, ``intent``,
  ``query``, all text) of a planner's reply, read the way small models write it:
  JSON in a code fence, between sentences, wrapped in ``{"tasks": [...]}``, with a
  trailing comma; a task without a title is dropped, a missing intent becomes the
  title; no readable JSON gives ``[]``.
* ``citation_check``: ``func(text, known) -> (markers, resolved, unresolved)``; how
  many numbers ``text`` cites (``[1]``, each number of ``[1, 2]``, repeats counted,
  never a Markdown link's label ``[1](http://...)``), how many of them are in
  ``known``, and the unknown ones, each once, in order of appearance.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    run_cases,
    short,
)

TIDES = {"title": "What tides are", "intent": "Define tides", "query": "tides moon"}


def check_plan_parser(
    func: Callable[[str], Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a planner-reply reader ``func(reply) -> list[dict]``."""

    def case(reply: str, wanted: list[dict[str, str]], what: str) -> None:
        got = func(reply)
        expect(got == wanted, f"{what}: {short(wanted)}", f"{short(got)} for {short(reply)}")

    def plain() -> None:
        case('[{"title": "What tides are", "intent": "Define tides", "query": "tides moon"}]',
             [TIDES], "a bare JSON array")  # fmt: skip

    def wrapped() -> None:
        reply = 'Here is the plan:\n```json\n[{"title": "What tides are", "intent": "Define tides", "query": "tides moon"},]\n```\nGood luck!'  # noqa: E501
        case(reply, [TIDES], "a fenced array with a trailing comma, between sentences")

    def object_with_tasks() -> None:
        case('{"tasks": [{"title": "What tides are", "intent": "Define tides", "query": "tides moon"}]}',  # noqa: E501
             [TIDES], 'an object {"tasks": [...]}')  # fmt: skip

    def incomplete_tasks() -> None:
        reply = '[{"intent": "no title", "query": "x"}, {"title": "Spring tides", "query": "spring tides"}]'  # noqa: E501
        case(reply, [{"title": "Spring tides", "intent": "Spring tides", "query": "spring tides"}],
             "a task without a title dropped; a missing intent becomes the title")  # fmt: skip

    def nothing() -> None:
        case("I cannot plan this.", [], "a reply without JSON")
        case("[not json at all]", [], "brackets that are not JSON")

    cases = [
        Case("a bare JSON array", plain, "json.loads the reply when it is only JSON.",
             expected="the one task"),
        Case("JSON inside text and a code fence", wrapped,
             "find the first '[' and its matching ']', drop a trailing comma before ']' or '}'.",
             expected="the one task"),
        Case('{"tasks": [...]}', object_with_tasks, "if the JSON is an object, take its 'tasks'.",
             expected="the one task"),
        Case("tasks missing fields", incomplete_tasks,
             "skip items without a title; use the title when the intent is missing.",
             expected="only the complete task"),
        Case("no JSON", nothing, "return [] when nothing parses; never raise.",
             expected="[] twice"),
    ]  # fmt: skip
    return run_cases("plan_parser", func, cases, raise_on_failure=raise_on_failure)


def check_citation_check(
    func: Callable[[str, Any], Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a citation counter ``func(text, known) -> (markers, resolved, unresolved)``."""

    def case(text: str, known: set[int], wanted: tuple[int, int, list[int]], what: str) -> None:
        got = func(text, known)
        got = (
            (got[0], got[1], list(got[2]))
            if isinstance(got, (tuple, list)) and len(got) == 3
            else got
        )
        expect(got == wanted, f"{what}: {wanted}", f"{short(got)} for {short(text)}")

    def simple() -> None:
        case("Tides follow the Moon [1]. Two a day [2].", {1, 2}, (2, 2, []), "two known citations")

    def unknown() -> None:
        case("A fact [1]. Made up [7]. Again [7].", {1, 2}, (3, 1, [7]),
             "an unknown number counted each time, listed once")  # fmt: skip

    def grouped() -> None:
        case("Both [1, 3] and [2][3].", {1, 2}, (4, 2, [3]), "[1, 3] is two citations")

    def links() -> None:
        case("See [1](http://a.example) and [2].", {2}, (1, 1, []), "a link label is no citation")

    def none() -> None:
        case("No citations here.", {1}, (0, 0, []), "a text without citations")

    cases = [
        Case("known citations", simple, "find every [n] with a regular expression.",
             expected="(2, 2, [])"),
        Case("unknown citations", unknown,
             "count every marker; list each unknown number once, in order.",
             expected="(3, 1, [7])"),
        Case("several numbers in one bracket", grouped, "split the inside of [...] at commas.",
             expected="(4, 2, [3])"),
        Case("Markdown links", links, "a [label] followed by '(' is a link, not a citation.",
             expected="(1, 1, [])"),
        Case("no citations", none, "return (0, 0, []).", expected="(0, 0, [])"),
    ]  # fmt: skip
    return run_cases("citation_check", func, cases, raise_on_failure=raise_on_failure)


__all__ = ["check_citation_check", "check_plan_parser"]
