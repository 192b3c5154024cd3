"""The LLM judge: a score per criterion, reasoning kept, malformed replies handled."""

from __future__ import annotations

import json

from hello_agents.evaluation import Criterion, LLMJudgeEvaluator
from hello_agents.testing import ScriptedLLM

PROBLEM = {"problem_id": "p1", "problem": "Area of a 13-14-15 triangle?", "answer": "84"}
GOOD = json.dumps(
    {
        "correctness": 5,
        "clarity": 4,
        "difficulty_match": 2,
        "completeness": 3,
        "reasoning": "Sound.",
    }
)


def test_scores_per_criterion_and_the_reasoning_are_kept() -> None:
    llm = ScriptedLLM([GOOD])
    result = LLMJudgeEvaluator(llm=llm).evaluate_single(PROBLEM)
    assert result["scores"] == {
        "correctness": 5,
        "clarity": 4,
        "difficulty_match": 2,
        "completeness": 3,
    }
    assert result["total_score"] == 3.5
    assert result["reasoning"] == "Sound."
    assert result["evaluation_text"] == GOOD
    assert result["valid"] and result["problem_id"] == "p1"


def test_the_rubric_and_the_item_reach_the_judge() -> None:
    llm = ScriptedLLM([GOOD])
    LLMJudgeEvaluator(llm=llm).evaluate_single(PROBLEM)
    prompt = llm.last_call.last_user_message or ""
    assert "difficulty_match" in prompt and "13-14-15" in prompt


def test_a_fenced_reply_with_prose_and_string_scores_is_read() -> None:
    scores = '"correctness": "4/5", "clarity": "5", "difficulty_match": 3, "completeness": 4'
    reply = "Here you go:\n```json\n{" + scores + ', "comments": "ok"}\n```'
    result = LLMJudgeEvaluator(llm=ScriptedLLM([reply])).evaluate_single(PROBLEM)
    assert result["scores"]["correctness"] == 4 and result["reasoning"] == "ok"


def test_a_malformed_reply_is_sent_back_once_with_the_problem() -> None:
    llm = ScriptedLLM(['{"correctness": 5, "clarity": 9}', GOOD])
    result = LLMJudgeEvaluator(llm=llm).evaluate_single(PROBLEM)
    assert result["valid"] and result["attempts"] == 2
    correction = llm.last_call.last_user_message or ""
    assert "'difficulty_match' is missing" in correction and "off the 1-5 scale" in correction


def test_a_judge_that_never_complies_gives_an_invalid_result_left_out_of_averages() -> None:
    llm = ScriptedLLM(["I think it is fine.", "Still fine!", GOOD])
    judge = LLMJudgeEvaluator(llm=llm)
    batch = judge.evaluate_batch([PROBLEM, {**PROBLEM, "problem_id": "p2"}])
    first, second = batch["results"]
    assert not first["valid"] and first["scores"] == {} and first["total_score"] is None
    assert "no JSON object" in first["error"] and first["evaluation_text"] == "Still fine!"
    assert second["valid"]
    metrics = batch["metrics"]
    assert metrics["num_invalid"] == 1 and metrics["average_total_score"] == 3.5


def test_custom_criteria_and_field_mapping() -> None:
    reply = '{"readability": 4, "efficiency": 2, "reasoning": "slow"}'
    llm = ScriptedLLM([reply])
    judge = LLMJudgeEvaluator(
        llm=llm,
        criteria=[Criterion("readability", "easy to read?"), Criterion("efficiency", "fast?")],
        field_mapping={"problem": "code"},
    )
    result = judge.evaluate_single({"id": "c1", "code": "def f(): pass"})
    assert result["total_score"] == 3.0
    assert "Problem:\ndef f(): pass" in (llm.last_call.last_user_message or "")


def test_pass_and_excellent_rates() -> None:
    high = (
        GOOD.replace('"clarity": 4', '"clarity": 5')
        .replace('"difficulty_match": 2', '"difficulty_match": 5')
        .replace('"completeness": 3', '"completeness": 5')
    )
    batch = LLMJudgeEvaluator(llm=ScriptedLLM([high, GOOD])).evaluate_batch([PROBLEM, PROBLEM])
    assert batch["metrics"]["pass_rate"] == 1.0
    assert batch["metrics"]["excellent_rate"] == 0.5
