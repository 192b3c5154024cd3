"""Exercise 4: my_calculate, a safe calculator on Python's ``ast`` (never ``eval``).

``eval`` on text written by a model runs any code it likes. Parse the expression
with ``ast.parse(text, mode="eval")`` instead, and walk the tree, accepting only
the node types you list. Register it as the tutorial does:

    registry.register_function("my_calculator", "Arithmetic: + - * / // % ** sqrt", my_calculate)

Fill in the TODOs, then check your function:

    python chapters/ch07/exercises/my_calculator.py

A model answer is in solutions/my_calculator.py: try first.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable

Number = int | float

BINARY: dict[type[ast.operator], Callable[[Number, Number], Number]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    # TODO 1: floor division (//) and remainder (%) too. Power (**) is special: see power().
}
UNARY: dict[type[ast.unaryop], Callable[[Number], Number]] = {
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
}
FUNCTIONS: dict[str, Callable[..., Number]] = {"sqrt": math.sqrt, "abs": abs, "round": round}
CONSTANTS: dict[str, float] = {"pi": math.pi, "e": math.e}
MAX_DIGITS = 1000  # refuse integer results longer than this


class CalculationError(ValueError):
    """An expression we refuse or cannot compute; the message is shown to the model."""


def power(base: Number, exponent: Number) -> Number:
    """TODO 2: ``base ** exponent``, but refuse enormous results *before* computing them:
    an integer power has about ``exponent * log10(abs(base))`` digits, and ``9**9**9``
    would have 370 million of them (your program would hang)."""
    raise NotImplementedError("TODO: power")


def evaluate(node: ast.expr) -> Number:
    """TODO 3: the value of one node. Accept numbers (``ast.Constant`` holding an int or
    float), ``ast.BinOp`` (``**`` through power()), ``ast.UnaryOp``, names in CONSTANTS
    and calls of names in FUNCTIONS; raise CalculationError for anything else."""
    raise NotImplementedError("TODO: evaluate")


def my_calculate(expression: str) -> str:
    """TODO 4: evaluate ``expression`` and return the result as text.

    - ``^`` means power: replace it by ``**`` before parsing;
    - never raise: an empty text, a syntax error, a division by zero or a refused
      node all come back as a message starting with ``"Error:"``.
    """
    raise NotImplementedError("TODO: my_calculate")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("calculator", my_calculate))
