"""The Chinese batteries: answers computed, none in its question, read in Chinese answers."""

from __future__ import annotations

from _benchmark_modules import load


def test_every_answer_is_computed_and_not_in_its_question() -> None:
    zh = load("local_tasks_zh")
    tasks = load("local_tasks")
    assert (len(zh.CALCULATOR), len(zh.TYPED)) == (8, 9)
    for task in [*zh.CALCULATOR, *zh.TYPED]:
        assert task.expected == zh.SOLUTIONS[task.id](), task.id
        assert task.expected not in task.question, task.id
        assert tasks.answer_matches(f"答案是{task.expected}。", task.expected, task.kind), task.id


def test_answers_written_in_chinese_are_read() -> None:
    tasks = load("local_tasks")
    assert tasks.answer_matches("一共需要1,776元", "1776")
    assert tasks.answer_matches("是25.0摄氏度", "25")
    assert tasks.answer_matches("2025年3月10日之后100天是2025年6月18日。", "2025-06-18", "date")
    assert not tasks.answer_matches("是2025年6月19日", "2025-06-18", "date")


def test_the_batteries_are_listed_apart_from_the_two_halves() -> None:
    batteries = load("local_batteries")
    assert {"zh-calculator", "zh-typed"} <= set(batteries.BATTERIES)
    assert "zh-typed" in batteries.TYPED_BATTERIES
    assert "zh-calculator" not in batteries.TYPED_BATTERIES
    halves = {*batteries.TUNING, *batteries.HELD_OUT}
    assert not {"zh-calculator", "zh-typed"} & halves
    ids = [task.id for tasks in batteries.BATTERIES.values() for task in tasks]
    assert len(ids) == len(set(ids))
