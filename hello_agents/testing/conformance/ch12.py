"""The checks for chapter 12's exercises: an AST matcher, a normaliser, a win rate.

* ``ast_matcher``: ``func(functions, predicted, ground_truth, category) -> bool``,
  BFCL's rules (:mod:`hello_agents.evaluation.function_calls` is the reference);
  ``predicted`` is a list of ``{"name": ..., "arguments": {...}}``.
* ``normalizer``: ``func(answer) -> str``; two answers GAIA counts as equal must
  normalise to the same text, two different ones to different texts.
* ``win_rate``: ``func(pairs, judge) -> dict`` with ``wins``, ``losses``, ``ties``
  and ``win_rate``; each ``(candidate, reference)`` pair judged twice with the
  positions swapped (``judge(a, b)`` returns ``"A"``, ``"B"`` or ``"Tie"``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    run_cases,
    short,
)

WEATHER: dict[str, Any] = {
    "name": "get_weather",
    "description": "Current weather for a city.",
    "parameters": {
        "type": "dict",
        "properties": {
            "city": {"type": "string"},
            "unit": {"type": "string"},
            "days": {"type": "integer"},
            "threshold": {"type": "float"},
        },
        "required": ["city"],
    },
}
FACTORIAL: dict[str, Any] = {
    "name": "factorial",
    "description": "n!",
    "parameters": {
        "type": "dict",
        "properties": {"number": {"type": "integer"}},
        "required": ["number"],
    },
}
BEIJING: dict[str, Any] = {"get_weather": {"city": ["Beijing"], "unit": ["celsius", ""]}}


def _call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments}


def check_ast_matcher(
    func: Callable[..., Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a BFCL matcher ``func(functions, predicted, ground_truth, category) -> bool``."""

    def verdict(predicted: list[dict[str, Any]], truth: list[Any], category: str = "simple") -> Any:
        return func([WEATHER, FACTORIAL], predicted, truth, category)

    def case(
        predicted: list[dict[str, Any]],
        truth: list[Any],
        wanted: bool,
        what: str,
        category: str = "simple",
    ) -> None:
        got = verdict(predicted, truth, category)
        expect(got is wanted, f"{what}: {wanted}", f"{short(got)} for {short(predicted)}")

    def order_free() -> None:
        call = _call("get_weather", unit="celsius", city="Beijing")
        case([call], [BEIJING], True, "arguments in another order still match")

    def optional_left_out() -> None:
        case(
            [_call("get_weather", city="Beijing")], [BEIJING], True, "an optional ('') arg left out"
        )

    def must_give_non_optional() -> None:
        truth = [{"get_weather": {"city": ["Beijing"], "unit": ["celsius"]}}]
        case([_call("get_weather", city="Beijing")], truth, False, "a non-optional arg left out")

    def wrong_name_or_value() -> None:
        case([_call("get_temperature", city="Beijing")], [BEIJING], False, "a wrong function name")
        case([_call("get_weather", city="Shanghai")], [BEIJING], False, "a wrong value")

    def strings_are_standardised() -> None:
        case([_call("get_weather", city=" beijing ")], [BEIJING], True, "case and spaces ignored")

    def required_and_unexpected() -> None:
        case([_call("get_weather", unit="celsius")], [BEIJING], False, "a required arg missing")
        call = _call("get_weather", city="Beijing", country="China")
        case([call], [BEIJING], False, "an argument outside the schema")

    def types() -> None:
        truth = [{"get_weather": {"city": ["Beijing"], "threshold": [5.0], "days": [1, ""]}}]
        case([_call("get_weather", city="Beijing", threshold=5)], truth, True, "an int for a float")
        wrong = _call("get_weather", city="Beijing", threshold="5")
        case([wrong], truth, False, "a string for a float")
        flag = _call("get_weather", city="Beijing", threshold=5.0, days=True)
        case([flag], truth, False, "a bool for an integer")

    def parallel_any_order() -> None:
        truth = [{"get_weather": {"city": ["Paris"]}}, {"get_weather": {"city": ["Tokyo"]}}]
        calls = [_call("get_weather", city="Tokyo"), _call("get_weather", city="Paris")]
        case(calls, truth, True, "parallel calls in another order", "parallel")
        twice = [_call("get_weather", city="Paris")] * 2
        case(twice, truth, False, "one expected call matched twice", "parallel")
        case(calls[:1], truth, False, "a parallel call missing", "parallel")

    def simple_wants_one_call() -> None:
        calls = [_call("get_weather", city="Beijing")] * 2
        case(calls, [BEIJING], False, "two calls where one was expected")

    def irrelevance() -> None:
        case([], [], True, "no call when no function fits", "irrelevance")
        case([_call("factorial", number=3)], [], False, "a call when none fits", "irrelevance")

    cases = [
        Case(
            "argument order does not matter",
            order_free,
            "compare arguments as a dict, not in order.",
            expected=(
                "get_weather(unit='celsius', city='Beijing') matches the Beijing ground truth: True"
            ),
        ),
        Case(
            "optional arguments may be left out",
            optional_left_out,
            "a parameter whose accepted values contain '' may be missing.",
            expected="get_weather(city='Beijing') matches a truth whose unit accepts '': True",
        ),
        Case(
            "other expected arguments must be given",
            must_give_non_optional,
            "after checking the given arguments, look for expected ones not given.",
            expected="get_weather(city='Beijing') against a truth requiring unit 'celsius': False",
        ),
        Case(
            "wrong names and values fail",
            wrong_name_or_value,
            "the name must equal the expected one; each value must be among the accepted ones.",
            expected=(
                "get_temperature(city='Beijing') and get_weather(city='Shanghai') against Beijing:"
                " False"
            ),
        ),
        Case(
            "strings compare standardised",
            strings_are_standardised,
            "lower-case strings and drop spaces and ,./-_*^ before comparing.",
            expected="get_weather(city=' beijing ') matches city ['Beijing']: True",
        ),
        Case(
            "required and unknown arguments",
            required_and_unexpected,
            "check the schema's 'required' list; refuse arguments outside 'properties'.",
            expected=(
                "a call without the required city, and one with an extra country argument: False"
            ),
        ),
        Case(
            "types follow the schema",
            types,
            "int is fine for 'float'; check bool before int (True is an int in Python).",
            expected=(
                "threshold=5 for a float: True; threshold='5': False; days=True for an integer: "
                "False"
            ),
        ),
        Case(
            "parallel calls match in any order",
            parallel_any_order,
            "for each expected call find an unused predicted call that matches it.",
            expected=(
                "Tokyo and Paris calls in swapped order: True; Paris twice or Tokyo alone: False"
            ),
        ),
        Case(
            "simple wants exactly one call",
            simple_wants_one_call,
            "for 'simple', count the calls first: anything but exactly one is wrong.",
            expected="two identical get_weather(city='Beijing') calls in 'simple': False",
        ),
        Case(
            "irrelevance wants no call",
            irrelevance,
            "for 'irrelevance' the answer is right only when nothing was called.",
            expected="in 'irrelevance', no call: True; a factorial(number=3) call: False",
        ),
    ]
    return run_cases("ast_matcher", func, cases, raise_on_failure=raise_on_failure)


def check_normalizer(
    func: Callable[[str], Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a GAIA answer normaliser ``func(answer) -> str``."""

    def same(a: str, b: str, hint: str = "") -> None:
        left, right = func(a), func(b)
        expect(
            isinstance(left, str) and left == right,
            f"{a!r} and {b!r} to normalise to the same text",
            f"{short(left)} and {short(right)}",
            hint,
        )

    def different(a: str, b: str) -> None:
        left, right = func(a), func(b)
        expect(left != right, f"{a!r} and {b!r} to stay different", f"both {short(left)}")

    def numbers() -> None:
        same("$1,234.50", "1234.50", "drop $ and thousands separators from numbers.")
        same("50%", "50", "drop percent signs.")

    def case_and_spaces() -> None:
        same("  Hello   World ", "hello world", "lower-case and collapse spaces.")

    def articles_and_punctuation() -> None:
        same("The Eiffel Tower.", "eiffel tower", "drop a leading article and punctuation.")

    def lists_sorted() -> None:
        same("Paris, London, Berlin", "berlin,london,paris", "split on commas and sort.")

    def keeps_differences() -> None:
        different("42", "43")
        different("Paris", "London")
        different("red, green", "red, blue")

    cases = [
        Case(
            "numbers lose currency, percent and separators",
            numbers,
            "for numbers, drop $, % and thousands separators before comparing.",
            expected="'$1,234.50' and '1234.50' normalise alike, and so do '50%' and '50'",
        ),
        Case(
            "case and spaces do not matter",
            case_and_spaces,
            "lower-case with str.lower and collapse spaces with split/join.",
            expected="'  Hello   World ' and 'hello world' normalise to the same text",
        ),
        Case(
            "articles and punctuation go",
            articles_and_punctuation,
            "drop a leading a/an/the and strip punctuation such as '.'.",
            expected="'The Eiffel Tower.' and 'eiffel tower' normalise to the same text",
        ),
        Case(
            "lists compare in any order",
            lists_sorted,
            "split on commas, normalise each element, then sort.",
            expected="'Paris, London, Berlin' and 'berlin,london,paris' normalise to the same text",
        ),
        Case(
            "different answers stay different",
            keeps_differences,
            "do not drop digits or words while normalising.",
            expected=(
                "'42'/'43', 'Paris'/'London' and 'red, green'/'red, blue' normalise to different "
                "texts"
            ),
        ),
    ]
    return run_cases("normalizer", func, cases, raise_on_failure=raise_on_failure)


def check_win_rate(func: Callable[..., Any], *, raise_on_failure: bool = True) -> ConformanceReport:
    """Check a position-swapped win rate ``func(pairs, judge) -> dict``."""
    good = {"id": "good", "text": "clear and correct"}
    bad = {"id": "bad", "text": "vague"}

    def prefers_good(a: Mapping[str, Any], b: Mapping[str, Any]) -> str:
        return "A" if a["id"] == "good" else "B"

    def counts(result: Any) -> tuple[Any, ...]:
        return tuple(result.get(key) for key in ("wins", "losses", "ties"))

    def both_orders() -> None:
        seen: list[tuple[str, str]] = []

        def recording(a: Mapping[str, Any], b: Mapping[str, Any]) -> str:
            seen.append((a["id"], b["id"]))
            return prefers_good(a, b)

        func([(good, bad)], recording)
        expect(
            sorted(seen) == [("bad", "good"), ("good", "bad")],
            "the pair judged twice: (candidate, reference) then (reference, candidate)",
            f"judge calls {seen}",
        )

    def consistent_judge() -> None:
        result = func([(good, bad), (bad, good), (good, bad)], prefers_good)
        expect(
            counts(result) == (2, 1, 0) and abs(result.get("win_rate", -1) - 2 / 3) < 1e-9,
            "wins 2, losses 1, ties 0, win_rate 2/3",
            short(result),
        )

    def order_bias_cancels() -> None:
        result = func([(good, bad), (bad, good)], lambda a, b: "A")
        expect(
            counts(result) == (0, 0, 2) and result.get("win_rate") == 0.0,
            "a judge that always picks the first item: only ties (win_rate 0.0)",
            short(result),
            "a win needs the candidate preferred in both orders (or once, with a tie).",
        )

    def win_and_tie() -> None:
        def ties_when_good_second(a: Mapping[str, Any], b: Mapping[str, Any]) -> str:
            return "A" if a["id"] == "good" else "Tie"

        result = func([(good, bad)], ties_when_good_second)
        expect(counts(result) == (1, 0, 0), "a win and a tie to count as a win", short(result))

    cases = [
        Case(
            "each pair is judged in both orders",
            both_orders,
            "call judge(candidate, reference) and judge(reference, candidate).",
            expected="one pair makes exactly the judge calls (good, bad) and (bad, good)",
        ),
        Case(
            "a consistent judge is counted right",
            consistent_judge,
            "read the second verdict from the candidate's side: 'B' is the candidate there.",
            expected=(
                "3 pairs with a judge always preferring 'good': wins 2, losses 1, ties 0, win_rate"
                " 2/3"
            ),
        ),
        Case(
            "order bias cancels out",
            order_bias_cancels,
            "opposite verdicts in the two orders make a tie.",
            expected="a judge that always answers 'A': wins 0, losses 0, ties 2, win_rate 0.0",
        ),
        Case(
            "a win and a tie is a win",
            win_and_tie,
            "add +1/0/-1 per order; the sign of the sum decides.",
            expected="a win in one order and a tie in the other: wins 1, losses 0, ties 0",
        ),
    ]
    return run_cases("win_rate", func, cases, raise_on_failure=raise_on_failure)


def framework_ast_matcher(
    functions: list[dict[str, Any]],
    predicted: list[dict[str, Any]],
    ground_truth: list[Any],
    category: str = "simple",
) -> bool:
    """The framework's matcher behind the exercise's signature (what the check compares to)."""
    from hello_agents.evaluation.function_calls import FunctionCall, check_calls

    calls = [FunctionCall(call["name"], dict(call.get("arguments") or {})) for call in predicted]
    return check_calls(functions, calls, ground_truth, category).valid


__all__ = ["check_ast_matcher", "check_normalizer", "check_win_rate", "framework_ast_matcher"]
