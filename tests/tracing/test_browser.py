"""The HTML trace in a real headless Chromium: it loads with no console message and shows the steps.

Chromium comes from Debian (``apt-get install chromium``). Without it these tests
skip, unless ``HELLO_AGENTS_REQUIRE_BROWSER=1`` (as in CI), where they fail.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from _tracing_runs import LOOKUP, QUESTION, function_agent, office_agent, react_agent

from hello_agents.cli import main
from hello_agents.testing import FakeOpenAIServer, tool_call, tool_calls
from hello_agents.tracing import trace_run

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--enable-logging=stderr",
    "--v=0",
)
CONSOLE = re.compile(r":CONSOLE[:(]")


def browser() -> str:
    found = next((path for name in BROWSERS if (path := shutil.which(name))), None)
    if found is None:
        message = "no Chromium: apt-get install -y chromium"
        if os.environ.get("HELLO_AGENTS_REQUIRE_BROWSER") == "1":
            pytest.fail(message + " (HELLO_AGENTS_REQUIRE_BROWSER=1)")
        pytest.skip(message)
    return found


def load(page: Path, profile: Path, *extra: str) -> tuple[str, list[str]]:
    """Open ``page``: (the DOM after its scripts ran, the console messages)."""
    done = subprocess.run(
        [browser(), *FLAGS, f"--user-data-dir={profile}", *extra, page.resolve().as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout, [line for line in done.stderr.splitlines() if CONSOLE.search(line)]


def test_the_console_check_sees_a_broken_page(tmp_path: Path) -> None:
    page = tmp_path / "broken.html"
    page.write_text("<!DOCTYPE html><p>x</p><script>console.error('boom'); nope();</script>")
    _, console = load(page, tmp_path / "profile", "--dump-dom")
    assert any("boom" in line for line in console)
    assert any("nope is not defined" in line for line in console)


def test_a_trace_renders_with_no_console_message_and_a_screenshot(tmp_path: Path) -> None:
    agents = [react_agent(), function_agent()]
    with trace_run(*agents) as recorder:
        agents[0].run("What is 2 + 3?")
        agents[1].run("double 1 and 2")
    page = recorder.write_html(tmp_path / "run.html")
    dom, console = load(page, tmp_path / "profile", "--dump-dom")
    assert console == []
    assert 'data-ready="yes"' in dom  # the page's own script ran to its end
    assert dom.count('data-kind="run"') == 2
    assert dom.count('data-kind="model-call"') == 5
    assert dom.count('data-kind="tool-call"') == 4 and dom.count('data-kind="parallel"') == 1
    assert "<script>alert" not in dom
    shot = tmp_path / "run.png"
    _, console = load(
        page, tmp_path / "profile2", "--window-size=1200,1600", f"--screenshot={shot}"
    )
    assert console == []
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000  # not a blank page
    keep = os.environ.get("HELLO_AGENTS_TRACE_SCREENSHOT")
    if keep:
        shutil.copy(shot, keep)


def test_an_aided_run_shows_its_interventions_as_text(tmp_path: Path) -> None:
    agent = office_agent([LOOKUP, "Ana's office.", "Ana's office."], aids=True)
    with trace_run(agent) as recorder:
        agent.run(QUESTION)
    page = recorder.write_html(tmp_path / "run.html")
    dom, console = load(page, tmp_path / "profile", "--dump-dom")
    assert console == []
    assert dom.count('data-kind="intervention"') == 2
    # the tool's hostile result, quoted by the replacement, built no element
    assert dom.count("<script") == 1 and "<img" not in dom


def test_cli_trace_option_writes_a_page_the_browser_shows(
    fake_server: FakeOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_server.add(
        tool_calls(
            tool_call("python_calculator", {"input": "6*7"}),
            tool_call("python_calculator", {"input": "1+1"}),
        ),
        "It is 42.",
    )
    trace = tmp_path / "run.html"
    argv = ["run", "--agent", "function", "--base-url", fake_server.base_url, "6*7?"]
    assert main([*argv, "--trace", str(trace)]) == 0
    assert f"trace: {trace}" in capsys.readouterr().err
    dom, console = load(trace, tmp_path / "profile", "--dump-dom")
    assert console == []
    assert dom.count('data-kind="model-call"') == 2 and dom.count('data-kind="tool-call"') == 2
    assert "It is 42." in dom and "6*7?" in dom
