"""The checks of the small-model aids, one short class per rule.

Each rule names a way small models fail, read from what the run shows (the
question, the calls, the results, the answer), never from what a task is about:

* :class:`PlaceholderAnswer`: the answer repeats a word of the format (``answer``).
* :class:`UnevaluatedArithmetic`: the answer is a calculation, not its result.
* :class:`CallInAnswer`: the answer is a tool call written as a function call.
* :class:`OtherSide`: the question joins two names, codes or counted things ("Lima
  or Quito"), and the calls were passed only one of them.
* :class:`UnusedCodes`: the question asks about something by its code ("shipment
  SH-3307"), a tool looks such things up, and no call was passed the code.
* :class:`UnusedQuantities`: the question gives a number no call was passed, and
  the answer brings no number of its own: a step is missing.
* :class:`DifferenceLeftOut`: the question asks by how much two quantities differ,
  and the answer names what the tools returned for them, not the difference.
* :class:`UngroundedNumbers`: before any call, the answer states a number or code
  nobody gave, although a tool could find it.
* :class:`UnusedResult`: the answer restates the question's numbers and takes
  nothing from what the tools returned.
* :class:`UnconvertedUnits`: the answer states a result's number in a unit it was
  never converted to.
* :class:`UntranslatedValues`: the last call failed on a value written in another
  script than the tool's description, and the model answered instead of retrying.
* :class:`SameAnswer`: sent back, the model made new calls and then gave its old
  answer again, using nothing of what they returned.
* :class:`KeptResult`: an answer that dropped a short computed result is replaced
  by that result, with a note saying so.
* :class:`RepeatedCalls`: a call repeating an earlier one is not run again; the
  model is reminded of the result it has.

Each is tuned to let a correct answer stand: the corpus in
``tests/agents/test_answers_stand.py`` holds ordinary correct answers that no
check may alter.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Sequence

from hello_agents.agents.aids.call_syntax import call_in_answer
from hello_agents.agents.aids.pairs import other_sides
from hello_agents.agents.aids.policy import Attempt, CallMade, Check, Verdict
from hello_agents.agents.aids.quantities import (
    named_numbers,
    new_codes,
    new_quantities,
    number_spans,
    numbers_in,
    quantities,
    quantity_value,
    unused_quantities,
)
from hello_agents.agents.aids.result_use import (
    is_cjk,
    made_from,
    uses_results,
    words,
    writes_cjk,
)
from hello_agents.agents.aids.results import (
    is_short_value,
    lost_result,
    numbers,
    rounds_to,
    states_a_number,
    states_value,
)
from hello_agents.agents.aids.units import (
    gives_iso_dates,
    lists_a_unit,
    lone_measures,
    singular,
    speaks_of_temperature,
    temperatures,
    unconverted_units,
)
from hello_agents.agents.text import render
from hello_agents.core.message import ToolCall
from hello_agents.tools.base import Tool

# ---- what the checks tell the model ---------------------------------------------------

PLACEHOLDER_ANSWER = (
    'Your answer "{answer}" only repeats a word of the format. '
    "Give the answer itself (for ReAct: Action: Finish[the answer])."
)
UNEVALUATED_ANSWER = (
    "Your answer {answer} is a calculation, not its result. Compute it with a tool "
    "first, then give the number."
)
UNUSED_QUANTITIES = (
    "Not yet: the question gives {quantities}, and none of your tool calls has used it, "
    "so your answer is not complete. Call the next tool, with {quantities} and the "
    "results you have."
)
OTHER_SIDE = (
    "Not yet: the question also asks about {other}, and none of your tool calls has been "
    "passed it. Call {tool} for {other} as you did for {side}, then answer with both."
)
UNUSED_CODES = (
    "Not yet: the question asks about {codes}, and none of your tool calls has been "
    "passed it. Look it up with {tools}, then answer."
)
DIFFERENCE_LEFT_OUT = (
    "Not yet: the question asks by how much one quantity differs from the other, and "
    "your answer gives {numbers} but not the difference. Work it out (with a tool, if "
    "one subtracts), then answer with it."
)
UNGROUNDED_NUMBERS = (
    "Not yet: your answer gives {numbers}, which neither the question nor a tool result "
    "gave you. Call the tool that finds or computes it."
)
UNUSED_RESULT = (
    "Not yet: your answer uses nothing of what the tools returned. {call} returned: "
    "{result}\nAnswer the user's question with this result."
)
SAME_ANSWER = (
    "Not yet: this is the answer you gave before, and it uses nothing of what {call} "
    "has returned since: {result}\nAnswer the user's question with this result (call "
    "the next tool first, if the question needs one)."
)
UNCONVERTED_UNITS = (
    "Not yet: your answer gives a tool's number in a unit it was not converted to "
    "({found}). Convert it first (with a tool, if one converts units), then answer "
    "in the unit the question asks for."
)
UNTRANSLATED_VALUES = (
    "Not yet: {call} failed: {result}\n"
    "You passed it {values}, written in another script than the tool's description. "
    "Call the tool again with the values written the way its description writes them "
    "({described}), then answer."
)
KEPT_RESULT = (
    "{result}\n\n(The result of {call}, as the tool returned it: the model's final "
    "reply did not state it. The reply was: {reply})"
)
CALL_AS_LAST_ANSWER = (
    "No final answer: the model's last reply was only a call of {call}. Last tool result: {result}"
)
RESULT_REMINDER = (
    "You already have the result of {call}: {result}\n"
    "Do not call it again. Answer the user's question now, using this result."
)

PLACEHOLDERS = frozenset(
    {
        "answer",
        "final answer",
        "the answer",
        "your answer",
        "the final answer",
        "result",
        "the result",
        "final result",
        "your final answer",
        "...",
        "…",
    }
)
"""Answers that only repeat a template word."""


def describe_call(call: ToolCall) -> str:
    """``name(arguments)`` as the model wrote them."""
    return f"{call.name}({call.arguments})"


def made_from_run(attempt: Attempt, made: CallMade) -> bool:
    """Whether ``made`` took an argument from the question or a result that came
    before it (:func:`~hello_agents.agents.aids.result_use.made_from`), rather
    than being made up (a lookup of a placeholder name nobody gave)."""
    given = [attempt.question]
    for earlier in attempt.done:
        if earlier is made:
            break
        given.append(earlier.result)
    return made_from(made.call, given)


# ---- the checks ---------------------------------------------------------------------------


class PlaceholderAnswer(Check):
    """The answer is only a word of the format (``Finish[answer]``)."""

    name = "placeholder_answer"

    def review(self, attempt: Attempt) -> Verdict | None:
        if attempt.answer.strip().strip("<>\"'`*").strip().lower() not in PLACEHOLDERS:
            return None
        return self.verdict("sent_back", render(PLACEHOLDER_ANSWER, answer=attempt.answer))


_ARITHMETIC = re.compile(r"[\d\s.,()+\-*/×÷^%]+")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_OPERATOR = re.compile(r"[*×÷^+]|\s[-/]\s")


def is_unevaluated_arithmetic(text: str) -> bool:
    """Whether ``text`` is only a calculation (``36 * 19``, ``(80 - 12) / 4``).

    A calculation with its result (``48 * 37 = 1776``) is not, nor a date
    (``2024-11-05``), a fraction (``3/4``) or a negative number: ``-`` and ``/``
    count as operators only with spaces around them.
    """
    value = text.strip().rstrip(".")
    return (
        _ARITHMETIC.fullmatch(value) is not None
        and len(_NUMBER.findall(value)) >= 2
        and _OPERATOR.search(value) is not None
    )


class UnevaluatedArithmetic(Check):
    """The answer is a calculation left for the reader (``36 * 19``)."""

    name = "unevaluated_arithmetic"

    def review(self, attempt: Attempt) -> Verdict | None:
        if not is_unevaluated_arithmetic(attempt.answer):
            return None
        return self.verdict("sent_back", render(UNEVALUATED_ANSWER, answer=attempt.answer))


_ASKS_FOR_A_CALL = re.compile(
    r"\b(?:the|a|which|what|tool|function)\s+calls?\b|\bcalls?\s+only\b|\bfunctions?\b"
    r"|\bsyntax\b|\b(?:python|source|program|example)\s+code\b|\bcode\s+(?:snippet|that|to)\b"
    r"|\bwrite\s+(?:the\s+|some\s+)?code\b|调用|函数",
    re.IGNORECASE,
)


def names_the_tool(question: str, tool: str) -> bool:
    """Whether ``question`` names ``tool`` as an identifier: with its underscores
    (``unit_price``), followed by a parenthesis, or in backticks. A tool named
    by an ordinary word ("divide", "season") is not named by a question that
    uses the word ("then divide by 12", "in which season")."""
    lowered = question.lower()
    name = tool.lower()
    return (
        ("_" in name and name in lowered)
        or re.search(rf"\b{re.escape(name)}\s*\(", lowered) is not None
        or f"`{name}" in lowered
    )


def asks_for_a_call(question: str, tool: str) -> bool:
    """Whether the question itself asks for a call, so that a call is the
    answer: it names the tool as an identifier (:func:`names_the_tool`), or
    speaks of a call, a function, syntax or program code ("reply with the call
    only", "which function call", "write code to"). A code that is an
    identifier ("the postal code", "the booking code") is what a tool
    looks up, not a call."""
    return names_the_tool(question, tool) or _ASKS_FOR_A_CALL.search(question) is not None


class CallInAnswer(Check):
    """An answer that is nothing but a call of a declared tool, written as a
    function call (``price('item')``), from a model that writes its calls
    as text: it is read as that call, unless the question asked for a call
    (:func:`asks_for_a_call`). In the last reply, when no call can run
    any more, the answer says so and gives the last result instead."""

    name = "call_in_answer"

    def review(self, attempt: Attempt) -> Verdict | None:
        if not attempt.reads_calls_from_text:
            return None
        call = call_in_answer(attempt.answer, attempt.tools)
        if call is None or asks_for_a_call(attempt.question, call.name):
            return None
        if not attempt.final:
            return self.verdict("read_as_call", call=call)
        last = attempt.calls[-1].result if attempt.calls else "(none)"
        note = render(CALL_AS_LAST_ANSWER, call=describe_call(call), result=last)
        return self.verdict("replaced", note, replacement=note)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")
_CLAUSE_END = re.compile(r"(?<=[.!?:;])\s+|(?<=[。！？：；])|\s+[-–—]+\s+")
"""Where a question's sentences end, and its clauses after a colon, a semicolon or a
dash ("I leave at 5, so quickly: what is 15% of 240?")."""
_COMPARES = re.compile(
    r"\b(larger|smaller|bigger|greater|more|less|fewer|higher|lower|exceeds?|than|"
    r"enough|afford|above|below|at least|at most)\b|大于|小于|超过|多于|少于|比",
    re.IGNORECASE,
)


_DIFFERENCE = re.compile(
    r"\bhow\s+(?:many|much)\s+(?:\w+\s+){0,3}?(?:more|less|fewer|higher|lower|larger|smaller|"
    r"bigger|greater|longer|shorter|taller|older|younger|cheaper|dearer|heavier|lighter|"
    r"warmer|colder|hotter|cooler|later|earlier|faster|slower|deeper|wider|farther|further)\b"
    r"|\bby\s+how\s+(?:many|much)\b|多多少|少多少|差多少|相差多少",
    re.IGNORECASE,
)


def asks_for_a_difference(question: str) -> bool:
    """Whether ``question`` asks by how much one quantity exceeds another ("how
    many more days ... than ...", "by how much is it cheaper"): its answer is a
    difference, worked out from both quantities, not one of them named."""
    return _DIFFERENCE.search(question) is not None


_YEAR = re.compile(r"(19|20)\d\d")
_SET_ASIDE = re.compile(
    r"\bif\s+(?:it|that|this)\s+(?:matters|helps)\b|\bnot\s+that\s+it\s+matters\b"
    r"|\b(?:does\s*n['’]?t|do\s*n['’]?t|does\s+not|won['’]?t)\s+matter\b|\bfwiw\b"
    r"|\bnot\s+counting\b|\b(?:not\s+relevant|irrelevant|ignore|never\s*mind)\b"
    r"|\b(?:sorted|covered|handled|paid\s+for|taken\s+care\s+of)\s+already\b"
    r"|\balready\s+(?:sorted|covered|handled|paid\s+for|taken\s+care\s+of)\b"
    r"|\bgot\s+(?:those|that|this|it|them)\s+(?:sorted|covered|handled)\b"
    r"|\bI['’]?m\s+(?:covering|paying\s+for|getting|treating)\s+(?:it|this|that|them|everyone)\b"
    r"|不用管|不用考虑|不用算|不算在内|不重要|无关紧要|顺便(?:说|一提)",
    re.IGNORECASE,
)
"""Words that set aside what the clause says ("4 of us, but I'm covering it", "a 2014
Golf, if it matters", "ignore the 10% coupon"): its numbers are not the question's data."""


def context_quantities(question: str, unused: Sequence[str]) -> list[str]:
    """The ``unused`` quantities that are only context: calendar years (``2024``)
    when another number of the question reached a call; numbers that name or date
    something (:func:`~hello_agents.agents.aids.quantities.named_numbers`); numbers
    of a clause that sets them aside (:func:`set_aside_numbers`); numbers in a
    measure of a kind nothing else in the question measures
    (:func:`~hello_agents.agents.aids.units.lone_measures`); temperatures, when the
    question computes nothing with temperatures and none of them reached a call; and
    the numbers outside the sentence that asks, when that sentence holds numbers
    and all of them reached a call.

    "I have 3 kids. How many cents do 12 pens at 25 cents each cost?": the
    question asks about 12 and 25; the 3 is said in passing. "In 2024 a shop
    sold 48 pencils at 37 cents each...": the year dates the sale. "Find Ada's
    desk; she works on floor 3.": the floor names where she works.
    """
    some_used = bool(set(quantities(question)) - set(unused))
    named = named_numbers(question) | set_aside_numbers(question)
    named |= lone_measures(question, number_spans(question))
    if not speaks_of_temperature(question):  # a temperature the run computes nothing with
        heat = temperatures(question)
        if heat <= {quantity_value(quantity) for quantity in unused}:
            named |= heat
    context = [  # wherever they stand
        quantity
        for quantity in unused
        if (some_used and _YEAR.fullmatch(quantity)) or quantity_value(quantity) in named
    ]
    rest = [quantity for quantity in unused if quantity not in context]
    left = {quantity_value(quantity) for quantity in rest}
    in_passing = any(_asks_apart(question, left, split) for split in (_SENTENCE_END, _CLAUSE_END))
    return [*context, *rest] if in_passing else context


def missed_by_the_answer(question: str, answer: str, unused: Sequence[str]) -> list[str]:
    """The quantities of ``unused`` that stand in the part of ``question`` that asks
    (its clauses with a question mark, else its last clause), or that ``answer`` names.

    Either way the answer was meant to use them: "How much do 15 notebooks cost?" asks
    with the 15, and "7 mangoes cost 120 cents" names the 7 beside the price of one.
    A number said only before the question asks ("I have 3 cats. Litter is 18.50 a
    bag, 2 bags a month; what's that per year?") may be context or data, and words
    alone cannot tell which: an answer that does not name it stands.
    """
    meant = asking_quantities(question) | {quantity_value(found) for found in quantities(answer)}
    return [quantity for quantity in unused if quantity_value(quantity) in meant]


def asking_quantities(question: str) -> set[str | float]:
    """The quantities of the clauses of ``question`` that ask (:func:`_asking_parts`)."""
    _, asking = _asking_parts(question, _CLAUSE_END)
    return {quantity_value(found) for part in asking for found in quantities(part)}


def _asking_parts(question: str, split: re.Pattern[str]) -> tuple[list[str], list[str]]:
    """The parts of ``question`` cut by ``split``, and those that ask: the parts ending
    with a question mark, else the last one (an imperative: "Work out the total")."""
    parts = [part for part in split.split(question.strip()) if part.strip()]
    asking = [part for part in parts if part.rstrip().endswith(("?", "？"))] or parts[-1:]
    return parts, asking


def set_aside_numbers(question: str) -> set[str | float]:
    """The numbers of the clauses of ``question`` that set what they say aside
    (:data:`_SET_ASIDE`)."""
    aside = [part for part in _CLAUSE_END.split(question) if _SET_ASIDE.search(part)]
    return {quantity_value(found) for part in aside for found in quantities(part)}


def _asks_apart(question: str, left: set[str | float], split: re.Pattern[str]) -> bool:
    """Whether the parts of ``question`` that ask (with a question mark, else the
    last part: an imperative) hold numbers, none of them in ``left``, and other
    parts exist; the question's parts are cut by ``split``."""
    parts, asking = _asking_parts(question, split)
    asked = {quantity_value(found) for part in asking for found in quantities(part)}
    return bool(asked) and not asked & left and len(asking) < len(parts)


class OtherSide(Check):
    """After calls, the question joins to a value a call was passed another of the
    same form, that no call was passed (:func:`~hello_agents.agents.aids.pairs.other_sides`):
    "Lima or Quito", "Ana's desk number than Bo's", "4 plums and 2 figs",
    "K-20 or K-21". Small models look up one side of a comparison and answer as if
    they had both.

    Args:
        message: What the model is told (``{other}``, ``{tool}``, ``{side}``).
    """

    name = "other_side"

    def __init__(self, message: str = OTHER_SIDE) -> None:
        self.message = message

    def review(self, attempt: Attempt) -> Verdict | None:
        found = other_sides(attempt.question, attempt.calls) if attempt.done else []
        if not found:
            return None
        made, side, other = found[0]
        message = render(self.message, other=other, tool=made.call.name, side=side)
        return self.verdict("sent_back", message)


_ASKED_CODE = re.compile(r"(?<![\w-])[A-Za-z]{1,4}-?\d{2,}(?![\w-])")
_KIND = re.compile(r"([^\W\d_]+)[\s(#:]*$")
_KIND_WINDOW = 40
"""How far before a code its kind is looked for (a word and a bracket or two)."""
MAX_CODES = 20
"""The codes of a question read at most (the first ones of the clauses that ask)."""


def unused_codes(attempt: Attempt) -> tuple[list[str], list[str]]:
    """The codes the question asks about that no call was passed, and the tools
    that look such things up.

    A code here is letters then digits ("SH-3307", "qx4410"), in a clause that asks
    (:func:`_asking_parts`), after a word that names its kind ("shipment SH-3307",
    "ticket (QX-4410)"). It is used when a call's arguments or a result hold it, in
    any case and with or without dashes ("sh3307"; a tool that lists every
    shipment looked it up too). The tools are those that take text and name that
    kind (the word, or the word without a plural ending, is in their name,
    description or parameters)."""
    _, asking = _asking_parts(attempt.question, _CLAUSE_END)
    found = [(part, code) for part in asking for code in _ASKED_CODE.finditer(part)]
    if not found:
        return [], []
    passed = " ".join(_plain(f"{made.call.arguments} {made.result}") for made in attempt.calls)
    described = {
        tool.name: _offered_words(tool_text(tool))
        for tool in attempt.tools.get_all_tools()
        if takes_text(tool)
    }
    codes: list[str] = []
    tools: list[str] = []
    for part, code in found[:MAX_CODES]:
        kind = _KIND.search(part[max(0, code.start() - _KIND_WINDOW) : code.start()])
        if kind is None or _plain(code.group()) in passed:
            continue
        named = {kind.group(1).lower(), singular(kind.group(1).lower())}
        looking = [name for name, offered in described.items() if named & offered]
        if looking:
            codes.append(code.group())
            tools += [name for name in looking if name not in tools]
    return codes, tools


def _offered_words(described: str) -> set[str]:
    """The words of a tool's text (:func:`tool_text`; ``fruit_price`` is two), also
    without a plural ending."""
    offered = words(described.replace("_", " "))
    return offered | {singular(word) for word in offered}


def _plain(text: str) -> str:
    """``text`` lower-cased, with only its letters and digits."""
    return "".join(character for character in text.lower() if character.isalnum())


class UnusedCodes(Check):
    """After calls, the question asks about something by its code ("when did
    shipment SH-3307 leave?"), a tool looks up things of that kind, and no call was
    passed the code (:func:`unused_codes`): small models call another tool with a
    value of their own making (a date they should have looked up) and answer from
    that.

    Args:
        message: What the model is told (``{codes}``, ``{tools}``).
    """

    name = "unused_codes"

    def __init__(self, message: str = UNUSED_CODES) -> None:
        self.message = message

    def review(self, attempt: Attempt) -> Verdict | None:
        if not attempt.calls:
            return None
        codes, tools = unused_codes(attempt)
        if not codes:
            return None
        message = render(self.message, codes=", ".join(codes), tools=", ".join(tools))
        return self.verdict("sent_back", message, hold_tools=tuple(tools))


def states_a_quantity(answer: str) -> bool:
    """Whether ``answer`` states a number (:func:`states_a_number`) other than the
    digits of a code or an id ("queued (id 7f3a-16)", "office B-214")."""
    return states_a_number(answer) and (bool(quantities(answer)) or not numbers(answer))


def names_only_results(attempt: Attempt) -> bool:
    """Whether every number of the answer is one that names something ("office
    B-214, extension 4417") and came from a tool's result, not from the question."""
    stated = [quantity_value(found) for found in quantities(attempt.answer)]
    named = named_numbers(attempt.answer)
    given = {quantity_value(found) for found in quantities(attempt.question)}
    results = {quantity_value(found) for made in attempt.done for found in quantities(made.result)}
    return bool(stated) and all(
        value in named and value in results and value not in given for value in stated
    )


class UnusedQuantities(Check):
    """After tool calls, a number of the question reached none of them, every
    number of the answer comes from the question or a result, and the number
    stands where the question asks or the answer names it
    (:func:`missed_by_the_answer`): small models stop a step early (the price of
    one unit, asked what several cost).

    Not sent back: numbers said in passing (:func:`context_quantities`), and a
    comparison's threshold that the answer names ("3^7 = 2187, larger than 2000").
    A question that asks by how much one quantity exceeds another
    (:func:`asks_for_a_difference`) has no threshold: an answer that names its
    unused numbers and brings none of its own has compared one side with a
    restatement of the other, and is sent back.

    Args:
        message: What the model is told (``{quantities}``).
    """

    name = "unused_quantities"

    def __init__(self, message: str = UNUSED_QUANTITIES) -> None:
        self.message = message

    def review(self, attempt: Attempt) -> Verdict | None:
        if not attempt.done or not states_a_quantity(attempt.answer):
            return None  # an answer with no number gives no quantity that stopped short
        if names_only_results(attempt):
            return None  # an office and an extension looked up are not a step stopped short
        unused = unused_quantities(attempt.question, [made.call for made in attempt.done])
        context = context_quantities(attempt.question, unused)
        unused = [quantity for quantity in unused if quantity not in context]
        if _COMPARES.search(attempt.question) and not asks_for_a_difference(attempt.question):
            named = {quantity_value(found) for found in quantities(attempt.answer)}
            unused = [quantity for quantity in unused if quantity_value(quantity) not in named]
        results = [made.result for made in attempt.done]
        if not unused or new_quantities(attempt.answer, [attempt.question, *results]):
            return None
        missed = missed_by_the_answer(attempt.question, attempt.answer, unused)
        if not missed:
            return None  # said before the question asks, and the answer does not rely on it
        message = render(self.message, quantities=", ".join(missed))
        return self.verdict("sent_back", message, hold=tuple(missed))


MAX_OPERANDS = 12
"""The numbers read from each result (and from the question) when looking for a
difference: a long text of numbers must not make the pairs many."""


def difference_left_out(attempt: Attempt) -> list[str]:
    """The results' numbers that an answer to a question asking by how much two
    quantities differ (:func:`asks_for_a_difference`) names instead of their
    difference; empty when the answer stands.

    The answer stands unless at least two calls returned numbers, and it names a
    number of their results, brings none of its own, and states no difference of
    two numbers of different results, or of a result and the question: "Aster is
    812 m tall, Birch 655.5 m" is left out; "812 - 655.5 = 156.5" and "156.5 m"
    stand, also when a tool did the subtraction.
    """
    if not asks_for_a_difference(attempt.question):
        return []
    results = [numbers_in(made.result)[:MAX_OPERANDS] for made in attempt.done]
    results = [found for found in results if found]
    if len(results) < 2:
        return []
    texts = [made.result for made in attempt.done]
    if new_quantities(attempt.answer, [attempt.question, *texts]):
        return []  # it worked something out, rightly or not
    returned = {number for found in results for number in found}
    named = [found for found in quantities(attempt.answer) if quantity_value(found) in returned]
    if not named:
        return []
    sources = [*results, numbers_in(attempt.question)[:MAX_OPERANDS]]
    differences = {
        abs(a - b)
        for first, second in itertools.combinations(sources, 2)
        for a in first
        for b in second
    }
    if 0 in differences and states_value(attempt.answer, "0"):
        return []  # "no difference"
    stated = numbers(attempt.answer)[: MAX_OPERANDS * 4]
    if any(
        rounds_to(value, decimals, target) for value, decimals in stated for target in differences
    ):
        return []
    return named


class DifferenceLeftOut(Check):
    """The question asks by how much one quantity exceeds another, two calls
    returned them, and the answer names them without their difference
    (:func:`difference_left_out`): small models look both up and stop there.
    The next reply is not held to a call: where no tool subtracts, the model works
    the difference out itself.

    Args:
        message: What the model is told (``{numbers}``).
    """

    name = "difference_left_out"

    def __init__(self, message: str = DIFFERENCE_LEFT_OUT) -> None:
        self.message = message

    def review(self, attempt: Attempt) -> Verdict | None:
        named = difference_left_out(attempt)
        if not named:
            return None
        message = render(self.message, numbers=" and ".join(named))
        return self.verdict("sent_back", message)


_FUNCTION_WORDS = frozenset(
    [
        "what",
        "which",
        "when",
        "where",
        "does",
        "have",
        "many",
        "much",
        "each",
        "into",
        "than",
        "then",
        "them",
        "they",
        "there",
        "their",
        "about",
        "your",
        "from",
        "with",
        "this",
        "that",
        "will",
        "would",
        "could",
        "should",
    ]
)


def tool_text(tool: Tool) -> str:
    """What a tool says of itself: its name, description and argument schema."""
    schema = json.dumps(tool.input_schema(), ensure_ascii=False)
    return f"{tool.name} {tool.description} {schema}"


def takes_text(tool: Tool) -> bool:
    """Whether one of the tool's arguments is a string."""
    properties = tool.input_schema().get("properties", {})
    return any(spec.get("type") == "string" for spec in properties.values())


def quotes_for_a_tool(question: str, tools: Sequence[Tool]) -> bool:
    """Whether ``question``, written in CJK characters, copies words in the
    other script of tools described without CJK characters (a person's name,
    a word to spell), and one of those tools takes text.

    Such a question and its tools share no word, but what the question copies
    as it is, in the tools' script, is what a tool is passed. A question with
    nothing copied ("水在海平面上多少度沸腾？") is about no tool by this rule."""
    if not writes_cjk(question):
        return False
    copied = [word for word in words(question) if not is_cjk(word) and _LETTERS.search(word)]
    if not copied:
        return False
    return any(takes_text(tool) and not writes_cjk(tool_text(tool)) for tool in tools)


_LETTERS = re.compile(r"[^\W\d_]")


def tools_for(question: str, attempt: Attempt) -> list[str]:
    """The names of the tools that are about what ``question`` asks: a tool's
    name, description or parameters share a word with the question (a word of
    four letters or more, also without a plural ending, or a pair of CJK
    characters); or list a unit the question names in words, by its symbol
    ("ounces" and "oz", "英里" and "mile"); or ask for dates written as the
    question gives them (``YYYY-MM-DD``); or the question, written in CJK
    characters, copies words in the script of tools that take text
    (:func:`quotes_for_a_tool`: those tools). Otherwise a question in one
    script and tools described in another share no word: no tool is about it
    then, so a knowledge answer in Chinese is not sent back."""
    asked = {word for word in words(question) if len(word) >= 4 or is_cjk(word)}
    asked -= _FUNCTION_WORDS
    asked |= {singular(word) for word in asked}
    tools = attempt.tools.get_all_tools()
    about = []
    for tool in tools:
        described = tool_text(tool).replace("_", " ")
        if (
            asked & _offered_words(described)
            or lists_a_unit(question, described)
            or gives_iso_dates(question, described)
        ):
            about.append(tool.name)
    if about or not quotes_for_a_tool(question, tools):
        return about
    return [tool.name for tool in tools if takes_text(tool) and not writes_cjk(tool_text(tool))]


class UngroundedNumbers(Check):
    """Before any tool call, the answer states a number, or a code with digits
    (a phone number, an office), that the question does not give, while a tool
    is about what the question asks: a value recalled instead of looked up.
    Told so, a small model often gives the same answer again; on ``json_schema``
    the verdict holds its next reply to a call of one of the tools about the
    question (:func:`tools_for`).

    Args:
        message: What the model is told (``{numbers}``).
    """

    name = "ungrounded_numbers"

    def __init__(self, message: str = UNGROUNDED_NUMBERS) -> None:
        self.message = message

    def review(self, attempt: Attempt) -> Verdict | None:
        if attempt.calls:
            return None
        made_up = new_quantities(attempt.answer, [attempt.question]) or new_codes(
            attempt.answer, [attempt.question]
        )
        if not made_up:
            return None
        about = tools_for(attempt.question, attempt)
        if not about:
            return None
        message = render(self.message, numbers=", ".join(made_up))
        return self.verdict("sent_back", message, hold_tools=tuple(about))


def brings_nothing(attempt: Attempt) -> bool:
    """Whether the answer only repeats the question or a tool's name: no number
    and no word (of more than one letter) that neither of them has ("68 °F.",
    "lookup")."""
    names = {part for tool in attempt.tools.list_tools() for part in (tool, *tool.split("_"))}
    known = words(attempt.question) | {name.lower() for name in names}
    return not (words(attempt.answer) - known) and not new_quantities(
        attempt.answer, [attempt.question]
    )


def ignored_result(attempt: Attempt) -> CallMade | None:
    """The result an answer ignored: the answer takes no number or word from any
    successful result, and either states numbers that are all the question's
    ("2 miles", asked how many feet that is, after the conversion returned
    10560) or brings nothing at all (:func:`brings_nothing`). The last call made
    from the run (:func:`made_from_run`) when there is one."""
    done = attempt.done
    if not done:
        return None
    states_given = states_a_number(attempt.answer) and not new_quantities(
        attempt.answer, [attempt.question]
    )
    if not (states_given or brings_nothing(attempt)):
        return None
    if uses_results(attempt.answer, attempt.question, [made.result for made in done]):
        return None
    return next((made for made in reversed(done) if made_from_run(attempt, made)), done[-1])


def untranslated_values(attempt: Attempt) -> tuple[CallMade, dict[str, object]] | None:
    """The last call of the run, when it failed after being passed text in CJK
    characters while its tool describes itself without any (a unit or a name
    in Chinese for a tool described in English), with those arguments by name;
    ``None`` when a call succeeded after it, or there is no such call."""
    if not attempt.calls or attempt.calls[-1].ok:
        return None
    failed = attempt.calls[-1]
    tool = attempt.tools.get_tool(failed.call.name)
    if tool is None or writes_cjk(tool_text(tool)):
        return None
    try:
        arguments = json.loads(failed.call.arguments)
    except (ValueError, RecursionError):
        return None
    if not isinstance(arguments, dict):
        return None
    foreign = {
        name: value
        for name, value in arguments.items()
        if any(isinstance(found, str) and writes_cjk(found) for found in _values(value))
    }
    return (failed, foreign) if foreign else None


def _values(value: object) -> list[object]:
    """An argument's value, or the values of a list or object one level down."""
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, list):
        return list(value)
    return [value]


class UntranslatedValues(Check):
    """The run's last call failed after the model passed it a value in another
    script than the tool's description (a Chinese word to a tool described in
    English), and the model answered instead of calling again: small models
    give up there ("it cannot be converted") although they know the word in
    the tool's language. The answer is sent back with the error and what the
    tool's parameters say (:func:`untranslated_values`).

    Args:
        message: What the model is told (``{call}``, ``{result}``, ``{values}``,
            ``{described}``).
    """

    name = "untranslated_values"

    def __init__(self, message: str = UNTRANSLATED_VALUES) -> None:
        self.message = message

    def review(self, attempt: Attempt) -> Verdict | None:
        found = untranslated_values(attempt)
        if found is None:
            return None
        failed, foreign = found
        tool = attempt.tools.get_tool(failed.call.name)
        properties = tool.input_schema().get("properties", {}) if tool is not None else {}
        described = "; ".join(
            f"{name}: {properties[name].get('description', '')}".rstrip(": ")
            for name in foreign
            if name in properties
        )
        message = render(
            self.message,
            call=describe_call(failed.call),
            result=failed.result.strip()[:500],
            values=", ".join(json.dumps(value, ensure_ascii=False) for value in foreign.values()),
            described=described or failed.call.name,
        )
        return self.verdict("sent_back", message)


class UnconvertedUnits(Check):
    """The answer states a number of a tool's result under another unit of the same
    kind (the result's 14 °C answered as 14 °F), or in the result's unit where the
    question asks for another (1250 g, asked in kilograms) and the answer states
    nothing in that one (:func:`~hello_agents.agents.aids.units.unconverted_units`):
    small models copy the number and skip the conversion.

    Args:
        message: What the model is told (``{found}``).
    """

    name = "unconverted_units"

    def __init__(self, message: str = UNCONVERTED_UNITS) -> None:
        self.message = message

    def review(self, attempt: Attempt) -> Verdict | None:
        results = [made.result for made in attempt.done]
        found = unconverted_units(attempt.answer, results, attempt.question) if results else []
        if not found:
            return None
        return self.verdict("sent_back", render(self.message, found="; ".join(found)))


class UnusedResult(Check):
    """The answer restates the question and ignores the tools' results
    (:func:`ignored_result`): it is sent back with the result.

    Args:
        message: What the model is told (``{call}``, ``{result}``).
    """

    name = "unused_result"

    def __init__(self, message: str = UNUSED_RESULT) -> None:
        self.message = message

    def review(self, attempt: Attempt) -> Verdict | None:
        ignored = ignored_result(attempt)
        if ignored is None:
            return None
        message = render(
            self.message, call=describe_call(ignored.call), result=ignored.result[:500]
        )
        return self.verdict("sent_back", message)


def same_answer_since(attempt: Attempt) -> CallMade | None:
    """The last call made after an answer of this run was sent back, when the model
    now gives that answer again, word for word, the calls made since returned
    something about the question (a result shares a word with it), and the answer
    uses nothing of what they returned
    (:func:`~hello_agents.agents.aids.result_use.uses_results`); else ``None``.

    A call whose result shares nothing with the question (a conversion of a number
    said in passing, made because the model was told of it) gives the answer nothing
    it should have used: the answer given again then stands."""
    again = _said(attempt.answer)
    for earlier in reversed(attempt.earlier):
        if earlier.action != "sent_back" or _said(earlier.answer) != again:
            continue
        asked = words(attempt.question)
        since = [made for made in attempt.done if made.round > earlier.step]
        about = [made for made in since if words(made.result) & asked]
        results = [made.result for made in since]
        if about and not uses_results(attempt.answer, attempt.question, results):
            return about[-1]
        return None
    return None


def _said(answer: str) -> str:
    """``answer`` lower-cased, its spaces made one (how two answers are compared)."""
    return " ".join(answer.split()).lower()


class SameAnswer(Check):
    """Sent back, the model made the calls it was pointed to, then gave its old answer
    again, word for word, using nothing of what those calls returned
    (:func:`same_answer_since`): small models do so after looking up what they had
    guessed, and give it once more when only told. The answer is sent back with the
    latest result, and on ``json_schema`` the next reply is held to a call of another
    tool than the latest one (calling that again would only repeat it).

    Args:
        message: What the model is told (``{call}``, ``{result}``).
    """

    name = "same_answer"

    def __init__(self, message: str = SAME_ANSWER) -> None:
        self.message = message

    def review(self, attempt: Attempt) -> Verdict | None:
        made = same_answer_since(attempt)
        if made is None:
            return None
        message = render(self.message, call=describe_call(made.call), result=made.result[:500])
        others = tuple(name for name in attempt.tools.list_tools() if name != made.call.name)
        return self.verdict("sent_back", message, hold_tools=others)


class KeptResult(Check):
    """An answer that dropped the run's computed result is replaced by it, with a
    note saying so (:data:`KEPT_RESULT`).

    Dropped: the last round made one call that returned one number, and the
    answer states no number (:func:`~hello_agents.agents.aids.results.lost_result`);
    or the answer ignores a short result (:func:`ignored_result`) while every
    number of the question reached a call. The call must have been made from the
    run, not made up (:func:`made_from_run`). Applies to the final answer, and to
    every answer of a model that writes its calls as text. An answer given after
    being told of unused numbers that uses the results it had then and states
    none of those numbers stands (:meth:`insists`).
    """

    name = "kept_result"

    def __init__(self, message: str = KEPT_RESULT) -> None:
        self.message = message

    def review(self, attempt: Attempt) -> Verdict | None:
        if not (attempt.final or attempt.reads_calls_from_text) or self.insists(attempt):
            return None
        kept = lost_result(attempt.done, attempt.answer)
        if kept is None or not made_from_run(attempt, kept):
            kept = ignored_result(attempt)
            unused = unused_quantities(attempt.question, [made.call for made in attempt.done])
            if kept is None or not is_short_value(kept.result) or unused:
                return None
            if not made_from_run(attempt, kept):
                return None
        note = render(
            self.message,
            call=describe_call(kept.call),
            result=kept.result.strip(),
            reply=attempt.answer.strip() or "(empty)",
        )
        return self.verdict("replaced", note, replacement=note)

    @staticmethod
    def insists(attempt: Attempt) -> bool:
        """Whether the answer, given after being told of unused numbers, stands:
        it takes something from the results the run had then, and states none of
        the numbers it was told about."""
        told = next((done for done in attempt.earlier if done.values), None)
        if told is None:
            return False
        earlier = [made.result for made in attempt.done if made.round <= told.step]
        if not earlier or not uses_results(attempt.answer, attempt.question, earlier):
            return False
        values = {quantity_value(value) for value in told.values}
        return not values & {quantity_value(found) for found in quantities(attempt.answer)}


def call_key(call: ToolCall) -> tuple[str, str]:
    """A call's name and arguments, normalised, to recognise the same call twice."""
    try:
        arguments = json.dumps(json.loads(call.arguments), sort_keys=True)
    except (ValueError, RecursionError):
        arguments = call.arguments.strip()
    return call.name.strip(), arguments


class RepeatedCalls(Check):
    """Calls that all repeat earlier successful calls are not run again: small
    models call a tool again after its result came back instead of answering.
    The model is reminded of the result it has (:data:`RESULT_REMINDER`).

    Args:
        message: The reminder (``{call}``, ``{result}``).
    """

    name = "repeated_calls"

    def __init__(self, message: str = RESULT_REMINDER) -> None:
        self.message = message

    def review_calls(self, calls: Sequence[ToolCall], attempt: Attempt) -> Verdict | None:
        made = {call_key(done.call): done for done in attempt.done}
        if not calls or any(call_key(call) not in made for call in calls):
            return None
        earlier = made[call_key(calls[-1])]
        message = render(self.message, call=describe_call(earlier.call), result=earlier.result)
        return self.verdict("skipped_call", message)


__all__ = [
    "CALL_AS_LAST_ANSWER",
    "DIFFERENCE_LEFT_OUT",
    "KEPT_RESULT",
    "PLACEHOLDERS",
    "RESULT_REMINDER",
    "SAME_ANSWER",
    "UNGROUNDED_NUMBERS",
    "UNTRANSLATED_VALUES",
    "UNUSED_CODES",
    "UNUSED_QUANTITIES",
    "UNUSED_RESULT",
    "CallInAnswer",
    "DifferenceLeftOut",
    "KeptResult",
    "PlaceholderAnswer",
    "RepeatedCalls",
    "SameAnswer",
    "UnevaluatedArithmetic",
    "UngroundedNumbers",
    "UntranslatedValues",
    "UnusedCodes",
    "UnusedQuantities",
    "UnusedResult",
    "asks_for_a_difference",
    "brings_nothing",
    "call_key",
    "context_quantities",
    "describe_call",
    "difference_left_out",
    "ignored_result",
    "is_unevaluated_arithmetic",
    "quotes_for_a_tool",
    "same_answer_since",
    "takes_text",
    "tool_text",
    "tools_for",
    "untranslated_values",
    "unused_codes",
]
