"""The check for exercise 7 (extension): a ReflectionAgent that stops on a quality score."""

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

# ---- extension: ReflectionAgent that stops on a quality score ----------------------


def check_reflection_quality_stop(
    cls: type[Any], *, raise_on_failure: bool = True, case_timeout: float | None = None
) -> ConformanceReport:
    """Check the chapter's extension exercise: a ReflectionAgent whose reviewer
    gives a score (``SCORE: 8/10``) and which stops once the score reaches
    ``score_threshold``. Built as ``cls(name, llm, max_iterations=..., score_threshold=...)``.
    """

    def build(llm: ScriptedLLM, threshold: float = 8, rounds: int = 3) -> Any:
        return cls(name="checker", llm=llm, max_iterations=rounds, score_threshold=threshold)

    def stops_on_high_score() -> None:
        llm = ScriptedLLM(["Draft one.", "Clear and correct.\nSCORE: 9/10"])
        answer = build(llm).run("Explain recursion.")
        expect(
            len(llm.calls) == 2 and answer == "Draft one.",
            "a score of 9 (threshold 8) to stop after the first review, answering 'Draft one.'",
            f"{len(llm.calls)} calls, answer {short(answer)}",
            "read the score from the review and stop when it reaches the threshold.",
        )

    def refines_on_low_score() -> None:
        llm = ScriptedLLM(
            ["Draft one.", "Too vague.\nSCORE: 4/10", "Draft two.", "Much better.\nSCORE: 8/10"]
        )
        answer = build(llm).run("Explain recursion.")
        expect(
            len(llm.calls) == 4 and answer == "Draft two.",
            "a score of 4 to trigger a refinement, then 8 to stop, answering 'Draft two.'",
            f"{len(llm.calls)} calls, answer {short(answer)}",
        )
        expect(
            "Too vague." in request_text(llm.calls[2]),
            "the review's text in the refine request",
            short(request_text(llm.calls[2])),
        )

    def threshold_is_configurable() -> None:
        llm = ScriptedLLM(["Draft one.", "Good.\nSCORE: 9/10", "Draft two.", "SCORE: 10/10"])
        answer = build(llm, threshold=9.5).run("Explain recursion.")
        expect(
            answer == "Draft two." and len(llm.calls) == 4,
            "with score_threshold=9.5, a 9 to be not enough and a 10 to stop",
            f"{len(llm.calls)} calls, answer {short(answer)}",
        )

    def prompt_asks_for_score() -> None:
        llm = ScriptedLLM(["Draft one.", "SCORE: 10/10"])
        build(llm).run("Explain recursion.")
        sent = request_text(llm.calls[1])
        expect(
            "score" in sent.lower() and "Draft one." in sent,
            "the review request to show the draft and ask for a score",
            short(sent),
            "pass a reflect prompt that asks for a last line 'SCORE: <0-10>/10'.",
        )

    def missing_score_means_revise() -> None:
        llm = ScriptedLLM(["Draft one.", "Looks fine to me.", "Draft two.", "SCORE: 9/10"])
        answer = build(llm).run("Explain recursion.")
        expect(
            answer == "Draft two.",
            "a review without a score to count as 'not good enough yet'",
            short(answer),
        )

    def bounded_rounds() -> None:
        llm = ScriptedLLM(["Draft."] + ["SCORE: 2/10", "Draft."] * 2)
        build(llm, rounds=2).run("Explain recursion.")
        expect(
            len(llm.calls) == 5,
            "1 + 2 * max_iterations = 5 model calls with max_iterations=2",
            f"{len(llm.calls)} calls",
        )

    return run_cases(
        "reflection_quality_stop",
        cls,
        [
            Case(
                "a high score stops the loop",
                stops_on_high_score,
                "parse_critique: verdict 'done' when the score is >= score_threshold.",
                expected="a review with 'SCORE: 9/10' (threshold 8) ends the run with the first "
                "draft",
            ),
            Case(
                "a low score triggers a refinement",
                refines_on_low_score,
                "parse_critique: verdict 'revise' below the threshold; keep the review text as "
                "feedback.",
                expected="a review with 'SCORE: 4/10' leads to a refinement that sees the review",
            ),
            Case(
                "score_threshold is configurable",
                threshold_is_configurable,
                "compare with self.score_threshold, not a fixed number.",
                expected="with score_threshold=9.5, a 9 asks for a refinement and a 10 stops",
            ),
            Case(
                "the review prompt asks for a score",
                prompt_asks_for_score,
                "pass custom_prompts={'reflect': <a prompt asking for SCORE: n/10>} to the parent.",
                expected="the review request shows the draft and asks for a score",
            ),
            Case(
                "a review without a score does not stop the loop",
                missing_score_means_revise,
                "no score found means 'revise'.",
                expected="a review without a score leads to a refinement",
            ),
            Case(
                "max_iterations still bounds the loop",
                bounded_rounds,
                "keep the parent's loop: only parse_critique and the prompt change.",
                expected="5 model calls with max_iterations=2 when no score is good enough",
            ),
        ],
        raise_on_failure=raise_on_failure,
        case_timeout=case_timeout,
    )
