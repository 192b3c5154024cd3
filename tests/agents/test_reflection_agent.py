"""ReflectionAgent with the scripted LLM: loop, verdict corpus, prompts, hooks, async."""

from __future__ import annotations

import asyncio
import logging
import threading
from pathlib import Path

import pytest

from hello_agents import Config
from hello_agents.agents.reflection_agent import (
    DEFAULT_PROMPTS,
    INITIAL_PROMPT,
    NO_ANSWER_MESSAGE,
    REFLECT_PROMPT,
    Critique,
    ReflectionAgent,
)
from hello_agents.core.agent import HookEvent
from hello_agents.core.exceptions import AgentException
from hello_agents.testing import ScriptedLLM

TASK = "Explain in two sentences why the sky is blue."
DRAFT = "The sky is blue because of the ocean."
REVIEW = "The ocean claim is wrong: it is Rayleigh scattering.\nVERDICT: REVISE"
BETTER = "Air molecules scatter short blue wavelengths more than red ones (Rayleigh scattering)."
APPROVAL = "Accurate and concise.\nVERDICT: DONE"


def test_happy_path_revises_once_then_stops_on_done() -> None:
    llm = ScriptedLLM([DRAFT, REVIEW, BETTER, APPROVAL])
    agent = ReflectionAgent("reflect", llm)
    result = agent.run_detailed(TASK)
    assert result.answer == BETTER
    assert result.drafts == [DRAFT, BETTER]
    assert [c.verdict for c in result.critiques] == ["revise", "done"]
    assert result.stopped_reason == "approved"
    assert DRAFT in (llm.calls[1].last_user_message or "")
    refine_request = llm.calls[2].last_user_message or ""
    assert "Rayleigh scattering." in refine_request and "VERDICT" not in refine_request
    llm.assert_all_used()


def test_run_returns_the_final_draft_and_keeps_the_result() -> None:
    agent = ReflectionAgent("reflect", ScriptedLLM([DRAFT, APPROVAL]))
    assert agent.run(TASK) == DRAFT
    assert agent.last_result is not None and agent.last_result.drafts == [DRAFT]


def test_stops_after_max_iterations_with_the_last_refinement() -> None:
    llm = ScriptedLLM(["d0", REVIEW, "d1", REVIEW, "d2"])
    result = ReflectionAgent("r", llm, max_iterations=2).run_detailed(TASK)
    assert (result.answer, result.stopped_reason, result.model_calls) == ("d2", "max_iterations", 5)
    llm.assert_all_used()


def test_zero_iterations_is_one_plain_answer() -> None:
    llm = ScriptedLLM([DRAFT])
    assert ReflectionAgent("r", llm, max_iterations=0).run(TASK) == DRAFT
    with pytest.raises(ValueError, match="max_iterations"):
        ReflectionAgent("r", llm, max_iterations=-1)


def test_custom_prompts_replace_all_three() -> None:
    prompts = {
        "initial": "WRITE {task}",
        "reflect": "CHECK {task} :: {content} -> end with VERDICT: DONE or VERDICT: REVISE",
        "refine": "FIX {task} :: {last_attempt} :: {feedback}",
    }
    llm = ScriptedLLM(["v1", "bad\nVERDICT: REVISE", "v2", "VERDICT: DONE"])
    ReflectionAgent("r", llm, custom_prompts=prompts).run("haiku")
    sent = [call.last_user_message for call in llm.calls]
    assert sent == [
        "WRITE haiku",
        "CHECK haiku :: v1 -> end with VERDICT: DONE or VERDICT: REVISE",
        "FIX haiku :: v1 :: bad",
        "CHECK haiku :: v2 -> end with VERDICT: DONE or VERDICT: REVISE",
    ]


def test_partial_custom_prompts_merge_with_the_defaults() -> None:
    llm = ScriptedLLM(["v1", APPROVAL])
    agent = ReflectionAgent("r", llm, custom_prompts={"initial": 'Code for {task}; JSON {"a": 1}'})
    agent.run("a parser")
    assert llm.calls[0].last_user_message == 'Code for a parser; JSON {"a": 1}'
    assert agent.prompts["reflect"] == REFLECT_PROMPT
    assert "VERDICT: DONE" in (llm.calls[1].last_user_message or "")


def test_template_missing_a_placeholder_is_an_error() -> None:
    with pytest.raises(AgentException, match=r"'refine' is missing \{feedback\}"):
        ReflectionAgent("r", ScriptedLLM(), custom_prompts={"refine": "{task} {last_attempt}"})


def test_unknown_template_key_is_an_error() -> None:
    with pytest.raises(AgentException, match="unknown prompt name"):
        ReflectionAgent("r", ScriptedLLM(), custom_prompts={"critique": "{task}"})


def test_reflect_prompt_without_a_verdict_is_warned_about(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="hello_agents"):
        ReflectionAgent("r", ScriptedLLM(), custom_prompts={"reflect": "{task} {content}"})
    assert "never mentions VERDICT" in caplog.text


def test_a_custom_critique_parser_is_not_warned_about_verdicts(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class ScoreAgent(ReflectionAgent):
        def parse_critique(self, text: str) -> Critique:
            done = "score: 10" in text.lower()
            return Critique(text, text, "done" if done else "revise", marker_found=True)

    llm = ScriptedLLM(["draft", "Score: 10"])
    with caplog.at_level(logging.WARNING, logger="hello_agents"):
        agent = ScoreAgent("r", llm, custom_prompts={"reflect": "Score 1-10: {task} {content}"})
        assert agent.run("task") == "draft"
    assert "never mentions VERDICT" not in caplog.text


def test_system_prompt_reaches_every_call() -> None:
    llm = ScriptedLLM(["d", REVIEW, "d2", APPROVAL])
    ReflectionAgent("r", llm, system_prompt="Answer in French.").run(TASK)
    assert [call.system_prompt for call in llm.calls] == ["Answer in French."] * 4


def test_config_and_run_keywords_set_model_parameters() -> None:
    llm = ScriptedLLM(["d", APPROVAL, "d", APPROVAL])
    agent = ReflectionAgent("r", llm, config=Config(temperature=0.1, max_tokens=50))
    agent.run(TASK)
    assert {(c.request["temperature"], c.request["max_tokens"]) for c in llm.calls} == {(0.1, 50)}
    agent.run(TASK, temperature=0.9, session_id="abc", verbose=True)
    assert llm.calls[-1].request["temperature"] == 0.9
    assert "session_id" not in llm.calls[-1].request and "verbose" not in llm.calls[-1].request


def test_history_keeps_the_turn_within_bounds() -> None:
    llm = ScriptedLLM(["a1", APPROVAL, "a2", APPROVAL, "a3", APPROVAL])
    agent = ReflectionAgent("r", llm, config=Config(max_history_length=2))
    for question in ("q1", "q2", "q3"):
        agent.run(question)
    assert [(m.role, m.content) for m in agent.get_history()] == [
        ("user", "q3"),
        ("assistant", "a3"),
    ]
    assert [m["content"] for m in llm.calls[-1].messages[:2]] == ["q2", "a2"]


def test_hooks_see_the_run_and_a_raising_handler_does_not_break_it() -> None:
    llm = ScriptedLLM([DRAFT, "Better cite the physics.", BETTER, APPROVAL])
    agent = ReflectionAgent("r", llm)
    events: list[HookEvent] = []
    for name in ("run_start", "run_end", "llm_start", "llm_end", "parse_error"):
        agent.hooks.on(name, events.append)  # type: ignore[arg-type]

    def broken(event: HookEvent) -> None:
        raise RuntimeError("tracer down")

    agent.hooks.on("llm_end", broken)
    assert agent.run(TASK) == BETTER
    names = [event.name for event in events]
    assert names[0] == "run_start" and names[-1] == "run_end"
    assert names.count("llm_start") == names.count("llm_end") == 4
    assert names.count("parse_error") == 1
    assert events[-1].data["output"] == BETTER
    assert events[-1].data["result"].stopped_reason == "approved"


def test_arun_calls_the_model_asynchronously_in_the_event_loop() -> None:
    llm = ScriptedLLM([DRAFT, REVIEW, BETTER, APPROVAL])
    agent = ReflectionAgent("r", llm, system_prompt="Be precise.")
    threads: set[int] = set()
    agent.hooks.on("llm_start", lambda event: threads.add(threading.get_ident()))
    answer = asyncio.run(agent.arun(TASK))
    assert answer == BETTER
    assert threads == {threading.get_ident()}  # no worker thread: real async calls
    assert [call.system_prompt for call in llm.calls] == ["Be precise."] * 4
    assert [m.content for m in agent.get_history()] == [TASK, BETTER]


# ---- corpus: what models write at the end of a review --------------------------------

STOPS = [
    "Good.\nVERDICT: DONE",
    "Good.\nverdict: done",
    "Good.\n**VERDICT: DONE**",
    "Good.\n**Verdict:** Done.",
    "Good.\n`VERDICT: DONE`",
    "Good.\n## Final verdict - [DONE]",
    "Good.\n- VERDICT：DONE",
    "Good.\n\nVERDICT: DONE\n\n",
    "VERDICT: REVISE\nOn second thought it is fine.\nVERDICT: DONE",
]

REVISES = [
    "Looks great, there is no need for improvement.",
    "无需改进",
    "Once you fix the date it will be done.",
    "VERDICT: DONE once you fix the date",
    "I would say VERDICT: DONE if it cited a source.",
    "VERDICT: MAYBE",
    "VERDICT: DONE\nActually no, the date is wrong.\nVERDICT: REVISE",
    "<think>VERDICT: DONE</think>The date is wrong.",
    "",
]


@pytest.mark.parametrize("review", STOPS)
def test_corpus_explicit_done_markers_stop(review: str) -> None:
    llm = ScriptedLLM([DRAFT, review])
    result = ReflectionAgent("r", llm).run_detailed(TASK)
    assert (result.answer, result.stopped_reason) == (DRAFT, "approved")
    llm.assert_all_used()


@pytest.mark.parametrize("review", REVISES)
def test_corpus_anything_else_means_revise(review: str) -> None:
    llm = ScriptedLLM([DRAFT, review, BETTER])
    result = ReflectionAgent("r", llm, max_iterations=1).run_detailed(TASK)
    assert (result.answer, result.critiques[0].verdict) == (BETTER, "revise")
    llm.assert_all_used()


@pytest.mark.parametrize(
    ("review", "marker_found"),
    [("Wrong date.\nVERDICT: REVISE", True), ("Wrong date.", False), ("", False)],
)
def test_corpus_missing_marker_is_a_parse_error(review: str, marker_found: bool) -> None:
    agent = ReflectionAgent("r", ScriptedLLM([DRAFT, review, BETTER]), max_iterations=1)
    errors: list[HookEvent] = []
    agent.hooks.on("parse_error", errors.append)
    critique = agent.run_detailed(TASK).critiques[0]
    assert critique == Critique(review, critique.feedback, "revise", marker_found)
    assert len(errors) == (0 if marker_found else 1)


def test_corpus_empty_refinement_keeps_the_previous_draft() -> None:
    llm = ScriptedLLM([DRAFT, REVIEW, "   "])
    assert ReflectionAgent("r", llm, max_iterations=1).run(TASK) == DRAFT


def test_corpus_all_drafts_empty_ends_with_a_clear_message() -> None:
    llm = ScriptedLLM(["", "There is no answer.\nVERDICT: REVISE", ""])
    assert ReflectionAgent("r", llm, max_iterations=1).run(TASK) == NO_ANSWER_MESSAGE


def test_corpus_thinking_blocks_are_removed_from_drafts() -> None:
    llm = ScriptedLLM([f"<think>Blue... ocean?</think>\n{DRAFT}", APPROVAL])
    assert ReflectionAgent("r", llm).run(TASK) == DRAFT
    assert "<think>" not in (llm.calls[1].last_user_message or "")


def test_default_initial_prompt_names_the_task() -> None:
    llm = ScriptedLLM([DRAFT, APPROVAL])
    ReflectionAgent("r", llm).run(TASK)
    assert llm.calls[0].last_user_message == INITIAL_PROMPT.replace("{task}", TASK)


def test_the_guide_shows_the_default_prompts_verbatim() -> None:
    guide = (Path(__file__).parents[2] / "docs" / "agents-reflection-plan.md").read_text("utf-8")
    assert all(template in guide for template in DEFAULT_PROMPTS.values())
