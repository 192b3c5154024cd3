"""The tools-side names the tutorial's chapter 7 uses, written our own way."""

from __future__ import annotations

import asyncio

import pytest

from hello_agents.core.exceptions import HelloAgentsException, ToolException
from hello_agents.tools import ToolChain, ToolRegistry
from hello_agents.tools.async_executor import AsyncToolExecutor
from hello_agents.tools.builtin import CalculatorTool
from hello_agents.tools.builtin.calculator import CalculatorError
from hello_agents.tools.builtin.search import SearchError


def double(text: str) -> str:
    return str(int(text) * 2)


def test_register_tool_with_a_name_a_function_and_a_description_registers_the_function() -> None:
    registry = ToolRegistry()
    registry.register_tool("double", double, "Double a number")
    registry.register_tool("again", "Double a number again", double)  # either order
    assert registry.execute_tool("double", "21") == "42"
    assert registry.get_tool("again") is not None


@pytest.mark.parametrize("arguments", [(double,), ("double",), ("double", double), ("d", 1, 2)])
def test_an_ambiguous_register_tool_call_says_what_to_write(arguments: tuple[object, ...]) -> None:
    with pytest.raises(ToolException, match="register_function"):
        ToolRegistry().register_tool(*arguments)  # type: ignore[arg-type]


def test_tools_functions_and_get_function_read_the_registry() -> None:
    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    registry.register_function("double", "Double a number", double)
    assert set(registry.tools) == {"python_calculator", "double"}
    assert registry._functions == {"double": {"description": "Double a number", "func": double}}
    assert registry.get_function("double") is double
    assert registry.get_function("python_calculator") is None


def test_parallel_results_are_the_texts_and_still_answer_their_keys() -> None:
    registry = ToolRegistry()
    registry.register_function("double", "Double a number", double)
    tasks = [{"tool_name": "double", "input_data": "2"}, {"tool_name": "double", "input_data": "x"}]

    async def run() -> list[str]:
        async with AsyncToolExecutor(registry) as executor:
            return list(await executor.execute_tools_parallel(tasks))

    first, second = asyncio.run(run())
    assert first == "4" and first[:1] == "4" and isinstance(first, str)
    assert first["status"] == "success" and first.get("task_id") == 0
    assert second["status"] == "error" and "ValueError" in second[:100]


def test_default_chain_keys_count_from_0_as_the_tutorial_names_them() -> None:
    registry = ToolRegistry()
    registry.register_function("double", "Double a number", double)
    chain = ToolChain("thrice", "Double three times")
    chain.add_step("double", "{input}")
    chain.add_step("double", "{step_0_result}")
    chain.add_step("double", "{step_1_result}")
    assert chain.execute(registry, "3") == "24"


def test_builtin_tool_errors_are_hello_agents_exceptions() -> None:
    assert issubclass(CalculatorError, ToolException) and issubclass(CalculatorError, ValueError)
    assert issubclass(SearchError, HelloAgentsException)
    assert issubclass(SearchError, RuntimeError)
