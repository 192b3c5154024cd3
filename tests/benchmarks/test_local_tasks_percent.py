"""The percent/remainder battery: answers recomputed independently, none in its question."""

from __future__ import annotations

import ast
import operator
from typing import Any

from _benchmark_modules import load

OPERATORS: dict[type, Any] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Mod: operator.mod,
}


def evaluate(node: ast.AST) -> float:
    """Arithmetic only: numbers and + - * / % (no eval)."""
    if isinstance(node, ast.Expression):
        return evaluate(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
        return OPERATORS[type(node.op)](evaluate(node.left), evaluate(node.right))
    raise AssertionError(f"not plain arithmetic: {ast.dump(node)}")


def test_every_expected_answer_is_its_formula_and_not_in_the_question() -> None:
    battery = load("local_tasks_percent")
    tasks = [*battery.TUNING, *battery.HELD_OUT]
    assert len(battery.TUNING) == len(battery.HELD_OUT) == 10
    assert len({task.id for task in tasks}) == len(tasks)
    from local_tasks import answer_matches

    for task in tasks:
        value = evaluate(ast.parse(battery.FORMULAS[task.id], mode="eval"))
        assert answer_matches(f"{value:.6f}", task.expected), task.id
        assert not answer_matches(task.question, task.expected), task.id
