"""The check for a PlanAndSolveAgent: a plan read as a list, then one call per step."""

from __future__ import annotations

from typing import Any

from hello_agents.testing.conformance.fixtures import request_text
from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    run_cases,
    short,
)
from hello_agents.testing.scripted_llm import ScriptedLLM

QUESTION = "I have 5 apples, buy 7 more and eat 3. How many are left?"
PLAN_REPLY = (
    "Here is the plan:\n"
    '```python\n["Add the 7 apples bought to the 5", "Subtract the 3 apples eaten"]\n```\n'
    "Good luck!"
)
STEP_RESULTS = ["5 + 7 = 12 apples", "12 - 3 = 9 apples"]


def check_plan_and_solve_agent(
    cls: type[Any], *, raise_on_failure: bool = True, case_timeout: float | None = None
) -> ConformanceReport:
    """Check a PlanAndSolveAgent: the planner's reply gives a list of steps, each
    step is executed in its own call that sees the results of the steps before
    it, the answer is the last step's result, a reply without a plan is re-asked
    or ends the run with a clear message, ``system_prompt`` is sent, and
    ``custom_prompts`` may replace the ``planner`` and ``executor`` templates.

    The class is built as the tutorial builds it:
    ``cls(name, llm, system_prompt=..., custom_prompts=...)``.
    """

    def build(llm: ScriptedLLM, **options: Any) -> Any:
        return cls(name="checker", llm=llm, **options)

    def plans_then_solves() -> None:
        llm = ScriptedLLM([PLAN_REPLY, *STEP_RESULTS])
        answer = build(llm).run(QUESTION)
        expect(
            len(llm.calls) == 3,
            "3 model calls: the plan, then one per step of the 2-step plan",
            f"{len(llm.calls)} call(s)",
            "read the list inside the ```python block of the planner's reply, then call the "
            "model once per step.",
        )
        expect(
            answer == "12 - 3 = 9 apples",
            "the last step's result '12 - 3 = 9 apples' as the answer",
            short(answer),
            "return the result of the last step.",
        )

    def steps_see_earlier_results() -> None:
        llm = ScriptedLLM([PLAN_REPLY, *STEP_RESULTS])
        build(llm).run(QUESTION)
        first_step = request_text(llm.calls[1]) if len(llm.calls) > 1 else ""
        expect(
            QUESTION in first_step and "Add the 7 apples bought to the 5" in first_step,
            "the first step's request to hold the question and the step",
            short(first_step),
            "fill the executor prompt with {question}, {plan}, {history} and {current_step}.",
        )
        second_step = request_text(llm.calls[2]) if len(llm.calls) > 2 else ""
        expect(
            "5 + 7 = 12 apples" in second_step and "Subtract the 3 apples eaten" in second_step,
            "the second step's request to hold the first step's result '5 + 7 = 12 apples' "
            "and the current step",
            short(second_step),
            "keep the results of the steps done so far and put them in {history}.",
        )

    def no_plan() -> None:
        llm = ScriptedLLM(["I would rather just answer: 9."] * 5)
        answer = build(llm).run(QUESTION)
        expect(
            isinstance(answer, str) and ("plan" in answer.lower() or "计划" in answer),
            "a message saying no plan could be made (after re-asking, or at once)",
            short(answer),
            "when the reply holds no list, ask again or return a message that says so; "
            "never execute an empty plan or raise.",
        )
        expect(
            len(llm.calls) <= 4,
            "at most a few attempts at a plan (here, at most 4 model calls)",
            f"{len(llm.calls)} calls",
            "bound the re-asks (e.g. max_plan_retries=2).",
        )

    def honours_system_prompt() -> None:
        llm = ScriptedLLM([PLAN_REPLY, *STEP_RESULTS])
        build(llm, system_prompt="Answer in French.").run(QUESTION)
        sent = [call.system_prompt for call in llm.calls]
        expect(
            bool(sent) and all(prompt == "Answer in French." for prompt in sent),
            "system_prompt 'Answer in French.' as the system message of every call",
            short(sent),
            "build every request with self.build_messages(prompt): it sends the system prompt "
            "first.",
        )

    def custom_prompts() -> None:
        prompts = {
            "planner": "PLANNER-MARK. Make a plan as a Python list for: {question}",
            "executor": (
                "EXECUTOR-MARK. Question: {question}\nPlan: {plan}\nDone: {history}\n"
                "Now: {current_step}"
            ),
        }
        llm = ScriptedLLM([PLAN_REPLY, *STEP_RESULTS])
        answer = build(llm, custom_prompts=prompts).run(QUESTION)
        texts = [request_text(call) for call in llm.calls]
        expect(
            len(texts) == 3
            and "PLANNER-MARK" in texts[0]
            and QUESTION in texts[0]
            and all("EXECUTOR-MARK" in text for text in texts[1:]),
            "the planner request from custom_prompts['planner'] and each step's request "
            "from custom_prompts['executor']",
            short([text[:60] for text in texts]),
            "accept custom_prompts={'planner': ..., 'executor': ...} and fill those templates "
            "instead of the defaults.",
        )
        expect(answer == "12 - 3 = 9 apples", "the last step's result as the answer", short(answer))

    return run_cases(
        "plan_and_solve_agent",
        cls,
        [
            Case(
                "the plan is read as a list; one call per step; the last result is the answer",
                plans_then_solves,
                "ask the planner, read the list of steps from its reply (ast.literal_eval of "
                "the ```python block), execute the steps in order, return the last result.",
                expected="3 model calls for a 2-step plan, and the answer '12 - 3 = 9 apples'",
            ),
            Case(
                "each step's request holds the question, the step and the earlier results",
                steps_see_earlier_results,
                "collect each step's result and fill the executor prompt's {history} with them.",
                expected="step 2's request holds step 1's result '5 + 7 = 12 apples'",
            ),
            Case(
                "a reply without a plan is re-asked or ends with a clear message",
                no_plan,
                "when no list can be read, re-ask a bounded number of times or return a "
                "message saying no plan could be made.",
                expected="a message about the missing plan, after at most 4 model calls",
            ),
            Case(
                "system_prompt is honoured",
                honours_system_prompt,
                "send self.system_prompt first in the planner's and the executor's calls.",
                expected="system_prompt sent as the system message of every call",
            ),
            Case(
                "custom_prompts with keys planner and executor replace the templates",
                custom_prompts,
                "take custom_prompts as a dict and look up 'planner' and 'executor' in it "
                "before the defaults.",
                expected="requests built from the custom planner and executor templates",
            ),
        ],
        raise_on_failure=raise_on_failure,
        case_timeout=case_timeout,
    )
