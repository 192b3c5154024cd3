"""The builtin calculator: exact arithmetic, a strict whitelist, and hard bounds."""

from __future__ import annotations

import math
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hello_agents.tools.builtin.calculator import (
    MAX_EXPRESSION_LENGTH,
    MAX_INTEGER_DIGITS,
    CalculatorError,
    CalculatorTool,
    calculate,
    evaluate,
)

# The longest answer the calculator can give: the biggest allowed integer, or an error message.
LONGEST_ANSWER = MAX_INTEGER_DIGITS + 600

# A guard against a hang, not a speed target: computing any of the abusive cases
# below would take minutes or more, and a refusal takes milliseconds (measured in
# benchmarks/calculator_abuse.py). The bound is wide so a busy machine cannot fail it.
HANG_GUARD_S = 20.0


def calculate_or_hang(expression: str) -> str:
    """Answer `expression`, failing the test if the calculator is still busy after the guard."""
    answers: list[str] = []
    worker = threading.Thread(target=lambda: answers.append(calculate(expression)), daemon=True)
    worker.start()
    worker.join(HANG_GUARD_S)
    assert answers, (
        f"the calculator was still working on {expression[:40]!r} after {HANG_GUARD_S} s"
    )
    return answers[0]


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("2 + 3 * 4", "14"),
        ("(2 + 3) * 4", "20"),
        ("7 // 2", "3"),
        ("7 % 3", "1"),
        ("-7 // 2", "-4"),
        ("2 ** 10", "1024"),
        ("+5", "5"),
        ("-(-3)", "3"),
        ("10 / 4", "2.5"),
        ("2 ** 200", str(2**200)),
        ("factorial(20)", "2432902008176640000"),
        ("sqrt(16)", "4.0"),
        ("math.sqrt(4)", "2.0"),
        ("math.pi", "3.14159265358979"),
        ("sin(pi / 2)", "1.0"),
        ("log(8, 2)", "3.0"),
        ("log10(1000)", "3.0"),
        ("round(2.567, 2)", "2.57"),
        ("min(3, 1, 2) + max(3, 1, 2)", "4"),
        ("floor(2.7) + ceil(2.1)", "5"),
        ("abs(-3)", "3"),
        ("gcd(12, 18)", "6"),
        ("hypot(3, 4)", "5.0"),
        ("tau / 2 - pi", "0.0"),
        ("3 × 4 ÷ 2", "6.0"),
        ("2 * 3 =", "6"),
    ],
)
def test_evaluates_allowed_expressions(expression: str, expected: str) -> None:
    assert calculate(expression) == expected


def test_floats_are_rounded_to_fifteen_significant_digits() -> None:
    assert calculate("0.1 + 0.2") == "0.3"
    assert calculate("1 / 3") == "0.333333333333333"
    assert calculate("1e16") == "1e+16"


def test_integers_stay_exact() -> None:
    assert calculate("12345678901234567890 * 98765432109876543210") == str(
        12345678901234567890 * 98765432109876543210
    )


@pytest.mark.parametrize(
    ("expression", "expected"),
    [("2^10", "1024"), ("2^3+1", "9"), ("-2^2", "-4"), ("2^3^2", "512")],
)
def test_caret_means_power_with_mathematical_precedence(expression: str, expected: str) -> None:
    assert calculate(expression) == expected


ABUSE_CASES = [
    ("9**9**9", "digits"),
    ("10**10**10", "digits"),
    ("factorial(10**6)", "digits"),
    ("1e308*10", "Overflow"),
    ("(" * 5000 + "1" + ")" * 5000, "characters long"),
    ("(" * (60) + "1" + ")" * 60, "nests parentheses"),
    ("-" * 900 + "1", "nested more than"),
    ("1" * 100_000, "characters long"),
    ("round(5, -10**9)", "between"),
    ("2 ** -(10**400)", "Overflow"),
    ("exp(1000)", "Overflow"),
    ("10**999 * 10", "digits"),
    ("factorial(450)", "digits"),
]


@pytest.mark.parametrize(("expression", "message"), ABUSE_CASES)
def test_abuse_is_refused_before_any_work(expression: str, message: str) -> None:
    # The message names the bound that refused the expression, which is checked
    # before anything is computed; how fast that is lives in benchmarks/calculator_abuse.py.
    answer = calculate_or_hang(expression)
    assert answer.startswith("Error: ")
    assert message in answer


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("'ab' * 3", "Text"),
        ("x + 1", "Unknown name 'x'"),
        ("__import__('os')", "Unknown name '__import__'"),
        ("().__class__", "Attribute access is not allowed"),
        ("os.system", "Attribute access is not allowed"),
        ("lambda: 1", "Not allowed in a calculation: lambda functions"),
        ("[x for x in range(3)]", "Not allowed in a calculation: comprehensions"),
        ("[1, 2]", "Not allowed in a calculation: lists"),
        ("1 < 2", "comparisons"),
        ("f'{1}'", "f-strings"),
        ("1 & 2", "bitwise"),
        ("True + 1", "not a number"),
        ("2j", "Complex numbers"),
        ("sqrt", "sqrt is a function; call it with parentheses, e.g. sqrt(16)"),
        ("pi(2)", "constant, not a function"),
        ("round(2.5, ndigits=1)", "by position only"),
        ("2 +", "Could not parse"),
        ("", "empty"),
        ("   =", "empty"),
    ],
)
def test_refuses_what_is_not_arithmetic(expression: str, message: str) -> None:
    answer = calculate(expression)
    assert answer.startswith("Error: ")
    assert message in answer


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("1 / 0", "Division by zero"),
        ("5 % 0", "Division by zero"),
        ("5 // 0.0", "Division by zero"),
        ("0 ** -1", "negative power"),
        ("sqrt(-1)", "sqrt(-1) is undefined"),
        ("log(0)", "log(0) is undefined"),
        ("factorial(-1)", "negative"),
        ("factorial(2.5)", "whole number"),
        ("(-8) ** (1/3)", "not a real number"),
        ("min()", "Usage: min(3, 1, 2)"),
    ],
)
def test_undefined_results_get_a_clear_message(expression: str, message: str) -> None:
    assert message in calculate(expression)


def test_largest_allowed_integer_is_returned_exactly() -> None:
    assert calculate("factorial(449)") == str(evaluate("factorial(449)"))
    assert len(calculate(f"10 ** {MAX_INTEGER_DIGITS - 1}")) == MAX_INTEGER_DIGITS


@pytest.mark.parametrize(
    "expression", ["(10**999) ** 2", "2 ** (10**400)", "factorial(10**999)", "sqrt(-10**50)"]
)
def test_messages_abbreviate_huge_numbers(expression: str) -> None:
    answer = calculate(expression)
    assert answer.startswith("Error: ")
    assert "digits)" in answer
    assert len(answer) < 300


def test_evaluate_raises_calculator_error_with_the_same_message() -> None:
    with pytest.raises(CalculatorError, match="Division by zero"):
        evaluate("1 / 0")


def test_tool_reads_input_or_expression() -> None:
    tool = CalculatorTool()
    assert tool.name == "python_calculator"
    assert [parameter.name for parameter in tool.get_parameters()] == ["input"]
    assert tool.run({"input": "2 + 3"}) == "5"
    assert tool.run({"expression": "2 * 3"}) == "6"


def test_tool_raises_so_the_registry_can_mark_the_call_failed() -> None:
    tool = CalculatorTool()
    with pytest.raises(CalculatorError, match="Division by zero"):
        tool.run({"input": "1 / 0"})
    with pytest.raises(CalculatorError, match="Missing the expression"):
        tool.run({})


def test_non_text_input_is_handled() -> None:
    assert calculate(42) == "42"  # type: ignore[arg-type]
    assert "must be text" in calculate(None)  # type: ignore[arg-type]


# Fuzzing: expressions built from the calculator's own vocabulary, plus arbitrary text.
_atoms = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.sampled_from(["pi", "e", "tau", "math.pi", "0", "1", "9", "10", "1e308", "x", "'a'"]),
)


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    operators = st.sampled_from(["+", "-", "*", "/", "//", "%", "**", "^", " ** ", "<<", "&"])
    functions = st.sampled_from(
        ["sqrt", "factorial", "exp", "log", "round", "min", "max", "pow", "math.sin", "gcd"]
    )
    return st.one_of(
        st.tuples(children, operators, children).map(lambda parts: " ".join(parts)),
        children.map(lambda child: f"({child})"),
        children.map(lambda child: f"-{child}"),
        st.tuples(functions, st.lists(children, min_size=1, max_size=3)).map(
            lambda parts: f"{parts[0]}({', '.join(parts[1])})"
        ),
    )


expressions = st.recursive(_atoms, _combine, max_leaves=25)


def _assert_bounded_answer(expression: str) -> None:
    answer = calculate_or_hang(expression)
    assert isinstance(answer, str)
    assert answer
    assert len(answer) <= LONGEST_ANSWER


@settings(max_examples=400, deadline=None)
@given(expressions)
def test_fuzzed_expressions_never_raise_and_stay_bounded(expression: str) -> None:
    _assert_bounded_answer(expression)


@settings(max_examples=400, deadline=None)
@given(expressions)
def test_fuzzed_values_are_finite_bounded_numbers_or_calculator_errors(expression: str) -> None:
    try:
        value = evaluate(expression)
    except CalculatorError:
        return
    assert type(value) in (int, float)
    if isinstance(value, float):  # an int this large cannot be converted to a float
        assert math.isfinite(value)
    assert abs(value) < 10**MAX_INTEGER_DIGITS


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=MAX_EXPRESSION_LENGTH + 50))
def test_arbitrary_text_never_raises(expression: str) -> None:
    _assert_bounded_answer(expression)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=-(10**6), max_value=10**6), st.integers(-(10**6), 10**6))
def test_integer_arithmetic_matches_python(left: int, right: int) -> None:
    assert calculate(f"{left} + {right}") == str(left + right)
    assert calculate(f"{left} * {right}") == str(left * right)
    if right != 0:
        assert calculate(f"({left}) // ({right})") == str(left // right)
        assert calculate(f"({left}) % ({right})") == str(left % right)


@pytest.mark.parametrize("quoted", ["'48 * 37'", '"48 * 37"', "`48 * 37`", "\"'48 * 37'\""])
def test_a_quoted_expression_is_unwrapped(quoted: str) -> None:
    # Small models write python_calculator['48 * 37']; the quotes are not the point.
    assert calculate(quoted) == "1776"


def test_a_quoted_string_inside_an_expression_is_still_refused() -> None:
    assert calculate("'a' * 3").startswith("Error: Text")


@pytest.mark.parametrize(
    ("expression", "problem"),
    [
        ("2024-03-01 - 2024-01-15", "dates are not numbers"),
        ("07 + 1", "a number starts with 0 (write 7, not 07)"),
        ("37 cents * 48", "words or units are not allowed"),
        ("48 pencils", "words or units are not allowed"),
        ("3 sqrt(4)", "invalid syntax"),
    ],
)
def test_syntax_errors_are_explained_in_calculator_terms(expression: str, problem: str) -> None:
    with pytest.raises(CalculatorError) as caught:
        evaluate(expression)
    message = str(caught.value)
    assert problem in message and "octal" not in message and "(2 + 3)" not in message


def test_words_without_numbers_are_told_to_answer_without_the_tool() -> None:
    from hello_agents.tools.registry import ToolRegistry

    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    result = registry.execute("python_calculator", "capital of Australia")
    assert not result.ok
    assert "there are no numbers in it" in result.content
    assert "answered without it" in result.content
