"""Answer matching: GAIA's normalised match, partial credit and the battery's rules."""

from __future__ import annotations

import pytest

from hello_agents.evaluation.answers import (
    extract_final_answer,
    normalize_answer,
    normalized_match,
    partial_match,
    score_answer,
)


def test_the_final_answer_template_is_read() -> None:
    reply = "The capital is Paris.\nFINAL ANSWER: [Paris]"
    assert extract_final_answer(reply) == "Paris"


def test_without_a_marker_the_last_line_is_the_answer() -> None:
    assert extract_final_answer("Let me see.\n\n42\n") == "42"


@pytest.mark.parametrize(
    "reply",
    [
        r"\boxed{1750}",
        r"250 g times 7 cakes is $\boxed{1750}$ g.",
        r"FINAL ANSWER: \boxed{1,750}",
        r"First \boxed{250}, then 250 * 7 = \boxed{1750}",
        r"Answer: $\boxed{\text{1750}}$",
    ],
)
def test_a_boxed_answer_is_read_and_scored(reply: str) -> None:
    assert score_answer(reply, "1750", "normalized").correct
    assert extract_final_answer(reply).replace(",", "") == "1750"


def test_a_boxed_answer_keeps_its_inner_braces() -> None:
    assert extract_final_answer(r"so \boxed{\frac{1}{2}} of it") == r"\frac{1}{2}"
    assert normalized_match(r"The capital is \boxed{\text{Canberra}}.", "Canberra")


@pytest.mark.parametrize(
    ("given", "normalized"),
    [
        ("$1,234.50", "1234.5"),
        ("50%", "50"),
        ("The United States.", "united states"),
        ("hello   world!", "hello world"),
        ("Paris, London, Berlin", "berlin,london,paris"),
    ],
)
def test_normalisation_follows_gaia(given: str, normalized: str) -> None:
    assert normalize_answer(given) == normalized


def test_numbers_match_as_numbers() -> None:
    assert normalized_match("FINAL ANSWER: 1,000.0", "1000")
    assert not normalized_match("FINAL ANSWER: 1001", "1000")


def test_lists_match_in_any_order_but_not_with_missing_elements() -> None:
    assert normalized_match("FINAL ANSWER: blue, Red, green", "red, green, blue")
    assert not normalized_match("FINAL ANSWER: red, green", "red, green, blue")


def test_a_longer_answer_is_only_partial() -> None:
    assert not normalized_match("FINAL ANSWER: 17000", "17")
    assert partial_match("FINAL ANSWER: 17000", "17")
    assert partial_match("FINAL ANSWER: Paris, France", "Paris")


def test_score_answer_reports_partial_credit() -> None:
    scored = score_answer("FINAL ANSWER: the Eiffel Tower in Paris", "Eiffel Tower")
    assert (scored.correct, scored.partial, scored.score) == (False, True, 0.5)


def test_any_of_several_expected_answers_counts() -> None:
    assert score_answer("FINAL ANSWER: NYC", ["New York City", "NYC"]).correct


@pytest.mark.parametrize(
    ("rule", "answer", "expected", "correct"),
    [
        ("number", "The total is $1,776.00 (48 x 37).", "1776", True),
        ("number", "about 1800", "1776", False),
        ("word", "It was a Thursday.", "Thursday", True),
        ("date", "That is June 18, 2025.", "2025-06-18", True),
        ("exact", "FINAL ANSWER: Paris", "paris", False),
    ],
)
def test_the_battery_rules(rule: str, answer: str, expected: str, correct: bool) -> None:
    assert score_answer(answer, expected, rule).correct is correct


def test_an_unknown_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown match rule 'fuzzy'"):
        score_answer("x", "x", "fuzzy")
