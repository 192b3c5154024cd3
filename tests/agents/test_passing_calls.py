"""A number the answer left unused must reach the next call (json_schema strategy).

The scripts replay what Qwen2.5-0.5B did on a plain llama.cpp server: the
price of one piece of fruit as the cost of twenty, and, told that 20 was not
used, another answer or a call with values of its own (``lookup_employee("John
Doe")``). The schema built here is what the server then enforces. An answer
that recalls a value a tool would look up is held the same way, to a call of one
of the tools about the question.
"""

from __future__ import annotations

from typing import Any

from hello_agents.agents.aids import SmallModelAids
from hello_agents.agents.aids.passing_calls import passing_schema
from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.agents.tool_call_strategies import ContentFallbackToolCalls, JsonSchemaToolCalls
from hello_agents.core.config import Config
from hello_agents.testing import ScriptedLLM
from hello_agents.tools.registry import ToolRegistry


def registry() -> ToolRegistry:
    tools = ToolRegistry()

    @tools.tool
    def fruit_price(fruit: str) -> int:
        """The price of one piece of fruit, in cents.

        Args:
            fruit: The fruit.
        """
        return 45

    @tools.tool
    def multiply(a: float, b: float) -> float:
        """Multiply two numbers.

        Args:
            a: The first number.
            b: The second number.
        """
        return a * b

    @tools.tool
    def add_days(date: str, days: int) -> str:
        """A date some days later.

        Args:
            date: The starting date, YYYY-MM-DD.
            days: How many days.
        """
        return "2025-08-03"

    @tools.tool
    def lookup_employee(name: str) -> str:
        """A colleague's office.

        Args:
            name: Their name.
        """
        return "No such employee."

    return tools


def branches(schema: dict[str, Any] | None) -> list[tuple[str, dict[str, Any]]]:
    """Each branch as (tool, {argument: its const, its enum, or "*" when free})."""
    assert schema is not None
    found = []
    for branch in schema["anyOf"]:
        arguments = branch["properties"]["arguments"]["properties"]
        held = {name: prop.get("const", prop.get("enum", "*")) for name, prop in arguments.items()}
        found.append((branch["properties"]["name"]["const"], held))
    return found


def test_a_number_goes_into_a_numeric_argument_and_the_others_come_from_the_run() -> None:
    schema = passing_schema(registry(), ["20"], [20.0, 45.0])
    assert branches(schema) == [
        ("multiply", {"a": 20.0, "b": [45.0]}),
        ("multiply", {"a": [45.0], "b": 20.0}),
        ("add_days", {"date": "*", "days": 20}),
    ]
    days = schema["anyOf"][2]["properties"]["arguments"]["properties"]["days"]  # type: ignore[index]
    assert days["const"] == 20 and isinstance(days["const"], int)  # an integer stays one


def test_a_fraction_never_goes_into_an_integer_argument() -> None:
    assert [tool for tool, _ in branches(passing_schema(registry(), ["2.5"], []))] == [
        "multiply",
        "multiply",
    ]


def test_the_tool_that_takes_every_value_is_the_only_one_offered() -> None:
    schema = passing_schema(registry(), ["30", "2025-07-04"], [30.0])
    assert branches(schema) == [("add_days", {"date": "2025-07-04", "days": 30})]


def test_a_date_goes_only_into_an_argument_documented_as_a_date() -> None:
    # lookup_employee(name) and fruit_price(fruit) are strings too, but not dates
    assert branches(passing_schema(registry(), ["2024-02-29"], [])) == [
        ("add_days", {"date": "2024-02-29", "days": "*"})
    ]


def test_no_schema_when_no_argument_can_take_the_values() -> None:
    only_text = ToolRegistry()

    @only_text.tool
    def calculate(expression: str) -> str:
        """Evaluate an expression.

        Args:
            expression: Python arithmetic.
        """
        return expression

    assert passing_schema(only_text, ["20"], [20.0]) is None


def test_a_schema_with_too_many_calls_is_not_sent() -> None:
    wide = ToolRegistry()

    @wide.tool
    def total(a: float, b: float, c: float, d: float, e: float, f: float, g: float) -> float:
        """Add seven numbers.

        Args:
            a: A number.
            b: A number.
            c: A number.
            d: A number.
            e: A number.
            f: A number.
            g: A number.
        """
        return a + b + c + d + e + f + g

    assert len(passing_schema(wide, ["1"], [])["anyOf"]) == 7  # type: ignore[index]
    assert passing_schema(wide, ["1", "2", "3"], []) is None  # 7 x 6 x 5 = 210 ways


def test_numbers_written_with_separators_are_read() -> None:
    schema = passing_schema(registry(), ["2,500"], [0.38])
    assert ("multiply", {"a": 2500.0, "b": [0.38]}) in branches(schema)


def agent(llm: ScriptedLLM, strategy: Any, aids: Any = True) -> FunctionCallAgent:
    return FunctionCallAgent(
        "t",
        llm,
        tool_registry=registry(),
        config=Config(),
        tool_call_strategy=strategy,
        small_model_aids=aids,
    )


PRICE = '{"name": "fruit_price", "arguments": {"fruit": "apple"}}'
PRODUCT = '{"name": "multiply", "arguments": {"a": 20, "b": 45}}'
QUESTION = "What do 20 apples cost at the fruit stand, in cents?"


def test_after_the_answer_is_sent_back_the_next_reply_must_pass_the_unused_number() -> None:
    script = [PRICE, '{"answer": "45"}', PRODUCT, '{"answer": "900 cents"}']
    with ScriptedLLM(script) as llm:
        assert agent(llm, "json_schema").run(QUESTION) == "900 cents"
    assert "the question gives 20" in llm.calls[2].messages[-1]["content"]
    held = llm.calls[2].request["response_format"]["json_schema"]
    assert held["name"] == "tool_call"
    assert ("multiply", {"a": 20.0, "b": [20.0, 45.0]}) not in branches(held["schema"])
    assert ("multiply", {"a": 20.0, "b": [45.0]}) in branches(held["schema"])
    # only that reply is held: the one after it may answer again
    after = llm.calls[3].request["response_format"]["json_schema"]["schema"]
    assert {"answer"} in [set(branch["properties"]) for branch in after["anyOf"]]
    assert llm.calls[1].request["response_format"] == llm.calls[3].request["response_format"]


def test_an_answer_that_drops_the_held_call_s_result_for_nothing_gets_the_result() -> None:
    script = [PRICE, '{"answer": "45"}', PRODUCT, '{"answer": "Thank you for the result."}']
    with ScriptedLLM(script) as llm:
        answer = agent(llm, "json_schema").run(QUESTION)
    assert answer.startswith("900.0\n\n(The result of multiply(")


def test_holding_the_reply_can_be_switched_off() -> None:
    script = [PRICE, '{"answer": "45"}', '{"answer": "45"}']
    with ScriptedLLM(script) as llm:
        free = agent(llm, "json_schema", SmallModelAids(hold_calls=False))
        assert free.run(QUESTION) == "45"
    assert "the question gives 20" in llm.calls[2].messages[-1]["content"]  # still told
    assert llm.calls[2].request["response_format"] == llm.calls[1].request["response_format"]


def test_strategies_that_cannot_hold_the_reply_send_the_message_only() -> None:
    call = PRICE
    with ScriptedLLM([call, "45", "900"]) as llm:
        assert agent(llm, ContentFallbackToolCalls()).run(QUESTION) == "900"
    assert "the question gives 20" in llm.calls[2].messages[-1]["content"]
    assert llm.calls[2].request["tool_choice"] == "auto"
    assert "response_format" not in llm.calls[2].request


def test_nothing_is_held_when_every_number_reached_a_call() -> None:
    # the answer is sent back for using no result, but 20 reached a call already
    script = [PRODUCT, '{"answer": "twenty apples"}', '{"answer": "900"}']
    with ScriptedLLM(script) as llm:
        assert agent(llm, JsonSchemaToolCalls()).run(QUESTION) == "900"
    assert llm.calls[2].messages[-1]["content"].startswith("Not yet: your answer uses nothing")
    assert llm.calls[2].request["response_format"]["json_schema"]["name"] != "tool_call"


def test_a_value_recalled_before_any_call_holds_the_next_reply_to_a_tool_about_the_question() -> (
    None
):
    question = "How much does one kiwi cost at the fruit stand, in cents?"
    lookup = '{"name": "fruit_price", "arguments": {"fruit": "kiwi"}}'
    script = ['{"answer": "30 cents"}', lookup, '{"answer": "45 cents"}']
    with ScriptedLLM(script) as llm:
        ran = agent(llm, "json_schema")
        assert ran.run(question) == "45 cents"
    [sent_back] = ran.last_result.interventions
    assert (sent_back.check, sent_back.answer) == ("ungrounded_numbers", "30 cents")
    assert sent_back.held_to == ("fruit_price",)  # the record says what the reply was held to
    assert llm.calls[1].messages[-1]["content"].startswith("Not yet: your answer gives 30")
    held = llm.calls[1].request["response_format"]["json_schema"]
    assert held["name"] == "tool_call"  # a call of the tool about fruit, and no answer
    assert [tool for tool, _ in branches(held["schema"])] == ["fruit_price"]
    # only that reply is held
    after = llm.calls[2].request["response_format"]["json_schema"]["schema"]
    assert {"answer"} in [set(branch["properties"]) for branch in after["anyOf"]]


def test_a_recalled_value_is_only_sent_back_where_the_reply_cannot_be_held() -> None:
    question = "How much does one kiwi cost at the fruit stand, in cents?"
    script = ['{"answer": "30 cents"}', '{"answer": "30 cents"}']
    with ScriptedLLM(script) as llm:
        free = agent(llm, "json_schema", SmallModelAids(hold_calls=False))
        assert free.run(question) == "30 cents"  # told once; the second answer stands
    assert llm.calls[1].request["response_format"] == llm.calls[0].request["response_format"]
    with ScriptedLLM(["30 cents", "30 cents"]) as llm:
        assert agent(llm, ContentFallbackToolCalls()).run(question) == "30 cents"
    assert llm.calls[1].request["tool_choice"] == "auto"
    assert "response_format" not in llm.calls[1].request


def test_a_reply_is_held_only_to_tools_the_registry_has() -> None:
    strategy = JsonSchemaToolCalls()
    assert strategy.calling_options(registry(), ["no_such_tool"]) is None
    options = strategy.calling_options(registry(), ["multiply", "no_such_tool"])
    assert options is not None
    schema = options["response_format"]["json_schema"]["schema"]
    assert [tool for tool, _ in branches(schema)] == ["multiply"]
    assert ContentFallbackToolCalls().calling_options(registry(), ["multiply"]) is None
