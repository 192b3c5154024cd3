"""The small-model aids read hostile arguments and answers without failing, and
every parse of Python syntax holds when many threads parse at once."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import pytest

from hello_agents import CalculatorTool, FunctionCallAgent, ReActAgent, SimpleAgent, ToolRegistry
from hello_agents.agents.content_tool_calls import parse_content_tool_calls
from hello_agents.testing import ScriptedLLM, tool_call, tool_calls

HUGE_NUMBER = "9" * 5000
DEEP = "[" * 5000 + "]" * 5000


def registry() -> ToolRegistry:
    tools = ToolRegistry()

    @tools.tool
    def multiply(a: float, b: float) -> float:
        """Multiply two numbers.

        Args:
            a: The first number.
            b: The second number.
        """
        return a * b

    return tools


HOSTILE_ARGUMENTS = {
    "a 1 MB string": json.dumps({"a": "7" * 1_000_000, "b": 2}),
    "nested 5,000 deep": '{"a": ' + DEEP + ', "b": 2}',
    "a 5,000-digit number": '{"a": ' + HUGE_NUMBER + ', "b": 2}',
    "a 5,000-digit float": '{"a": ' + HUGE_NUMBER + '.5, "b": 2}',
}


@pytest.mark.parametrize("arguments", HOSTILE_ARGUMENTS.values(), ids=HOSTILE_ARGUMENTS.keys())
@pytest.mark.parametrize("strategy", ["native", "json_schema"])
def test_hostile_native_arguments_end_in_an_answer(arguments: str, strategy: str) -> None:
    call = tool_calls(tool_call("multiply", arguments))
    written = json.dumps({"name": "multiply", "arguments": "ARGS"}).replace('"ARGS"', arguments)
    first: Any = call if strategy == "native" else written
    script = [first, first, f"The answer is {HUGE_NUMBER}.", "done"]
    llm = ScriptedLLM(script)
    agent = FunctionCallAgent(
        "c", llm, tool_registry=registry(), tool_call_strategy=strategy, small_model_aids=True
    )
    assert isinstance(agent.run(f"What is {HUGE_NUMBER} times 2?"), str)


@pytest.mark.parametrize(
    "reply", [f"Action: Finish[{HUGE_NUMBER}]", "Action: Finish[" + DEEP + "]"]
)
def test_hostile_answers_end_the_react_run(reply: str) -> None:
    tools = ToolRegistry()
    tools.register_tool(CalculatorTool())
    script = [f"Action: python_calculator[{HUGE_NUMBER} * 2]", reply, reply]
    agent = ReActAgent("r", ScriptedLLM(script), tools, small_model_aids=True)
    assert isinstance(agent.run(f"What is {HUGE_NUMBER} * 2 and 3?"), str)


def test_parsing_in_many_threads_at_once_never_fails() -> None:
    calculator = CalculatorTool()
    expressions = ["(" * 40 + "1" + "+2)" * 40, "sqrt(16) * 3 ^ 2 % 7", "2 ** 10 // 3"]
    texts = ["{'name': 'f', 'arguments': {'a': [1, [2, [3]]]}}", "[{'x': (1, 2)}]"]
    errors: list[BaseException] = []

    def work(number: int) -> None:
        try:
            for _ in range(150):
                calculator.run({"input": expressions[number % 3]})
                parse_content_tool_calls(texts[number % 2], ["f"])
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_two_hundred_concurrent_runs_sharing_one_model() -> None:
    tools = ToolRegistry()
    tools.register_tool(CalculatorTool())
    call = "[TOOL_CALL:python_calculator:(" + "(1+2)*" * 30 + "1)]"

    def reply(request: dict[str, Any]) -> str:
        answered = any("(1+2)" in str(m.get("content")) for m in request["messages"][2:])
        return "It is done." if answered else call

    llm = ScriptedLLM([reply] * 400)

    async def main() -> list[str]:
        agent = SimpleAgent("s", llm, tool_registry=tools)
        return await asyncio.gather(*(agent.arun(f"q{n}") for n in range(200)))

    answers = asyncio.run(main())
    assert answers == ["It is done."] * 200
