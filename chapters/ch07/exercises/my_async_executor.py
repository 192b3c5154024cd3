"""Exercise 6: MyAsyncToolExecutor, independent tool calls at the same time.

Tools are ordinary (sync) functions that mostly wait on I/O. Running each one in
a thread pool with ``loop.run_in_executor`` and awaiting them together with
``asyncio.gather`` overlaps the waiting. (Awaiting them one after another in a
loop is sequential again: the check notices.)

Fill in the TODOs, then check your class:

    python chapters/ch07/exercises/my_async_executor.py

A model answer is in solutions/my_async_executor.py: try first.
"""

from __future__ import annotations

import asyncio  # noqa: F401  (you will need it)
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from hello_agents import ToolRegistry
from hello_agents.tools.base import ToolResult


class MyAsyncToolExecutor:
    """Runs sync tools in a thread pool and awaits them together."""

    def __init__(self, registry: ToolRegistry, max_workers: int = 4) -> None:
        self.registry = registry
        self.executor = ThreadPoolExecutor(max_workers=max_workers)

    async def run(self, tool_name: str, input_data: Any) -> ToolResult:
        """TODO 1: run ``self.registry.execute(tool_name, input_data)`` in ``self.executor``
        with ``asyncio.get_running_loop().run_in_executor(...)`` and return its ToolResult."""
        raise NotImplementedError("TODO: run")

    async def execute_tool_async(self, tool_name: str, input_data: Any) -> str:
        """TODO 2: the text of one call (``ToolResult.content``)."""
        raise NotImplementedError("TODO: execute_tool_async")

    async def execute_tools_parallel(self, tasks: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """TODO 3: start every task (``{"tool_name": ..., "input_data": ...}``) and wait for
        all with ``asyncio.gather``. Return one dict per task, in task order, with at least
        ``"result"`` (the text) and ``"status"`` (``"success"`` or ``"error"``)."""
        raise NotImplementedError("TODO: execute_tools_parallel")

    def close(self) -> None:
        """Release the threads (the tutorial's version relies on __del__)."""
        self.executor.shutdown(wait=True)


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("async_executor", MyAsyncToolExecutor))
