"""The quantities a question gives, and whether a run's tool calls used them."""

from __future__ import annotations

import json

import pytest

from hello_agents.agents.aids.quantities import asked_quantities, quantities, unused_quantities
from hello_agents.core.message import ToolCall


def call(arguments: str, name: str = "tool") -> ToolCall:
    return ToolCall(id="", name=name, arguments=arguments)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What do 14 bananas cost?", ["14"]),
        ("How many grams are 2.5 kilograms?", ["2.5"]),
        ("23% of 6,900 thousand people", ["23", "6,900"]),
        ("100 days after 2025-03-10", ["100", "2025-03-10"]),
        ("Reverse 'Agents2026', office B-214, the 12th day", []),
        ("Three apples and 3 pears; then 3 more.", ["3"]),
        ("It costs 1,250.50 in total.", ["1,250.50"]),
        ("Version 3.11.2 of the tool", []),
        ("", []),
    ],
)
def test_quantities_are_numbers_and_dates_not_codes(text: str, expected: list[str]) -> None:
    assert quantities(text) == expected


def test_a_number_no_call_was_passed_is_unused() -> None:
    calls = [call('{"fruit": "banana"}')]
    assert unused_quantities("What do 14 bananas cost?", calls) == ["14"]


def test_numbers_passed_as_values_inside_strings_or_as_fractions_are_used() -> None:
    calls = [
        call('{"a": 25, "b": 14.0}'),
        call('{"expression": "6900 * 0.23"}'),
        call('{"date": "2025-03-10", "days": 100}'),
    ]
    question = "14 bananas; 23% of 6,900; 100 days after 2025-03-10"
    assert unused_quantities(question, calls) == []


@pytest.mark.parametrize(
    ("question", "expression"),
    [
        ("Sales of 450 grow by 12%.", "450 * 1.12"),  # a rise: one plus the fraction
        ("38% of 2500 MB is used; what remains?", "2500 * 0.62"),  # one minus it
        ("6,900 thousand residents, 23% cycle.", "6900000 * 0.23"),  # counted in thousands
        ("2.5 kg at 4 dollars per 1000 g", "2500 * 4 / 1000"),  # kilograms as grams
    ],
)
def test_numbers_passed_in_another_form_are_used(question: str, expression: str) -> None:
    assert unused_quantities(question, [call(json.dumps({"expression": expression}))]) == []


def test_other_multiples_are_not_the_same_number() -> None:
    calls = [call('{"expression": "450 * 1.25"}'), call('{"a": 36}')]
    assert unused_quantities("450 units grow by 12%; 18 boxes", calls) == ["12", "18"]


def test_a_date_counts_only_as_the_same_date() -> None:
    calls = [call('{"date": "2025-03-11", "days": 2025}')]
    assert unused_quantities("What weekday is 2025-03-10?", calls) == ["2025-03-10"]


def test_arguments_that_are_not_json_are_read_as_text() -> None:
    assert unused_quantities("7 times 6", [call("7 * 6")]) == []
    assert unused_quantities("7 times 6", [call("{broken 7")]) == ["6"]


def test_no_calls_leave_every_quantity_unused_and_booleans_are_not_numbers() -> None:
    assert unused_quantities("Is 1 more than 0?", []) == ["1", "0"]
    assert unused_quantities("Is 1 more than 0?", [call('{"flag": true, "n": 0}')]) == ["1"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("14个香蕉多少钱？", ["14"]),
        ("一根香蕉3元，买14根要多少钱", ["3", "14"]),
        ("价格是6,900元", ["6,900"]),
        ("바나나 14개", ["14"]),
    ],
)
def test_numbers_next_to_chinese_japanese_or_korean_characters_are_quantities(
    text: str, expected: list[str]
) -> None:
    assert quantities(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What weekday is 100 days after March 10, 2025?", ["100", "2025-03-10"]),
        ("Between 10th of Sept. 2024 and 3 May 2025", ["2024-09-10", "2025-05-03"]),
        ("2025年3月10日之后100天是星期几？", ["2025-03-10", "100"]),
        ("Feb 30, 2024 is no day", ["30", "2024"]),  # no such date: two numbers
        ("Marching 1 2024", ["1", "2024"]),
    ],
)
def test_written_dates_are_read_as_iso_dates(text: str, expected: list[str]) -> None:
    assert quantities(text) == expected


def test_a_written_date_is_used_by_a_call_passed_its_iso_form() -> None:
    calls = [call('{"date": "2025-03-10", "days": 100}')]
    assert unused_quantities("What weekday is 100 days after March 10, 2025?", calls) == []
    assert unused_quantities("2025年3月10日之后100天是星期几？", calls) == []
    assert unused_quantities("14个香蕉多少钱？", [call('{"fruit": "banana"}')]) == ["14"]


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("In 2 words, which department does Tomas work in?", []),
        ("Summarize in 3 short sentences the price of 14 pears", ["14"]),
        ("Divide 7 by 3, to 2 decimal places", ["7", "3"]),
        ("Give 3 bullet points on 2025-03-10", ["2025-03-10"]),
        ("结果保留2位小数：7除以3", ["7", "3"]),
        ("用2句话回答：2的3次方是多少", ["2", "3"]),  # 2 also a value
        ("不超过50个字介绍一下", []),
        ("50字以内", []),
        # words as a unit to compute with: only a limit makes them the answer's length
        ("Reading 1,500 words at 250 words per minute takes how long?", ["1,500", "250"]),
        ("一篇1500字的文章，每分钟读250字", ["1500", "250"]),
    ],
)
def test_numbers_that_set_the_form_of_the_answer_are_not_asked_of_a_tool(
    question: str, asked: list[str]
) -> None:
    assert asked_quantities(question) == asked
    assert unused_quantities(question, []) == asked


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Ada has a 4-year-old daughter", ["4"]),
        ("a 10-km run", ["10"]),
        ("pages 3-5", []),  # a range is not one number
        ("call 555-1234", []),  # nor a phone number
        ("office 214-B", []),  # nor a code
    ],
)
def test_a_number_joined_to_a_word_by_a_hyphen_is_a_quantity(text: str, found: list[str]) -> None:
    assert quantities(text) == found


def test_a_fact_stored_with_its_number_hyphenated_used_the_number() -> None:
    stored = ToolCall("call_1", "save_user_fact", '{"fact": "Ada has a 4-year-old daughter"}')
    assert unused_quantities("Hi! I'm Ada, and I have a 4 year old daughter.", [stored]) == []


def test_an_expression_passed_as_text_uses_its_numbers() -> None:
    subtraction = [ToolCall(id="1", name="python_calculator", arguments='{"input": "1899-1299"}')]
    assert unused_quantities("What is 1899 minus 1299?", subtraction) == []
    dated = [ToolCall(id="1", name="days_until", arguments='{"date": "2024-11-05"}')]
    # a date's parts are not numbers passed: the 5 people never reached a call
    assert unused_quantities("How many days to 2024-11-05, for 5 people?", dated) == ["5"]


@pytest.mark.parametrize(
    ("question", "passed", "unused"),
    [
        # a quantity in two units, passed as one number in either unit
        ("高铁2小时30分钟跑了550公里，平均时速多少？", [550, 2.5], []),
        ("The flight took 1 h 20 min; how many km/h over 1000 km?", [1000, 1.33], []),
        ("I'm 5 ft 10 in. How many cm is that?", [70], []),
        ("A 1 kg 200 g roast at 40 minutes per kilo?", [1200, 40], []),
        # the larger unit alone is not the compound: the minutes are unused
        ("高铁2小时30分钟跑了550公里，平均时速多少？", [550, 2], ["30"]),
    ],
)
def test_a_quantity_written_in_two_units_is_used_as_one(
    question: str, passed: list[float], unused: list[str]
) -> None:
    calls = [ToolCall(id="1", name="calc", arguments=json.dumps({"values": passed}))]
    assert unused_quantities(question, calls) == unused
