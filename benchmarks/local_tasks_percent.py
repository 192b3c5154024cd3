"""Percentages, remainders and given expressions: calculator tasks for ReActAgent, in two halves.

The mistakes these target (issue: small models on a plain llama.cpp server)
are answering the wrong quantity: the increase instead of the new total, the
used part instead of what remains, a unit scaled twice, an expression's
parentheses dropped. :data:`TUNING` may be used to adjust prompts;
:data:`HELD_OUT` is only reported on, never tuned against.

Each task keeps the arithmetic that defines its answer (``formula``), so the
expected value is computed, not typed in; ``tests/benchmarks`` checks that and
that no answer appears in its own question. Standard library only, like
:mod:`local_tasks`, whose :class:`Task` and answer rule these use.
"""

from __future__ import annotations

from local_tasks import Task


def _task(task_id: str, question: str, formula: str) -> tuple[Task, str]:
    value = eval(formula, {"__builtins__": {}}, {"round": round})  # our own constant text
    expected = f"{value:g}" if isinstance(value, float) else str(value)
    return Task(task_id, question, expected, tools=("python_calculator",)), formula


_TUNING = [
    _task(
        "pct-of-thousands",
        "A city has 6,900 thousand residents; 23% cycle. How many residents "
        "cycle? Answer in residents.",
        "6900000 * 23 / 100",
    ),
    _task(
        "grow-by",
        "A shop sold 450 units last month and sales grow by 12% this month. How many "
        "units does it sell this month?",
        "450 * 1.12",
    ),
    _task(
        "remain-after-use",
        "A 2,500 MB data plan is 38% used. How many MB remain?",
        "2500 * (1 - 0.38)",
    ),
    _task(
        "discount-price",
        "A jacket costs 140 dollars and is 35% off. What is the sale price in dollars?",
        "140 * 0.65",
    ),
    _task(
        "given-expression", "Compute (17 + 8) * (12 - 5) exactly as written.", "(17 + 8) * (12 - 5)"
    ),
    _task(
        "remainder-items",
        "312 chairs are packed 25 to a crate. How many chairs are left over "
        "after filling as many full crates as possible?",
        "312 % 25",
    ),
    _task(
        "percent-change",
        "A price went from 80 to 92 dollars. By what percent did it rise?",
        "(92 - 80) / 80 * 100",
    ),
    _task(
        "shrink-by",
        "A forest of 3,200 hectares shrinks by 15%. How many hectares are left?",
        "3200 * 0.85",
    ),
    _task(
        "tax-on-top",
        "A meal costs 64 dollars before an 8% tax. What is the total with tax?",
        "64 * 1.08",
    ),
    _task(
        "share-of-rest",
        "Of 900 visitors, 40% came on Saturday and a third of the rest on "
        "Sunday. How many came on Sunday?",
        "900 * 0.6 / 3",
    ),
]

_HELD_OUT = [
    _task(
        "pct-of-millions",
        "A country of 4.5 million people has 18% under ten years old. How many people is that?",
        "4500000 * 18 / 100",
    ),
    _task(
        "raise-salary",
        "A salary of 3,800 dollars a month rises by 7%. What is the new monthly salary in dollars?",
        "3800 * 1.07",
    ),
    _task(
        "battery-left",
        "A phone battery of 4,000 mAh has used 62% of its charge. How many mAh are left?",
        "4000 * (1 - 0.62)",
    ),
    _task("nested-parens", "Evaluate 96 / (4 * (5 - 3)) exactly as written.", "96 / (4 * (5 - 3))"),
    _task(
        "pages-left",
        "A 350-page book is read at 24 pages a day. After the last full day of "
        "24 pages, how many pages remain for the final day?",
        "350 % 24",
    ),
    _task(
        "drop-percent",
        "Visitors fell from 1,250 to 1,000. By what percent did they fall?",
        "(1250 - 1000) / 1250 * 100",
    ),
    _task(
        "two-discounts",
        "A 200-dollar bike is 20% off, then a further 10% off the sale price. "
        "What does it cost in dollars?",
        "200 * 0.8 * 0.9",
    ),
    _task(
        "tip-split",
        "A bill of 150 dollars gets a 20% tip, and 4 friends split the total "
        "evenly. How many dollars does each pay?",
        "150 * 1.2 / 4",
    ),
    _task(
        "fuel-remaining",
        "A 60-litre tank is 45% full and the car burns 9 litres. How many litres are left?",
        "60 * 0.45 - 9",
    ),
    _task(
        "minutes-remainder",
        "How many minutes are left over when 1,000 minutes are written as whole hours and minutes?",
        "1000 % 60",
    ),
]

TUNING: list[Task] = [task for task, _ in _TUNING]
HELD_OUT: list[Task] = [task for task, _ in _HELD_OUT]
FORMULAS: dict[str, str] = {task.id: formula for task, formula in [*_TUNING, *_HELD_OUT]}
"""The arithmetic that defines each task's answer, by task id."""
