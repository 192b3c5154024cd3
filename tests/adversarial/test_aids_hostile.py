"""The small-model aids read hostile arguments and answers without failing, and
every parse of Python syntax holds when many threads parse at once."""

from __future__ import annotations

import ast
import asyncio
import json
import threading
import time
from typing import Any

import pytest
from _limits import within

from hello_agents import CalculatorTool, FunctionCallAgent, ReActAgent, SimpleAgent, ToolRegistry
from hello_agents.agents.aids.checks import unused_codes
from hello_agents.agents.aids.policy import Attempt, CallMade
from hello_agents.agents.content_tool_calls import parse_content_tool_calls
from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.core.message import ToolCall
from hello_agents.local.server_kind import forget_server_kinds
from hello_agents.testing import FakeOpenAIServer, ScriptedLLM, tool_call, tool_calls

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
@pytest.mark.parametrize("strategy", ["native", "forced", "json_schema", "content"])
def test_hostile_native_arguments_end_in_an_answer(arguments: str, strategy: str) -> None:
    call = tool_calls(tool_call("multiply", arguments))
    written = json.dumps({"name": "multiply", "arguments": "ARGS"}).replace('"ARGS"', arguments)
    first: Any = call if strategy in ("native", "forced") else written
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


# A float quotient of two finite arguments may leave the float range (1e300 / 1e-320).
BEYOND_THE_RANGE = {
    "a huge question number, a tiny argument": ("1" + "0" * 300, 1e-320),
    "a tiny question number, a huge argument": ("0." + "0" * 300 + "1", 1e300),
}


@pytest.mark.parametrize(("number", "argument"), BEYOND_THE_RANGE.values(), ids=BEYOND_THE_RANGE)
@pytest.mark.parametrize("strategy", ["native", "json_schema"])
def test_a_quotient_beyond_the_float_range_ends_in_an_answer(
    number: str, argument: float, strategy: str
) -> None:
    arguments = {"a": argument, "b": 2}
    written = json.dumps({"name": "multiply", "arguments": arguments})
    first: Any = tool_calls(tool_call("multiply", arguments)) if strategy == "native" else written
    llm = ScriptedLLM([first, "It is 2.", "It is 2.", "It is 2."])
    agent = FunctionCallAgent(
        "c", llm, tool_registry=registry(), tool_call_strategy=strategy, small_model_aids=True
    )
    assert isinstance(agent.run(f"What is {number} times 2?"), str)


@pytest.mark.parametrize(("number", "argument"), BEYOND_THE_RANGE.values(), ids=BEYOND_THE_RANGE)
def test_a_quotient_beyond_the_float_range_ends_the_react_run(number: str, argument: float) -> None:
    action = f'Action: multiply[{{"a": {argument!r}, "b": 2}}]'
    llm = ScriptedLLM([action, "Action: Finish[It is 2.]", "Action: Finish[It is 2.]"])
    agent = ReActAgent("r", llm, registry(), small_model_aids=True)
    assert isinstance(agent.run(f"What is {number} times 2?"), str)


@pytest.mark.parametrize(
    ("strategy", "reply"),
    [
        ("content", "multiply({[1]: 2}, 3)"),
        ("content", "multiply({{1}}, 3)"),
        ("json_schema", '{"answer": "multiply({[1]: 2}, 3)"}'),
    ],
)
def test_an_unhashable_literal_in_an_answer_written_as_a_call(strategy: str, reply: str) -> None:
    llm = ScriptedLLM([reply] * 5)
    agent = FunctionCallAgent(
        "c", llm, tool_registry=registry(), tool_call_strategy=strategy, small_model_aids=True
    )
    assert isinstance(agent.run("What is 3 times 4?"), str)


def test_a_held_call_over_http_never_carries_a_number_json_cannot_write() -> None:
    # Every setting at its default: a llama.cpp server reporting a 1.5B model turns the
    # aids on and picks json_schema, whose held reply offers the question's numbers.
    forget_server_kinds()
    script = [
        '{"name": "multiply", "arguments": {"a": 2, "b": 3}}',
        '{"answer": "6"}',
        '{"answer": "6"}',
        '{"answer": "6"}',
    ]
    with FakeOpenAIServer(script, owned_by="llamacpp", parameters=1_777_088_000) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, model="m", provider="local", api_key="k")
        agent = FunctionCallAgent("f", llm, tool_registry=registry())
        assert agent.aids_decision().enabled
        assert agent.run(f"What is {'9' * 400} times 2, times 3?") == "6"
        bodies = [json.dumps(request.body) for request in server.chat_requests]
    assert len(bodies) >= 2 and not any("Infinity" in body for body in bodies)


def test_no_two_threads_are_ever_inside_the_python_parser_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    inside, most = 0, 0
    count = threading.Lock()
    parse = ast.parse

    def watched(*args: Any, **kwargs: Any) -> Any:
        nonlocal inside, most
        with count:
            inside += 1
            most = max(most, inside)
        try:
            time.sleep(0.0005)  # widen the window in which a second thread could enter
            return parse(*args, **kwargs)
        finally:
            with count:
                inside -= 1

    monkeypatch.setattr(ast, "parse", watched)
    calculator = CalculatorTool()
    tools = registry()

    def work(number: int) -> None:
        for _ in range(20):
            calculator.run({"input": "sqrt(16) * 3 ^ 2 % 7"})
            parse_content_tool_calls("{'name': 'f', 'arguments': {'a': [1, (2, 3)]}}", ["f"])
            llm = ScriptedLLM(["multiply(3, 4)", "12"])
            FunctionCallAgent(
                "c", llm, tool_registry=tools, tool_call_strategy="content", small_model_aids=True
            ).run(f"What is 3 times 4? ({number})")

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most == 1


@pytest.mark.parametrize("arguments", HOSTILE_ARGUMENTS.values(), ids=HOSTILE_ARGUMENTS.keys())
def test_hostile_react_action_inputs_end_the_run(arguments: str) -> None:
    script = [
        f"Action: multiply[{arguments}]",
        f"Action: Finish[{HUGE_NUMBER}]",
        "Action: Finish[1]",
    ]
    agent = ReActAgent("r", ScriptedLLM(script), registry(), small_model_aids=True)
    assert isinstance(agent.run(f"What is {HUGE_NUMBER} times 2?"), str)


LONG_TEXTS = {
    "a run of letters": "a" * 1_000_000,
    "a run of capitals": "A" * 1_000_000,
    "field-like pairs": "a_b: 1 " * 150_000,
    "letters and underscores": "a_" * 500_000,
    "numbers and connectors": "7 or " * 200_000,
    "a run of digits": "1" * 1_000_000,
    "quantities in two units": "1 h 1 min " * 100_000,
    "ages, asides, degrees, floors": "I'm 1, ignore 1; 1°C, 3号 " * 40_000,
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("text", LONG_TEXTS.values(), ids=LONG_TEXTS.keys())
def test_long_texts_in_the_question_result_and_answer_end_the_run(text: str) -> None:
    """The unit, pair and number readings scan each text once (a few seconds here): a
    regular expression that backtracks over a 1 MB run of letters or digits takes hours,
    past the limit."""
    tools = ToolRegistry()

    @tools.tool
    def lookup(name: str) -> str:
        """Look a name up.

        Args:
            name: The name.
        """
        return text

    script = [
        json.dumps({"name": "lookup", "arguments": {"name": "Lima"}}),
        json.dumps({"answer": text}),
        json.dumps({"answer": "done"}),
    ]
    agent = FunctionCallAgent(
        "c",
        ScriptedLLM(script),
        tool_registry=tools,
        tool_call_strategy="json_schema",
        small_model_aids=True,
    )
    assert isinstance(agent.run(f"Is Lima {text} or Quito in 5 kilograms?"), str)


def test_a_question_of_hostile_size_is_read_for_codes_at_once() -> None:
    tools = ToolRegistry()

    @tools.tool
    def shipment_status(shipment: str) -> str:
        """Where a shipment is.

        Args:
            shipment: The shipment's id.
        """
        return "in transit"

    made = CallMade(ToolCall("c1", "shipment_status", '{"shipment": "x"}'), "in transit", True, 1)
    letters = "a" * 200_000 + " shipment SH-3307?"
    many = "Where are shipments " + " and ".join(f"SH-{n}" for n in range(10, 20_010)) + "?"
    for question in (letters, many):
        attempt = Attempt(question, "It is in transit.", calls=(made,), tools=tools)
        codes, _ = within(30, unused_codes, attempt)
        assert len(codes) <= 20
