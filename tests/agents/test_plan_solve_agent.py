"""PlanAndSolveAgent with the scripted LLM: plan, steps, re-asks, prompts, hooks, async."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from hello_agents import Config
from hello_agents.agents.plan_solve_agent import (
    DEFAULT_PROMPTS,
    EMPTY_LAST_STEP_MESSAGE,
    EXECUTOR_PROMPT,
    PlanAndSolveAgent,
    StepResult,
)
from hello_agents.core.agent import HookEvent
from hello_agents.core.exceptions import AgentException
from hello_agents.testing import ScriptedLLM

QUESTION = "Apples cost 3 each. Ann buys 4 and Bob buys 5. How much do they pay in total?"
PLAN = '```python\n["Cost of Ann\'s apples", "Cost of Bob\'s apples", "Add both costs"]\n```'


def test_happy_path_plans_then_solves_each_step() -> None:
    llm = ScriptedLLM([PLAN, "12", "15", "27"])
    agent = PlanAndSolveAgent("plan", llm)
    result = agent.run_detailed(QUESTION)
    assert result.answer == "27"
    assert result.plan == ["Cost of Ann's apples", "Cost of Bob's apples", "Add both costs"]
    assert result.steps[0] == StepResult(1, "Cost of Ann's apples", "12")
    assert (result.stopped_reason, len(result.attempts)) == ("completed", 1)
    llm.assert_all_used()


def test_each_step_sees_the_earlier_results() -> None:
    llm = ScriptedLLM([PLAN, "12", "15", "27"])
    PlanAndSolveAgent("plan", llm).run(QUESTION)
    first, last = llm.calls[1].last_user_message or "", llm.calls[3].last_user_message or ""
    assert "(none yet)" in first and "Current step:\nCost of Ann's apples" in first
    assert (
        "Step 1: Cost of Ann's apples\nResult: 12\n\nStep 2: Cost of Bob's apples\nResult: 15"
        in last
    )
    assert "1. Cost of Ann's apples\n2. Cost of Bob's apples\n3. Add both costs" in last


def test_custom_prompts_replace_both() -> None:
    prompts = {
        "planner": "PLAN {question}",
        "executor": "Q={question} P={plan} H={history} NOW={current_step}",
    }
    llm = ScriptedLLM(['["a", "b"]', "ra", "rb"])
    PlanAndSolveAgent("p", llm, custom_prompts=prompts).run("x?")
    assert [call.last_user_message for call in llm.calls] == [
        "PLAN x?",
        "Q=x? P=1. a\n2. b H=(none yet) NOW=a",
        "Q=x? P=1. a\n2. b H=Step 1: a\nResult: ra NOW=b",
    ]


def test_partial_custom_prompts_merge_with_the_defaults() -> None:
    llm = ScriptedLLM(['["add"]', "5"])
    agent = PlanAndSolveAgent("p", llm, custom_prompts={"planner": "Math steps only: {question}"})
    assert agent.run("2+3?") == "5"
    assert llm.calls[0].last_user_message == "Math steps only: 2+3?"
    assert agent.prompts["executor"] == EXECUTOR_PROMPT


def test_template_missing_a_placeholder_is_an_error() -> None:
    with pytest.raises(AgentException, match=r"'executor' is missing \{history\}"):
        PlanAndSolveAgent(
            "p", ScriptedLLM(), custom_prompts={"executor": "{question} {plan} {current_step}"}
        )


def test_unknown_template_key_is_an_error() -> None:
    with pytest.raises(AgentException, match="unknown prompt name"):
        PlanAndSolveAgent("p", ScriptedLLM(), custom_prompts={"solver": "{question}"})


def test_system_prompt_reaches_every_call() -> None:
    llm = ScriptedLLM(["nothing here", PLAN, "12", "15", "27"])
    PlanAndSolveAgent("p", llm, system_prompt="Think in euros.").run(QUESTION)
    assert [call.system_prompt for call in llm.calls] == ["Think in euros."] * 5


def test_config_and_run_keywords_set_model_parameters() -> None:
    llm = ScriptedLLM(['["one"]', "1", '["one"]', "1"])
    agent = PlanAndSolveAgent("p", llm, config=Config(temperature=0.0, max_tokens=64))
    agent.run("q")
    assert {(c.request["temperature"], c.request["max_tokens"]) for c in llm.calls} == {(0.0, 64)}
    agent.run("q", temperature=0.5, plan_style="short")
    assert llm.calls[-1].request["temperature"] == 0.5
    assert "plan_style" not in llm.calls[-1].request


def test_history_keeps_the_turn_within_bounds() -> None:
    llm = ScriptedLLM(['["s"]', "a1", '["s"]', "a2", '["s"]', "a3"])
    agent = PlanAndSolveAgent("p", llm, config=Config(max_history_length=2))
    for question in ("q1", "q2", "q3"):
        agent.run(question)
    assert [(m.role, m.content) for m in agent.get_history()] == [
        ("user", "q3"),
        ("assistant", "a3"),
    ]
    assert [m["content"] for m in llm.calls[-2].messages[:2]] == ["q2", "a2"]


def test_hooks_see_the_run_and_a_raising_handler_does_not_break_it() -> None:
    llm = ScriptedLLM(["I would first look it up.", PLAN, "12", "15", "27"])
    agent = PlanAndSolveAgent("p", llm)
    events: list[HookEvent] = []
    for name in ("run_start", "run_end", "llm_start", "llm_end", "parse_error"):
        agent.hooks.on(name, events.append)  # type: ignore[arg-type]

    def broken(event: HookEvent) -> None:
        raise RuntimeError("tracer down")

    agent.hooks.on("run_start", broken)
    agent.hooks.on("parse_error", broken)
    assert agent.run(QUESTION) == "27"
    names = [event.name for event in events]
    assert names[0] == "run_start" and names[-1] == "run_end"
    assert names.count("llm_start") == names.count("llm_end") == 5
    assert [e.data["text"] for e in events if e.name == "parse_error"] == [
        "I would first look it up."
    ]
    assert [step.result for step in events[-1].data["steps"]] == ["12", "15", "27"]


def test_arun_calls_the_model_asynchronously_in_the_event_loop() -> None:
    llm = ScriptedLLM(["no plan", PLAN, "12", "15", "27"])
    agent = PlanAndSolveAgent("p", llm, system_prompt="Be exact.")
    threads: set[int] = set()
    agent.hooks.on("llm_start", lambda event: threads.add(threading.get_ident()))
    result = asyncio.run(agent.arun_detailed(QUESTION))
    assert (result.answer, len(result.attempts)) == ("27", 2)
    assert threads == {threading.get_ident()}  # no worker thread: real async calls
    assert [call.system_prompt for call in llm.calls] == ["Be exact."] * 5
    assert asyncio.run(PlanAndSolveAgent("p", ScriptedLLM(['["s"]', "ok"])).arun("q")) == "ok"


def test_unusable_plan_is_re_asked_with_the_reason() -> None:
    llm = ScriptedLLM(["[]", '["only step"]', "done"])
    result = PlanAndSolveAgent("p", llm).run_detailed("q")
    assert result.answer == "done"
    retry = llm.calls[1].messages[-2:]
    assert retry[0] == {"role": "assistant", "content": "[]"}
    assert "the plan is an empty list" in retry[1]["content"]
    assert result.attempts[0].error is not None and result.attempts[1].error is None


def test_no_plan_after_the_retries_ends_with_a_clear_message() -> None:
    llm = ScriptedLLM(["Sorry, I cannot plan."] * 3)
    agent = PlanAndSolveAgent("p", llm, max_plan_retries=2)
    result = agent.run_detailed("q")
    assert result.stopped_reason == "no_plan"
    assert result.answer.startswith("I could not make a usable plan for this question after 3")
    assert "no list of steps" in result.answer
    assert agent.get_history()[-1].content == result.answer
    llm.assert_all_used()


def test_custom_retry_prompt_is_used() -> None:
    llm = ScriptedLLM(["nope", '["s"]', "ok"])
    agent = PlanAndSolveAgent("p", llm, custom_prompts={"plan_retry": "Again! ({error})"})
    agent.run("q")
    assert (llm.calls[1].last_user_message or "").startswith("Again! (it contains no list")


def test_long_plans_are_merged_into_the_last_allowed_step() -> None:
    plan = str([f"s{n}" for n in range(1, 6)])
    llm = ScriptedLLM([plan, "r1", "r2", "r3"])
    result = PlanAndSolveAgent("p", llm, max_steps=3).run_detailed("q")
    assert result.plan == ["s1", "s2", "s3; then s4; then s5"]
    assert result.notes == [
        "The plan had 5 steps, more than max_steps=3; steps 3 to 5 were merged into step 3."
    ]
    assert result.answer == "r3"


def test_invalid_limits_are_rejected() -> None:
    with pytest.raises(ValueError, match="max_steps"):
        PlanAndSolveAgent("p", ScriptedLLM(), max_steps=0)
    with pytest.raises(ValueError, match="max_plan_retries"):
        PlanAndSolveAgent("p", ScriptedLLM(), max_plan_retries=-1)


def test_empty_last_step_ends_with_a_clear_message() -> None:
    llm = ScriptedLLM(['["a", "b"]', "ra", "  "])
    assert PlanAndSolveAgent("p", llm).run("q") == EMPTY_LAST_STEP_MESSAGE


# ---- corpus: what models answer to the planner -------------------------------------

USABLE_PLANS = [
    ('```json\n["look up", "compute"]\n```', ["look up", "compute"]),
    ("```python\n['look up', 'compute']\n```", ["look up", "compute"]),
    ('```\n["look up", "compute"]\n```', ["look up", "compute"]),
    ("Here is my plan: ['look up', \"Bob's share\"] - good luck!", ["look up", "Bob's share"]),
    ("```python\n[\n    'look up',\n    'compute',\n]\n```", ["look up", "compute"]),
    ("1. look up\n2. compute", ["look up", "compute"]),
    ("Plan:\n1) look up\n   - detail\n2) compute", ["look up", "compute"]),
    ("- look up\n- compute", ["look up", "compute"]),
    ("**Step 1:** look up\n**Step 2:** compute", ["look up", "compute"]),
    ("See [1] for background.\n* look up\n* compute", ["look up", "compute"]),
    ("<think>maybe [1, 2]?</think>\n```python\n['look up']\n```", ["look up"]),
    ('["multiply", 12, 3.5]', ["multiply", "12", "3.5"]),
    ('["look up", "compute"]\n\nNote [draft]: keep it short.', ["look up", "compute"]),
    ("[see ['look up', 'compute']]", ["look up", "compute"]),
    ('```json\n["a [b] c", "d"]\n```', ["a [b] c", "d"]),
]


@pytest.mark.parametrize(("reply", "steps"), USABLE_PLANS)
def test_corpus_usable_plans_are_read(reply: str, steps: list[str]) -> None:
    llm = ScriptedLLM([reply, *(f"result {n}" for n in range(len(steps)))])
    result = PlanAndSolveAgent("p", llm).run_detailed("q")
    assert result.plan == steps
    assert result.answer == f"result {len(steps) - 1}"
    llm.assert_all_used()


UNUSABLE_PLANS = [
    ("I think you should just search the web.", "no list of steps"),
    ('[{"step": 1, "action": "look up"}]', "step 1 is a dict"),
    ("```json\n[]\n```", "empty list"),
    ('["look up", ["nested"]]', "step 2 is a list"),
    ('["look up", "   "]', "step 2 is an empty string"),
    ("[true, null]", "step 1 is a bool"),
    ("```python\n['look up', 'compute'", "no list of steps"),
    ("", "your reply was empty"),
]


@pytest.mark.parametrize(("reply", "reason"), UNUSABLE_PLANS)
def test_corpus_unusable_plans_are_re_asked(reply: str, reason: str) -> None:
    llm = ScriptedLLM([reply, '["fixed"]', "ok"])
    result = PlanAndSolveAgent("p", llm).run_detailed("q")
    assert result.answer == "ok"
    assert reason in (result.attempts[0].error or "")
    assert reason in (llm.calls[1].last_user_message or "")


def test_the_guide_shows_the_default_prompts_verbatim() -> None:
    guide = (Path(__file__).parents[2] / "docs" / "agents-reflection-plan.md").read_text("utf-8")
    assert all(template in guide for template in DEFAULT_PROMPTS.values())


def test_a_plan_format_error_is_an_agent_exception_and_a_value_error() -> None:
    from hello_agents.agents.plan_parser import PlanFormatError, parse_plan_reply
    from hello_agents.core.exceptions import AgentException

    with pytest.raises(AgentException) as caught:
        parse_plan_reply("no plan here at all")
    assert isinstance(caught.value, PlanFormatError) and isinstance(caught.value, ValueError)
