"""Solution: MyAsyncToolExecutor, independent tool calls at the same time.

Check it:  python chapters/ch07/exercises/solutions/my_async_executor.py
"""

from __future__ import annotations

import asyncio
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
        """One call in a worker thread, so the event loop stays free."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, self.registry.execute, tool_name, input_data
        )

    async def execute_tool_async(self, tool_name: str, input_data: Any) -> str:
        return (await self.run(tool_name, input_data)).content

    async def execute_tools_parallel(self, tasks: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Start every task, then wait for all: results come back in task order."""
        results = await asyncio.gather(
            *(self.run(task["tool_name"], task.get("input_data")) for task in tasks)
        )
        return [
            {
                "task_id": number,
                "tool_name": task["tool_name"],
                "input_data": task.get("input_data"),
                "result": result.content,
                "status": "success" if result.ok else "error",
            }
            for number, (task, result) in enumerate(zip(tasks, results, strict=True))
        ]

    def close(self) -> None:
        """Release the threads (the tutorial's version relies on __del__)."""
        self.executor.shutdown(wait=True)

    def __enter__(self) -> MyAsyncToolExecutor:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("async_executor", MyAsyncToolExecutor))
