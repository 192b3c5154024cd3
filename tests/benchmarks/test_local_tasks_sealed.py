"""The sealed battery: it loads, is registered, keeps the hash recorded in the docs, and its
checks take a right answer and refuse a wrong one (tested without quoting any task)."""

from __future__ import annotations

import datetime
import hashlib
import re
from typing import Any

import pytest
from _benchmark_modules import BENCHMARKS, load

from hello_agents import tool

DOCS = BENCHMARKS.parent / "docs" / "local-model.md"


def _tasks() -> list[Any]:
    sealed = load("local_tasks_sealed")
    return [*sealed.CALCULATOR, *sealed.TYPED]


def test_thirty_tasks_with_unique_ids_registered_as_two_batteries() -> None:
    batteries = load("local_batteries")
    sealed = load("local_tasks_sealed")
    tasks = _tasks()
    assert len(tasks) == 30
    assert len({task.id for task in tasks}) == 30
    assert batteries.SEALED == ("sealed-2026-12-calculator", "sealed-2026-12-typed")
    assert batteries.BATTERIES["sealed-2026-12-calculator"] == sealed.CALCULATOR
    assert batteries.BATTERIES["sealed-2026-12-typed"] == sealed.TYPED
    assert "sealed-2026-12-typed" in batteries.TYPED_BATTERIES
    assert "sealed-2026-12-calculator" not in batteries.TYPED_BATTERIES
    halves = {*batteries.TUNING, *batteries.HELD_OUT}
    assert not set(batteries.SEALED) & halves
    ids = [task.id for tasks in batteries.BATTERIES.values() for task in tasks]
    assert len(ids) == len(set(ids))
    assert set(sealed.KINDS.values()) == {"calculator", "typed", "no tool"}


def test_the_file_is_the_one_whose_hash_the_docs_record() -> None:
    recorded = re.search(r"local_tasks_sealed\.py`[^\n]*?`([0-9a-f]{64})`", DOCS.read_text())
    assert recorded, "docs/local-model.md records no SHA-256 for the sealed battery"
    digest = hashlib.sha256((BENCHMARKS / "local_tasks_sealed.py").read_bytes()).hexdigest()
    assert digest == recorded.group(1)


def test_typed_tools_are_the_shared_ones_plus_three_valid_tools() -> None:
    batteries = load("local_batteries")
    tasks = load("local_tasks")
    offered = batteries.typed_tools("sealed-2026-12-typed")
    assert offered[: len(tasks.TYPED_TOOLS)] == tasks.TYPED_TOOLS
    assert len(offered) == len(tasks.TYPED_TOOLS) + 3
    names = [tool(function).name for function in offered]
    assert len(names) == len(set(names))
    assert batteries.typed_tools("typed") == tasks.TYPED_TOOLS


def test_the_new_tools_refuse_what_they_cannot_do_and_say_why() -> None:
    sealed = load("local_tasks_sealed")
    with pytest.raises(ValueError, match="use one of USD"):
        sealed.convert_currency(1, "XYZ", "USD")
    with pytest.raises(ValueError, match="at most 30"):
        sealed.shipping_cost(0, "europe")
    assert sealed.order_status("00000").startswith("No order")


@pytest.mark.parametrize("task", _tasks(), ids=lambda task: task.id)
def test_each_check_takes_the_right_answer_and_refuses_a_wrong_one(task: Any) -> None:
    sealed = load("local_tasks_sealed")
    rule = load("local_tasks").answer_matches
    assert task.expected == sealed.SOLUTIONS[task.id]()
    assert task.expected.lower() not in task.question.lower()
    assert rule(f"The answer is {task.expected}.", task.expected, task.kind)
    if task.kind != "word":  # a Chinese answer is read by its numbers and dates
        assert rule(f"答案是{task.expected}。", task.expected, task.kind)
    if task.kind == "number":
        wrong = f"{float(task.expected) + 1:g}"
    elif task.kind == "date":
        wrong = (datetime.date.fromisoformat(task.expected) + datetime.timedelta(1)).isoformat()
    else:
        wrong = task.expected + "x"
    assert not rule(f"The answer is {wrong}.", task.expected, task.kind)
