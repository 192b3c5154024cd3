"""The calculator tool: arithmetic on a whitelist of syntax, never ``eval``.

The expression is parsed with :mod:`ast` and walked node by node. Only numbers,
the operators ``+ - * / // % **``, parentheses, a list of math functions and
the constants ``pi``, ``e`` and ``tau`` are allowed; anything else (text, names,
attributes, lambdas, comprehensions ...) is refused with a message that says
what is not allowed and what to write instead.

Evaluation is bounded, because a model (or a user) can write ``9**9**9``:

* the expression is at most :data:`MAX_EXPRESSION_LENGTH` characters and
  :data:`MAX_NESTING_DEPTH` parentheses deep, checked before parsing;
* the size of a power or a factorial is estimated with logarithms *before* it
  is computed, and refused when the result would have more than
  :data:`MAX_INTEGER_DIGITS` digits;
* a float result that overflows to infinity is refused instead of returned.

So every expression is answered, or refused, within milliseconds.

``^`` means power (``2^10`` is 1024): it is rewritten to ``**`` before
parsing, so precedence is the mathematical one (``2^3+1`` is 9, ``-2^2`` is -4).
Python's bitwise XOR is not available.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.arguments import parse_expression
from hello_agents.tools.base import Tool, ToolParameter

Number = int | float

MAX_EXPRESSION_LENGTH = 1000
"""Longest expression accepted, in characters."""

MAX_NESTING_DEPTH = 50
"""Deepest nesting of parentheses accepted."""

MAX_SYNTAX_DEPTH = 100
"""Deepest syntax tree accepted (``- - - - 1`` is deep without parentheses)."""

MAX_INTEGER_DIGITS = 1000
"""Largest integer, in decimal digits, the calculator computes or returns."""

MAX_ROUND_DIGITS = 100
"""Largest ``ndigits`` accepted by ``round`` (``round(5, -10**9)`` would hang)."""

_INTEGER_LIMIT = 10**MAX_INTEGER_DIGITS


class CalculatorError(ToolException, ValueError):
    """The calculator refused or could not evaluate an expression.

    A :class:`~hello_agents.core.exceptions.ToolException` (so ``except
    HelloAgentsException`` catches it) and still a ValueError, as it always was.

    The message is written for the model: it says what was wrong and what to
    write instead.
    """


@dataclass(frozen=True)
class _Function:
    """A whitelisted function and how to call it (shown in error messages)."""

    name: str
    implementation: Callable[..., Any]
    usage: str


def _checked(value: Any) -> Number:
    """Return ``value`` if it is a finite real number of bounded size."""
    if isinstance(value, complex):
        raise CalculatorError(
            "The result is not a real number (for example a negative number raised to a "
            "fractional power). Only real numbers are supported."
        )
    if isinstance(value, float):
        if math.isinf(value):
            raise CalculatorError(
                "Overflow: the result is too large for a floating-point number (over 1.8e308)."
            )
        if math.isnan(value):
            raise CalculatorError("The result is undefined (not a number).")
        return value
    if isinstance(value, int):
        if abs(value) >= _INTEGER_LIMIT:
            raise CalculatorError(
                f"The result would have more than {MAX_INTEGER_DIGITS} digits; "
                "the calculator refuses numbers that large."
            )
        return value
    raise CalculatorError(f"The result {value!r} is not a number.")


def _power(base: Number, exponent: Number) -> Number:
    """``base ** exponent``, refused before computing when the result is too big."""
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and abs(base) > 1:
        # The result's digit count, from logarithms: log10(b ** n) = n * log10(b).
        digits = exponent * math.log10(abs(base)) if exponent < 10**300 else math.inf
        if digits > MAX_INTEGER_DIGITS:
            raise CalculatorError(
                f"{_short(base)} ** {_short(exponent)} would have {_about(digits)} digits; "
                f"the calculator refuses results over {MAX_INTEGER_DIGITS} digits. Use smaller "
                "numbers, or a float base (e.g. 9.0 ** 100) for an approximate value."
            )
    if base == 0 and exponent < 0:
        raise CalculatorError("0 cannot be raised to a negative power (that divides by zero).")
    return _checked(operator.pow(base, exponent))


def _factorial_digits(number: int) -> float:
    """How many digits ``number!`` has, from the log-gamma function: log10(n!)."""
    if number >= 10**300:
        return math.inf
    return math.lgamma(number + 1) / math.log(10) if number > 1 else 1.0


_LARGEST_FACTORIAL = next(n for n in range(10**6) if _factorial_digits(n + 1) > MAX_INTEGER_DIGITS)


def _factorial(number: Number) -> int:
    """``number!`` for a whole number, refused before computing when too big."""
    if isinstance(number, float):
        if not number.is_integer():
            raise CalculatorError(f"factorial needs a whole number, got {number!r}.")
        number = int(number)
    if number < 0:
        raise CalculatorError(f"factorial is undefined for negative numbers, got {number}.")
    digits = _factorial_digits(number)
    if digits > MAX_INTEGER_DIGITS:
        raise CalculatorError(
            f"factorial({_short(number)}) would have {_about(digits)} digits; the calculator "
            f"refuses results over {MAX_INTEGER_DIGITS} digits "
            f"(factorial({_LARGEST_FACTORIAL}) is the largest allowed)."
        )
    return math.factorial(number)


def _short(value: Number) -> str:
    """A number for an error message: long integers are abbreviated."""
    text = str(value)
    return text if len(text) <= 20 else f"{text[:8]}...({len(text.lstrip('-'))} digits)"


def _about(digits: float) -> str:
    return f"about {digits:.3g}" if math.isfinite(digits) else "far more than 1e300"


def _round(number: Number, ndigits: Number | None = None) -> Number:
    """Python's ``round``, with ``ndigits`` bounded."""
    if ndigits is None:
        return round(number)
    if not isinstance(ndigits, int):
        raise CalculatorError(f"round's second argument must be a whole number, got {ndigits!r}.")
    if abs(ndigits) > MAX_ROUND_DIGITS:
        raise CalculatorError(
            f"round's second argument must be between -{MAX_ROUND_DIGITS} and "
            f"{MAX_ROUND_DIGITS}, got {ndigits}."
        )
    return round(number, ndigits)


FUNCTIONS: dict[str, _Function] = {
    function.name: function
    for function in [
        _Function("abs", abs, "abs(-3)"),
        _Function("round", _round, "round(2.567, 2)"),
        _Function("min", min, "min(3, 1, 2)"),
        _Function("max", max, "max(3, 1, 2)"),
        _Function("pow", _power, "pow(2, 10)"),
        _Function("sqrt", math.sqrt, "sqrt(16)"),
        _Function("exp", math.exp, "exp(1)"),
        _Function("log", math.log, "log(100) or log(8, 2)"),
        _Function("log10", math.log10, "log10(1000)"),
        _Function("log2", math.log2, "log2(8)"),
        _Function("sin", math.sin, "sin(pi / 2)"),
        _Function("cos", math.cos, "cos(0)"),
        _Function("tan", math.tan, "tan(pi / 4)"),
        _Function("asin", math.asin, "asin(1)"),
        _Function("acos", math.acos, "acos(0)"),
        _Function("atan", math.atan, "atan(1)"),
        _Function("atan2", math.atan2, "atan2(1, 1)"),
        _Function("sinh", math.sinh, "sinh(1)"),
        _Function("cosh", math.cosh, "cosh(1)"),
        _Function("tanh", math.tanh, "tanh(1)"),
        _Function("degrees", math.degrees, "degrees(pi)"),
        _Function("radians", math.radians, "radians(180)"),
        _Function("hypot", math.hypot, "hypot(3, 4)"),
        _Function("floor", math.floor, "floor(2.7)"),
        _Function("ceil", math.ceil, "ceil(2.1)"),
        _Function("trunc", math.trunc, "trunc(-2.7)"),
        _Function("fabs", math.fabs, "fabs(-2)"),
        _Function("factorial", _factorial, "factorial(5)"),
        _Function("gcd", math.gcd, "gcd(12, 18)"),
    ]
}
"""The functions an expression may call, also as ``math.<name>``."""

CONSTANTS: dict[str, float] = {"pi": math.pi, "e": math.e, "tau": math.tau}
"""The named constants an expression may use, also as ``math.<name>``."""

_BINARY_OPERATORS: dict[type[ast.operator], Callable[[Number, Number], Number]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: _power,
}

_UNARY_OPERATORS: dict[type[ast.unaryop], Callable[[Number], Number]] = {
    ast.UAdd: operator.pos,
    ast.USub: operator.neg,
}

# What to call a refused piece of syntax in the error message.
_SYNTAX_NAMES: dict[type[ast.AST], str] = {
    ast.Lambda: "lambda functions",
    ast.ListComp: "comprehensions",
    ast.SetComp: "comprehensions",
    ast.DictComp: "comprehensions",
    ast.GeneratorExp: "generator expressions",
    ast.List: "lists",
    ast.Tuple: "tuples (a comma outside a function call)",
    ast.Set: "sets",
    ast.Dict: "dictionaries",
    ast.Subscript: "indexing with [ ]",
    ast.Compare: "comparisons (<, >, ==)",
    ast.BoolOp: "'and' / 'or'",
    ast.IfExp: "'if ... else'",
    ast.JoinedStr: "f-strings",
    ast.NamedExpr: "assignments (:=)",
    ast.Await: "'await'",
    ast.Starred: "'*' unpacking",
    ast.BitAnd: "the bitwise operator &",
    ast.BitOr: "the bitwise operator |",
    ast.BitXor: "bitwise XOR",
    ast.LShift: "the shift operator <<",
    ast.RShift: "the shift operator >>",
    ast.MatMult: "the matrix operator @",
    ast.Invert: "the bitwise operator ~",
    ast.Not: "'not'",
}

_ALLOWED_SUMMARY = (
    "Allowed: numbers, + - * / // % ** (or ^ for power), parentheses, the constants "
    f"{', '.join(CONSTANTS)} and the functions {', '.join(FUNCTIONS)}."
)


def _refuse(node: ast.AST) -> CalculatorError:
    syntax = _SYNTAX_NAMES.get(type(node), type(node).__name__)
    return CalculatorError(f"Not allowed in a calculation: {syntax}. {_ALLOWED_SUMMARY}")


def _prepare(expression: object) -> str:
    """Check the raw text cheaply (type, length, nesting) and normalise it."""
    if isinstance(expression, (int, float)) and not isinstance(expression, bool):
        expression = str(expression)
    if not isinstance(expression, str):
        raise CalculatorError(
            f"The expression must be text such as '2 + 3', got {type(expression).__name__}."
        )
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise CalculatorError(
            f"The expression is {len(expression)} characters long; the limit is "
            f"{MAX_EXPRESSION_LENGTH}. Split the calculation into smaller steps."
        )
    text = expression.strip().rstrip("=").strip()
    # Models often quote the whole expression ('48 * 37', "2+2", `6*7`): unwrap it.
    while len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"`":
        text = text[1:-1].strip()
    if not text:
        raise CalculatorError("The expression is empty. Write one such as 2 + 3 * 4.")
    depth = deepest = 0
    for character in text:
        if character in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in ")]}":
            depth -= 1
    if deepest > MAX_NESTING_DEPTH:
        raise CalculatorError(
            f"The expression nests parentheses {deepest} deep; the limit is "
            f"{MAX_NESTING_DEPTH}. Split the calculation into smaller steps."
        )
    # '^' is power, as on a calculator: rewrite before parsing so precedence is right.
    return text.replace("^", "**").replace("×", "*").replace("÷", "/")


def _syntax_problem(text: str, message: str) -> str:
    """Python's syntax error in calculator terms (its advice about octal or
    commas would mislead a model)."""
    if re.search(r"\b\d{4}-\d{2}-\d{2}\b", text):
        return "dates are not numbers; it computes arithmetic only"
    if not re.search(r"\d", text):
        return (
            "there are no numbers in it: this tool only computes arithmetic (a question that "
            "needs no calculation is answered without it)"
        )
    if "leading zeros" in message:
        return "a number starts with 0 (write 7, not 07)"
    words = {word.lower() for word in re.findall(r"\d\s*([A-Za-z]{2,})", text)}
    if words - FUNCTIONS.keys() - CONSTANTS.keys():
        return "words or units are not allowed; write only the numbers"
    return message


def _parse(text: str) -> ast.expr:
    """Parse one expression and check the depth of its syntax tree (iteratively)."""
    try:
        # one parse at a time, no SyntaxWarning on stderr ("5apples"): the model
        # gets the clear message below instead
        tree = parse_expression(text)
    except SyntaxError as error:
        raise CalculatorError(
            f"Could not parse {text[:80]!r}: {_syntax_problem(text, error.msg)}. Write one "
            "arithmetic expression with numbers, + - * / ^ %, parentheses and functions."
        ) from None
    except (ValueError, RecursionError, MemoryError):
        raise CalculatorError(
            f"Could not parse {text[:80]!r}. Write a single arithmetic expression."
        ) from None
    stack: list[tuple[ast.AST, int]] = [(tree.body, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_SYNTAX_DEPTH:
            raise CalculatorError(
                f"The expression is nested more than {MAX_SYNTAX_DEPTH} levels deep. "
                "Split the calculation into smaller steps."
            )
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return tree.body


def _lookup(name: str) -> Number | _Function:
    if name in CONSTANTS:
        return CONSTANTS[name]
    if name in FUNCTIONS:
        return FUNCTIONS[name]
    raise CalculatorError(f"Unknown name {name!r}: variables are not supported. {_ALLOWED_SUMMARY}")


def _resolve(node: ast.expr) -> Number | _Function:
    """The constant or function a name (``pi``) or a ``math.`` attribute refers to."""
    if isinstance(node, ast.Name):
        return _lookup(node.id)
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id == "math":
            return _lookup(node.attr)
        raise CalculatorError(
            "Attribute access is not allowed, except math.<name> such as math.sqrt(4) or math.pi."
        )
    raise _refuse(node)


def _evaluate_node(node: ast.expr) -> Number:
    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, str):
            raise CalculatorError(
                f"Text ({value[:40]!r}) is not allowed: the calculator works on numbers only."
            )
        if isinstance(value, complex):
            raise CalculatorError("Complex numbers (like 2j) are not supported.")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise CalculatorError(f"{value!r} is not a number.")
        return _checked(value)
    if isinstance(node, (ast.Name, ast.Attribute)):
        resolved = _resolve(node)
        if isinstance(resolved, _Function):
            raise CalculatorError(
                f"{resolved.name} is a function; call it with parentheses, e.g. {resolved.usage}."
            )
        return resolved
    if isinstance(node, ast.UnaryOp):
        unary = _UNARY_OPERATORS.get(type(node.op))
        if unary is None:
            raise _refuse(node.op)
        return _checked(unary(_evaluate_node(node.operand)))
    if isinstance(node, ast.BinOp):
        binary = _BINARY_OPERATORS.get(type(node.op))
        if binary is None:
            raise _refuse(node.op)
        return _checked(binary(_evaluate_node(node.left), _evaluate_node(node.right)))
    if isinstance(node, ast.Call):
        return _call(node)
    raise _refuse(node)


def _call(node: ast.Call) -> Number:
    function = _resolve(node.func)
    if not isinstance(function, _Function):
        raise CalculatorError(f"{function!r} is a constant, not a function.")
    if node.keywords or any(isinstance(argument, ast.Starred) for argument in node.args):
        raise CalculatorError(
            f"Pass arguments by position only, e.g. {function.usage}; "
            "keyword and '*' arguments are not supported."
        )
    arguments = [_evaluate_node(argument) for argument in node.args]
    try:
        return _checked(function.implementation(*arguments))
    except CalculatorError:
        raise
    except TypeError as error:
        raise CalculatorError(
            f"Wrong arguments for {function.name} ({error}). Usage: {function.usage}."
        ) from None
    except ValueError as error:
        shown = ", ".join(_short(argument) for argument in arguments)
        raise CalculatorError(f"{function.name}({shown}) is undefined ({error}).") from None


def evaluate(expression: str) -> Number:
    """Evaluate an arithmetic expression safely.

    Args:
        expression: Text such as ``"2 + 3 * 4"``, ``"sqrt(16)"`` or ``"2^10"``.

    Returns:
        The value: an exact ``int`` when every step stayed whole, else a ``float``.

    Raises:
        CalculatorError: The expression is refused or has no value (syntax not
            allowed, too large, division by zero ...). The message says why.
    """
    node = _parse(_prepare(expression))
    try:
        return _evaluate_node(node)
    except ZeroDivisionError:
        raise CalculatorError(
            "Division by zero: the expression divides (or takes a remainder) by 0."
        ) from None
    except OverflowError:
        raise CalculatorError(
            "Overflow: a value is too large for a floating-point number (over 1.8e308). "
            "Use smaller numbers."
        ) from None
    except (RecursionError, MemoryError):
        raise CalculatorError("The expression is too complex to evaluate.") from None


def format_number(value: Number) -> str:
    """Render a result: integers exactly, floats to 15 significant digits.

    Rounding to 15 digits removes binary noise (``0.1 + 0.2`` gives ``0.3``);
    a float always keeps a decimal point or exponent (``sqrt(16)`` gives ``4.0``).
    """
    if isinstance(value, int):
        return str(value)
    rounded = float(f"{value:.15g}")
    return repr(rounded + 0.0)  # + 0.0 turns -0.0 into 0.0


def calculate(expression: str) -> str:
    """Evaluate an expression and return text, never raising.

    Args:
        expression: Text such as ``"2 + 3 * 4"``.

    Returns:
        The formatted value, or ``"Error: ..."`` with a message saying what to fix.
    """
    try:
        return format_number(evaluate(expression))
    except CalculatorError as error:
        return f"Error: {error}"


class CalculatorTool(Tool):
    """The builtin calculator, registered as ``python_calculator``.

    ``run`` returns the formatted value. A refused expression raises
    :class:`CalculatorError` with a model-facing message; the registry turns it
    into a failed result (``ok=False``) so agents and chains can tell.
    """

    def __init__(self) -> None:
        super().__init__(
            name="python_calculator",
            description=(
                "Evaluate an arithmetic expression exactly. Supports + - * / // % ** "
                "(^ also means power), parentheses, sqrt, log, sin, cos, tan, factorial, "
                "round, min, max and more, and the constants pi, e, tau. "
                "Examples: 2 + 3 * 4, sqrt(16), sin(pi / 2), 2^10."
            ),
        )

    def get_parameters(self) -> list[ToolParameter]:
        """One required string, ``input``: the expression."""
        return [
            ToolParameter(
                name="input",
                type="string",
                description="The expression to evaluate, e.g. (2 + 3) * sqrt(16)",
            )
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        """Evaluate ``parameters["input"]`` (or ``parameters["expression"]``).

        Args:
            parameters: ``{"input": "2 + 3"}``; ``{"expression": "2 + 3"}`` also works.

        Returns:
            The formatted value.

        Raises:
            CalculatorError: The expression was missing, refused or had no value.
        """
        expression = parameters.get("input", parameters.get("expression"))
        if expression is None:
            raise CalculatorError('Missing the expression: call with {"input": "2 + 3 * 4"}.')
        return format_number(evaluate(expression))


__all__ = [
    "CONSTANTS",
    "FUNCTIONS",
    "MAX_EXPRESSION_LENGTH",
    "MAX_INTEGER_DIGITS",
    "MAX_NESTING_DEPTH",
    "MAX_ROUND_DIGITS",
    "MAX_SYNTAX_DEPTH",
    "CalculatorError",
    "CalculatorTool",
    "calculate",
    "evaluate",
    "format_number",
]
