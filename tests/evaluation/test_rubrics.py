"""Rubric templates and the Universal judge and win-rate evaluators (chapter 12, examples 10-11)."""

from __future__ import annotations

import json

import pytest

from hello_agents.evaluation import EvaluationConfig
from hello_agents.testing import ScriptedLLM

CODE_ITEM = {
    "id": "code_001",
    "code": "def double(x):\n    return 2 * x",
    "expected_output": "Doubles a number",
    "context": "A one-liner",
}


def test_the_tutorials_import_paths_reach_the_same_classes() -> None:
    from hello_agents import UniversalLLMJudgeEvaluator, UniversalWinRateEvaluator
    from hello_agents.evaluation import rubrics
    from hello_agents.evaluation.benchmarks.data_generation_Universal.evaluation_config import (
        EvaluationConfig as TutorialConfig,
    )

    assert TutorialConfig is EvaluationConfig
    assert UniversalLLMJudgeEvaluator is rubrics.UniversalLLMJudgeEvaluator
    assert UniversalWinRateEvaluator is rubrics.UniversalWinRateEvaluator


def test_templates_name_their_dimensions_and_an_unknown_one_says_which_exist() -> None:
    assert EvaluationConfig.load_template("code").get_dimension_names() == [
        "correctness",
        "robustness",
        "efficiency",
        "readability",
        "style_compliance",
    ]
    assert "originality" in EvaluationConfig.load_template("math").get_dimension_names()
    with pytest.raises(ValueError, match="use one of aime, code, math"):
        EvaluationConfig.load_template("poetry")


def test_the_judge_scores_the_templates_dimensions_on_mapped_fields() -> None:
    from hello_agents import UniversalLLMJudgeEvaluator

    config = EvaluationConfig.load_template("code")
    reply = {name: 4 for name in config.get_dimension_names()} | {"reasoning": "Fine."}
    llm = ScriptedLLM([json.dumps(reply)])
    evaluator = UniversalLLMJudgeEvaluator(
        llm=llm,
        eval_config=config,
        field_mapping={"problem": "code", "answer": "expected_output"},
    )
    result = evaluator.evaluate_single(CODE_ITEM)
    assert list(result["scores"]) == config.get_dimension_names()
    assert f"{result['total_score']:.2f}" == "4.00"
    prompt = llm.last_call.last_user_message or ""
    assert "Problem:\ndef double(x)" in prompt and "Answer:\nDoubles a number" in prompt
    assert "style_compliance" in prompt


def test_the_win_rate_judge_weighs_the_templates_dimensions() -> None:
    from hello_agents import UniversalWinRateEvaluator

    llm = ScriptedLLM(['{"winner": "A"}', '{"winner": "B"}'])
    evaluator = UniversalWinRateEvaluator(
        llm=llm, eval_config=EvaluationConfig.load_template("math")
    )
    generated = [{"id": "g1", "problem": "1+1?", "answer": "2"}]
    reference = [{"id": "r1", "problem": "2+2?", "answer": "4"}]
    result = evaluator.evaluate_win_rate(generated, reference, num_comparisons=2)
    assert (result["wins"], result["ties"], result["losses"]) == (1, 0, 0)
    assert "originality" in (llm.calls[0].last_user_message or "")
