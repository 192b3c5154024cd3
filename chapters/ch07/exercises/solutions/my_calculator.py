"""Solution: my_calculate, a safe calculator on Python's ``ast`` (never ``eval``).

Register it as the tutorial does:
    registry.register_function("my_calculator", "Arithmetic: + - * / // % ** sqrt", my_calculate)

Check it:  python chapters/ch07/exercises/solutions/my_calculator.py
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
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
UNARY: dict[type[ast.unaryop], Callable[[Number], Number]] = {
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
}
FUNCTIONS: dict[str, Callable[..., Number]] = {
    "sqrt": math.sqrt,
    "abs": abs,
    "round": round,
    "min": min,
    "max": max,
}
CONSTANTS: dict[str, float] = {"pi": math.pi, "e": math.e}
MAX_DIGITS = 1000  # refuse integer results longer than this


class CalculationError(ValueError):
    """An expression we refuse or cannot compute; the message is shown to the model."""


def power(base: Number, exponent: Number) -> Number:
    """``base ** exponent``, refused when the result would be enormous."""
    if isinstance(base, int) and isinstance(exponent, int) and abs(base) > 1 and exponent > 0:
        digits = exponent * math.log10(abs(base))
        if digits > MAX_DIGITS:
            raise CalculationError(f"the result would have about {digits:.3g} digits")
    try:
        return base**exponent
    except OverflowError as error:
        raise CalculationError("the result is too large") from error


def evaluate(node: ast.expr) -> Number:
    """The value of one syntax-tree node; anything not whitelisted is refused."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value  # type: ignore[no-any-return]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        return power(evaluate(node.left), evaluate(node.right))
    if isinstance(node, ast.BinOp) and type(node.op) in BINARY:
        return BINARY[type(node.op)](evaluate(node.left), evaluate(node.right))
    if isinstance(node, ast.UnaryOp) and type(node.op) in UNARY:
        return UNARY[type(node.op)](evaluate(node.operand))
    if isinstance(node, ast.Name) and node.id in CONSTANTS:
        return CONSTANTS[node.id]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in FUNCTIONS
        and not node.keywords
    ):
        return FUNCTIONS[node.func.id](*(evaluate(argument) for argument in node.args))
    raise CalculationError(f"{type(node).__name__} is not allowed in a calculation")


def my_calculate(expression: str) -> str:
    """Evaluate an arithmetic expression; errors come back as text starting with 'Error:'."""
    text = expression.strip().replace("^", "**")
    if not text:
        return "Error: the expression is empty."
    try:
        value = evaluate(ast.parse(text, mode="eval").body)
    except SyntaxError:
        return f"Error: {expression!r} is not a valid expression."
    except ZeroDivisionError:
        return "Error: division by zero."
    except (CalculationError, ValueError, TypeError) as error:
        return f"Error: {error}."
    return str(value)


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("calculator", my_calculate))
