"""AsyncToolExecutor: real concurrency, order, errors, timeouts and pool lifecycle.

Concurrency is proven with barriers, not timing: a barrier of N only opens when
N calls are inside the tool at the same moment, which a sequential executor
never achieves.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.async_executor import (
    AsyncToolExecutor,
    run_batch_tool,
    run_batch_tool_sync,
    run_parallel_tools,
    run_parallel_tools_sync,
)
from hello_agents.tools.builtin.calculator import CalculatorTool
from hello_agents.tools.registry import ToolRegistry

BARRIER_TIMEOUT = 5.0  # only reached when calls do NOT overlap (a failure)


def barrier_tool(parties: int) -> tuple[ToolRegistry, list[str]]:
    """A registry whose ``meet`` tool returns only once ``parties`` calls are inside it."""
    barrier = threading.Barrier(parties, timeout=BARRIER_TIMEOUT)
    threads: list[str] = []

    def meet(text: str) -> str:
        threads.append(threading.current_thread().name)
        barrier.wait()
        return f"met {text}"

    registry = ToolRegistry()
    registry.register_function("meet", "Wait for the others", meet)
    registry.register_tool(CalculatorTool())
    return registry, threads


def test_sync_tools_run_at_the_same_time_in_the_executor_threads() -> None:
    registry, threads = barrier_tool(4)
    tasks = [{"tool_name": "meet", "input_data": str(number)} for number in range(4)]
    with AsyncToolExecutor(registry, max_workers=4) as executor:
        results = asyncio.run(executor.execute_tools_parallel(tasks))
    assert [result["status"] for result in results] == ["success"] * 4
    assert [result["result"] for result in results] == ["met 0", "met 1", "met 2", "met 3"]
    assert all(name.startswith("hello-agents-parallel") for name in threads)


def test_max_workers_bounds_how_many_sync_tools_overlap() -> None:
    lock = threading.Lock()
    active = [0]
    peak = [0]
    pairs = threading.Barrier(2, timeout=BARRIER_TIMEOUT)

    def tracked(text: str) -> str:
        with lock:
            active[0] += 1
            peak[0] = max(peak[0], active[0])
        pairs.wait()  # two at a time can get through
        with lock:
            active[0] -= 1
        return text

    registry = ToolRegistry()
    registry.register_function("tracked", "Track concurrency", tracked)
    with AsyncToolExecutor(registry, max_workers=2) as executor:
        results = asyncio.run(executor.execute_tools_batch("tracked", ["a", "b", "c", "d"]))
    assert [result["result"] for result in results] == ["a", "b", "c", "d"]
    assert peak[0] == 2


def test_async_tools_are_awaited_natively_and_concurrently() -> None:
    arrived = 0
    everyone_here = asyncio.Event()
    loop_threads: set[str] = set()

    async def gather_up(text: str) -> str:
        """Wait until three calls are running."""
        nonlocal arrived
        loop_threads.add(threading.current_thread().name)
        arrived += 1
        if arrived == 3:
            everyone_here.set()
        await asyncio.wait_for(everyone_here.wait(), BARRIER_TIMEOUT)
        return text.upper()

    registry = ToolRegistry()
    registry.register_function("gather_up", "Wait for the others", gather_up)

    async def main() -> list[str]:
        async with AsyncToolExecutor(registry, max_workers=1) as executor:
            results = await executor.execute_tools_batch("gather_up", ["a", "b", "c"])
        return [result["result"] for result in results]

    assert asyncio.run(main()) == ["A", "B", "C"]  # 3 overlapped with a single worker thread
    assert loop_threads == {threading.current_thread().name}


def test_results_keep_task_order_and_report_errors() -> None:
    registry, _ = barrier_tool(1)
    tasks: list[dict[str, Any]] = [
        {"tool_name": "python_calculator", "input_data": "6 * 7"},
        {"tool_name": "python_calculator", "input_data": "1 / 0"},
        {"tool_name": "no_such_tool", "input_data": "x"},
        {"tool_name": "python_calculator", "input_data": {"wrong": "field", "also": 2}},
        {"tool_name": "meet", "input_data": "x"},
    ]
    with AsyncToolExecutor(registry) as executor:
        results = asyncio.run(executor.execute_tools_parallel(tasks))
    assert [result["task_id"] for result in results] == [0, 1, 2, 3, 4]
    assert [result["status"] for result in results] == [
        "success",
        "error",
        "error",
        "error",
        "success",
    ]
    assert [result["error_kind"] for result in results] == [
        None,
        "execution_error",
        "unknown_tool",
        "invalid_arguments",
        None,
    ]
    assert results[0]["result"] == "42"
    assert "Division by zero" in results[1]["result"]
    assert results[1]["input_data"] == "1 / 0"
    assert results[4]["tool_result"].ok


def test_malformed_tasks_become_error_results() -> None:
    registry, _ = barrier_tool(1)
    tasks: list[object] = [
        "python_calculator",
        {"input_data": "1 + 1"},
        {"tool_name": "", "input_data": "1"},
        {"tool_name": "python_calculator", "input_data": "1 + 1", "timeout": "soon"},
        {"tool_name": "python_calculator", "input_data": "1 + 1", "timeout": 0},
        {"tool_name": "python_calculator", "input_data": ["1 + 1"]},
        {"tool_name": "python_calculator"},
        {"tool_name": "python_calculator", "input_data": "2 + 2"},
    ]
    with AsyncToolExecutor(registry) as executor:
        results = asyncio.run(executor.execute_tools_parallel(tasks))  # type: ignore[arg-type]
    assert [result["status"] for result in results] == ["error"] * 7 + ["success"]
    for result in results[:6]:
        assert result["result"].startswith(f"Task {result['task_id']} is malformed: ")
    assert "tool_name" in results[1]["result"]
    assert "timeout" in results[3]["result"]
    assert "input_data" in results[5]["result"]
    assert results[6]["error_kind"] == "invalid_arguments"  # no input: the guard says so
    assert results[7]["result"] == "4"


def test_numbers_are_accepted_as_input() -> None:
    registry, _ = barrier_tool(1)
    with AsyncToolExecutor(registry) as executor:
        results = asyncio.run(executor.execute_tools_batch("python_calculator", [6, 2.5]))
    assert [result["result"] for result in results] == ["6", "2.5"]


def test_per_task_timeout_for_async_and_sync_tools() -> None:
    release = threading.Event()

    async def never(text: str) -> str:
        """Wait forever."""
        await asyncio.Event().wait()
        return text

    def stuck(text: str) -> str:
        release.wait(BARRIER_TIMEOUT)
        return text

    registry = ToolRegistry()
    registry.register_function("never", "Never returns", never)
    registry.register_function("stuck", "Blocks its thread", stuck)
    registry.register_tool(CalculatorTool())
    tasks: list[dict[str, Any]] = [
        {"tool_name": "never", "input_data": "a", "timeout": 0.05},
        {"tool_name": "stuck", "input_data": "b"},
        {"tool_name": "python_calculator", "input_data": "1 + 1"},
    ]
    executor = AsyncToolExecutor(registry, timeout=0.05)
    try:
        results = asyncio.run(executor.execute_tools_parallel(tasks))
    finally:
        release.set()  # let the abandoned thread finish so close() returns
        executor.close()
    assert [result["error_kind"] for result in results] == ["timeout", "timeout", None]
    assert results[2]["result"] == "2"


def test_execute_tool_async_returns_text() -> None:
    registry, _ = barrier_tool(1)
    with AsyncToolExecutor(registry) as executor:
        assert asyncio.run(executor.execute_tool_async("python_calculator", "2 ** 5")) == "32"
        result = asyncio.run(executor.execute("python_calculator", "1 / 0"))
    assert not result.ok


def test_context_managers_release_the_pool() -> None:
    registry, _ = barrier_tool(1)
    with AsyncToolExecutor(registry) as executor:
        was_open = not executor.closed
    assert was_open
    assert executor.closed
    with pytest.raises(ToolException, match="closed"):
        asyncio.run(executor.execute_tool_async("python_calculator", "1"))
    executor.close()  # closing twice is harmless

    async def use_async_with() -> AsyncToolExecutor:
        async with AsyncToolExecutor(registry) as inner:
            assert await inner.execute_tool_async("python_calculator", "3 * 3") == "9"
        return inner

    assert asyncio.run(use_async_with()).closed


def test_invalid_settings_are_developer_errors() -> None:
    registry = ToolRegistry()
    with pytest.raises(ToolException):
        AsyncToolExecutor(registry, max_workers=0)
    with pytest.raises(ToolException):
        AsyncToolExecutor(registry, timeout=0)


def test_convenience_functions_work() -> None:
    registry, _ = barrier_tool(2)
    tasks = [
        {"tool_name": "meet", "input_data": "x"},
        {"tool_name": "meet", "input_data": "y"},
    ]
    assert [r["result"] for r in asyncio.run(run_parallel_tools(registry, tasks))] == [
        "met x",
        "met y",
    ]
    assert [r["result"] for r in run_parallel_tools_sync(registry, tasks)] == ["met x", "met y"]
    assert [r["result"] for r in asyncio.run(run_batch_tool(registry, "meet", ["a", "b"]))] == [
        "met a",
        "met b",
    ]
    assert [r["result"] for r in run_batch_tool_sync(registry, "meet", ["c", "d"])] == [
        "met c",
        "met d",
    ]


def test_sync_convenience_works_inside_a_running_loop() -> None:
    registry, _ = barrier_tool(1)

    async def main() -> list[str]:
        results = run_batch_tool_sync(registry, "python_calculator", ["1 + 1", "2 + 2"])
        return [result["result"] for result in results]

    assert asyncio.run(main()) == ["2", "4"]
