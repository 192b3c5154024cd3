"""Questions in Chinese, the tutorial's language: calculator tasks for ReActAgent and
typed-tool tasks for FunctionCallAgent, reported on their own.

The tools stay as they are, described in English (as most tools are); the
question is in Chinese, so a run must carry names, units and dates over:
``香蕉`` to ``banana``, ``英里`` to ``mile``, ``2025年3月10日`` to ``2025-03-10``. The
answer may be in either language; only numbers and dates are compared (a
weekday or a department written in Chinese could not be checked against the
tools' English), and a date counts written ``2025年6月18日`` too.

Neither battery is part of the tuning or the held-out half: they are not tuned
against. Expected answers are computed, by the formula or the same tool functions
(:data:`SOLUTIONS`); ``tests/benchmarks`` checks that, and that no answer appears
in its question. Standard library only, like :mod:`local_tasks`.
"""

from __future__ import annotations

from collections.abc import Callable

from local_tasks import (
    AnswerKind,
    Task,
    add_days,
    convert_units,
    count_letter,
    days_between,
    fruit_price,
    lookup_employee,
    multiply,
)

_CALCULATOR_SPECS: list[tuple[str, str, str]] = [
    ("zh-pencils", "一支铅笔3元，小明买了592支，一共要付多少元？", "3 * 592"),
    ("zh-tank-left", "一个水箱有1200升水，用掉了35%，还剩多少升？", "1200 * (1 - 0.35)"),
    ("zh-discount", "一本书原价80元，打八五折（按原价的85%）后多少元？", "80 * 0.85"),
    ("zh-savings", "小红每天存15元，存了365天，一共存了多少元？", "15 * 365"),
    ("zh-girls", "一个班有45名学生，其中40%是男生，女生有多少人？", "45 * (1 - 0.4)"),
    ("zh-tickets", "成人票每张12元，儿童票每张7元。3个成人和5个儿童一共要付多少元？",
     "12 * 3 + 7 * 5"),
    ("zh-growth", "一个城市有48000人，一年增长2.5%，一年后有多少人？", "48000 * 1.025"),
    ("zh-boxes", "工厂生产了1000个零件，每箱装24个，装满的箱子有多少个？", "1000 // 24"),
]  # fmt: skip


def _evaluate(formula: str) -> str:
    value = eval(formula, {"__builtins__": {}}, {})  # our own constant text
    return f"{value:g}" if isinstance(value, float) else str(value)


def _field(name: str, field: str) -> str:
    entries = dict(part.split(": ", 1) for part in lookup_employee(name).split(", "))
    return entries[field]


def _number(value: float) -> str:
    return f"{value:g}"


# (task id, question, answer kind, the tools a correct run uses, the solution)
_TYPED_SPECS: list[tuple[str, str, AnswerKind, tuple[str, ...], Callable[[], str]]] = [
    ("zh-f-to-c", "77华氏度是多少摄氏度？", "number", ("convert_units",),
     lambda: _number(convert_units(77, "f", "c"))),
    ("zh-mile-to-ft", "5英里是多少英尺？", "number", ("convert_units",),
     lambda: _number(convert_units(5, "mile", "ft"))),
    ("zh-kg-to-g", "2.5千克是多少克？", "number", ("convert_units",),
     lambda: _number(convert_units(2.5, "kg", "g"))),
    ("zh-extension", "Lena Fischer的电话分机号是多少？", "number", ("lookup_employee",),
     lambda: _field("Lena Fischer", "extension")),
    ("zh-pear-price", "水果摊上一个梨多少美分？", "number", ("fruit_price",),
     lambda: str(fruit_price("pear"))),
    ("zh-bananas", "在水果摊买14个香蕉要多少美分？", "number", ("fruit_price", "multiply"),
     lambda: _number(multiply(fruit_price("banana"), 14))),
    ("zh-days", "从2024-06-01到2024-09-15有多少天？", "number", ("days_between",),
     lambda: str(days_between("2024-06-01", "2024-09-15"))),
    ("zh-date-after", "2025年3月10日之后100天是哪一天？", "date", ("add_days",),
     lambda: add_days("2025-03-10", 100)),
    ("zh-letters", "单词banana里有几个字母a？", "number", ("count_letter",),
     lambda: str(count_letter("banana", "a"))),
]  # fmt: skip

CALCULATOR: tuple[Task, ...] = tuple(
    Task(task_id, question, _evaluate(formula), tools=("python_calculator",))
    for task_id, question, formula in _CALCULATOR_SPECS
)
"""Eight word problems in Chinese for ReActAgent with a calculator."""

TYPED: tuple[Task, ...] = tuple(
    Task(task_id, question, solve(), kind, tools)
    for task_id, question, kind, tools, solve in _TYPED_SPECS
)
"""Nine typed-tool questions in Chinese for FunctionCallAgent."""

SOLUTIONS: dict[str, Callable[[], str]] = {
    **{task_id: (lambda f=formula: _evaluate(f)) for task_id, _, formula in _CALCULATOR_SPECS},
    **{spec[0]: spec[4] for spec in _TYPED_SPECS},
}
"""How each expected answer is computed (for the tests)."""
