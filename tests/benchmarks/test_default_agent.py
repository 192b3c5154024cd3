"""benchmarks/default_agent.py: its questions that need no tool, scored on scripted runs."""

from __future__ import annotations

from _benchmark_modules import load

from hello_agents.testing import ScriptedLLM, tool_call, tool_calls

default_agent = load("default_agent")


def test_answers_that_name_the_fact_are_solved_and_others_are_not() -> None:
    llm = ScriptedLLM(
        [
            "The capital of Australia is Canberra.",
            "William Shakespeare wrote Hamlet.",
            "The chemical symbol for gold is Au.",
            tool_calls(tool_call("python_calculator", {"input": "2 + 2"})),
            "4",
        ]
    )
    solved, total, _ = default_agent.run_battery("function", llm, "no-tool")
    assert (solved, total) == (3, 4)
    llm.assert_all_used()


def test_a_react_run_is_scored_the_same_way() -> None:
    llm = ScriptedLLM(["Thought: I know it.\nAction: Finish[Jupiter]"] * 4)
    solved, total, _ = default_agent.run_battery("react", llm, "no-tool")
    assert (solved, total) == (1, 4)
