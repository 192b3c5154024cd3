"""Chapter 14's research app runs as documented, offline, on the scripted model.

* the examples run and print what they are about;
* a whole run (plan, concurrent tasks, summaries, report) takes well under 5 seconds,
  streams its events in the chapter's order, and every citation of its report names a
  page read in the run, every listed page being cited;
* a task that finds nothing is re-planned a bounded number of times, model calls are
  capped, and closing the stream stops the run;
* the HTTP API answers on a real server (the first streamed event within a second), a
  closed connection stops its run, and the page works in a real headless Chromium;
* the notebook executes on a real Jupyter kernel, started in its own folder, and is
  committed without outputs;
* every exercise check fails helpfully on the skeleton and passes on the solution and on
  the app's (or the framework's) own piece; the search-backend check names the mistake
  of a typical wrong backend, and finishes in seconds even when a backend hangs.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _cdp import Browser
from _chapter_kit import (
    ROOT,
    assert_committed_without_outputs,
    assert_ran_cleanly,
    chapter_paths,
    execute_notebook,
    exercise_subject,
    output_text,
    run_python,
)

CHAPTER, EXAMPLES, NOTEBOOKS, _ = chapter_paths("ch14")
sys.path.insert(0, str(CHAPTER))

from deep_research import Configuration, DeepResearchAgent  # noqa: E402
from deep_research.citations import (  # noqa: E402
    attribute,
    clean_summary,
    finalize_report,
    measure,
)
from deep_research.models import Source  # noqa: E402
from deep_research.planner import extract_tasks  # noqa: E402
from deep_research.scripted import research_reply  # noqa: E402

from hello_agents.testing import ScriptedLLM, conformance  # noqa: E402
from hello_agents.tools.builtin.search import SAMPLE_CORPUS  # noqa: E402
from hello_agents.tools.builtin.search.local_service import LocalSearchService  # noqa: E402
from hello_agents.tools.builtin.search.searxng_backend import SearxngBackend  # noqa: E402

EXPECTED_OUTPUT = {
    "01_search_offline.py": "searxng: 2 results via searxng",
    "02_tool_call_listener.py": "listener: research assistant -> note",
    "03_research_run.py": "citations: 100% resolve",
    "04_stream_events.py": "citation check: ",
}
TOPICS = [
    "Why does the sea have tides?",
    "How do lithium-ion batteries age?",
    "What makes a volcano erupt?",
    "How does sourdough fermentation work?",
    "How does retrieval-augmented generation work?",
]


def config(tmp_path: Path, **changes: Any) -> Configuration:
    return Configuration(llm_mode="scripted", notes_workspace=str(tmp_path / "notes"), **changes)


# ---- the examples ------------------------------------------------------------------------


def test_every_example_has_an_expected_output() -> None:
    assert sorted(EXPECTED_OUTPUT) == [path.name for path in EXAMPLES]


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_on_the_scripted_model(script: Path) -> None:
    completed = run_python(str(script.relative_to(ROOT)), timeout=60)
    assert completed.returncode == 0, completed.stderr
    assert EXPECTED_OUTPUT[script.name] in completed.stdout, completed.stdout


# ---- a whole run ---------------------------------------------------------------------------


def test_a_run_streams_the_chapters_events_in_order(tmp_path: Path) -> None:
    agent = DeepResearchAgent(config(tmp_path, trace_dir=str(tmp_path / "traces")))
    started = time.perf_counter()
    events = list(agent.run_stream("Why does the sea have tides?"))
    assert time.perf_counter() - started < 5
    types = [event["type"] for event in events]
    assert types[:2] == ["status", "todo_list"] and types[-2:] == ["final_report", "done"]
    assert {"task_status", "sources", "task_summary_chunk", "tool_call", "citation_check"} <= set(
        types
    )
    histories: dict[int, list[str]] = {}
    for event in events:
        if event["type"] == "task_status":
            histories.setdefault(event["task_id"], []).append(event["status"])
    assert histories == {1: ["in_progress", "completed"], 2: ["in_progress", "completed"],
                         3: ["in_progress", "completed"]}  # fmt: skip
    final = events[-2]
    assert final["citations"]["share_resolved"] == 1.0 and final["model_calls"] == 5
    assert Path(final["note_path"]).is_file()
    trace = Path(final["trace_path"]).read_text(encoding="utf-8")
    assert trace.count('data-kind="model-call"') == 5


@pytest.mark.parametrize("topic", TOPICS)
def test_every_citation_resolves_and_every_listed_source_is_cited(
    tmp_path: Path, topic: str
) -> None:
    result = DeepResearchAgent(config(tmp_path)).run(topic)
    check = result.citations
    assert check is not None and check.markers > 0 and check.share_resolved == 1.0
    body, references = result.report_markdown.split("\n## References\n")
    cited = set(int(n) for n in re.findall(r"\[(\d+)\]", body))
    listed = [int(n) for n in re.findall(r"^\[(\d+)\] \[", references, re.MULTILINE)]
    assert cited == set(listed) == set(range(1, len(result.sources) + 1))
    urls = {source.url for source in result.sources}
    read = {
        line.split(" - ")[-1]
        for t in result.todo_items
        for line in (t.sources_summary or "").splitlines()
    }
    assert urls <= read  # cited only what a task actually read


def test_a_task_that_finds_nothing_is_replanned_a_bounded_number_of_times(tmp_path: Path) -> None:
    plan = json.dumps([{"title": f"T{n}", "intent": "x", "query": f"zzqx{n}"} for n in "abc"])
    new_queries = iter(f'{{"query": "qqzz{n}"}}' for n in "defghijklm")
    llm = ScriptedLLM([plan] + [lambda request: next(new_queries)] * 10)
    agent = DeepResearchAgent(config(tmp_path, max_web_research_loops=3), llm=llm)
    result = agent.run("quantum chromodynamics lattice gauge")
    assert [task.status for task in result.todo_items] == ["skipped"] * 3
    assert all(len(task.queries_tried) == 3 for task in result.todo_items)
    assert result.model_calls == 1 + 3 * 2  # the plan, then two new queries per task
    assert "no task found any source" in result.report_markdown
    assert result.citations is not None and result.citations.markers == 0


def test_summaries_and_the_report_are_cut_at_their_token_limits(tmp_path: Path) -> None:
    agent = DeepResearchAgent(config(tmp_path, summary_max_tokens=123, report_max_tokens=456))
    agent.run("Why does the sea have tides?")
    llm = agent.llm
    assert isinstance(llm, ScriptedLLM)
    limits = [call.request.get("max_tokens") for call in llm.calls]
    assert limits.count(456) == 1  # the report
    assert limits.count(123) >= 3  # a summary per task
    assert limits[0] is None  # the plan is not cut


def test_model_calls_are_capped(tmp_path: Path) -> None:
    result = DeepResearchAgent(config(tmp_path, max_model_calls=2, task_concurrency=1)).run(
        "How do lithium-ion batteries age?"
    )
    assert result.model_calls == 2
    notices = [notice for task in result.todo_items for notice in task.notices]
    assert any("MAX_MODEL_CALLS=2" in notice for notice in notices)
    assert "task summaries together as they are: no model call left" in result.report_markdown


def test_closing_the_stream_stops_the_run(tmp_path: Path) -> None:
    def slow(request: dict[str, Any]) -> str:
        time.sleep(0.05)
        return research_reply(request)

    llm = ScriptedLLM([slow] * 100)
    agent = DeepResearchAgent(config(tmp_path, task_concurrency=1), llm=llm)
    stream = agent.run_stream("How do lithium-ion batteries age?")
    for event in stream:
        if event["type"] == "task_summary_chunk":
            break
    started = time.perf_counter()
    stream.close()
    assert time.perf_counter() - started < 3
    calls = len(llm.calls)
    time.sleep(0.3)
    assert len(llm.calls) == calls  # nothing runs any more
    assert calls < 5


def test_the_search_cache_answers_a_repeated_query(tmp_path: Path) -> None:
    agent = DeepResearchAgent(config(tmp_path))
    agent.run("Why does the sea have tides?")
    agent.run("Why does the sea have tides?")
    assert agent.search_service.cache_hits == 3


# ---- the pieces a learner rewrites ---------------------------------------------------------


def test_the_plan_is_read_from_the_replies_small_models_write() -> None:
    fenced = '```json\n[{"title": "A", "intent": "why", "query": "a b"},]\n```'
    wrapped = 'Sure! {"tasks": [{"title": "B", "query": "b"}]} Hope it helps.'
    assert extract_tasks(fenced) == [{"title": "A", "intent": "why", "query": "a b"}]
    assert extract_tasks(wrapped) == [{"title": "B", "intent": "B", "query": "b"}]
    assert extract_tasks("<think>[1, 2]</think>no plan here") == []


AGEING = Source(
    1,
    "Battery ageing",
    "http://corpus/ageing",
    "Calendar ageing happens even when the battery sits unused. It is faster at high "
    "temperature and when the battery is kept at a full charge.",
    1,
)
RECYCLING = Source(
    2,
    "Recycling",
    "http://corpus/recycling",
    "Used batteries contain valuable metals: lithium, cobalt, nickel, manganese and copper.",
    2,
)


def test_a_sentence_taken_from_one_source_is_cited_and_others_are_left_alone() -> None:
    text = (
        "## Ageing\n"
        "- Calendar ageing is faster at high temperature and when the battery is kept full.\n"
        "- Used batteries contain valuable metals: lithium, cobalt and nickel. "
        "Phones and cars everywhere depend on good design choices.\n"
        "- Ageing is faster at high temperature and at full charge [2]."
    )
    cited, added = attribute(text, {1: AGEING, 2: RECYCLING})
    assert added == 2
    assert "kept full [1]." in cited
    assert (
        "cobalt and nickel [2]. Phones and cars everywhere depend on good design choices.\n"
        in cited
    )
    assert cited.endswith("at full charge [2].")  # a sentence that cites keeps its own
    assert cited.startswith("## Ageing\n")


def test_the_report_counts_attributed_citations_apart_from_the_writers() -> None:
    draft = "# Batteries\n\nCalendar ageing is faster at high temperature and at full charge."
    report, cited, check = finalize_report(draft, {1: AGEING}, attribute_citations=True)
    assert (check.markers, check.attributed) == (0, 1)
    assert "at full charge [1]." in report and [s.number for s in cited] == [1]
    plain, _, unaided = finalize_report(draft, {1: AGEING})
    assert unaided.attributed == 0 and "[1]" not in plain


def test_attribution_is_on_only_for_a_small_model_unless_asked(tmp_path: Path) -> None:
    def check_of(**changes: Any) -> dict[str, Any]:
        events = DeepResearchAgent(config(tmp_path, **changes)).run_stream("Tides?")
        return next(event for event in events if event["type"] == "citation_check")

    auto = check_of()  # the scripted model's size is not known: off
    assert auto["attributed"] == 0 and auto["attribution"].startswith("off:")
    asked = check_of(attribute_citations="on")
    assert asked["attribution"] == "on: ATTRIBUTE_CITATIONS=on"
    assert asked["markers"] > auto["markers"]  # the summaries the writer cites gained some
    with pytest.raises(ValueError, match="ATTRIBUTE_CITATIONS='maybe'"):
        config(tmp_path, attribute_citations="maybe")


def test_reference_entries_the_model_wrote_in_the_text_are_dropped() -> None:
    sources = {1: Source(1, "Tides", "http://corpus/tides", "Tides rise and fall.", 1)}
    draft = (
        "# Tides\n\n## What causes tides\nThe Moon's gravity [1].\n\n"
        "[1] https://www.nationalgeographic.com/made-up\n\n## Conclusion\nDone."
    )
    report, cited, check = finalize_report(draft, sources)
    assert "nationalgeographic" not in report
    assert (check.markers, check.resolved) == (1, 1)
    assert [source.url for source in cited] == ["http://corpus/tides"]
    assert report.endswith("[1] [Tides](http://corpus/tides)\n")


def test_the_report_keeps_only_citations_of_pages_read() -> None:
    sources = {n: Source(n, f"Page {n}", f"http://x/{n}", "text", 1) for n in (1, 2, 3)}
    report = "# T\n\nA fact [3]. Another [9]. Both [3, 1].\n\n## Sources\n[9] made up"
    final, cited, check = finalize_report(report, sources)
    assert final.startswith("# T\n\nA fact [1]. Another. Both [1][2].")
    assert final.endswith("## References\n\n[1] [Page 3](http://x/3)\n[2] [Page 1](http://x/1)\n")
    assert [s.url for s in cited] == ["http://x/3", "http://x/1"]
    assert (check.markers, check.resolved, check.unresolved) == (4, 3, (9,))
    assert check.sources_read == 3 and check.sources_cited == 2 and check.renumbered
    assert measure("[1][2] [7]", {1, 2}) == (3, 2, [7])
    assert clean_summary("x [1] y [5].\n\n## References\n[5] z", {1}) == ("x [1] y.", [5])


# ---- the HTTP API and the page ------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str, Any]]:
    """The app on a real uvicorn server, searching the local service: (app URL, search URL, app)."""
    import uvicorn
    from deep_research.server import create_app

    with LocalSearchService(SAMPLE_CORPUS) as search:
        settings = config(tmp_path, search_api="searxng", searxng_url=search.url)
        app = create_app(settings)
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.02)
        try:
            yield f"http://127.0.0.1:{port}", search.url, app
        finally:
            server.should_exit = True
            thread.join(10)


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    return urllib.request.urlopen(request, timeout=30)


def test_the_api_answers_health_research_and_the_page(served: tuple[str, str, Any]) -> None:
    base, search, _ = served
    assert json.loads(urllib.request.urlopen(f"{base}/healthz").read())["status"] == "ok"
    answer = json.loads(post(f"{base}/research", {"topic": "What makes a volcano erupt?"}).read())
    assert answer["citations"]["share_resolved"] == 1.0
    assert all(source["url"].startswith(search) for source in answer["sources"])
    assert len(answer["todo_items"]) == 3 and answer["model_calls"] == 5
    page = urllib.request.urlopen(f"{base}/").read().decode()
    assert "/static/app.js" in page
    assert b"getReader" in urllib.request.urlopen(f"{base}/static/app.js").read()
    with pytest.raises(urllib.error.HTTPError) as refused:
        post(f"{base}/research", {"topic": "x", "search_api": "bing"})
    assert refused.value.code == 422


def test_the_stream_starts_within_a_second_and_ends_with_done(
    served: tuple[str, str, Any],
) -> None:
    base, _, _ = served
    started = time.perf_counter()
    response = post(f"{base}/research/stream", {"topic": "Why does the sea have tides?"})
    assert response.headers["Content-Type"].startswith("text/event-stream")
    first = response.readline()
    assert time.perf_counter() - started < 1
    assert json.loads(first.decode().removeprefix("data: "))["type"] == "status"
    frames = [line for line in response.read().decode().splitlines() if line.startswith("data: ")]
    assert json.loads(frames[-1].removeprefix("data: ")) == {"type": "done"}


def test_a_closed_connection_stops_its_run(tmp_path: Path) -> None:
    import uvicorn
    from deep_research.server import create_app

    def slow(request: dict[str, Any]) -> str:
        time.sleep(0.2)
        return research_reply(request)

    app = create_app(
        config(tmp_path, task_concurrency=1), llm_factory=lambda: ScriptedLLM([slow] * 100)
    )
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        response = post(f"http://127.0.0.1:{port}/research/stream", {"topic": "tides"})
        response.readline()
        assert len(app.state.active) == 1
        response.close()
        deadline = time.perf_counter() + 5
        while app.state.active and time.perf_counter() < deadline:
            time.sleep(0.05)
        assert not app.state.active
    finally:
        server.should_exit = True
        thread.join(10)


def chromium() -> str:
    found = next((p for n in ("chromium", "chromium-browser") if (p := shutil.which(n))), None)
    if found is None:
        if os.environ.get("HELLO_AGENTS_REQUIRE_BROWSER") == "1":
            pytest.fail("no Chromium: apt-get install -y chromium")
        pytest.skip("no Chromium: apt-get install -y chromium")
    return found


def test_the_page_shows_the_plan_the_statuses_and_the_report_in_chromium(
    served: tuple[str, str, Any], tmp_path: Path
) -> None:
    base, search, _ = served
    with Browser(chromium(), tmp_path / "profile") as browser:
        browser.open(f"{base}/?topic=How+do+lithium-ion+batteries+age%3F")
        # the plan appears and its statuses move while the run streams
        browser.wait_for("document.querySelectorAll('#tasks .task').length === 3", timeout=20)
        assert (
            browser.wait_for(
                "document.body.dataset.state !== 'running' && document.body.dataset.state",
                timeout=30,
            )
            == "done"
        )
        dom = browser.html()
        assert re.findall(r'data-history="([^"]*)"', dom) == ["pending in_progress completed"] * 3
        assert 'data-ready="yes"' in dom and 'data-share-resolved="1"' in dom
        citations = re.findall(r'<a class="cite" href="#ref-(\d+)">', dom)
        references = re.findall(r'<p class="ref" id="ref-(\d+)">.*?<a href="([^"]+)"', dom)
        assert citations and set(citations) == {number for number, _ in references}
        if os.environ.get("HELLO_AGENTS_CH14_SCREENSHOT"):  # the README's picture
            browser.screenshot(Path(os.environ["HELLO_AGENTS_CH14_SCREENSHOT"]))
        # a reference link opens its source, served by the local search service
        first_source = references[0][1]
        assert first_source.startswith(f"{search}/pages/")
        assert browser.evaluate("document.querySelector('#report .ref a').href") == first_source
        browser.open(first_source)
        title = browser.wait_for(
            "document.querySelector('h1') && document.querySelector('h1').textContent"
        )
        assert "batter" in title.lower()


# ---- the notebook --------------------------------------------------------------------------


def test_there_is_a_notebook() -> None:
    assert [path.name for path in NOTEBOOKS] == ["01_deep_research.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    assert_committed_without_outputs(path)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_notebook_executes_on_a_real_kernel(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outputs = execute_notebook(path, monkeypatch, timeout=120)
    assert_ran_cleanly(outputs)
    text = output_text(outputs)
    assert "model: scripted" in text
    assert "Search results for 'why does the sea have tides' (via searxng):" in text  # run: text
    assert "SearchResults via searxng for 'volcano magma gas'" in text  # search(): typed
    assert "- SearchHit: 'What makes a volcano erupt'" in text
    assert "task 1: Basics: Why does the sea have tides?" in text  # the planner's tasks
    assert "todo_list: " in text  # the stream
    resolved = re.search(r"citation_check: (\d+) of (\d+) resolve", text)
    assert resolved is not None and resolved[1] == resolved[2] != "0"
    assert f"resolved: {resolved[1]} (100%)" in text and "unresolved (removed): []" in text
    reports = [
        output["data"]["text/markdown"]
        for output in outputs
        if output.get("output_type") == "display_data" and "text/markdown" in output["data"]
    ]
    assert len(reports) == 1 and reports[0].startswith("# Why does the sea have tides?")
    assert "\n## References\n" in reports[0]
    assert text.rstrip().endswith("search service stopped")


# ---- the exercises -------------------------------------------------------------------------

EXERCISES = CHAPTER / "exercises"
EXERCISE_TARGETS = {
    "my_plan_parser.py": ("plan_parser", "my_extract_tasks"),
    "my_citation_check.py": ("citation_check", "my_measure"),
    "my_search_backend.py": ("search_backend", "MySearxngBackend"),
}


def test_every_exercise_has_a_solution_and_a_check() -> None:
    skeletons = sorted(path.name for path in EXERCISES.glob("my_*.py"))
    solutions = sorted(path.name for path in (EXERCISES / "solutions").glob("my_*.py"))
    assert skeletons == solutions == sorted(EXERCISE_TARGETS)


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_fails_helpfully_on_the_skeleton_and_passes_on_the_solution(file_name: str) -> None:
    check, skeleton = exercise_subject(EXERCISE_TARGETS, EXERCISES, file_name)
    report = check(skeleton, raise_on_failure=False)
    assert not report.ok and "TODO" in report.render() and "hint:" in report.render()
    check, solution = exercise_subject(EXERCISE_TARGETS, EXERCISES / "solutions", file_name)
    assert check(solution, raise_on_failure=False).ok


def test_the_apps_own_functions_pass_the_checks() -> None:
    assert conformance.CHECKS["plan_parser"](extract_tasks, raise_on_failure=False).ok
    assert conformance.CHECKS["citation_check"](measure, raise_on_failure=False).ok
    assert conformance.CHECKS["search_backend"](SearxngBackend, raise_on_failure=False).ok


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_exercise_file_checks_itself(file_name: str) -> None:
    skeleton = run_python(f"chapters/ch14/exercises/{file_name}")
    assert skeleton.returncode == 1 and "TODO" in skeleton.stdout
    solution = run_python(f"chapters/ch14/exercises/solutions/{file_name}")
    assert solution.returncode == 0, solution.stdout + solution.stderr


# ---- the search-backend check: typical wrong answers ---------------------------------------


def solution_backend() -> Any:
    _, solution = exercise_subject(
        EXERCISE_TARGETS, EXERCISES / "solutions", "my_search_backend.py"
    )
    return solution


def fetch_without_timeout(backend: Any, query: str) -> Any:
    """A learner's request: no timeout, and only URLError turned into BackendUnavailable."""
    import urllib.error
    from urllib.parse import urlencode

    from hello_agents.tools.builtin.search import BackendUnavailable

    address = f"{backend.base_url}/search?{urlencode({'q': query, 'format': 'json'})}"
    try:
        with urllib.request.urlopen(address, timeout=backend.request_timeout) as response:
            return json.loads(response.read())
    except urllib.error.URLError as error:
        raise BackendUnavailable(f"{backend.base_url}: {error}") from None
    except ValueError:
        raise BackendUnavailable(f"{backend.base_url}: not JSON") from None


def test_the_search_backend_check_is_quick_on_the_solution() -> None:
    started = time.perf_counter()
    report = conformance.CHECKS["search_backend"](solution_backend(), raise_on_failure=False)
    assert report.ok, report.render()
    assert time.perf_counter() - started < 8


def test_the_search_backend_check_names_a_missing_cut_to_max_results() -> None:
    class KeepsEverything(solution_backend()):  # type: ignore[misc]
        def to_hits(self, data: Any, max_results: int) -> Any:
            return super().to_hits(data, 1000)

    report = conformance.CHECKS["search_backend"](KeepsEverything, raise_on_failure=False)
    assert [failure.name for failure in report.failures] == ["max_results respected"]
    failure = report.failures[0]
    assert failure.expected == "the first 2 of the 5 results sent, for max_results=2"
    assert failure.got.startswith("5 hits: ")
    assert "cut the list to max_results yourself" in failure.hint


@pytest.mark.parametrize(
    ("request_timeout", "got_start", "hint"),
    [
        # no timeout: the request waits for the slow service's whole answer
        (None, "it waited 3", "pass timeout=self.timeout to urllib.request.urlopen"),
        # a timeout, but TimeoutError (a slow read) escapes: only URLError was caught
        (0.5, "it raised TimeoutError", "catch TimeoutError (or OSError) too"),
    ],
    ids=["no timeout", "only URLError caught"],
)
def test_the_search_backend_check_names_a_request_that_can_wait_too_long(
    request_timeout: float | None, got_start: str, hint: str
) -> None:
    class CatchesTooLittle(solution_backend()):  # type: ignore[misc]
        def __init__(self, timeout: float, base_url: str) -> None:
            super().__init__(timeout, base_url)
            self.request_timeout = request_timeout

        def fetch_json(self, query: str) -> Any:
            return fetch_without_timeout(self, query)

    report = conformance.CHECKS["search_backend"](CatchesTooLittle, raise_on_failure=False)
    assert [failure.name for failure in report.failures] == [
        "a service that does not answer in time"
    ]
    failure = report.failures[0]
    assert failure.got.startswith(got_start) and hint in failure.hint, failure


def test_the_search_backend_check_asks_for_the_address_in_the_message() -> None:
    from hello_agents.tools.builtin.search import BackendUnavailable

    class SaysTooLittle(solution_backend()):  # type: ignore[misc]
        def fetch_json(self, query: str) -> Any:
            try:
                return super().fetch_json(query)
            except BackendUnavailable:
                raise BackendUnavailable("search failed") from None

    report = conformance.CHECKS["search_backend"](SaysTooLittle, raise_on_failure=False)
    names = [failure.name for failure in report.failures]
    assert names == ["an unreachable service", "a broken answer"]
    assert all("put self.base_url in the message" in f.hint for f in report.failures)


def test_a_hanging_backend_fails_its_cases_and_the_check_still_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HELLO_AGENTS_CASE_TIMEOUT", "0.5")
    never = threading.Event()

    class Hangs(solution_backend()):  # type: ignore[misc]
        def search(self, query: str, max_results: int) -> Any:
            never.wait()

    started = time.perf_counter()
    report = conformance.CHECKS["search_backend"](Hangs, raise_on_failure=False)
    assert time.perf_counter() - started < 10
    assert len(report.failures) == len(report.outcomes) == 7
    assert all("did not finish within 0.5 s" in failure.got for failure in report.failures)
    never.set()


# ---- a report that cites none of the notes ----------------------------------------------


def writer_without_citations(times: int) -> Any:
    """The scripted research replies, except that the writer's first ``times``
    reports carry no citation marker."""
    uncited = [times]

    def reply(request: dict[str, Any]) -> str:
        text = research_reply(request)
        system = request["messages"][0]["content"]
        if system.startswith("You are a report writer") and uncited[0] > 0:
            uncited[0] -= 1
            return re.sub(r" ?\[\d+\]", "", text)
        return text

    return reply


def test_a_report_citing_no_note_is_asked_for_once_more_and_cites(tmp_path: Path) -> None:
    llm = ScriptedLLM([writer_without_citations(1)] * 40)
    agent = DeepResearchAgent(config(tmp_path, repair_citations="on"), llm=llm)
    events = list(agent.run_stream("Why does the sea have tides?"))
    statuses = [e["message"] for e in events if e["type"] == "status"]
    assert "The report cites none of the notes: asking the writer to cite them" in statuses
    check = agent.last_output.citations
    assert check is not None and check.repair == "cited when asked again"
    assert check.markers > 0 and check.share_resolved == 1.0
    assert "## References" in agent.last_output.report_markdown
    writer_prompts = [
        c.messages[-1]["content"]
        for c in llm.calls
        if c.messages[0]["content"].startswith("You are a report writer")
    ]
    assert len(writer_prompts) == 2 and "cites none of the notes" in writer_prompts[1]


def test_a_report_that_still_cites_nothing_is_made_of_the_cited_summaries(tmp_path: Path) -> None:
    llm = ScriptedLLM([writer_without_citations(2)] * 40)
    agent = DeepResearchAgent(config(tmp_path, repair_citations="on"), llm=llm)
    result = agent.run("Why does the sea have tides?")
    check = result.citations
    assert check is not None
    reason = "the report cited none of the notes, even when asked again"
    assert check.repair == f"summaries used: {reason}"
    assert "cited none of the notes, even when asked again" in result.report_markdown
    assert check.markers > 0 and check.share_resolved == 1.0  # the summaries' own citations


def test_a_report_that_cites_is_taken_as_written(tmp_path: Path) -> None:
    agent = DeepResearchAgent(config(tmp_path, repair_citations="on"))
    result = agent.run("Why does the sea have tides?")
    assert result.citations is not None and result.citations.repair == ""


def test_by_default_the_repair_is_off_for_a_model_of_unknown_size(tmp_path: Path) -> None:
    llm = ScriptedLLM([writer_without_citations(1)] * 40)
    agent = DeepResearchAgent(config(tmp_path), llm=llm)
    events = list(agent.run_stream("Why does the sea have tides?"))
    check = next(e for e in events if e["type"] == "citation_check")
    assert check["repair"] == "" and check["repair_setting"].startswith("off")
    assert check["markers"] == 0  # the writer's report stands as it wrote it
