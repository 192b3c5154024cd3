"""The driver that ``agent_overhead.py --reference`` runs in a process of its own, here
with this project's package: each way of building our agent answers and reports its runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from _benchmark_modules import BENCHMARKS, load

from hello_agents.testing import FakeOpenAIServer


@pytest.mark.parametrize("options", [[], ["no-time-limit"], ["prompt-history"]])
def test_the_driver_runs_our_agent_each_way(options: list[str]) -> None:
    steps, rounds = 3, 2
    with FakeOpenAIServer(responder=load("agent_overhead").counting_responder(steps)) as server:
        env = {**os.environ, "PYTHONPATH": str(BENCHMARKS.parent)}
        command = [sys.executable, str(BENCHMARKS / "peers" / "react_driver.py")]
        done = subprocess.run(
            [*command, server.base_url, str(steps), str(rounds), *options],
            capture_output=True,
            text=True,
            check=True,
            env=env,
            timeout=120,
        )
        requests = server.chat_requests
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(figures["seconds"]) == rounds
    assert len(requests) == (rounds + 3) * steps  # three warm-up runs, then the measured ones
    messages = requests[-1].body["messages"]
    # a chat turn per step, or the whole trajectory inside the one prompt
    assert (len(messages) <= 2) == ("prompt-history" in options)


def test_turns_are_compared_with_the_turn_beside_them() -> None:
    overhead = load("agent_overhead")
    runs = overhead.DrivenRuns
    ours = [runs([1.0, 3.0, 2.0], 0.0, 0.0), runs([8.0, 9.0, 10.0], 0.0, 0.0)]
    # the second pair of turns ran on a machine four times slower: each pair is 0.5x
    reference = [runs([4.0, 4.0, 4.0], 0.0, 0.0), runs([18.0, 18.0, 18.0], 0.0, 0.0)]
    assert overhead.paired_ratios(ours, reference) == [0.5, 0.5]
    with pytest.raises(ValueError):
        overhead.paired_ratios(ours, reference[:1])
