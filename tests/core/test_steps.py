"""The step drivers of core/llm.py: one generator of steps, run blocking and awaited."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from hello_agents.core.llm import END, Steps, Work, adrive, drive


def countdown(numbers: list[int], *, awaiting: bool) -> Steps[str]:
    """Yields a line per number, fetched as a call; reports a failed call and goes on."""
    sleep, next_of = (asyncio.sleep, anext) if awaiting else (time.sleep, next)

    async def aint(text: str) -> int:
        return int(text)

    to_int = aint if awaiting else int
    items = iter(numbers) if not awaiting else _aiter(numbers)
    while (number := (yield Work(next_of, items, END))) is not END:
        yield f"got {number}"
        yield Work(sleep, 0)
    try:
        yield Work(to_int, "not a number")
    except ValueError as error:
        yield f"failed: {type(error).__name__}"


async def _aiter(numbers: list[int]) -> Any:
    for number in numbers:
        yield number


def test_the_blocking_driver_makes_the_calls_and_passes_the_rest_on() -> None:
    assert list(drive(countdown([3, 2], awaiting=False))) == [
        "got 3",
        "got 2",
        "failed: ValueError",
    ]


def test_the_awaiting_driver_gives_the_same_run() -> None:
    async def collect() -> list[str]:
        return [line async for line in adrive(countdown([3, 2], awaiting=True))]

    assert asyncio.run(collect()) == ["got 3", "got 2", "failed: ValueError"]


def test_an_exception_the_steps_do_not_handle_reaches_the_caller() -> None:
    def steps() -> Steps[str]:
        yield "before"
        yield Work(int, "x")
        yield "never"

    events = drive(steps())
    assert next(events) == "before"
    with pytest.raises(ValueError):
        next(events)


def test_stopping_early_closes_the_steps() -> None:
    closed: list[bool] = []

    def steps() -> Steps[str]:
        try:
            yield "one"
            yield "two"
        finally:
            closed.append(True)

    events = drive(steps())
    assert next(events) == "one"
    events.close()
    assert closed == [True]
