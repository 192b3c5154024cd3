"""The second typed tuning battery: answers computed, tools offered, ids unique."""

from __future__ import annotations

import pytest
from _benchmark_modules import load


def test_every_answer_is_computed_and_not_in_its_question() -> None:
    battery = load("local_tasks_tuning2")
    tasks = load("local_tasks")
    assert len(battery.TYPED) == 26
    assert len(set(battery.KINDS.values())) == 10
    for task in battery.TYPED:
        assert task.expected == battery.SOLUTIONS[task.id](), task.id
        if battery.KINDS[task.id] != "yes/no":  # those questions name both answers
            assert task.expected not in task.question, task.id
        assert tasks.answer_matches(f"The answer is {task.expected}.", task.expected, task.kind)


def test_its_own_tools_refuse_a_bad_argument_with_what_they_take() -> None:
    battery = load("local_tasks_tuning2")
    with pytest.raises(ValueError, match="zones: domestic, eu, world"):
        battery.shipping_cost(3, "Europe")
    with pytest.raises(ValueError, match="look like A-1001"):
        battery.order_status("a1003")
    with pytest.raises(ValueError, match="rooms: 1A, 2B, 3C"):
        battery.book_room("4D", "2026-01-15")
    assert battery.order_status(" a-1003 ").startswith("status: processing")
    assert battery.is_leap_year(2000) and not battery.is_leap_year(1900)


def test_the_battery_is_registered_as_typed_with_its_tools() -> None:
    batteries = load("local_batteries")
    battery = load("local_tasks_tuning2")
    assert batteries.BATTERIES["tuning2-typed"] == battery.TYPED
    assert "tuning2-typed" in batteries.TYPED_BATTERIES
    assert battery.order_status in batteries.typed_tools("tuning2-typed")
    assert len(batteries.typed_tools("tuning2-typed")) == 13
    ids = [task.id for tasks in batteries.BATTERIES.values() for task in tasks]
    assert len(ids) == len(set(ids))
