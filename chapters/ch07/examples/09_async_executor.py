"""Chapter 7.5.6: AsyncToolExecutor, independent tool calls at the same time.

Each "lookup" below waits for a simulated network reply of 0.2 s. One by one,
four of them take 0.8 s; in parallel, about 0.2 s.

Run:  python chapters/ch07/examples/09_async_executor.py
"""

import asyncio
import time

from hello_agents import AsyncToolExecutor, CalculatorTool, ToolRegistry


def slow_lookup(city: str) -> str:
    """Pretend to ask a weather service (a blocking call, as most tools are)."""
    time.sleep(0.2)  # stands in for network latency
    return f"{city}: sunny"


registry = ToolRegistry()
registry.register_tool(CalculatorTool())
registry.register_function("lookup", "Weather for a city", slow_lookup)

tasks = [{"tool_name": "lookup", "input_data": city} for city in ["Paris", "Tokyo", "Lima", "Oslo"]]
tasks.append({"tool_name": "python_calculator", "input_data": "1 / 0"})  # one that fails


async def main() -> None:
    # `async with` releases the thread pool at the end.
    async with AsyncToolExecutor(registry, max_workers=4) as executor:
        started = time.perf_counter()
        results = await executor.execute_tools_parallel(tasks)
        elapsed = time.perf_counter() - started
        for item in results:
            print(f"{item['task_id']} {item['status']:7} {item['result'].splitlines()[0]}")
        print(f"{len(tasks)} tasks in {elapsed:.2f} s (one by one: about 0.8 s)")

        print("single call:", await executor.execute_tool_async("python_calculator", "6 * 7"))


asyncio.run(main())
