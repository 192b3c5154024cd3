"""Ordinary correct answers stand: a corpus across the five paradigms and every strategy.

Each case is a run a capable model makes: the calls a question needs, then a
correct answer worded as people word answers (a boolean in words, a receipt, a
percentage for a fraction, a number of the question that is only context, a
comparison and a difference, ``a * b = c``, text that looks like a call, a repeated call, calls
in parallel, Chinese). With the small-model aids off (the default for any model
not known to be small) no case may be altered or cost one extra model or tool
call. With the aids on, at most one in sixty may.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from hello_agents import CalculatorTool
from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.agents.plan_solve_agent import PlanAndSolveAgent
from hello_agents.agents.react_agent import ReActAgent
from hello_agents.agents.reflection_agent import ReflectionAgent
from hello_agents.agents.simple_agent import SimpleAgent
from hello_agents.core.agent import Agent
from hello_agents.testing import ScriptedLLM, tool_call, tool_calls
from hello_agents.testing.script import ScriptItem
from hello_agents.testing.scripted_llm import ScriptExhaustedError
from hello_agents.tools.registry import ToolRegistry

STRATEGIES = ("native", "content", "json_schema", "forced")


def tools() -> ToolRegistry:
    """The tools every case may call."""
    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())

    @registry.tool
    def multiply(a: float, b: float) -> float:
        """Multiply two numbers.

        Args:
            a: The first number.
            b: The second number.
        """
        return a * b

    @registry.tool
    def divide(a: float, b: float) -> float:
        """Divide a by b.

        Args:
            a: The dividend.
            b: The divisor.
        """
        return a / b

    @registry.tool
    def power(base: float, exponent: float) -> float:
        """Raise base to exponent.

        Args:
            base: The base.
            exponent: The exponent.
        """
        return base**exponent

    @registry.tool
    def is_prime(n: int) -> bool:
        """Whether n is a prime number.

        Args:
            n: A whole number.
        """
        return n > 1 and all(n % k for k in range(2, int(n**0.5) + 1))

    @registry.tool
    def count_unread() -> int:
        """How many unread emails are in the inbox."""
        return 0

    @registry.tool
    def send_email(to: str, subject: str) -> str:
        """Send an email.

        Args:
            to: The recipient.
            subject: The subject line.
        """
        return f"queued id=7f3a-{len(to)}"

    @registry.tool
    def lookup_employee(name: str) -> str:
        """An employee's office and phone extension.

        Args:
            name: Full name.
        """
        return f"{name}: office B-214, extension 4417"

    @registry.tool
    def convert_units(value: float, from_unit: str, to_unit: str) -> float:
        """Convert a distance.

        Args:
            value: The value.
            from_unit: km or miles.
            to_unit: km or miles.
        """
        return round(value * 0.621371, 4) if from_unit == "km" else round(value / 0.621371, 4)

    return registry


Calls = list[tuple[str, dict[str, Any]]]


@dataclass
class Case:
    """A run: the question, the model's rounds of calls, its answer."""

    name: str
    question: str
    rounds: list[Calls]
    answer: str
    paradigm: str = "function_call"
    strategy: str = "native"
    script: list[ScriptItem] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.paradigm}-{self.strategy}-{self.name}"

    @property
    def tool_calls(self) -> int:
        return sum(len(calls) for calls in self.rounds)


def function_call_script(strategy: str, rounds: list[Calls], answer: str) -> list[ScriptItem]:
    """What a model writes on ``strategy``: its calls, then its answer."""
    items: list[ScriptItem] = []
    for calls in rounds:
        if strategy in ("native", "forced"):
            items.append(tool_calls(*(tool_call(name, args) for name, args in calls)))
        else:  # content and json_schema: one JSON object a reply
            items.extend(json.dumps({"name": name, "arguments": args}) for name, args in calls)
    if strategy == "forced":
        items.append(tool_calls(tool_call("final_answer", {"answer": answer})))
    elif strategy == "json_schema":
        items.append(json.dumps({"answer": answer}, ensure_ascii=False))
    else:
        items.append(answer)
    return items


FUNCTION_CALL_RUNS = [
    Case("boolean-in-words", "Is 91 prime?", [[("is_prime", {"n": 91})]],
         "No, 91 is not prime (91 = 7 x 13)."),
    Case("percentage", "What share of 12 is 4?", [[("divide", {"a": 4, "b": 12})]],
         "4 out of 12 is 33.3%."),
    Case("knowledge", "At what temperature does water boil at sea level?", [],
         "Water boils at 100 degrees Celsius at sea level."),
    Case("context-number", "I have 3 kids. How many cents do 12 bananas at 25 cents each cost?",
         [[("multiply", {"a": 12, "b": 25})]], "12 bananas cost 300 cents."),
    Case("comparison", "Which is larger, 3^7 or 2000?", [[("power", {"base": 3, "exponent": 7})]],
         "3^7 = 2187, so 3^7 is larger than 2000."),
    Case("difference", "How much more is 3^7 than 2000?",
         [[("power", {"base": 3, "exponent": 7})]], "3^7 = 2187, which is 187 more than 2000."),
    Case("chinese-difference", "3的7次方比2000多多少？", [[("power", {"base": 3, "exponent": 7})]],
         "3的7次方是2187，比2000多187。"),
    Case("a-times-b", "How many cents do 48 pencils at 37 cents each cost?",
         [[("multiply", {"a": 48, "b": 37})]], "48 * 37 = 1776 cents."),
    Case("looks-like-a-call", "Reply with the call only: how would you multiply 3 by 4?", [],
         "multiply(3, 4)"),
    Case("repeated-call", "How many unread emails do I have?",
         [[("count_unread", {})], [("count_unread", {})]], "You have no unread emails."),
    Case("parallel-receipts", "Email Bob and Ana that lunch moved to 1 pm.",
         [[("send_email", {"to": "bob", "subject": "Lunch moved to 1 pm"}),
           ("send_email", {"to": "ana", "subject": "Lunch moved to 1 pm"})]],
         "Both emails are on their way."),
    Case("receipt", "Tell Bob that the review is on Friday.",
         [[("send_email", {"to": "bob", "subject": "Review on Friday"})]],
         "Done: I emailed Bob about the review."),
    Case("chinese", "12个香蕉，每个25分，一共多少分？", [[("multiply", {"a": 12, "b": 25})]],
         "一共300分。"),
    Case("chinese-knowledge", "水在海平面上多少度沸腾？", [], "水在海平面上100摄氏度沸腾。"),
    Case("lookup-text", "Where does Lena Fischer sit, and what is her extension?",
         [[("lookup_employee", {"name": "Lena Fischer"})]],
         "Lena sits in office B-214; her extension is 4417."),
    Case("year-as-context", "In 2024 a shop sold 48 pencils at 37 cents each. How many cents "
         "did they cost?", [[("multiply", {"a": 48, "b": 37})]], "They cost 1,776 cents."),
    Case("negative-result", "What is 3 times -4?", [[("multiply", {"a": 3, "b": -4})]],
         "3 times -4 is -12."),
    Case("conversion-rounded", "How many miles is 5 km?",
         [[("convert_units", {"value": 5, "from_unit": "km", "to_unit": "miles"})]],
         "5 km is about 3.11 miles."),
]  # fmt: skip


def react_step(tool: str, text: str) -> str:
    return f"Thought: I use {tool}.\nAction: {tool}[{text}]"


REACT_RUNS = [
    Case("a-times-b", "How many cents do 48 pencils at 37 cents each cost?",
         [[("python_calculator", {"input": "48 * 37"})]], "48 * 37 = 1776"),
    Case("comparison", "Which is larger, 3^7 or 2000?",
         [[("python_calculator", {"input": "3 ** 7"})]],
         "3^7 = 2187, so 3^7 is larger than 2000"),
    Case("difference", "How much more is 3^7 than 2000?",
         [[("python_calculator", {"input": "3 ** 7"})]], "2187, which is 187 more than 2000"),
    Case("context-number", "I have 3 kids. How many cents do 12 bananas at 25 cents each cost?",
         [[("python_calculator", {"input": "12 * 25"})]], "12 bananas cost 300 cents"),
    Case("knowledge", "What is the capital of Australia?", [], "Canberra"),
    Case("knowledge-number", "At what temperature does water boil at sea level?", [],
         "100 degrees Celsius"),
    Case("boolean-in-words", "Is 91 prime?", [[("is_prime", {"input": "91"})]],
         "No, 91 is not prime."),
    Case("percentage", "What share of 12 is 4?", [[("python_calculator", {"input": "4 / 12"})]],
         "33.3%"),
    Case("repeated-action", "What is 2 + 2?",
         [[("python_calculator", {"input": "2 + 2"})], [("python_calculator", {"input": "2 + 2"})]],
         "2 + 2 is 4"),
    Case("chinese", "12个香蕉，每个25分，一共多少分？",
         [[("python_calculator", {"input": "12 * 25"})]], "一共300分。"),
    Case("receipt", "Tell Bob that the review is on Friday.",
         [[("send_email", {"input": '{"to": "bob", "subject": "Review on Friday"}'})]],
         "I emailed Bob."),
    Case("two-steps", "A voucher is worth 1000 dollars. You buy 34 books at 18 dollars. "
         "How much is left?",
         [[("python_calculator", {"input": "34 * 18"})],
          [("python_calculator", {"input": "1000 - 612"})]], "388 dollars"),
    Case("year-as-context", "In 2024 a shop sold 48 pencils at 37 cents each. How many cents "
         "did they cost?", [[("python_calculator", {"input": "48 * 37"})]], "1,776 cents"),
    Case("chinese-knowledge", "水在海平面上多少度沸腾？", [], "100摄氏度"),
    Case("lookup-text", "Where does Lena Fischer sit?",
         [[("lookup_employee", {"input": "Lena Fischer"})]], "In office B-214."),
]  # fmt: skip


def react_script(case: Case) -> list[ScriptItem]:
    steps = [react_step(name, args["input"]) for calls in case.rounds for name, args in calls]
    return [*steps, f"Thought: done.\nAction: Finish[{case.answer}]"]


OTHER_RUNS = [
    Case("chat", "Say hello in French.", [], "Bonjour !", paradigm="simple",
         script=["Bonjour !"]),
    Case("chat-knowledge", "How many legs does a spider have?", [], "A spider has 8 legs.",
         paradigm="simple", script=["A spider has 8 legs."]),
    Case("text-protocol", "How many cents do 48 pencils at 37 cents each cost?",
         [[("python_calculator", {})]], "48 * 37 = 1776 cents.", paradigm="simple",
         script=["[TOOL_CALL:python_calculator:48 * 37]", "48 * 37 = 1776 cents."]),
    Case("text-protocol-context", "I have 3 kids. What do 12 bananas at 25 cents cost?",
         [[("python_calculator", {})]], "300 cents.", paradigm="simple",
         script=["[TOOL_CALL:python_calculator:12 * 25]", "300 cents."]),
    Case("approved", "Write a haiku about rain.", [], "Soft rain on the roof",
         paradigm="reflection", script=["Soft rain on the roof", "Fine as it is.\nVERDICT: DONE"]),
    Case("approved-number", "In one sentence: how many days has a leap year?", [],
         "A leap year has 366 days.", paradigm="reflection",
         script=["A leap year has 366 days.", "Correct.\nVERDICT: DONE"]),
    Case("plan", "Ann buys 3 apples at 4 dollars and Bob 5 at 3. What do they pay?", [], "27",
         paradigm="plan", script=['["Ann\'s cost", "Bob\'s cost", "Add them"]', "12", "15", "27"]),
    Case("plan-words", "Is 2024 a leap year? Answer yes or no.", [], "Yes", paradigm="plan",
         script=['["Check divisibility by 4", "Answer"]', "2024 / 4 = 506", "Yes"]),
]  # fmt: skip


def corpus(
    function_call_runs: list[Case] = FUNCTION_CALL_RUNS,
    react_runs: list[Case] = REACT_RUNS,
    other_runs: list[Case] = OTHER_RUNS,
) -> list[Case]:
    """Every case: the function-call runs on each strategy, the rest once."""
    cases = []
    for strategy in STRATEGIES:
        for base in function_call_runs:
            case = Case(base.name, base.question, base.rounds, base.answer, strategy=strategy)
            case.script = function_call_script(strategy, case.rounds, case.answer)
            cases.append(case)
    for base in react_runs:
        case = Case(base.name, base.question, base.rounds, base.answer, paradigm="react",
                    strategy="text")  # fmt: skip
        case.script = react_script(case)
        cases.append(case)
    cases += other_runs
    return cases


CORPUS = corpus()


def build(
    case: Case, llm: ScriptedLLM, aids: bool, offered: Callable[[], ToolRegistry] = tools
) -> Agent:
    registry = offered()
    if case.paradigm == "function_call":
        return FunctionCallAgent(
            "fc",
            llm,
            tool_registry=registry,
            tool_call_strategy=case.strategy,
            max_tool_iterations=3,
            small_model_aids=aids,
        )
    if case.paradigm == "react":
        return ReActAgent("react", llm, registry, small_model_aids=aids)
    if case.paradigm == "simple":
        return SimpleAgent("simple", llm, tool_registry=registry)
    if case.paradigm == "reflection":
        return ReflectionAgent("reflection", llm)
    return PlanAndSolveAgent("plan", llm)


@dataclass
class Outcome:
    answer: str
    model_calls: int
    tool_calls: int
    interventions: int


def run_case(case: Case, *, aids: bool, offered: Callable[[], ToolRegistry] = tools) -> Outcome:
    """The case run on a scripted model, with the tools ``offered`` (those of
    :func:`tools` unless a corpus brings its own)."""
    llm = ScriptedLLM(case.script)
    agent = build(case, llm, aids, offered)
    ran: list[object] = []
    agent.hooks.on("tool_start", ran.append)
    try:
        answer = agent.run(case.question)
    except ScriptExhaustedError:  # it asked the model once more than the case needs
        return Outcome("(asked the model again)", len(llm.calls), len(ran), -1)
    record = agent.last_result  # type: ignore[attr-defined]
    interventions = len(getattr(record, "interventions", []))
    return Outcome(answer, len(llm.calls), len(ran), interventions)


def altered(case: Case, outcome: Outcome) -> bool:
    """The answer changed, or it cost more model or tool calls than the case needs."""
    return (
        outcome.answer != case.answer
        or outcome.model_calls > len(case.script)
        or outcome.tool_calls > case.tool_calls
    )


def test_the_corpus_is_broad() -> None:
    assert len(CORPUS) >= 60
    assert {case.paradigm for case in CORPUS} == {
        "function_call",
        "react",
        "simple",
        "reflection",
        "plan",
    }
    assert {case.strategy for case in CORPUS if case.paradigm == "function_call"} == set(STRATEGIES)


@pytest.mark.parametrize("case", CORPUS, ids=[case.id for case in CORPUS])
def test_without_the_aids_every_answer_stands_at_minimal_cost(case: Case) -> None:
    outcome = run_case(case, aids=False)
    assert outcome.answer == case.answer
    assert outcome.model_calls == len(case.script)
    assert outcome.tool_calls == case.tool_calls
    assert outcome.interventions == 0


def test_with_the_aids_at_most_one_in_sixty_is_altered() -> None:
    changed = [case.id for case in CORPUS if altered(case, run_case(case, aids=True))]
    assert len(changed) * 60 <= len(CORPUS), changed
