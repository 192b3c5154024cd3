"""The third typed tuning battery: answers computed, tools offered, ids unique."""

from __future__ import annotations

import pytest
from _benchmark_modules import load


def test_every_answer_is_computed_and_not_in_its_question() -> None:
    battery = load("local_tasks_tuning3")
    tasks = load("local_tasks")
    assert len(battery.TYPED) == 26
    assert len(set(battery.KINDS.values())) == 8
    for task in battery.TYPED:
        assert task.expected == battery.SOLUTIONS[task.id](), task.id
        assert task.expected not in task.question, task.id
        assert tasks.answer_matches(f"The answer is {task.expected}.", task.expected, task.kind)


def test_its_own_tools_refuse_a_bad_argument_with_what_they_take() -> None:
    battery = load("local_tasks_tuning3")
    with pytest.raises(ValueError, match=r"P-311 \(office chair\)"):
        battery.product_info("office chair")
    with pytest.raises(ValueError, match="three-letter code: EUR, USD"):
        battery.exchange_rate("euros", "USD")
    with pytest.raises(ValueError, match="cities: Oslo"):
        battery.city_weather("温哥华")
    assert battery.product_info(" p-311 ").startswith("name: office chair")
    assert battery.city_weather("  vancouver ").startswith("temperature_c: 9")
    assert battery.exchange_rate("eur", "eur") == 1.0


def test_the_battery_is_registered_as_typed_with_its_tools() -> None:
    batteries = load("local_batteries")
    battery = load("local_tasks_tuning3")
    assert batteries.BATTERIES["tuning3-typed"] == battery.TYPED
    assert "tuning3-typed" in batteries.TYPED_BATTERIES
    assert battery.product_info in batteries.typed_tools("tuning3-typed")
    assert len(batteries.typed_tools("tuning3-typed")) == 12
    ids = [task.id for tasks in batteries.BATTERIES.values() for task in tasks]
    assert len(ids) == len(set(ids))
