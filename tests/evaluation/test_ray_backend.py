"""The Ray backend on a local Ray instance: tasks really fan out to workers, results resume."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hello_agents.evaluation import Task, read_results
from hello_agents.testing import FakeOpenAIServer, ScriptedReply

ray = pytest.importorskip("ray", reason='needs Ray: pip install "hello-agents[ray]"')

from hello_agents.evaluation.ray_backend import AgentSpec, RayEvalRunner  # noqa: E402

pytestmark = pytest.mark.integration


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
    question = next(m["content"] for m in reversed(body["messages"]) if m["role"] == "user")
    return ScriptedReply(content=str(2 * int(question.split()[2])))


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_tasks_run_in_parallel_workers_and_resume(local_ray: None, tmp_path: Path) -> None:
    barrier = threading.Barrier(2, timeout=60)
    seen: list[str] = []

    def meet(body: dict[str, Any]) -> ScriptedReply:
        seen.append(body["messages"][-1]["content"])
        barrier.wait()  # two workers must be inside the server at once
        return doubling(body)

    path = tmp_path / "results.jsonl"
    with FakeOpenAIServer(responder=meet) as server:
        spec = AgentSpec("simple", base_url=server.base_url, model="fake")
        first = RayEvalRunner(spec, path, concurrency=2).run(answer_tasks(4))
        assert all(result.correct for result in first)
        asked = len(seen)
        everything = RayEvalRunner(spec, path, concurrency=2).run(answer_tasks(6))
    assert [r.id for r in everything] == [f"t{i}" for i in range(6)]
    assert len(seen) - asked == 2  # only the two new tasks ran
    assert sorted(r.id for r in read_results(path)) == [f"t{i}" for i in range(6)]


def test_the_cli_runs_on_ray(
    local_ray: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hello_agents.cli import main

    data = tmp_path / "sums.jsonl"
    data.write_text("".join(task_line(task) for task in answer_tasks(3)))
    with FakeOpenAIServer(responder=doubling) as server:
        argv = [
            "eval",
            str(data),
            "--agent",
            "simple",
            "--backend",
            "ray",
            "--base-url",
            server.base_url,
        ]
        code = main([*argv, "--model", "m", "--results", str(tmp_path / "r.jsonl")])
    assert code == 0
    assert "accuracy: 100.0% (3/3)" in capsys.readouterr().out


def task_line(task: Task) -> str:
    import json

    return json.dumps(task.to_dict()) + "\n"
