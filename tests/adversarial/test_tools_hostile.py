"""Hostile tools and hostile arguments: the registry answers every call with a result.

Each case has a hard time limit: a tool that hangs must cost its own timeout, not
the test run, and nothing may wait for an abandoned tool afterwards.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from _limits import within
from hypothesis import given, settings
from hypothesis import strategies as st

from hello_agents.tools import ToolRegistry
from hello_agents.tools.async_executor import AsyncToolExecutor
from hello_agents.tools.builtin import CalculatorTool

HANG = 30.0  # seconds a hanging tool would sleep; every test must end long before


class Unprintable:
    def __str__(self) -> str:
        raise RuntimeError("no text for you")

    __repr__ = __str__


def deep_list() -> list[Any]:
    nested: list[Any] = []
    for _ in range(3000):
        nested = [nested]
    return nested


def returning(make: Callable[[], Any]) -> Callable[[str], Any]:
    def tool(text: str = "") -> Any:
        return make()

    return tool


def hostile_registry() -> ToolRegistry:
    registry = ToolRegistry(max_output_chars=1_000, default_timeout=0.5)
    registry.register_tool(CalculatorTool())
    values: dict[str, Callable[[], Any]] = {
        "huge_int": lambda: 10**5000,
        "unprintable": Unprintable,
        "raw_bytes": lambda: b"\xff\x00bytes",
        "nothing": lambda: None,
        "an_object": object,
        "deep_list": deep_list,
        "floats": lambda: [0.5] * 2_000_000,
        "exits": lambda: sys.exit(3),
        "hangs": lambda: time.sleep(HANG),
    }
    for name, make in values.items():
        registry.register_function(name, f"Returns {name}", returning(make))

    @registry.tool
    async def blocks_its_loop() -> str:
        """An async tool that blocks the event loop."""
        time.sleep(3)
        return "late"

    @registry.tool
    async def awaits_forever() -> str:
        """An async tool that never finishes."""
        await asyncio.sleep(HANG)
        return "late"

    return registry


@pytest.mark.parametrize(
    ("tool", "kind"),
    [
        ("huge_int", "execution_error"),
        ("unprintable", "execution_error"),
        ("deep_list", "execution_error"),
        ("exits", "execution_error"),
        ("hangs", "timeout"),
        ("awaits_forever", "timeout"),
        ("blocks_its_loop", "timeout"),
    ],
)
def test_hostile_tools_become_failed_results(tool: str, kind: str) -> None:
    result = within(10, hostile_registry().execute, tool)
    assert not result.ok and result.error_kind == kind and result.content


@pytest.mark.parametrize("tool", ["raw_bytes", "nothing", "an_object"])
def test_odd_return_values_are_rendered(tool: str) -> None:
    result = within(10, hostile_registry().execute, tool)
    assert result.ok and result.content


def test_a_huge_return_value_is_not_kept_in_the_result() -> None:
    result = within(20, hostile_registry().execute, "floats")
    assert result.ok and result.truncated
    assert result.data is None and result.metadata["data_dropped"] is True
    assert len(result.content) < 1_200


def test_hanging_tools_hold_neither_asyncio_run_nor_close() -> None:
    registry = hostile_registry()
    started = time.monotonic()
    result = within(10, lambda: asyncio.run(registry.aexecute("hangs")))
    assert result.error_kind == "timeout"

    async def parallel() -> list[str]:
        executor = AsyncToolExecutor(registry, max_workers=1)
        results = await executor.execute_tools_parallel(
            [
                {"tool_name": "hangs", "input_data": ""},
                {"tool_name": "python_calculator", "input_data": "2+2"},
            ]
        )
        executor.close()
        return [result["status"] for result in results]

    assert within(10, lambda: asyncio.run(parallel())) == ["error", "success"]
    assert time.monotonic() - started < 5


def test_an_async_tool_that_blocks_its_loop_times_out_from_then_on() -> None:
    registry = hostile_registry()
    first = within(10, lambda: asyncio.run(registry.aexecute("blocks_its_loop")))
    assert first.error_kind == "timeout"  # reported late: the loop was held
    began = time.monotonic()
    second = within(10, lambda: asyncio.run(registry.aexecute("blocks_its_loop")))
    assert second.error_kind == "timeout" and time.monotonic() - began < 2


def test_the_interpreter_exits_without_waiting_for_an_abandoned_tool() -> None:
    program = (
        "import time\n"
        "from hello_agents.tools import ToolRegistry\n"
        "registry = ToolRegistry(default_timeout=0.2)\n"
        "registry.register_function('hang', 'hangs', lambda text='': time.sleep(60))\n"
        "print(registry.execute('hang').error_kind)\n"
    )
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=30, check=True
    )
    assert done.stdout.strip() == "timeout" and time.monotonic() - began < 20


def test_sys_exit_in_a_tool_without_a_time_limit_does_not_end_the_program() -> None:
    registry = ToolRegistry(default_timeout=None)
    registry.register_function("leave", "Leaves", lambda text="": sys.exit("bye"))
    result = registry.execute("leave")
    assert not result.ok and "sys.exit('bye')" in result.content


def test_keyboard_interrupt_is_not_swallowed() -> None:
    def interrupted(text: str = "") -> str:
        raise KeyboardInterrupt

    registry = ToolRegistry()
    registry.register_function("interrupted", "Ctrl-C", interrupted)
    with pytest.raises(KeyboardInterrupt):
        registry.execute("interrupted")


HOSTILE_ARGUMENTS = [
    '{"input": ' + "1" * 5000 + "}",
    '{"input": ' + "[" * 5000 + "]" * 5000 + "}",
    "[" * 5000,
    "{" * 100_000,
    "input=" + "[" * 5000,
    ",".join(f"k{number}=[" for number in range(20_000)),
    "```\n" + " " * 100_000 + "x```",
    '{"input": "1",' + "," * 100_000 + "}",
]


@pytest.mark.parametrize("arguments", HOSTILE_ARGUMENTS, ids=range(len(HOSTILE_ARGUMENTS)))
def test_hostile_arguments_become_guard_errors(arguments: str) -> None:
    result = within(10, hostile_registry().execute, "python_calculator", arguments)
    assert not result.ok and result.content  # refused by the guard, or by the calculator


def test_deeply_nested_dict_arguments_are_refused() -> None:
    nested: Any = "x"
    for _ in range(5000):
        nested = {"a": nested}
    result = within(10, hostile_registry().execute, "python_calculator", {"input": nested})
    assert result.error_kind == "invalid_json" and "nested" in result.content


@pytest.mark.parametrize("name", [None, 5, "", " ", "x" * 10_000])
def test_any_tool_name_gets_an_answer(name: Any) -> None:
    result = within(10, hostile_registry().execute, name, "{}")
    assert result.error_kind == "unknown_tool"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=100).map(lambda raw: raw.decode("latin-1")))
def test_random_argument_text_never_raises(arguments: str) -> None:
    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    within(5, registry.execute, "python_calculator", arguments)


def test_one_registry_serves_many_threads_and_tasks_at_once() -> None:
    registry = ToolRegistry(default_timeout=5)
    registry.register_tool(CalculatorTool())
    registry.register_function("echo", "Echo", lambda text: text)
    answers: dict[int, str] = {}
    lock = threading.Lock()

    def worker(number: int) -> None:
        for round_number in range(5):
            text = f"{number}-{round_number}"
            result = registry.execute("echo", text)
            total = registry.execute("python_calculator", f"{number} + {round_number}")
            with lock:
                assert result.content == text and total.content == str(number + round_number)
                answers[number] = result.content

    threads = [threading.Thread(target=worker, args=(number,)) for number in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(answers) == 16

    async def tasks() -> list[str]:
        results = await asyncio.gather(
            *(registry.aexecute("echo", f"task {number}") for number in range(64))
        )
        return [result.content for result in results]

    assert within(30, lambda: asyncio.run(tasks())) == [f"task {number}" for number in range(64)]
