"""The typed tuning batteries written as modules of their own (``tuning2-typed``,
``tuning3-typed``): answers computed, tools offered, ids unique, and each battery's own
tools refusing a bad argument with what they take."""

from __future__ import annotations

from typing import NamedTuple

import pytest
from _benchmark_modules import load


class Battery(NamedTuple):
    module: str
    name: str
    kinds: int
    tools: int  # typed tools offered: the shared ones plus the battery's own
    own_tool: str


BATTERIES = [
    Battery("local_tasks_tuning2", "tuning2-typed", kinds=10, tools=13, own_tool="order_status"),
    Battery("local_tasks_tuning3", "tuning3-typed", kinds=8, tools=12, own_tool="product_info"),
]


@pytest.mark.parametrize("battery", BATTERIES, ids=[b.name for b in BATTERIES])
def test_every_answer_is_computed_and_not_in_its_question(battery: Battery) -> None:
    module = load(battery.module)
    tasks = load("local_tasks")
    assert len(module.TYPED) == 26
    assert len(set(module.KINDS.values())) == battery.kinds
    for task in module.TYPED:
        assert task.expected == module.SOLUTIONS[task.id](), task.id
        if module.KINDS[task.id] != "yes/no":  # those questions name both answers
            assert task.expected not in task.question, task.id
        assert tasks.answer_matches(f"The answer is {task.expected}.", task.expected, task.kind)


@pytest.mark.parametrize("battery", BATTERIES, ids=[b.name for b in BATTERIES])
def test_the_battery_is_registered_as_typed_with_its_tools(battery: Battery) -> None:
    batteries = load("local_batteries")
    module = load(battery.module)
    assert batteries.BATTERIES[battery.name] == module.TYPED
    assert battery.name in batteries.TYPED_BATTERIES
    assert getattr(module, battery.own_tool) in batteries.typed_tools(battery.name)
    assert len(batteries.typed_tools(battery.name)) == battery.tools
    ids = [task.id for tasks in batteries.BATTERIES.values() for task in tasks]
    assert len(ids) == len(set(ids))


def test_the_second_batterys_tools_refuse_a_bad_argument_with_what_they_take() -> None:
    battery = load("local_tasks_tuning2")
    with pytest.raises(ValueError, match="zones: domestic, eu, world"):
        battery.shipping_cost(3, "Europe")
    with pytest.raises(ValueError, match="look like A-1001"):
        battery.order_status("a1003")
    with pytest.raises(ValueError, match="rooms: 1A, 2B, 3C"):
        battery.book_room("4D", "2026-01-15")
    assert battery.order_status(" a-1003 ").startswith("status: processing")
    assert battery.is_leap_year(2000) and not battery.is_leap_year(1900)


def test_the_third_batterys_tools_refuse_a_bad_argument_with_what_they_take() -> None:
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
