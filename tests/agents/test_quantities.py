"""The quantities a question gives, and whether a run's tool calls used them."""

from __future__ import annotations

import json

import pytest

from hello_agents.agents.quantities import quantities, unused_quantities
from hello_agents.core.message import ToolCall


def call(arguments: str, name: str = "tool") -> ToolCall:
    return ToolCall(id="", name=name, arguments=arguments)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What do 14 bananas cost?", ["14"]),
        ("How many grams are 2.5 kilograms?", ["2.5"]),
        ("23% of 6,900 thousand people", ["23", "6,900"]),
        ("100 days after 2025-03-10", ["100", "2025-03-10"]),
        ("Reverse 'Agents2026', office B-214, the 12th day", []),
        ("Three apples and 3 pears; then 3 more.", ["3"]),
        ("It costs 1,250.50 in total.", ["1,250.50"]),
        ("Version 3.11.2 of the tool", []),
        ("", []),
    ],
)
def test_quantities_are_numbers_and_dates_not_codes(text: str, expected: list[str]) -> None:
    assert quantities(text) == expected


def test_a_number_no_call_was_passed_is_unused() -> None:
    calls = [call('{"fruit": "banana"}')]
    assert unused_quantities("What do 14 bananas cost?", calls) == ["14"]


def test_numbers_passed_as_values_inside_strings_or_as_fractions_are_used() -> None:
    calls = [
        call('{"a": 25, "b": 14.0}'),
        call('{"expression": "6900 * 0.23"}'),
        call('{"date": "2025-03-10", "days": 100}'),
    ]
    question = "14 bananas; 23% of 6,900; 100 days after 2025-03-10"
    assert unused_quantities(question, calls) == []


@pytest.mark.parametrize(
    ("question", "expression"),
    [
        ("Sales of 450 grow by 12%.", "450 * 1.12"),  # a rise: one plus the fraction
        ("38% of 2500 MB is used; what remains?", "2500 * 0.62"),  # one minus it
        ("6,900 thousand residents, 23% cycle.", "6900000 * 0.23"),  # counted in thousands
        ("2.5 kg at 4 dollars per 1000 g", "2500 * 4 / 1000"),  # kilograms as grams
    ],
)
def test_numbers_passed_in_another_form_are_used(question: str, expression: str) -> None:
    assert unused_quantities(question, [call(json.dumps({"expression": expression}))]) == []


def test_other_multiples_are_not_the_same_number() -> None:
    calls = [call('{"expression": "450 * 1.25"}'), call('{"a": 36}')]
    assert unused_quantities("450 units grow by 12%; 18 boxes", calls) == ["12", "18"]


def test_a_date_counts_only_as_the_same_date() -> None:
    calls = [call('{"date": "2025-03-11", "days": 2025}')]
    assert unused_quantities("What weekday is 2025-03-10?", calls) == ["2025-03-10"]


def test_arguments_that_are_not_json_are_read_as_text() -> None:
    assert unused_quantities("7 times 6", [call("7 * 6")]) == []
    assert unused_quantities("7 times 6", [call("{broken 7")]) == ["6"]


def test_no_calls_leave_every_quantity_unused_and_booleans_are_not_numbers() -> None:
    assert unused_quantities("Is 1 more than 0?", []) == ["1", "0"]
    assert unused_quantities("Is 1 more than 0?", [call('{"flag": true, "n": 0}')]) == ["1"]
