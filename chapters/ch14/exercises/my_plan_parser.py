"""Exercise 1: my_extract_tasks, reading the planner's plan from what a model writes.

The planner is asked for "only a JSON array" of tasks, each with a title, an intent and
a query. Small models add sentences around it, wrap it in a code fence, leave a
trailing comma, or answer {"tasks": [...]}. Read all of those; drop a task without a
title; use the title when the intent is missing; return [] (never raise) when there is
no JSON to read. (The app's own version is deep_research/planner.py: extract_tasks.)

Fill in the TODOs, then check your function:

    python chapters/ch14/exercises/my_plan_parser.py

A model answer is in solutions/my_plan_parser.py: try first.
"""

from __future__ import annotations

from typing import Any


def find_json(reply: str) -> Any:
    """TODO 1: the first JSON array or object in ``reply``: drop code fences, take the
    text from the first ``[`` (or ``{``) to its matching bracket, remove a comma that
    stands just before a ``]`` or ``}``, and ``json.loads`` it. None when nothing parses."""
    raise NotImplementedError("TODO: find_json")


def my_extract_tasks(reply: str) -> list[dict[str, str]]:
    """TODO 2: the tasks of the reply: a list (or an object's "tasks" list) of dicts, each
    turned into {"title", "intent", "query"} strings; skip items without a title."""
    raise NotImplementedError("TODO: my_extract_tasks")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("plan_parser", my_extract_tasks))
