"""A second corpus of ordinary correct answers, written apart from the checks.

The corpus of ``test_answers_stand.py`` grew with the checks: each class of answer a
check wrongly touched became a case, and the check was fixed. This one was written
after the checks, to measure them on answers they were not fitted to; the three classes
it found were mended since (a yes/no result worded as "Yes, ...", an answer that states
no number at all, and a number that only names a group, "she's in team 7": see
:func:`~hello_agents.agents.aids.quantities.named_numbers`). With the aids off or on,
every answer stands at minimal cost; a change that alters one fails here
(docs/small-model-aids.md, "How precision is checked").
"""

from __future__ import annotations

import pytest
from test_answers_stand import Case, altered, corpus, run_case

FUNCTION_CALL_RUNS = [
    Case("percent-of", "What is 15% of 80?", [[("multiply", {"a": 0.15, "b": 80})]],
         "15% of 80 is 12."),
    Case("seconds", "How many seconds are in 3 hours?", [[("multiply", {"a": 3, "b": 3600})]],
         "There are 10,800 seconds in 3 hours."),
    Case("prime-yes", "Is 97 prime?", [[("is_prime", {"n": 97})]], "Yes, 97 is a prime number."),
    Case("ages-as-context", "I'm 30 years old and my daughter is 5. How many cents do 7 apples "
         "at 40 cents cost?", [[("multiply", {"a": 7, "b": 40})]], "They cost 280 cents."),
    Case("reports", "Send Bob the 2 reports.",
         [[("send_email", {"to": "bob", "subject": "The reports"})]], "Sent them to Bob."),
    Case("unread-context-after", "How many unread emails do I have? I got 4 this morning.",
         [[("count_unread", {})]], "You have no unread emails."),
    Case("unread-context-before", "My order number is 55012. How many unread emails do I have?",
         [[("count_unread", {})]], "You have none."),
    Case("team-as-context", "Look up Lena Fischer's extension; she's in team 7.",
         [[("lookup_employee", {"name": "Lena Fischer"})]], "Her extension is 4417."),
    Case("chinese-product", "3乘以7等于多少？", [[("multiply", {"a": 3, "b": 7})]],
         "3乘以7等于21。"),
    Case("minutes-in-a-day", "How many minutes are in a day?", [],
         "There are 1,440 minutes in a day."),
    Case("power", "What is 2 to the power of 10?",
         [[("power", {"base": 2, "exponent": 10})]], "2^10 = 1024."),
    Case("smaller", "Which is smaller: 0.3 or 1/3?", [[("divide", {"a": 1, "b": 3})]],
         "0.3 is smaller, since 1/3 is about 0.333."),
    Case("history", "When did the Berlin Wall fall?", [], "In November 1989."),
    Case("marathon", "How far is 42 km in miles? I run it in 4 hours.",
         [[("convert_units", {"value": 42, "from_unit": "km", "to_unit": "miles"})]],
         "42 km is about 26.1 miles."),
    Case("note", "Please send Bob a note: 'Lunch at 12'.",
         [[("send_email", {"to": "bob", "subject": "Lunch at 12"})]], "Sent."),
    Case("share", "Split 100 dollars among 4 friends: how much each?",
         [[("divide", {"a": 100, "b": 4})]], "Each friend gets 25 dollars."),
    Case("inbox-clear", "Do I have unread emails?", [[("count_unread", {})]],
         "No, your inbox is clear."),
    Case("office", "Which office is Lena Fischer in?",
         [[("lookup_employee", {"name": "Lena Fischer"})]], "Lena Fischer sits in B-214."),
    Case("kids-as-context", "How many miles is a 10 km run for my 2 kids?",
         [[("convert_units", {"value": 10, "from_unit": "km", "to_unit": "miles"})]],
         "A 10 km run is about 6.2 miles."),
    Case("grade-as-context", "What is 6 times 7? My son is in grade 2.",
         [[("multiply", {"a": 6, "b": 7})]], "6 times 7 is 42."),
    Case("in-words", "What is 9 * 9? Answer in one word.", [[("multiply", {"a": 9, "b": 9})]],
         "Eighty-one."),
    Case("estimate", "How many digits of pi do most people know?", [],
         "Most people know about 3 to 5 digits (3.14)."),
]  # fmt: skip

REACT_RUNS = [
    Case("unread-context-after", "How many unread emails do I have? I got 4 this morning.",
         [[("count_unread", {"input": ""})]], "You have no unread emails."),
    Case("reports", "Send Bob the 2 reports.",
         [[("send_email", {"input": '{"to": "bob", "subject": "The reports"}'})]],
         "Sent them to Bob."),
    Case("team-as-context", "Look up Lena Fischer's extension; she's in team 7.",
         [[("lookup_employee", {"input": "Lena Fischer"})]], "Her extension is 4417."),
    Case("prime-yes", "Is 97 prime?", [[("is_prime", {"input": "97"})]],
         "Yes, 97 is a prime number."),
    Case("grade-as-context", "What is 6 times 7? My son is in grade 2.",
         [[("multiply", {"input": '{"a": 6, "b": 7}'})]], "6 times 7 is 42."),
]  # fmt: skip

SENT_BACK_WITH_THE_AIDS: set[str] = set()
"""The answers the aids are known to send back: none since numbers that name a
group are read as context."""


CORPUS = corpus(FUNCTION_CALL_RUNS, REACT_RUNS, [])


@pytest.mark.parametrize("case", CORPUS, ids=[case.id for case in CORPUS])
def test_without_the_aids_every_answer_stands_at_minimal_cost(case: Case) -> None:
    outcome = run_case(case, aids=False)
    assert (outcome.answer, outcome.model_calls, outcome.tool_calls, outcome.interventions) == (
        case.answer,
        len(case.script),
        case.tool_calls,
        0,
    )


def test_with_the_aids_only_the_known_context_numbers_are_sent_back() -> None:
    changed = {case.id for case in CORPUS if altered(case, run_case(case, aids=True))}
    known = {case.id for case in CORPUS if case.name in SENT_BACK_WITH_THE_AIDS}
    assert changed <= known, sorted(changed - known)
