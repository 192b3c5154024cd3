"""The small-model aids' readings, one by one (the corpus in test_answers_stand.py
checks them together, on whole runs)."""

from __future__ import annotations

import pytest

from hello_agents.agents.aids.checks import (
    UNUSED_QUANTITIES,
    UnusedQuantities,
    asks_for_a_call,
    brings_nothing,
    context_quantities,
    missed_by_the_answer,
    states_a_quantity,
    tools_for,
)
from hello_agents.agents.aids.policy import Attempt, CallMade
from hello_agents.agents.aids.quantities import named_numbers
from hello_agents.agents.aids.result_use import uses_results
from hello_agents.core.message import ToolCall
from hello_agents.tools.registry import ToolRegistry


@pytest.mark.parametrize(
    ("question", "unused", "context"),
    [
        ("I have 3 kids. How many cents do 12 pens at 25 cents each cost?", ["3"], ["3"]),
        ("In 2024 a shop sold 48 pens at 37 cents. How many cents?", ["2024"], ["2024"]),
        # the asking sentence holds no number: every number is a premise
        ("Tom has 5 apples. He eats 2. How many are left?", ["2"], []),
        # a number of the asking sentence is unused: a step is missing
        ("Pens cost 25 cents. What do 12 pens cost?", ["12"], []),
        # one sentence that asks: nothing is said in passing
        ("What do 12 pens at 25 cents cost, with 3 more?", ["3"], []),
        # a year alone: nothing else reached a call, so it may be what is asked about
        ("How many days had 2024?", ["2024"], []),
        # a number that names where someone works, in the one sentence of a request
        ("Find Ada Byron's desk number; she works on floor 3.", ["3"], ["3"]),
        ("Look up the gate for flight BA 2; I'm at terminal 5.", ["5"], ["5"]),
        ("查一下王芳的分机号，她在第4排。", ["4"], ["4"]),
        # a time or a sequence is often data: not read as a name
        ("What is 1,000 dollars at 5% a year worth in year 3?", ["3"], []),
        # a clause that sets its numbers aside
        ("Tip on 86.40 at 15%? There were 4 of us but I'm covering it.", ["4"], ["4"]),
        (
            "Fence is 3 sides of 12.5 m; posts every 2.5 m, I've got those sorted already.",
            ["2.5"],
            ["2.5"],
        ),
        (
            "The car is a 2014 Golf 1.4 TSI, if it matters. 420 km on 35 l: km per litre?",
            ["1.4"],
            ["1.4"],
        ),
        (
            "Shoes are 80 a pair, I'm buying 2 pairs, and there's 25% off. What do I pay?",
            ["25"],
            [],
        ),  # nothing set aside: a step is missing
        # a temperature, when the run computes nothing with temperatures
        (
            "Recipe serves 4 with 250 g flour; I'm feeding 10. Oven's at 180°C. How much flour?",
            ["180"],
            ["180"],
        ),
        ("烤箱预热170度。做2倍量要几个蛋？", ["170"], ["170"]),
        ("It is 30°C now and will be 12 degrees colder tonight. How cold then?", ["12"], []),
        ("用了300度电，每度0.6元，多少钱？", ["300"], []),  # degrees of electricity
    ],
)
def test_context_quantities(question: str, unused: list[str], context: list[str]) -> None:
    assert context_quantities(question, unused) == context


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("She's in squad 4.", {4.0}),
        ("Is the printer on floor 3 or 4?", {3.0}),
        ("Pay 20 for invoice 8812, please.", {8812.0}),
        ("Ticket #8812: is it closed?", {8812.0}),
        ("The caller's number ended in 0923.", {923.0}),
        ("Before the 10:30 call and after 4 pm, what is 6 * 7?", {10.0, 30.0, 4.0}),
        ("On March 14 and on 6 May I paid 20 dollars.", {14.0, 6.0}),
        ("My son turns 8; his sister is 10 years old.", {8.0, 10.0}),
        ("他住在5号楼，今天5月20日，下午3点开会，她在第4排。", {5.0, 20.0, 3.0, 4.0}),
        (
            "Call me on 0151 496 0123 about the XPS 13; I'm free until 9.",
            {151.0, 496.0, 123.0, 13.0, 9.0},
        ),
        (
            "Build 1187 is out; our postcode is now 10115. 我的工号是 20417。",
            {1187.0, 10115.0, 20417.0},
        ),
        ("Closes at 6 so quick; I'll be back by 9 tonight.", {6.0, 9.0}),
        ("I'm 45 now and she's 4, my 7yo is at school; 我今年38了。", {45.0, 4.0, 7.0, 38.0}),
        ("Baby's 4 months old; the puppy is 10 weeks old.", {4.0, 10.0}),
        ("My lucky number since I was 9 is 2027; since she was 12, she saves.", {9.0, 12.0}),
        ("I'm on level 34; pallet 6 is on lab bench 3. 3床病人。", {34.0, 6.0, 3.0}),
        ("I'm a size 42; 鞋子42码，6寸蛋糕，双11买的。", {42.0, 6.0, 11.0}),
        ("Office 214, extension 4417.", {214.0, 4417.0}),
        # counts, amounts and data: not names
        ("I'm 5 minutes away; it sold at 6 each; size 42 shoes cost 30.", set()),
        ("When I was 5 minutes late, I paid 3 for parking.", set()),
        ("今年5月我跑了3次。", set()),
        ("Convert 100 to binary.", set()),
        ("Multiply it by 7.", set()),
        ("How many points after round 3?", set()),  # a sequence: often data
        ("What is the balance in year 3?", set()),  # a time span: often data
        ("Add the 3 boxes in row 2.5.", set()),  # not a whole number
        ("We need 15 notebooks at $2.50 and 3 coats of paint.", set()),
        ("买3箱苹果，每箱24个。", set()),
        ("It costs USD 40, plus a flat 50 fee, after 3 tries.", set()),
        ("Leave before 11:30 and multiply by 2.", {11.0, 30.0}),
    ],
)
def test_numbers_that_name_or_date_something(question: str, named: set[float]) -> None:
    assert named_numbers(question) == named


def test_a_number_that_names_a_group_is_not_sent_back_as_unused() -> None:
    made = CallMade(
        ToolCall(id="1", name="lookup_employee", arguments='{"name": "Ada Byron"}'),
        "Ada Byron: office C-101, extension 5120",
        True,
        1,
    )
    question = "Look up Ada Byron's extension; she's in squad 4."
    answer = "Her extension is 5120."
    attempt = Attempt(question, answer, answer, calls=(made,), tools=registry())
    assert UnusedQuantities().review(attempt) is None
    counted = "Look up Ada Byron's extension; she has 4 phones."
    named = Attempt(counted, answer, answer, calls=(made,), tools=registry())
    assert UnusedQuantities().review(named) is None  # it states only what names her line
    bare = Attempt(counted, "5120.", "5120.", calls=(made,), tools=registry())
    assert UnusedQuantities().review(bare) is not None  # a count may be data: sent back


@pytest.mark.parametrize(
    ("question", "answer", "missed"),
    [
        ("A pack of 6 costs $20.40. How much do 15 cost?", "Each costs $3.40.", ["15"]),
        ("I have 3 cats. Litter is 18.50 a bag. What's that per year?", "222 a year.", []),
        ("What do 7 mangoes cost?", "The price of 7 mangoes is 120 cents.", ["7"]),
        ("Work out the bill: 14 people at $11, plus 8% service", "$154.", ["8"]),
        ("我有2只猫。猫粮89元一袋，一年多少钱？", "1068元。", []),
    ],
)
def test_a_number_is_missed_where_the_question_asks_or_the_answer_names_it(
    question: str, answer: str, missed: list[str]
) -> None:
    unused = [found for found in ("15", "3", "7", "8", "2") if found in question]
    assert missed_by_the_answer(question, answer, unused) == missed


def test_only_the_missed_number_is_sent_back_and_held() -> None:
    made = CallMade(
        ToolCall(id="1", name="multiply", arguments='{"a": 12, "b": 25}'), "300", True, 1
    )
    question = "I have 3 kids. What do 12 bananas at 25 cents cost with a 40 cent bag?"
    attempt = Attempt(question, "300 cents.", "300 cents.", calls=(made,), tools=registry())
    verdict = UnusedQuantities().review(attempt)
    assert verdict is not None and verdict.hold == ("40",)
    assert verdict.message == UNUSED_QUANTITIES.format(quantities="40")


def registry() -> ToolRegistry:
    tools = ToolRegistry()
    tools.register_function(
        "lookup_employee", "An employee's office and phone extension.", lambda name: name
    )
    tools.register_function("multiply", "Multiply two numbers.", lambda a: a)
    return tools


def test_a_tool_is_for_a_question_when_they_share_a_word() -> None:
    attempt = Attempt("q", "a", tools=registry())
    assert tools_for("What is Ana's phone extension?", attempt)
    assert not tools_for("At what temperature does water boil?", attempt)


def test_chinese_words_are_compared_by_their_pairs_of_characters() -> None:
    tools = ToolRegistry()
    tools.register_function("fruit_price", "查询水果的价格（每公斤）。", lambda fruit: fruit)
    attempt = Attempt("q", "a", tools=tools)
    assert tools_for("香蕉的价格是多少？", attempt)
    assert not tools_for("水在海平面上多少度沸腾？", attempt)
    # a question in Chinese and tools described in English share no word
    assert not tools_for("安娜的分机号是多少？", Attempt("q", "a", tools=registry()))


def test_an_answer_brings_nothing_when_it_only_repeats_the_question_or_a_tool_name() -> None:
    question = "What is 77 °F in °C?"
    assert brings_nothing(Attempt(question, "77 °F.", tools=registry()))
    assert brings_nothing(Attempt(question, "lookup_employee", tools=registry()))
    assert not brings_nothing(Attempt(question, "It is 25 °C.", tools=registry()))
    assert not brings_nothing(Attempt(question, "I cannot say.", tools=registry()))


@pytest.mark.parametrize(
    ("question", "tool", "asks"),
    [
        ("Reply with the call only: how would you multiply 3 by 4?", "multiply", True),
        ("Which function call would compute this?", "multiply", True),
        ("How many minutes are in 30 days?", "multiply", False),
        ("Write code to multiply 3 by 4.", "multiply", True),
        ("Use `multiply` here, please.", "multiply", True),
        ("What would multiply(3, 4) return if you ran it?", "multiply", True),
        ("Which arguments does fruit_price take?", "fruit_price", True),
        # a code that is an identifier, and a tool's name used as an ordinary word
        ("In which office does Ana sit? Give the office code.", "lookup_employee", False),
        ("Book the room and tell me the confirmation code.", "book_room", False),
        ("Count the days between the dates, then multiply by 24.", "multiply", False),
        ("Count the days between the dates, then multiply by 24.", "days_between", False),
        ("On which weekday does the date 250 days after 2024-01-15 fall?", "weekday", False),
        ("Reverse the text 'tool-call'.", "reverse_text", False),
    ],
)
def test_a_question_may_ask_for_a_call(question: str, tool: str, asks: bool) -> None:
    assert asks_for_a_call(question, tool) is asks


@pytest.mark.parametrize(
    ("answer", "result", "uses"),
    [
        ("Yes, 97 is a prime number.", "True", True),
        ("No, 97 is not prime.", "True", False),
        ("No, 91 isn't prime.", "false", True),
        ("91 is prime.", "False", False),
        ("是的，97是质数。", "true", True),
        ("不是质数。", "False", True),
    ],
)
def test_a_yes_no_result_is_used_by_an_answer_that_says_the_same(
    answer: str, result: str, uses: bool
) -> None:
    question = "Is 97 prime?" if "97" in answer else "Is 91 prime?"
    assert uses_results(answer, question, [result]) is uses


def test_an_answer_with_no_number_is_not_sent_back_for_unused_quantities() -> None:
    registry = ToolRegistry()
    registry.register_function("count_unread", "Count unread emails.", lambda text: "0")
    made = CallMade(ToolCall(id="1", name="count_unread", arguments="{}"), "0", True, 1)
    question = "How many unread emails do I have? I got 4 this morning."
    no_number = Attempt(question, "You have none.", "You have none.", calls=(made,), tools=registry)
    a_number = Attempt(question, "You have 4.", "You have 4.", calls=(made,), tools=registry)
    assert UnusedQuantities().review(no_number) is None
    assert UnusedQuantities().review(a_number) is not None


def test_digits_of_a_code_are_not_a_quantity_that_stopped_short() -> None:
    made = CallMade(
        ToolCall(
            id="1", name="send_email", arguments='{"to": "hr@example.com", "subject": "Sick"}'
        ),
        "queued id=7f3a-16",
        True,
        1,
    )
    question = "Email hr@example.com that I'm sick: a 101 fever since 4am."
    receipt = "Sent: your email is queued (id 7f3a-16)."
    attempt = Attempt(question, receipt, receipt, calls=(made,), tools=registry())
    assert UnusedQuantities().review(attempt) is None
    stated = "Sent, with your 16 other emails."  # a number of its own: read as ever
    assert states_a_quantity(stated)
    assert not states_a_quantity(receipt)
    assert states_a_quantity("Twelve of them.")
