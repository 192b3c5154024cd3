"""``hello-agents eval``: a report at the end, clear errors, and a run that survives a kill."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from hello_agents.cli import main
from hello_agents.core.message import TokenUsage
from hello_agents.testing import FakeOpenAIServer, ScriptedReply


def dataset(path: Path, count: int) -> Path:
    lines = [
        {
            "id": f"t{i}",
            "question": f"What is {i} + {i}?",
            "expected": str(2 * i),
            "match": "number",
            "category": "sums" if i % 2 else "more sums",
        }
        for i in range(count)
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def number_in(body: dict[str, Any]) -> int:
    question = next(m["content"] for m in reversed(body["messages"]) if m["role"] == "user")
    return int(question.split()[2])


def doubling(body: dict[str, Any]) -> ScriptedReply:
    return ScriptedReply(content=f"{2 * number_in(body)}", usage=TokenUsage(7, 2))


def test_eval_prints_progress_and_writes_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = dataset(tmp_path / "sums.jsonl", 4)
    results = tmp_path / "run" / "results.jsonl"
    with FakeOpenAIServer(responder=doubling) as server:
        code = main(
            [
                "eval",
                str(data),
                "--agent",
                "simple",
                "--base-url",
                server.base_url,
                "--model",
                "m",
                "--results",
                str(results),
                "--concurrency",
                "2",
            ]
        )
    out = capsys.readouterr().out
    assert code == 0
    assert "[4/4]" in out and "accuracy: 100.0% (4/4)" in out and "tokens: 36" in out
    report = (tmp_path / "run" / "report.md").read_text()
    assert (
        "| more sums | 2 | 2 | 100.0% |" in report
        and "![latency distribution](latency.svg)" in report
    )
    assert len(results.read_text().splitlines()) == 4


def test_a_malformed_dataset_names_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = dataset(tmp_path / "bad.jsonl", 2)
    data.write_text(data.read_text() + '{"id": "t9", "question": "q"}\n')
    code = main(["eval", str(data), "--base-url", "http://127.0.0.1:9/v1"])
    assert code == 1
    assert "bad.jsonl:3: an answer task needs 'expected'" in capsys.readouterr().err


def test_an_unknown_tool_in_a_task_is_a_clear_error(tmp_path: Path) -> None:
    data = tmp_path / "tools.jsonl"
    data.write_text(
        json.dumps({"id": "x", "question": "q", "expected": "1", "tools": ["weather"]}) + "\n"
    )
    with FakeOpenAIServer(responder=doubling) as server:
        code = main(
            [
                "eval",
                str(data),
                "--base-url",
                server.base_url,
                "--results",
                str(tmp_path / "r.jsonl"),
            ]
        )
    assert code == 1


def test_a_killed_run_resumes_without_running_a_finished_task_again(tmp_path: Path) -> None:
    data = dataset(tmp_path / "sums.jsonl", 6)
    results = tmp_path / "results.jsonl"
    reached, release = threading.Event(), threading.Event()
    asked: list[int] = []

    def hold_the_fourth(body: dict[str, Any]) -> ScriptedReply:
        number = number_in(body)
        asked.append(number)
        if number == 3 and not release.is_set():
            reached.set()
            release.wait(30)  # the run is killed while this task is in flight
        return doubling(body)

    command = [
        sys.executable,
        "-m",
        "hello_agents",
        "eval",
        str(data),
        "--agent",
        "simple",
        "--concurrency",
        "1",
        "--results",
        str(results),
        "--model",
        "m",
    ]
    environment = {**os.environ, "HELLO_AGENTS_NO_DOTENV": "1"}
    with FakeOpenAIServer(responder=hold_the_fourth) as server:
        first = subprocess.Popen(
            [*command, "--base-url", server.base_url],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        try:
            assert reached.wait(60), "the run never reached the fourth task"
            done_before_kill = [json.loads(line)["id"] for line in results.read_text().splitlines()]
            first.send_signal(signal.SIGKILL)
            first.wait(30)
        finally:
            release.set()
            first.kill()
        asked_in_first_run = list(asked)
        second = subprocess.run(
            [*command, "--base-url", server.base_url],
            env=environment,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert second.returncode == 0, second.stderr
    assert done_before_kill == ["t0", "t1", "t2"]
    assert asked_in_first_run == [0, 1, 2, 3]
    assert asked[len(asked_in_first_run) :] == [3, 4, 5]  # only the unfinished tasks, once each
    ids = [json.loads(line)["id"] for line in results.read_text().splitlines()]
    assert sorted(ids) == [f"t{i}" for i in range(6)]  # none lost, none twice
    assert "accuracy: 100.0% (6/6)" in second.stdout


def test_the_battery_runs_with_its_typed_tools(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    offered: list[set[str]] = []

    def answer(body: dict[str, Any]) -> ScriptedReply:
        offered.append({tool["function"]["name"] for tool in body.get("tools", [])})
        return ScriptedReply(content="It is 25.")

    argv = ["eval", "local_battery", "--agent", "function", "--tool-call-strategy", "native"]
    argv += [
        "--category",
        "typed",
        "--limit",
        "1",
        "--tools-from",
        "benchmarks.local_tasks:TYPED_TOOLS",
    ]
    with FakeOpenAIServer(responder=answer) as server:
        code = main(
            [
                *argv,
                "--base-url",
                server.base_url,
                "--model",
                "m",
                "--results",
                str(tmp_path / "r.jsonl"),
            ]
        )
    assert code == 0
    nine = {"convert_units", "lookup_employee", "fruit_price", "multiply", "days_between"}
    assert offered[0] >= nine and len(offered[0]) == 9  # all typed tools, as the benchmark offers
    assert "accuracy: 100.0% (1/1)" in capsys.readouterr().out
