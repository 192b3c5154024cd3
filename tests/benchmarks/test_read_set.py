"""benchmarks/read_set.py: every paradigm's scripted run is traced and reported."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from _benchmark_modules import load


@pytest.mark.parametrize(
    "paradigm", ["simple", "react", "reflection", "plan_and_solve", "function_call"]
)
def test_each_paradigm_follows_its_script_and_enters_its_own_file(paradigm: str) -> None:
    bench = load("read_set")
    read_set = bench.measure(paradigm)
    assert read_set.answer == bench.ANSWER
    assert "hello_agents/core/agent.py" in read_set.lines_by_file
    assert not any(name.startswith("hello_agents/testing/") for name in read_set.lines_by_file)
    assert read_set.lines == sum(read_set.lines_by_file.values()) > 0


@pytest.mark.parametrize("paradigm", ["simple", "react", "function_call"])
def test_the_called_tool_module_is_reported_apart(paradigm: str) -> None:
    read_set = load("read_set").measure(paradigm)
    assert "hello_agents/tools/builtin/calculator.py" not in read_set.lines_by_file
    assert read_set.tool_lines > 0


def test_the_command_reports_every_paradigm_with_the_targets(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load("read_set")
    assert bench.main(["--json"]) == 0
    figures = {entry["paradigm"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert list(figures) == list(bench.PARADIGMS)
    assert figures["react"]["target"] == {"files": 10, "lines": 900}
    assert figures["function_call"]["target"] == {"files": 12, "lines": 1200}
    assert isinstance(figures["react"]["passed"], bool)
    assert figures["simple"]["passed"] is None


def test_the_text_report_names_the_paradigm_and_its_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert load("read_set").main(["--paradigm", "react", "--files"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("react") and "target <= 10 files" in out
    assert "hello_agents/agents/react_agent.py" in out


def test_order_lists_the_functions_as_the_run_entered_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert load("read_set").main(["--paradigm", "react", "--order"]) == 0
    lines = [line.split()[-1] for line in capsys.readouterr().out.splitlines()[1:]]
    first, loop, execute = (
        lines.index(name)
        for name in (
            "core/loop.py:LoopAgent.run",
            "agents/react_agent.py:ReActAgent.loop",
            "tools/registry.py:ToolRegistry.execute",
        )
    )
    assert first == 0 < loop < execute
    assert not any("<" in name for name in lines)  # comprehensions are read with their parent


def test_the_reading_guide_names_only_functions_the_run_enters() -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "agent-loop.md").read_text()
    section = guide.split("## Reading one run", 1)[1]
    named = set(re.findall(r"`((?:core|agents|tools)/[\w/]+\.py:[\w.]+)`", section))
    assert len(named) >= 20
    entered = {
        f"{path.removeprefix('hello_agents/')}:{qualname}"
        for path, qualname, _ in load("read_set").measure("react").functions
    }
    assert named <= entered, sorted(named - entered)
