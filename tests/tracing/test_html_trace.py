"""The HTML trace: every paradigm's run recorded from its hooks and rendered, escaped."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from _tracing_runs import HOSTILE, PARADIGMS, SECRET, Page, function_agent, react_agent

from hello_agents.agents.react_agent import ReActAgent
from hello_agents.cli import main
from hello_agents.core.exceptions import AgentArgumentError, LLMTimeoutError
from hello_agents.testing import FakeOpenAIServer, Fault, ScriptedLLM
from hello_agents.tools.registry import ToolRegistry
from hello_agents.tracing import TraceRecorder, trace_run, write_html_trace
from hello_agents.tracing.html import SCRIPT


@pytest.mark.parametrize("paradigm", sorted(PARADIGMS))
def test_every_paradigm_renders_its_calls_and_steps(paradigm: str, tmp_path: Path) -> None:
    agent = PARADIGMS[paradigm]()
    with trace_run(agent) as recorder:
        agent.run("What is 2 + 3?")
    path = write_html_trace(recorder, tmp_path / "run.html")
    text = path.read_text(encoding="utf-8")
    page = Page(text)
    result = agent.last_result
    assert result is not None
    assert page.kinds.count("run") == 1
    assert page.kinds.count("model-call") == len(agent.llm.calls)  # type: ignore[attr-defined]
    assert page.kinds.count("step") == len(result.steps)
    # one script, ours; nothing loaded from anywhere
    assert page.scripts == [SCRIPT]
    assert page.urls == []
    assert "<script>alert" not in text and SECRET not in text
    assert "default-src 'none'" in text


def test_react_trace_shows_the_retry_tokens_tool_and_hostile_text_escaped(tmp_path: Path) -> None:
    agent = react_agent()
    with trace_run(agent) as recorder:
        answer = agent.run("What is 2 + 3?")
    assert HOSTILE in answer
    run = recorder.last_run
    assert run is not None
    kinds = [type(entry).__name__ for entry in run.entries]
    assert kinds == [
        "ModelCallRecord",
        "ParseErrorRecord",
        "ModelCallRecord",
        "ToolCallRecord",
        "ModelCallRecord",
    ]
    assert run.tool_calls[0].tool == "add" and run.tool_calls[0].content == "5"
    assert (run.model_calls[1].input_tokens, run.model_calls[1].output_tokens) == (40, 12)
    text = recorder.to_html()
    page = Page(text)
    assert page.kinds.count("parse-error") == 1 and page.kinds.count("tool-call") == 1
    assert "tokens: 40 in / 12 out" in text
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "***" in text and SECRET not in text  # the key the model echoed is masked
    assert page.scripts == [SCRIPT]
    # the prompt of each call is there: the question and, later, the observation
    assert "What is 2 + 3?" in text and "Observation: 5" in text


def test_parallel_tool_calls_are_side_by_side(tmp_path: Path) -> None:
    agent = function_agent()
    with trace_run(agent) as recorder:
        agent.run("double 1 and 2")
    run = recorder.last_run
    assert run is not None
    assert [tool.call_id for tool in run.tool_calls] == ["call_a", "call_b", "call_c"]
    failed = run.tool_calls[2]
    assert failed.ok is False and failed.error_kind == "invalid_arguments"
    # the two slow calls overlapped in time: they did run in parallel
    first, second = run.tool_calls[:2]
    assert first.ended is not None and second.started < first.ended
    text = recorder.to_html()
    parallel = text.split('data-kind="parallel"', 1)[1].split('data-kind="model-call"', 1)[0]
    assert parallel.count('data-kind="tool-call"') == 3
    assert "invalid_arguments" in parallel


def test_a_failed_model_call_is_shown_with_its_error() -> None:
    error = LLMTimeoutError("the model did not answer in 30 s")
    agent = ReActAgent("react", ScriptedLLM([error]), ToolRegistry())
    with trace_run(agent) as recorder, pytest.raises(LLMTimeoutError):
        agent.run("hi")
    run = recorder.last_run
    assert run is not None and run.ended is None
    assert run.model_calls[0].error_type == "LLMTimeoutError"
    text = recorder.to_html()
    assert "failed" in text and "the model did not answer in 30 s" in text
    assert "unfinished" in text


def test_concurrent_async_runs_stay_apart() -> None:
    agents = [react_agent(), react_agent()]
    recorder = TraceRecorder(*agents)

    async def both() -> list[str]:
        return list(await asyncio.gather(*(agent.arun("q") for agent in agents)))

    asyncio.run(both())
    assert len(recorder.runs) == 2
    for run in recorder.runs:
        assert [type(e).__name__ for e in run.entries].count("ModelCallRecord") == 3
        assert len(run.tool_calls) == 1 and run.answer is not None
    recorder.detach()


def test_a_streamed_run_is_recorded_like_a_blocking_one() -> None:
    agent = function_agent()
    with trace_run(agent) as recorder:
        "".join(agent.stream_run("double 1 and 2"))
    run = recorder.last_run
    assert run is not None and len(run.model_calls) == 2 and len(run.tool_calls) == 3
    assert run.model_calls[1].output_tokens == 7


def test_a_run_inside_a_tool_follows_its_parent() -> None:
    inner = ReActAgent("inner", ScriptedLLM(["Action: Finish[deep]"]), ToolRegistry())
    registry = ToolRegistry()

    @registry.tool
    def ask_inner(question: str) -> str:
        """Ask the inner agent.

        Args:
            question: The question.
        """
        return inner.run(question)

    llm = ScriptedLLM(['Action: ask_inner[{"question": "q"}]', "Action: Finish[done]"])
    outer = ReActAgent("outer", llm, registry)
    with trace_run(outer, inner) as recorder:
        outer.run("go")
    outer_run, inner_run = recorder.runs
    assert inner_run.parent_run_id == outer_run.run_id
    text = recorder.to_html()
    assert text.index("run " + outer_run.run_id) < text.index("run " + inner_run.run_id)
    assert 'class="run child"' in text


def test_write_html_trace_from_an_agent_and_its_errors(tmp_path: Path) -> None:
    agent = react_agent()
    with pytest.raises(AgentArgumentError, match="TraceRecorder"):
        write_html_trace(agent, tmp_path / "none.html")
    agent.run("What is 2 + 3?")
    text = write_html_trace(agent, tmp_path / "steps.html").read_text(encoding="utf-8")
    page = Page(text)
    assert page.kinds.count("step") == 3
    assert SECRET not in text and "<script>alert" not in text


def test_after_the_block_nothing_more_is_recorded() -> None:
    agent = react_agent()
    with trace_run(agent) as recorder:
        pass
    agent.run("q")
    assert recorder.runs == []


def test_a_notebook_shows_the_page_in_a_sandboxed_frame() -> None:
    agent = react_agent()
    with trace_run(agent) as recorder:
        agent.run("q")
    frame = recorder._repr_html_()
    assert frame.startswith('<iframe sandbox="allow-scripts" srcdoc="&lt;!DOCTYPE html&gt;')
    page = Page(frame)
    assert page.scripts == [] and page.kinds == []  # all of the page is inside the attribute
    assert "<script>alert" not in frame and SECRET not in frame


def test_cli_run_with_trace_writes_the_page(
    fake_server: FakeOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add("Thought: multiply.\nAction: python_calculator[6 * 7]", "Action: Finish[42]")
    trace = tmp_path / "run.html"
    argv = ["run", "--agent", "react", "--base-url", fake_server.base_url, "6*7?"]
    assert main([*argv, "--trace", str(trace)]) == 0
    assert f"trace: {trace}" in capsys.readouterr().err
    page = Page(trace.read_text(encoding="utf-8"))
    assert page.kinds.count("model-call") == 2 and page.kinds.count("tool-call") == 1
    assert page.kinds.count("step") == 2


def test_cli_run_writes_the_trace_even_when_the_run_fails(
    fake_server: FakeOpenAIServer, tmp_path: Path
) -> None:
    fake_server.add(Fault.status(400))
    trace = tmp_path / "run.html"
    main(["run", "--base-url", fake_server.base_url, "q", "--trace", str(trace)])
    text = trace.read_text(encoding="utf-8")
    assert "failed" in text and "unfinished" in text
