"""The tutorial's evaluators and tools, called as the chapter's scripts call them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hello_agents import SimpleAgent
from hello_agents.evaluation import BFCLDataset, BFCLEvaluator, GAIAEvaluator
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import BFCLEvaluationTool, GAIAEvaluationTool, LLMJudgeTool, WinRateTool

SIMPLE_REPLIES = [
    '[{"name": "calculate_triangle_area", "arguments": {"base": 10, "height": 5}}]',
    "```python\nmath.factorial(number=5)\n```",
    '[{"name": "math.hypot", "arguments": {"x": 4, "y": 5}}]',
    '[{"name": "algebra.quadratic_roots", "arguments": {"a": 1, "b": 3, "c": 2}}]',  # b is wrong
    '{"name": "get_weather", "arguments": {"city": "Beijing"}}',
]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the tools write their files under the current directory


def test_bfcl_tool_as_the_quick_start_calls_it(tmp_path: Path) -> None:
    agent = SimpleAgent(name="TestAgent", llm=ScriptedLLM(SIMPLE_REPLIES))
    results = BFCLEvaluationTool().run(agent=agent, category="simple_python", max_samples=5)
    assert (results["correct_samples"], results["total_samples"]) == (4, 5)
    assert results["overall_accuracy"] == results["accuracy"] == 0.8
    assert results["category_metrics"]["simple"]["correct"] == 4
    wrong = results["detailed_results"][3]
    assert wrong["check"].startswith("value_error") and "'b'" in wrong["check"]
    assert list((tmp_path / "evaluation_reports").glob("bfcl_report_*.md"))
    exported = Path(results["export_file"]).read_text().splitlines()
    assert json.loads(exported[1]) == {
        "id": "simple_1",
        "result": [{"math.factorial": {"number": 5}}],
    }


def test_the_agent_sees_the_functions_and_starts_fresh_each_sample() -> None:
    llm = ScriptedLLM(SIMPLE_REPLIES[:2])
    agent = SimpleAgent(name="TestAgent", llm=llm)
    BFCLEvaluator(BFCLDataset(category="simple")).evaluate(agent, max_samples=2)
    second = llm.calls[1].messages
    assert [m["role"] for m in second] == ["user"]  # no history from the first sample
    assert "math.factorial" in second[0]["content"] and "JSON list" in second[0]["content"]


def test_bfcl_tool_through_the_tool_contract_returns_text() -> None:
    agent = SimpleAgent(name="TestAgent", llm=ScriptedLLM(["[]"]))
    text = BFCLEvaluationTool().run({"agent": agent, "category": "irrelevance", "max_samples": 1})
    assert json.loads(text)["correct_samples"] == 1
    assert BFCLEvaluationTool().run({"category": "simple"}).startswith("Error: pass the agent")


def test_gaia_tool_as_the_quick_start_calls_it_with_both_key_names(tmp_path: Path) -> None:
    replies = ["I multiply.\nFINAL ANSWER: 1,750 grams", "FINAL ANSWER: Canberra"]
    agent = SimpleAgent(name="TestAgent", llm=ScriptedLLM(replies))
    results = GAIAEvaluationTool().run(
        agent=agent, level=1, max_samples=2, export_results=True, generate_report=True
    )
    assert results["exact_matches"] == results["correct_samples"] == 1
    assert results["partial_matches"] == 2 and results["partial_match_rate"] == 1.0
    assert results["exact_match_rate"] == results["accuracy"] == 0.5
    assert results["level_metrics"]["Level_1"]["total"] == 2
    lines = Path(results["export_file"]).read_text().splitlines()
    assert json.loads(lines[1]) == {
        "task_id": "gaia_style_02",
        "model_answer": "Canberra",
        "reasoning_trace": "FINAL ANSWER: Canberra",
    }
    assert list((tmp_path / "evaluation_reports").glob("gaia_report_*.md"))


def test_a_failing_agent_counts_as_wrong_and_the_run_goes_on() -> None:
    llm = ScriptedLLM([RuntimeError("model down"), "FINAL ANSWER: Canberra"])
    results = GAIAEvaluator(level=1).evaluate(SimpleAgent(name="a", llm=llm), max_samples=2)
    first, second = results["detailed_results"]
    assert "model down" in first["error"] and not first["exact_match"]
    assert second["exact_match"]


def test_judge_and_win_rate_tools_write_their_files(tmp_path: Path) -> None:
    generated = tmp_path / "generated.json"
    generated.write_text(json.dumps([{"problem": "p", "answer": 4, "solution": "s"}]))
    reference = tmp_path / "reference.jsonl"
    reference.write_text(json.dumps({"problem": "q", "answer": 5}) + "\n")
    scores = {"correctness": 4, "clarity": 4, "difficulty_match": 3, "completeness": 5}
    verdict = json.dumps({**scores, "reasoning": "ok"})
    judged = json.loads(
        LLMJudgeTool(ScriptedLLM([verdict])).run({"generated_data_path": str(generated)})
    )
    assert judged["status"] == "success" and judged["metrics"]["average_total_score"] == 4.0
    assert Path(judged["report_file"]).read_text().startswith("# LLM judge report")
    llm = ScriptedLLM(['{"winner": "A"}', '{"winner": "B"}'])
    compared = json.loads(
        WinRateTool(llm).run(
            {"generated_data_path": str(generated), "reference_data_path": str(reference)}
        )
    )
    assert compared["metrics"]["win_rate"] == 1.0
    missing = json.loads(WinRateTool(llm).run({"generated_data_path": str(generated)}))
    assert missing["status"] == "error" and "needs data_path" in missing["error"]
