"""Whether an answer takes anything from the run's tool results (result_use)."""

from __future__ import annotations

import pytest

from hello_agents.agents.aids.result_use import made_from, spelled_numbers, uses_results, words
from hello_agents.core.message import ToolCall


@pytest.mark.parametrize(
    ("answer", "question", "results", "used"),
    [
        ("3 miles", "How many feet are in 3 miles?", ["15840 feet"], False),
        ("15,840 feet", "How many feet are in 3 miles?", ["15840.0"], True),
        ("About 22 pounds.", "What is 10 kg in pounds?", ["22.046226"], True),
        ("22.05 lb", "What is 10 kg in pounds?", ["22.046226"], True),
        ("23 lb", "What is 10 kg in pounds?", ["22.046226"], False),
        ("level-up", "Reverse the text level-up.", ["pu-level"], False),
        ("pu-level", "Reverse the text level-up.", ["pu-level"], True),
        ("lookup_employee", "What is 100 °C in °F?", ["212.0 °F"], False),
        ("Three.", "1 + 2?", ["3"], True),
        ("twenty-one", "3 * 7?", ["21"], True),
        ("Her office is B-214.", "Where is Priya's office?", ['{"office": "B-214"}'], True),
        ("It ships on 2025-06-18.", "100 days after 2025-03-10?", ["2025-06-18"], True),
        ("It ships on 2025-03-10.", "100 days after 2025-03-10?", ["2025-06-18"], False),
        ("It is June 18.", "100 days after 2025-03-10?", ["2025-06-18"], True),  # in words
        ("the 18th of Jun", "100 days after 2025-03-10?", ["2025-06-18"], True),
        ("It is July 18.", "100 days after 2025-03-10?", ["2025-06-18"], False),
        ("北京今天天气晴朗", "北京天气怎么样？", ["北京今天晴，气温25度"], True),
        ("我不知道", "北京天气怎么样？", ["北京今天晴，气温25度"], False),
        # nothing new in the results: nothing to tell by
        ("Yes.", "Is 2025-03-10 a Monday?", ["Monday"], True),
        ("No idea.", "What is 7 plus 0?", ["7"], True),
        # a zero said with a negation
        ("没有未读邮件。", "邮箱里有没有未读邮件？", ["0"], True),
        ("None left.", "How many unread emails are left?", ["0"], True),
        ("没有未读邮件。", "邮箱里有没有未读邮件？", ["3"], False),
        # common words prove nothing
        ("The result is 3 miles.", "How many feet are in 3 miles?", ["Result: 15840"], False),
    ],
)
def test_uses_results(answer: str, question: str, results: list[str], used: bool) -> None:
    assert uses_results(answer, question, results) is used


def test_words_leave_out_numbers_and_pair_cjk_characters() -> None:
    assert words("Room B-214, 12 floors") == {"room", "b-214", "floors"}
    assert words("气温25度") == {"气温", "度"}


def test_spelled_numbers() -> None:
    assert spelled_numbers("Three, twenty-one, Forty five, ninety; someone often") == [
        3,
        21,
        45,
        90,
    ]


HOURS = "How many hours are there between 2024-06-01 and 2024-09-15?"


@pytest.mark.parametrize(
    ("arguments", "texts", "made"),
    [
        ('{"start": "2024-06-01", "end": "2024-09-15"}', [HOURS], True),
        ('{"a": 106, "b": 24}', [HOURS, "106"], True),  # 106 from a result
        ('{"expression": "106 * 24"}', [HOURS, "106"], True),
        ('{"name": "John Doe"}', [HOURS, "106"], False),
        ('{"start": "2023-01-01", "end": "2023-01-15"}', [HOURS], False),
        ('{"fruit": "banana"}', ["What do 14 bananas cost?"], True),
        ('{"fruit": "apple"}', ["How many grams is 2.5 kilograms?"], False),
        ('{"name": "Ana"}', ["Where is Ana's office?"], True),
        ('{"value": 2.5, "from_unit": "kg", "to_unit": "g"}', ["2.5 kilograms in grams?"], True),
        ("{}", ["What time is it?"], True),
        ('{"city": "北京"}', ["北京今天天气怎么样？"], True),
    ],
)
def test_a_call_is_made_from_the_run_when_any_argument_comes_from_it(
    arguments: str, texts: list[str], made: bool
) -> None:
    assert made_from(ToolCall(id="", name="tool", arguments=arguments), texts) is made


@pytest.mark.parametrize(
    ("answer", "question", "results", "used"),
    [
        # a Chinese answer to an English result: only numbers can tell
        ("2025年3月10日是星期一。", "2025年3月10日是星期几？", ["Monday"], True),
        (
            "Tomas Berg的部门是研究部。",
            "Tomas Berg在哪个部门工作？",
            ["department: Research"],
            True,
        ),
        ("它的价格是25美分", "一个香蕉多少钱？", ["25 cents"], True),
        ("它的价格是14美分", "买14个香蕉要多少美分？", ["25 cents"], False),
        # an English answer of the question's words only is still compared
        (
            "Tomas Berg",
            "Which department does Tomas Berg work in?",
            ["department: Research"],
            False,
        ),
        ("The department is Research", "研究部在哪里？", ["Research: B-214"], True),
    ],
)
def test_words_count_only_in_a_script_the_answer_is_written_in(
    answer: str, question: str, results: list[str], used: bool
) -> None:
    assert uses_results(answer, question, results) is used
