"""The runner: concurrent for real, resumable, trajectories and tokens recorded, errors kept."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hello_agents.agents import FunctionCallAgent, SimpleAgent
from hello_agents.core.agent import Agent
from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.core.message import TokenUsage
from hello_agents.evaluation import EvalRunner, Task, load_tasks, read_results
from hello_agents.evaluation.report import summary, write_report
from hello_agents.testing import FakeOpenAIServer, Fault, ScriptedReply, tool_call, tool_calls
from hello_agents.tools.registry import ToolRegistry


def answer_tasks(count: int) -> list[Task]:
    return [
        Task.from_dict(
            {
                "id": f"t{i}",
                "question": f"What is {i} + {i}?",
                "expected": str(2 * i),
                "match": "number",
            }
        )
        for i in range(count)
    ]


def doubling(body: dict[str, Any]) -> ScriptedReply:
    """Answers 'What is i + i?' with 2i (and reports token usage)."""
    question = next(m["content"] for m in reversed(body["messages"]) if m["role"] == "user")
    number = int(question.split()[2])
    return ScriptedReply(content=f"It is {2 * number}.", usage=TokenUsage(10, 3))


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(responder=doubling) as running:
        yield running


def simple_factory(server: FakeOpenAIServer) -> Any:
    llm = HelloAgentsLLM(base_url=server.base_url, api_key="test-key", model="fake")

    def factory(task: Task, registry: ToolRegistry) -> Agent:
        return SimpleAgent("simple", llm)

    return factory


def test_results_are_scored_with_tokens_and_trajectories(
    server: FakeOpenAIServer, tmp_path: Path
) -> None:
    results = EvalRunner(simple_factory(server), tmp_path / "r.jsonl").run(answer_tasks(3))
    assert [r.id for r in results] == ["t0", "t1", "t2"] and all(r.correct for r in results)
    first = results[0]
    assert (first.prompt_tokens, first.completion_tokens, first.llm_calls) == (10, 3, 1)
    assert [e["event"] for e in first.trajectory] == [
        "run_start",
        "llm_start",
        "llm_end",
        "run_end",
    ]
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 3


def test_tasks_run_concurrently_on_the_server(tmp_path: Path) -> None:
    width = 4
    barrier = threading.Barrier(width, timeout=10)
    lock = threading.Lock()
    in_flight = {"now": 0, "most": 0}

    def meet(body: dict[str, Any]) -> ScriptedReply:
        # Each request waits until `width` requests are inside the server at once:
        # a runner that ran them one by one would break the barrier (timeout).
        with lock:
            in_flight["now"] += 1
            in_flight["most"] = max(in_flight["most"], in_flight["now"])
        barrier.wait()
        with lock:
            in_flight["now"] -= 1
        return doubling(body)

    with FakeOpenAIServer(responder=meet) as server:
        results = EvalRunner(simple_factory(server), concurrency=width).run(answer_tasks(2 * width))
    assert all(r.correct and r.error is None for r in results)
    assert in_flight["most"] == width


def test_a_run_resumes_from_its_results_file(server: FakeOpenAIServer, tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    tasks = answer_tasks(5)
    EvalRunner(simple_factory(server), path).run(tasks[:2])
    asked_before = len(server.chat_requests)
    results = EvalRunner(simple_factory(server), path).run(tasks)
    assert [r.id for r in results] == [t.id for t in tasks]
    assert len(server.chat_requests) - asked_before == 3  # only the three missing tasks
    ids = [json.loads(line)["id"] for line in path.read_text().splitlines()]
    assert sorted(ids) == [t.id for t in tasks]


def test_a_line_cut_by_a_kill_is_dropped_and_its_task_run_again(
    server: FakeOpenAIServer, tmp_path: Path
) -> None:
    path = tmp_path / "r.jsonl"
    EvalRunner(simple_factory(server), path).run(answer_tasks(2))
    whole = path.read_text()
    path.write_text(whole + whole.splitlines()[0][:25])  # a third line, cut mid-write
    results = EvalRunner(simple_factory(server), path).run(answer_tasks(3))
    assert sorted(r.id for r in read_results(path)) == ["t0", "t1", "t2"]
    assert [r.id for r in results] == ["t0", "t1", "t2"]  # returned in task order


def test_a_broken_line_in_the_middle_is_an_error(tmp_path: Path) -> None:
    from hello_agents.evaluation import ResultsFileError

    path = tmp_path / "r.jsonl"
    path.write_text('{"broken\n{"id": "x"}\n')
    with pytest.raises(ResultsFileError, match=r"r\.jsonl:1"):
        read_results(path)


def test_an_agent_error_is_recorded_not_raised() -> None:
    with FakeOpenAIServer([Fault.status(400, "bad request")]) as server:
        (result,) = EvalRunner(simple_factory(server)).run(answer_tasks(1))
    assert not result.correct and result.error is not None and "bad request" in result.error
    assert result.trajectory[-1]["event"] == "exception"


def test_function_calls_are_recorded_and_scored(tmp_path: Path) -> None:
    def calls_then_answers(body: dict[str, Any]) -> ScriptedReply:
        if any(m["role"] == "tool" for m in body["messages"]):
            return ScriptedReply(content="Done.")
        return tool_calls(tool_call("math_factorial", {"number": 5}))

    with FakeOpenAIServer(responder=calls_then_answers) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="k", model="m")

        def factory(task: Task, registry: ToolRegistry) -> Agent:
            return FunctionCallAgent("f", llm, None, None, registry, tool_call_strategy="native")

        tasks = [t for t in load_tasks("bfcl_sample") if t.id in ("simple_1", "simple_0")]
        first, second = EvalRunner(factory, concurrency=2).run(tasks)
        sent_tools = server.chat_requests[0].body["tools"]
    assert (first.id, first.correct, first.check.split(":")[0]) == ("simple_0", False, "wrong_name")
    assert second.correct and second.predicted == [
        {"name": "math.factorial", "arguments": {"number": 5}}
    ]
    assert {tool["function"]["name"] for tool in sent_tools} <= {
        "math_factorial",
        "calculate_triangle_area",
    }


def test_the_report_has_tables_and_plots(server: FakeOpenAIServer, tmp_path: Path) -> None:
    results = EvalRunner(simple_factory(server)).run(answer_tasks(4))
    report = write_report(results, tmp_path, details={"agent": "simple"})
    page = report.read_text()
    assert "## Accuracy by category" in page and "| default | 4 | 4 | 100.0% |" in page
    assert "## Latency" in page and "## Tokens" in page and "| 40 | 12 | 52 | 13.0 |" in page
    assert (tmp_path / "accuracy.svg").read_text().startswith("<svg")
    assert "<rect" in (tmp_path / "latency.svg").read_text()
    assert summary(results)["accuracy"] == 1.0
