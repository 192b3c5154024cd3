"""BFCL's AST matching: names, types, optional parameters, possible-answer lists, categories."""

from __future__ import annotations

from typing import Any

import pytest

from hello_agents.evaluation.function_calls import (
    FunctionCall,
    category_kind,
    check_calls,
    parse_function_calls,
)

WEATHER = {
    "name": "get_weather",
    "description": "Weather for a city.",
    "parameters": {
        "type": "dict",
        "properties": {
            "city": {"type": "string"},
            "unit": {"type": "string"},
            "days": {"type": "integer"},
            "threshold": {"type": "float"},
            "hours": {"type": "array", "items": {"type": "integer"}},
        },
        "required": ["city"],
    },
}
FACTORIAL = {
    "name": "math.factorial",
    "parameters": {
        "type": "dict",
        "properties": {"number": {"type": "integer"}},
        "required": ["number"],
    },
}
EXPECTED: dict[str, Any] = {"get_weather": {"city": ["Beijing"], "unit": ["celsius", ""]}}


def check(call: FunctionCall, expected: dict[str, Any] = EXPECTED, category: str = "simple") -> Any:
    return check_calls([WEATHER, FACTORIAL], [call], [expected], category)


def test_parameter_order_does_not_matter() -> None:
    call = FunctionCall("get_weather", {"unit": "celsius", "city": "Beijing"})
    assert check(call).valid


def test_an_optional_parameter_may_be_left_out() -> None:
    assert check(FunctionCall("get_weather", {"city": "Beijing"})).valid


def test_a_parameter_without_an_empty_option_must_be_given() -> None:
    expected = {"get_weather": {"city": ["Beijing"], "unit": ["celsius"]}}
    verdict = check(FunctionCall("get_weather", {"city": "Beijing"}), expected)
    assert (verdict.valid, verdict.error_type) == (False, "missing_param")


def test_strings_ignore_case_spaces_and_punctuation() -> None:
    assert check(FunctionCall("get_weather", {"city": "bei-jing"})).valid


def test_a_wrong_value_fails_and_says_what_was_expected() -> None:
    verdict = check(FunctionCall("get_weather", {"city": "Shanghai"}))
    assert verdict.error_type == "value_error"
    assert "Beijing" in verdict.error


def test_a_wrong_function_name_fails() -> None:
    verdict = check(FunctionCall("get_temperature", {"city": "Beijing"}))
    assert verdict.error_type == "wrong_name"


def test_a_missing_required_parameter_fails() -> None:
    assert check(FunctionCall("get_weather", {"unit": "celsius"})).error_type == "missing_required"


def test_an_unexpected_parameter_fails() -> None:
    verdict = check(FunctionCall("get_weather", {"city": "Beijing", "country": "China"}))
    assert verdict.error_type == "unexpected_param"


def test_an_int_is_accepted_for_a_float_but_a_string_is_not_a_number() -> None:
    expected = {"get_weather": {"city": ["Beijing"], "threshold": [5.0]}}
    assert check(FunctionCall("get_weather", {"city": "Beijing", "threshold": 5}), expected).valid
    wrong = check(FunctionCall("get_weather", {"city": "Beijing", "threshold": "5"}), expected)
    assert wrong.error_type == "type_error"


def test_a_bool_is_not_an_integer() -> None:
    expected = {"get_weather": {"city": ["Beijing"], "days": [1]}}
    verdict = check(FunctionCall("get_weather", {"city": "Beijing", "days": True}), expected)
    assert verdict.error_type == "type_error"


def test_lists_compare_element_by_element() -> None:
    expected = {"get_weather": {"city": ["Beijing"], "hours": [[9, 12], [12, 9]]}}
    assert check(FunctionCall("get_weather", {"city": "Beijing", "hours": [12, 9]}), expected).valid
    assert not check(FunctionCall("get_weather", {"city": "Beijing", "hours": [9]}), expected).valid


def test_dotted_names_match_their_underscore_form() -> None:
    verdict = check_calls(
        [FACTORIAL],
        [FunctionCall("math_factorial", {"number": 5})],
        [{"math.factorial": {"number": [5]}}],
    )
    assert verdict.valid


def test_simple_wants_exactly_one_call() -> None:
    calls = [FunctionCall("get_weather", {"city": "Beijing"})] * 2
    assert check_calls([WEATHER], calls, [EXPECTED], "simple").error_type == "wrong_count"


def test_parallel_calls_match_in_any_order() -> None:
    expected = [
        {"get_weather": {"city": ["Paris"]}},
        {"get_weather": {"city": ["Tokyo"]}},
    ]
    calls = [
        FunctionCall("get_weather", {"city": "Tokyo"}),
        FunctionCall("get_weather", {"city": "Paris"}),
    ]
    assert check_calls([WEATHER], calls, expected, "parallel").valid
    twice = [FunctionCall("get_weather", {"city": "Paris"})] * 2
    assert check_calls([WEATHER], twice, expected, "parallel").error_type == "no_match"


def test_parallel_multiple_mixes_functions() -> None:
    expected = [{"math.factorial": {"number": [6]}}, {"get_weather": {"city": ["Oslo"]}}]
    calls = [
        FunctionCall("get_weather", {"city": "Oslo"}),
        FunctionCall("math.factorial", {"number": 6}),
    ]
    assert check_calls([WEATHER, FACTORIAL], calls, expected, "parallel_multiple").valid


def test_irrelevance_passes_only_without_calls() -> None:
    assert check_calls([WEATHER], [], [], "irrelevance").valid
    called = check_calls([WEATHER], [FunctionCall("get_weather", {"city": "x"})], [], "irrelevance")
    assert called.error_type == "irrelevance_called"


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("simple_python", "simple"),
        ("multiple", "multiple"),
        ("parallel", "parallel"),
        ("live_parallel_multiple", "parallel_multiple"),
        ("irrelevance", "irrelevance"),
        ("live_relevance", "relevance"),
    ],
)
def test_category_names(name: str, kind: str) -> None:
    assert category_kind(name) == kind


def test_calls_are_read_from_json() -> None:
    text = 'Sure:\n```json\n[{"name": "get_weather", "arguments": {"city": "Paris"}}]\n```'
    assert parse_function_calls(text) == [FunctionCall("get_weather", {"city": "Paris"})]


def test_calls_are_read_from_python_syntax_with_arithmetic_evaluated() -> None:
    calls = parse_function_calls("[f(x=2+3, s='a'), g(flag=True, items=[1, -2])]")
    assert calls == [
        FunctionCall("f", {"x": 5, "s": "a"}),
        FunctionCall("g", {"flag": True, "items": [1, -2]}),
    ]


def test_text_without_calls_gives_none() -> None:
    assert parse_function_calls("Pride and Prejudice was written by Jane Austen.") == []


def test_huge_powers_are_not_evaluated() -> None:
    assert parse_function_calls("f(x=9**999999)") == []
