"""A tool call written as a function call, where an answer was expected."""

from __future__ import annotations

import json

import pytest

from hello_agents.agents.aids.call_syntax import MAX_CALL_TEXT, call_in_answer
from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.testing import ScriptedLLM
from hello_agents.tools.registry import ToolRegistry


def make_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def multiply(a: float, b: float) -> float:
        """Multiply two numbers.

        Args:
            a: The first number.
            b: The second number.
        """
        return a * b

    @registry.tool
    def lookup(name: str) -> str:
        """Look up a person.

        Args:
            name: The full name.
        """
        return f"{name}: room 12"

    @registry.tool
    def days_between(start: str, end: str) -> int:
        """Days from one date to another.

        Args:
            start: The first date.
            end: The second date.
        """
        return 30

    return registry


@pytest.mark.parametrize(
    ("answer", "name", "arguments"),
    [
        ("multiply(30, 1440)", "multiply", {"a": 30, "b": 1440}),
        ("multiply(30, 1440)}", "multiply", {"a": 30, "b": 1440}),
        ("`multiply(a=2.5, b=4)`", "multiply", {"a": 2.5, "b": 4}),
        ("lookup('Lena Fischer')", "lookup", {"name": "Lena Fischer"}),
        ("lookup(name: 'Lena Fischer')", "lookup", {"name": "Lena Fischer"}),
        ('lookup("O\'Brien, Pat")', "lookup", {"name": "O'Brien, Pat"}),
        ("days_between(2025-01-01, 2025-01-31)", "days_between",
         {"start": "2025-01-01", "end": "2025-01-31"}),
        ("days_between(end='2025-01-31', start='2025-01-01').", "days_between",
         {"start": "2025-01-01", "end": "2025-01-31"}),
    ],
)  # fmt: skip
def test_a_whole_answer_that_is_one_call_is_read_as_the_call(
    answer: str, name: str, arguments: dict[str, object]
) -> None:
    call = call_in_answer(answer, make_registry())
    assert call is not None
    assert (call.name, json.loads(call.arguments)) == (name, arguments)


@pytest.mark.parametrize(
    "answer",
    [
        "42",
        "The answer is multiply(30, 1440).",  # prose around it
        "divide(30, 2)",  # not a declared tool
        "multiply(1, 2, 3)",  # more arguments than parameters
        "multiply(a=1, 2)",  # positional after keyword
        "multiply(a=1, a=2)",
        "multiply(1, a=2)",
        "lookup('unterminated)",
        "multiply((1, 2)",
        "multiply(1,, 2)",
        "multiply({1, 2}, 3)",  # a set is not a JSON value
        "lookup(" + "x" * MAX_CALL_TEXT + ")",
        "",
    ],
)
def test_anything_else_is_not_a_call(answer: str) -> None:
    assert call_in_answer(answer, make_registry()) is None


def test_the_agent_runs_a_call_written_as_its_answer() -> None:
    script = [
        '{"answer": "multiply(30, 1440)}"}',
        '{"answer": "43200 minutes"}',
    ]
    with ScriptedLLM(script) as llm:
        agent = FunctionCallAgent(
            "local",
            llm,
            tool_registry=make_registry(),
            tool_call_strategy="json_schema",
            small_model_aids=True,
        )
        assert agent.run("How many minutes are in 30 days?") == "43200 minutes"
        llm.assert_all_used()
    assert [
        (c.name, r.content)
        for s in agent.last_rounds
        for c, r in zip(s.calls, s.results, strict=True)
    ] == [("multiply", "43200.0")]


def test_a_call_written_as_the_final_answer_is_reported_not_shown_as_the_answer() -> None:
    script = ['{"name": "lookup", "arguments": {"name": "Pat"}}', '{"answer": "lookup(\'Pat\')"}']
    with ScriptedLLM(script) as llm:
        agent = FunctionCallAgent(
            "local",
            llm,
            tool_registry=make_registry(),
            tool_call_strategy="json_schema",
            max_tool_iterations=1,
            small_model_aids=True,
        )
        answer = agent.run("Where does Pat sit?")
    assert answer.startswith("No final answer: the model's last reply was only a call")
    assert "Pat: room 12" in answer
    assert agent.last_result is not None
    assert agent.last_result.interventions[-1].reply == '{"answer": "lookup(\'Pat\')"}'


def test_without_the_aids_an_answer_that_looks_like_a_call_is_the_answer() -> None:
    with ScriptedLLM(['{"answer": "multiply(3, 4)"}']) as llm:
        agent = FunctionCallAgent(
            "local", llm, tool_registry=make_registry(), tool_call_strategy="json_schema"
        )
        assert agent.run("Reply with the call only: how would you multiply 3 by 4?") == (
            "multiply(3, 4)"
        )


DAYS = '{"name": "days_between", "arguments": {"start": "2025-01-01", "end": "2025-01-31"}}'


@pytest.mark.parametrize(
    ("question", "before", "reply", "results"),
    [
        # a code that is an identifier, which the tool looks up
        (
            "In which room does Pat sit? Give the room code.",
            [],
            "lookup(name: 'Pat')",
            ["Pat: room 12"],
        ),
        # the tools' names used as ordinary words of the question
        (
            "How many minutes are there from 2025-01-01 to 2025-01-31? Count the days "
            "between the dates, then multiply by 1440.",
            [DAYS],
            "multiply(30, 1440)",
            ["30", "43200.0"],
        ),
    ],
)
def test_a_question_that_does_not_ask_for_a_call_gets_the_call_run(
    question: str, before: list[str], reply: str, results: list[str]
) -> None:
    script = [
        *before,
        json.dumps({"answer": reply}),
        json.dumps({"answer": f"It is {results[-1]}."}),
    ]
    with ScriptedLLM(script) as llm:
        agent = FunctionCallAgent(
            "local",
            llm,
            tool_registry=make_registry(),
            tool_call_strategy="json_schema",
            small_model_aids=True,
        )
        answer = agent.run(question)
    assert answer == f"It is {results[-1]}."
    assert [r.content for s in agent.last_rounds for r in s.results] == results
    [read] = agent.last_result.interventions
    assert (read.check, read.action, read.answer) == ("call_in_answer", "read_as_call", reply)


def test_without_the_aids_an_answer_naming_a_code_is_the_answer() -> None:
    with ScriptedLLM(['{"answer": "lookup(name: \'Pat\')"}']) as llm:
        agent = FunctionCallAgent(
            "local", llm, tool_registry=make_registry(), tool_call_strategy="json_schema"
        )
        assert agent.run("Give Pat's room code.") == "lookup(name: 'Pat')"
    assert agent.last_result.interventions == []
