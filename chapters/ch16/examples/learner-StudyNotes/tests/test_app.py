"""Offline tests of StudyNotes: a scripted model stands in for the real one.

Run them with ``python -m pytest`` in this folder.
"""

from __future__ import annotations

from pathlib import Path

import app

from hello_agents.testing import ScriptedLLM, reply, tool_call, tool_calls


def test_every_note_is_searchable() -> None:
    registry = app.build_tools()
    found = registry.execute_tool(
        "rag", '{"action": "search", "query": "What do mitochondria produce?", "limit": 1}'
    )
    assert "[1] cells" in found and "ATP" in found
    assert sorted(path.stem for path in app.NOTES.glob("*.md")) == [
        "cells",
        "newton",
        "photosynthesis",
        "water-cycle",
    ]


def test_the_agent_searches_then_answers_citing_the_note(tmp_path: Path) -> None:
    llm = ScriptedLLM(
        [
            tool_calls(tool_call("rag", {"action": "search", "query": "mitochondria"})),
            reply("Mitochondria produce ATP. [cells]"),
        ]
    )
    trace = tmp_path / "run.html"
    answer = app.ask(app.build_agent(llm), "What do mitochondria produce?", trace_file=trace)
    assert answer == "Mitochondria produce ATP. [cells]"
    tool_message = llm.calls[-1].messages[-1]
    assert tool_message["role"] == "tool" and "ATP" in tool_message["content"]
    assert "rag" in trace.read_text(encoding="utf-8")


def test_the_stand_in_says_when_the_notes_do_not_cover_a_question() -> None:
    agent = app.build_agent(app.scripted_llm())
    assert app.ask(agent, "Who painted the Mona Lisa?") == app.NOT_COVERED


def test_the_evaluation_scores_the_stand_in_model() -> None:
    scores = app.evaluate(app.scripted_llm)
    assert scores["total"] == 5
    assert scores["accuracy"] == 1.0, scores


def test_the_evaluation_catches_a_model_that_answers_from_memory() -> None:
    scores = app.evaluate(lambda: ScriptedLLM([reply("I think it is 42.")]))
    assert scores["correct"] == 0
