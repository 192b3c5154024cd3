"""A model answer to exercise 1 (my_extract_tasks). Run it to see the check pass:

python chapters/ch14/exercises/solutions/my_plan_parser.py
"""

from __future__ import annotations

import json
import re
from typing import Any


def find_json(reply: str) -> Any:
    """The first JSON array or object in ``reply`` (None when nothing parses)."""
    text = re.sub(r"```(?:json)?", "", reply)
    for start, char in enumerate(text):
        if char not in "[{":
            continue
        depth, in_string = 0, False
        for end in range(start, len(text)):
            if text[end] == '"' and text[end - 1] != "\\":
                in_string = not in_string
            elif not in_string and text[end] in "[{":
                depth += 1
            elif not in_string and text[end] in "]}":
                depth -= 1
                if depth == 0:
                    candidate = re.sub(r",\s*([\]}])", r"\1", text[start : end + 1])
                    try:
                        return json.loads(candidate)
                    except ValueError:
                        break
    return None


def my_extract_tasks(reply: str) -> list[dict[str, str]]:
    """The tasks of a planner reply."""
    value = find_json(reply)
    if isinstance(value, dict):
        value = value.get("tasks")
    if not isinstance(value, list):
        return []
    tasks = []
    for item in value:
        if not isinstance(item, dict) or not isinstance(item.get("title"), str):
            continue
        title = item["title"].strip()
        intent = item.get("intent") if isinstance(item.get("intent"), str) else ""
        query = item.get("query") if isinstance(item.get("query"), str) else ""
        if title:
            tasks.append(
                {"title": title, "intent": intent.strip() or title, "query": query.strip() or title}
            )
    return tasks


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("plan_parser", my_extract_tasks))
