"""A computed result is never lost: repeated calls and answers that drop the result.

The scripts replay what small local models did on a plain llama.cpp server: the
identical call written again after its result came back, then a final reply
with no value in it ("Thank you for providing the conversion result.").
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from hello_agents.agents.aids import RepeatedCalls, SmallModelAids
from hello_agents.agents.aids.policy import CallMade
from hello_agents.agents.aids.results import lost_result, states_value
from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.core.config import Config
from hello_agents.core.message import ToolCall
from hello_agents.testing import ScriptedLLM, tool_call, tool_calls
from hello_agents.tools.registry import ToolRegistry

CALL = '{"name": "convert_units", "arguments": {"value": 77, "from_unit": "F", "to_unit": "C"}}'
THANKS = "Thank you for providing the conversion result."


def registry() -> ToolRegistry:
    tools = ToolRegistry()

    @tools.tool
    def convert_units(value: float, from_unit: str, to_unit: str) -> float:
        """Convert a temperature.

        Args:
            value: The value.
            from_unit: F or C.
            to_unit: F or C.
        """
        return round((value - 32) * 5 / 9, 2) if from_unit == "F" else value * 9 / 5 + 32

    @tools.tool
    def lookup(name: str) -> str:
        """A colleague's office.

        Args:
            name: Their name.
        """
        return "Room B-12, second floor"

    return tools


def agent(llm: ScriptedLLM, **options: Any) -> FunctionCallAgent:
    options.setdefault("small_model_aids", True)
    return FunctionCallAgent("t", llm, tool_registry=registry(), config=Config(), **options)


def test_a_repeated_call_is_told_its_result_and_a_lost_result_is_the_answer() -> None:
    with ScriptedLLM([CALL, CALL, THANKS]) as llm:
        answer = agent(llm, tool_call_strategy="content").run("What is 77 °F in °C?")
    assert answer.startswith("25.0\n\n(The result of convert_units(")
    assert THANKS in answer  # the model's reply is quoted, not hidden
    reminder = llm.calls[-1].messages[-1]
    assert reminder["role"] == "user"
    assert "You already have the result of convert_units(" in reminder["content"]
    assert ": 25.0\n" in reminder["content"]
    assert len(llm.calls) == 3  # the repeat was not run again


def test_the_json_schema_strategy_gets_the_same_reminder() -> None:
    script = [CALL, CALL, '{"answer": "77 °F is 25 °C."}']
    with ScriptedLLM(script) as llm:
        answer = agent(llm, tool_call_strategy="json_schema").run("77 °F in °C?")
    assert answer == "77 °F is 25 °C."  # rounded to the answer's decimals: it stated the value
    assert "You already have the result" in llm.calls[-1].messages[-1]["content"]


def test_the_iteration_limit_answer_that_drops_the_result_is_replaced() -> None:
    with ScriptedLLM([tool_calls(tool_call("convert_units", CALL_ARGS)), THANKS]) as llm:
        answer = agent(llm, max_tool_iterations=1).run("77 °F in °C?")
    assert answer.startswith("25.0\n\n")


CALL_ARGS = {"value": 77, "from_unit": "F", "to_unit": "C"}


@pytest.mark.parametrize(
    "reply",
    [
        "It is 25 degrees Celsius.",
        "About twenty-five degrees.",
        "It is 298 kelvin.",  # another number: maybe computed from the result; left alone
    ],
)
def test_an_answer_that_states_a_number_is_left_alone(reply: str) -> None:
    with ScriptedLLM([tool_calls(tool_call("convert_units", CALL_ARGS)), reply]) as llm:
        assert agent(llm, max_tool_iterations=1).run("77 °F in °C?") == reply


def test_an_answer_that_ends_the_loop_by_itself_is_the_models() -> None:
    with ScriptedLLM([tool_calls(tool_call("convert_units", CALL_ARGS)), THANKS]) as llm:
        assert agent(llm).run("77 °F in °C?") == THANKS  # no limit hit, no repeat


def test_keep_results_can_be_switched_off() -> None:
    with ScriptedLLM([CALL, CALL, THANKS]) as llm:
        quiet = agent(
            llm, tool_call_strategy="content", small_model_aids=SmallModelAids([RepeatedCalls()])
        )
        assert quiet.run("77 °F in °C?") == THANKS


def rounds(*results: str, calls: int = 1) -> list[CallMade]:
    return [CallMade(ToolCall(f"c{n}", "f", "{}"), r, True, 1) for n, r in enumerate(results)]


def test_the_rule_only_takes_a_single_number_from_a_single_call() -> None:
    assert lost_result(rounds("25.0"), THANKS) is not None
    assert lost_result(rounds("Room B-12, second floor"), "Second floor.") is None  # text
    assert lost_result(rounds("3 and 4"), THANKS) is None  # two numbers: not one value
    assert lost_result(rounds("3", "4", calls=2), THANKS) is None  # the answer may combine
    assert lost_result([], THANKS) is None
    failed = [CallMade(ToolCall("c", "f", "{}"), "7", False, 1)]
    assert lost_result([made for made in failed if made.ok], THANKS) is None


@pytest.mark.parametrize(
    ("answer", "value", "stated"),
    [
        ("1,776 cents", "1776", True),
        ("$17.76", "17.76", True),
        ("about 3.14", "3.14159", True),
        ("99.5 °F", "99.50000001", True),
        ("101", "99.5", False),
        ("Room B-12", "Room B-12", True),
    ],
)
def test_states_value(answer: str, value: str, stated: bool) -> None:
    assert states_value(answer, value) is stated


# ---- an answer that takes nothing from any result (small-model strategies) ----------------


def render_unused_result(call: str, result: str) -> str:
    from hello_agents.agents.aids.checks import UNUSED_RESULT
    from hello_agents.agents.text import render

    return render(UNUSED_RESULT, call=call, result=result)


TOLD = render_unused_result(
    'convert_units({"value": 77, "from_unit": "F", "to_unit": "C"})', "25.0"
)


def test_an_answer_that_uses_no_result_is_told_the_result_once() -> None:
    script = [CALL, "77 °F.", "77 °F is 25 °C."]
    with ScriptedLLM(script) as llm:
        answer = agent(llm, tool_call_strategy="content").run("What is 77 °F in °C?")
        llm.assert_all_used()
    assert answer == "77 °F is 25 °C."
    assert llm.calls[-1].messages[-2:] == [
        {"role": "assistant", "content": "77 °F."},
        {"role": "user", "content": TOLD},
    ]


def test_the_kept_result_is_the_last_one_of_a_call_made_from_the_run() -> None:
    # after the conversion, a lookup of a name nobody gave: its result is not the answer
    made_up = '{"name": "lookup", "arguments": {"name": "John Doe"}}'
    with ScriptedLLM([CALL, made_up, "lookup", "lookup"]) as llm:
        answer = agent(llm, tool_call_strategy="json_schema").run("What is 77 °F in °C?")
        llm.assert_all_used()
    assert llm.calls[3].messages[-1]["content"] == TOLD
    assert answer.startswith("25.0\n\n(The result of convert_units(")


def test_the_result_of_a_call_made_of_nothing_the_run_had_is_not_kept() -> None:
    made_up = '{"name": "lookup", "arguments": {"name": "John Doe"}}'
    with ScriptedLLM([made_up, "lookup", "lookup"]) as llm:
        answer = agent(llm, tool_call_strategy="json_schema").run("Where is the canteen?")
        llm.assert_all_used()
    assert answer == "lookup"


def date_tools() -> ToolRegistry:
    """Dates, a product and a directory that echoes an unknown name."""
    tools = ToolRegistry()

    @tools.tool
    def days_between(start: str, end: str) -> int:
        """Days from start to end.

        Args:
            start: ISO date.
            end: ISO date.
        """
        return (datetime.date.fromisoformat(end) - datetime.date.fromisoformat(start)).days

    @tools.tool
    def multiply(a: float, b: float) -> float:
        """a times b.

        Args:
            a: A number.
            b: A number.
        """
        return a * b

    @tools.tool
    def lookup_employee(name: str) -> str:
        """An employee's record.

        Args:
            name: Full name.
        """
        return f"No employee named {name!r}."

    return tools


def date_agent(llm: ScriptedLLM) -> FunctionCallAgent:
    return FunctionCallAgent(
        "t",
        llm,
        tool_registry=date_tools(),
        config=Config(),
        tool_call_strategy="json_schema",
        small_model_aids=True,
    )


def test_a_made_up_call_whose_result_echoes_its_arguments_is_still_made_up() -> None:
    script = [
        '{"name": "days_between", "arguments": {"start": "2024-06-01", "end": "2024-09-15"}}',
        "multiply(106, 24)",  # an answer that is a call: run as one
        '{"name": "lookup_employee", "arguments": {"name": "John Doe"}}',
        "lookup_employee",  # the final call, after three rounds
    ]
    with ScriptedLLM(script) as llm:
        answer = date_agent(llm).run("How many hours are there between 2024-06-01 and 2024-09-15?")
        llm.assert_all_used()
    assert answer.startswith("2544.0\n\n(The result of multiply(")


def test_told_and_still_unused_the_short_result_is_the_answer() -> None:
    with ScriptedLLM([CALL, "lookup", "lookup"]) as llm:
        answer = agent(llm, tool_call_strategy="json_schema").run("What is 77 °F in °C?")
    assert answer.startswith("25.0\n\n(The result of convert_units(")
    assert answer.endswith("The reply was: lookup)")


def test_a_text_result_is_kept_too() -> None:
    call = '{"name": "lookup", "arguments": {"name": "Ana"}}'
    with ScriptedLLM([call, "Ana's office.", "Ana's office."]) as llm:
        answer = agent(llm, tool_call_strategy="content").run("Where is Ana's office?")
    assert answer.startswith("Room B-12, second floor\n\n(The result of lookup(")


def test_without_the_aids_the_answer_is_not_second_guessed() -> None:
    script = [tool_calls(tool_call("convert_units", CALL_ARGS)), "77 °F."]
    with ScriptedLLM(script) as llm:
        assert agent(llm, small_model_aids=False).run("What is 77 °F in °C?") == "77 °F."
        llm.assert_all_used()


def test_a_number_of_the_question_left_unused_is_not_replaced_by_the_result() -> None:
    # the call never saw 4: the result is one step of the answer, not the answer
    # (sent back for the unused 4, then by another check for the result it leaves out)
    with ScriptedLLM([CALL, "Four.", "Four.", "Four."]) as llm:
        answer = agent(llm, tool_call_strategy="content").run("77 °F in °C, times 4?")
    assert answer == "Four."
    assert "the question gives 4" in llm.calls[2].messages[-1]["content"]
    assert llm.calls[3].messages[-1]["content"].startswith("Not yet: your answer uses nothing")


def test_a_long_result_is_never_the_answer() -> None:
    tools = registry()

    @tools.tool
    def report(topic: str) -> str:
        """A long report.

        Args:
            topic: What about.
        """
        return "Findings\n" + "\n".join(f"line {n} of {topic}" for n in range(20))

    call = '{"name": "report", "arguments": {"topic": "rain"}}'
    with ScriptedLLM([call, "The rain.", "The rain."]) as llm:
        fc = FunctionCallAgent(
            "t", llm, tool_registry=tools, tool_call_strategy="content", small_model_aids=True
        )
        assert fc.run("Write about the rain.") == "The rain."
    assert llm.calls[-1].messages[-1]["content"].startswith("Not yet: your answer uses nothing")


def test_the_check_and_the_keeping_can_be_switched_off() -> None:
    with ScriptedLLM([CALL, "lookup"]) as llm:
        quiet = agent(llm, tool_call_strategy="content", small_model_aids=False)
        assert quiet.run("What is 77 °F in °C?") == "lookup"
        llm.assert_all_used()


def test_a_result_of_a_call_with_made_up_numbers_is_not_kept() -> None:
    made_up = CALL.replace('"value": 77', '"value": 50')
    with ScriptedLLM([CALL, made_up, "lookup", "lookup"]) as llm:
        answer = agent(llm, tool_call_strategy="content").run("What is 77 °F in °C?")
        llm.assert_all_used()
    # 50 came from nowhere: its -10.0 is not the answer, the conversion of 77 is
    assert answer.startswith("25.0\n\n(The result of convert_units(")
    assert '"value": 77' in answer


def test_a_result_of_a_call_with_a_made_up_date_is_not_kept() -> None:
    made_up = '{"name": "days_between", "arguments": {"start": "2023-01-01", "end": "2023-01-15"}}'
    with ScriptedLLM([made_up, "days_between", "days_between"]) as llm:
        answer = date_agent(llm).run("How many days are there from 2024-06-01 to 2024-06-15?")
        llm.assert_all_used()
    assert answer == "days_between"


def test_an_answer_that_leaves_out_the_numbers_it_was_told_about_stands() -> None:
    # "9" plays no part; told it is unused, the model makes a pointless call and
    # answers the same from the lookup: that answer stands, not the call's -12.78
    lookup = '{"name": "lookup", "arguments": {"name": "Ana"}}'
    pointless = (
        '{"name": "convert_units", "arguments": {"value": 9, "from_unit": "F", "to_unit": "C"}}'
    )
    reply = "Room B-12, 9 doors down."
    script = [lookup, reply, pointless, reply]
    with ScriptedLLM(script) as llm:
        question = "I have 9 meetings today. Where is Ana's office?"
        answer = agent(llm, tool_call_strategy="content").run(question)
        llm.assert_all_used()
    assert "the question gives 9" in llm.calls[2].messages[-1]["content"]
    assert answer == reply


@pytest.mark.parametrize(
    "question",
    ["In 2 words, where is Ana's office?", "用不超过5个字回答：Ana的办公室在哪里？"],
)
def test_a_number_that_sets_the_answers_length_is_not_sent_back(question: str) -> None:
    lookup = '{"name": "lookup", "arguments": {"name": "Ana"}}'
    with ScriptedLLM([lookup, "Room B-12."]) as llm:
        answer = agent(llm, tool_call_strategy="content").run(question)
        llm.assert_all_used()
    assert answer == "Room B-12."


def test_a_chinese_answer_that_states_the_result_stands() -> None:
    # numbers written next to Chinese characters (77华氏度, 25.0摄氏度) are read
    with ScriptedLLM([CALL, "77华氏度等于25.0摄氏度。"]) as llm:
        answer = agent(llm, tool_call_strategy="content").run("77华氏度是多少摄氏度？")
        llm.assert_all_used()
    assert answer == "77华氏度等于25.0摄氏度。"


def test_a_number_of_a_chinese_question_that_no_call_used_is_sent_back() -> None:
    second = CALL.replace("77", "95")
    script = [CALL, "25.0摄氏度", second, "分别是25.0和35.0摄氏度"]
    with ScriptedLLM(script) as llm:
        answer = agent(llm, tool_call_strategy="content").run("77和95华氏度分别是多少摄氏度？")
        llm.assert_all_used()
    assert "the question gives 95" in llm.calls[2].messages[-1]["content"]
    assert answer == "分别是25.0和35.0摄氏度"
