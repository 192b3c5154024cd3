"""Offline tests of TripBudget: a scripted model stands in for the real one.

Run them with ``python -m pytest`` in this folder.
"""

from __future__ import annotations

from pathlib import Path

import app

from hello_agents.testing import ScriptedLLM, reply, tool_call, tool_calls


def test_the_converter_uses_the_sample_rates() -> None:
    registry = app.build_tools()
    result = registry.execute_tool(
        "convert_currency", '{"amount": 120, "from_currency": "eur", "to_currency": "CNY"}'
    )
    assert result == "120 EUR = 936.00 CNY"


def test_an_unknown_currency_comes_back_to_the_model_as_an_error() -> None:
    result = app.build_tools().execute(
        "convert_currency", '{"amount": 5, "from_currency": "XYZ", "to_currency": "EUR"}'
    )
    assert not result.ok and "the known ones are CNY, EUR, GBP, JPY, USD" in result.content


def test_the_agent_converts_then_adds_with_a_trace(tmp_path: Path) -> None:
    llm = ScriptedLLM(
        [
            tool_calls(
                tool_call(
                    "convert_currency",
                    {"amount": 54, "from_currency": "USD", "to_currency": "EUR"},
                )
            ),
            tool_calls(tool_call("python_calculator", {"input": "50 + 30"})),
            reply("Your day costs 80 EUR."),
        ]
    )
    trace = tmp_path / "run.html"
    question = "The hotel is 54 USD and dinner 30 EUR: how much in EUR?"
    answer = app.ask(app.build_agent(llm), question, trace_file=trace)
    assert answer == "Your day costs 80 EUR."
    tool_results = [m["content"] for m in llm.calls[-1].messages if m["role"] == "tool"]
    assert tool_results == ["54 USD = 50.00 EUR", "80"]
    page = trace.read_text(encoding="utf-8")
    assert "convert_currency" in page and "python_calculator" in page


def test_the_evaluation_scores_the_stand_in_model() -> None:
    scores = app.evaluate(app.scripted_llm)
    assert scores["total"] == 4
    assert scores["accuracy"] == 1.0, scores


def test_the_evaluation_catches_a_model_that_guesses() -> None:
    scores = app.evaluate(lambda: ScriptedLLM([reply("About 7 of them.")]))
    assert scores["correct"] == 0
