"""The mixed typed-tool batteries: answers computed from the tools, none in its question,
each kind present in both, ids unique across every battery."""

from __future__ import annotations

from _benchmark_modules import load


def test_every_answer_comes_from_the_tools_and_is_not_in_its_question() -> None:
    mixed = load("local_tasks_mixed")
    tasks = load("local_tasks")
    assert len(mixed.HELD_OUT) == len(mixed.TUNING) == 20
    for task in [*mixed.HELD_OUT, *mixed.TUNING]:
        assert task.expected == mixed.SOLUTIONS[task.id](), task.id
        assert task.expected.lower() not in task.question.lower(), task.id
        # the answer rule accepts the expected answer written in a sentence
        assert tasks.answer_matches(f"The answer is {task.expected}.", task.expected, task.kind)
    for half in (mixed.HELD_OUT, mixed.TUNING):
        kinds = {mixed.KINDS[task.id] for task in half}
        assert kinds == {"units", "lookup", "two tools", "quote"}
    held_out_questions = {task.question for task in mixed.HELD_OUT}
    assert not held_out_questions & {task.question for task in mixed.TUNING}


def test_the_halves_hold_eighty_tasks_with_unique_ids() -> None:
    tasks = load("local_tasks")
    percent = load("local_tasks_percent")
    mixed = load("local_tasks_mixed")
    tuning = [*tasks.CALCULATOR_TASKS, *tasks.TYPED_TASKS, *percent.TUNING, *mixed.TUNING]
    held_out = [*percent.HELD_OUT, *mixed.HELD_OUT]
    assert (len(tuning), len(held_out)) == (50, 30)
    ids = [task.id for task in [*tuning, *held_out]]
    assert len(ids) == len(set(ids))
