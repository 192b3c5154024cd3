"""SearchTool's other backends (SearXNG, DuckDuckGo, Perplexity, a local corpus), its
chains, modes and the tutorial's run keys, against local fakes over real HTTP.

The shared conftest removes the search keys from the environment.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.request import urlopen

import pytest

from hello_agents.core.exceptions import ToolException
from hello_agents.testing.fake_search import FakeSearchServer, SearchFault
from hello_agents.tools.builtin.search import (
    SAMPLE_CORPUS,
    SearchError,
    SearchResults,
    SearchTool,
)
from hello_agents.tools.builtin.search.backend import SearchBackend
from hello_agents.tools.builtin.search.local_service import LocalSearchService, main
from hello_agents.tools.builtin.search.results import SearchHit
from hello_agents.tools.registry import ToolRegistry

CORPUS = SAMPLE_CORPUS


@pytest.fixture
def fake() -> Iterator[FakeSearchServer]:
    with FakeSearchServer() as server:
        yield server


def every_backend(fake: FakeSearchServer, backend: str, **options: object) -> SearchTool:
    settings: dict[str, object] = {
        "tavily_key": fake.tavily_key,
        "serpapi_key": fake.serpapi_key,
        "perplexity_key": fake.perplexity_key,
        "tavily_base_url": fake.tavily_url,
        "serpapi_base_url": fake.serpapi_url,
        "perplexity_base_url": fake.perplexity_url,
        "searxng_url": fake.searxng_url,
        "duckduckgo_base_url": fake.duckduckgo_url,
        "timeout": 5.0,
    }
    settings.update(options)
    return SearchTool(backend, **settings)  # type: ignore[arg-type]


# ---- SearXNG ---------------------------------------------------------------------------


def test_searxng_reads_results_and_drops_a_repeated_address(fake: FakeSearchServer) -> None:
    results = every_backend(fake, "searxng", max_results=10).search("tides")
    assert results.backend == "searxng"
    assert [hit.url for hit in results.hits] == [
        f"{fake.base_url}/pages/searxng-{n}" for n in (1, 2, 3, 4)
    ]
    assert results.hits[0].content == results.hits[0].snippet == "SearXNG extract 1 about tides."
    [request] = fake.requests_to("searxng")
    assert request.query == "tides" and request.parameters["format"] == "json"


def test_searxng_address_comes_from_the_environment(
    fake: FakeSearchServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SEARXNG_URL", fake.searxng_url)
    assert SearchTool("searxng").search("tides").hits


def test_fetch_full_page_reads_each_page_as_text(fake: FakeSearchServer) -> None:
    results = every_backend(fake, "searxng").search("tides", fetch_full_page=True)
    page = results.hits[0].raw_content
    assert page is not None
    assert "The whole text of page searxng 1." in page
    assert "hidden" not in page and "color:red" not in page and "menu" not in page


def test_a_page_that_cannot_be_read_is_a_notice(fake: FakeSearchServer) -> None:
    results = every_backend(fake, "tavily").search("tides", fetch_full_page=True)
    assert results.hits and all(hit.raw_content is None for hit in results.hits)
    assert len(results.notices) == 3
    assert results.notices[0].startswith("could not read https://tavily.example/1")


def test_max_tokens_per_source_cuts_each_text(fake: FakeSearchServer) -> None:
    results = every_backend(fake, "searxng").search(
        "tides", fetch_full_page=True, max_tokens_per_source=3
    )
    assert all(len(hit.content) <= 16 and len(hit.raw_content or "") <= 16 for hit in results.hits)


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        (SearchFault.SERVER_ERROR, "SearXNG answered with HTTP 500"),
        (SearchFault.MALFORMED_JSON, "SearXNG's answer was not valid JSON"),
        (SearchFault.SLOW, "SearXNG did not answer"),
    ],
)
def test_searxng_failures_say_why_and_where(
    fake: FakeSearchServer, fault: SearchFault, reason: str
) -> None:
    fake.fail("searxng", fault)
    with pytest.raises(SearchError) as raised:
        every_backend(fake, "searxng", timeout=0.3).search("tides")
    assert reason in str(raised.value)
    assert "set SEARXNG_URL" in str(raised.value)


def test_searxng_answer_of_odd_shape_gives_no_results(fake: FakeSearchServer) -> None:
    fake.fail("searxng", SearchFault.ODD_SHAPE)
    assert every_backend(fake, "searxng").search("tides").hits == ()


def test_an_unreachable_searxng_is_a_clear_message() -> None:
    with FakeSearchServer() as stopped:
        url = stopped.searxng_url
    started = time.perf_counter()
    with pytest.raises(SearchError, match=r"SearXNG could not be reached .*set SEARXNG_URL"):
        SearchTool("searxng", searxng_url=url, timeout=2).search("tides")
    assert time.perf_counter() - started < 2


# ---- DuckDuckGo and Perplexity ---------------------------------------------------------


def test_duckduckgo_reads_the_html_page_and_skips_the_ad(fake: FakeSearchServer) -> None:
    results = every_backend(fake, "duckduckgo").search("tides & moon")
    assert [hit.url for hit in results.hits] == [f"https://ddg.example/{n}" for n in (1, 2, 3)]
    assert results.hits[0].title == "tides & moon & DuckDuckGo result 1"
    assert results.hits[0].content == "DuckDuckGo extract 1 about tides & moon."
    assert fake.requests_to("duckduckgo")[0].query == "tides & moon"


def test_perplexity_gives_an_answer_and_its_sources(fake: FakeSearchServer) -> None:
    results = every_backend(fake, "perplexity").search("tides")
    assert results.answer == "Perplexity on tides."
    assert [hit.url for hit in results.hits] == [f"https://perplexity.example/{n}" for n in (1, 2)]
    [request] = fake.requests_to("perplexity")
    assert request.authorized and request.parameters["model"] == "sonar"


def test_perplexity_with_a_wrong_key_is_refused_without_showing_it(
    fake: FakeSearchServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    tool = every_backend(fake, "perplexity", perplexity_key="pplx-wrong-secret")
    with pytest.raises(SearchError, match="Perplexity refused the API key") as raised:
        tool.search("tides")
    assert "PERPLEXITY_API_KEY" in str(raised.value)
    for text in (str(raised.value), repr(tool), caplog.text):
        assert "pplx-wrong-secret" not in text


def test_perplexity_without_a_key_says_what_to_set() -> None:
    with pytest.raises(SearchError, match="no API key; set PERPLEXITY_API_KEY"):
        SearchTool("perplexity").search("tides")


# ---- chains ----------------------------------------------------------------------------


def test_advanced_goes_on_past_failures_and_reports_them(fake: FakeSearchServer) -> None:
    fake.fail("tavily", SearchFault.SERVER_ERROR)
    tool = every_backend(fake, "advanced", serpapi_key=None)
    results = tool.search("tides")
    assert results.backend == "perplexity"
    assert results.notices == ("tavily could not answer: Tavily answered with HTTP 500.",)
    assert fake.requests_to("serpapi") == []  # no key: skipped without a request
    text = tool.run({"input": "tides"})
    assert "Notice: tavily could not answer: Tavily answered with HTTP 500." in text


def test_advanced_reaches_duckduckgo_without_any_key(fake: FakeSearchServer) -> None:
    tool = SearchTool("advanced", duckduckgo_base_url=fake.duckduckgo_url, timeout=5)
    assert tool.configured_backends == ["duckduckgo"]
    results = tool.search("tides")
    assert results.backend == "duckduckgo" and results.notices == ()


def test_advanced_tries_searxng_only_when_it_is_configured(fake: FakeSearchServer) -> None:
    fake.fail("duckduckgo", SearchFault.SERVER_ERROR)
    unconfigured = SearchTool("advanced", duckduckgo_base_url=fake.duckduckgo_url, timeout=5)
    with pytest.raises(SearchError) as raised:
        unconfigured.search("tides")
    assert "searxng: not configured; set SEARXNG_URL." in str(raised.value)
    assert "duckduckgo: DuckDuckGo answered with HTTP 500." in str(raised.value)
    configured = SearchTool(
        "advanced", searxng_url=fake.searxng_url, duckduckgo_base_url=fake.duckduckgo_url
    )
    assert configured.search("tides").backend == "searxng"


# ---- run: the tutorial's keys and modes -------------------------------------------------


def test_run_takes_every_key_of_the_tutorial(fake: FakeSearchServer) -> None:
    tool = every_backend(fake, "hybrid")
    text = tool.run(
        {
            "input": "tides",
            "backend": "searxng",
            "mode": "structured",
            "fetch_full_page": True,
            "max_results": 2,
            "max_tokens_per_source": 2000,
            "loop_count": 0,
        }
    )
    assert isinstance(text, str)
    data = json.loads(text)
    assert data["backend"] == "searxng" and data["notices"] == []
    assert [sorted(result) for result in data["results"]] == [
        ["content", "raw_content", "score", "snippet", "title", "url"]
    ] * 2


@pytest.mark.parametrize("mode", ["structured", "json", "dict"])
def test_every_structured_mode_is_json_text(fake: FakeSearchServer, mode: str) -> None:
    text = every_backend(fake, "searxng").run({"query": "tides", "return_mode": mode})
    assert json.loads(text)["query"] == "tides"


def test_through_the_registry_query_and_the_other_keys_are_accepted(
    fake: FakeSearchServer,
) -> None:
    registry = ToolRegistry()
    registry.register_tool(every_backend(fake, "searxng"))
    by_query = registry.execute("search", {"query": "tides", "max_results": 1, "mode": "json"})
    assert by_query.ok, by_query.content
    assert len(json.loads(by_query.content)["results"]) == 1
    wrong = registry.execute("search", {"input": "tides", "backend": "bing"})
    assert not wrong.ok and "backend" in wrong.content and "searxng" in wrong.content


def test_the_typed_results_serve_code(fake: FakeSearchServer) -> None:
    results = every_backend(fake, "searxng").search("tides")
    assert isinstance(results, SearchResults)
    assert results.results[0]["snippet"] == results.results[0]["content"]
    assert results.to_dict()["results"] == results.results


@pytest.mark.parametrize(
    "parameters",
    [
        {"input": "x", "mode": "xml"},
        {"input": "x", "max_results": 0},
        {"input": "x", "backend": "y"},
    ],
)
def test_bad_settings_called_directly_are_developer_errors(parameters: dict[str, object]) -> None:
    with pytest.raises(ToolException):
        SearchTool("local", corpus_dir=CORPUS).run(parameters)


# ---- a local corpus, in process and as a SearXNG-compatible service ---------------------


def test_the_local_corpus_is_searched_without_a_network() -> None:
    results = SearchTool("local", corpus_dir=CORPUS).search("how do lithium-ion batteries age")
    assert results.backend == "local"
    assert results.hits[0].title == "Why batteries wear out"
    assert results.hits[0].url.startswith("file://")
    assert results.hits[0].raw_content is None  # only with fetch_full_page
    full = SearchTool("local", corpus_dir=CORPUS).search("battery ageing", fetch_full_page=True)
    assert "Calendar ageing" in (full.hits[0].raw_content or "")


def test_a_corpus_finds_nothing_for_an_unrelated_query() -> None:
    assert SearchTool("local", corpus_dir=CORPUS).search("quantum chromodynamics").hits == ()


def test_the_corpus_is_read_again_when_a_page_changes(tmp_path: Path) -> None:
    tool = SearchTool("local", corpus_dir=tmp_path)
    (tmp_path / "a.md").write_text("# Otters\nOtters hold hands while sleeping.", encoding="utf-8")
    assert tool.search("otters").hits[0].title == "Otters"
    (tmp_path / "b.md").write_text(
        "---\ntitle: Beavers\nurl: https://b.example/\n---\nBeavers build dams."
    )
    assert tool.search("beavers dams").hits[0].url == "https://b.example/"


def test_a_missing_corpus_says_what_to_set(tmp_path: Path) -> None:
    with pytest.raises(SearchError, match="SEARCH_CORPUS_DIR"):
        SearchTool("local").search("tides")
    with pytest.raises(SearchError, match="does not exist"):
        SearchTool("local", corpus_dir=tmp_path / "nowhere").search("tides")


def test_the_local_service_answers_like_searxng_and_serves_its_pages() -> None:
    with LocalSearchService(CORPUS) as service:
        results = SearchTool("searxng", searxng_url=service.url).search("volcano magma gas")
        assert results.hits[0].url == f"{service.url}/pages/science/volcanoes"
        page = urlopen(results.hits[0].url, timeout=5).read().decode()
        assert "<h1>What makes a volcano erupt</h1>" in page
        health = json.loads(urlopen(f"{service.url}/healthz", timeout=5).read())
        assert health == {"status": "ok", "pages": 35}
        html = urlopen(f"{service.url}/search?q=tides", timeout=5).read().decode()
        assert "Why the sea has tides" in html
        index = urlopen(f"{service.url}/", timeout=5).read().decode()
        assert index.count("<li>") == 35


def test_the_local_service_command_refuses_a_missing_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--corpus", str(tmp_path / "nowhere"), "--port", "0"]) == 1
    assert "does not exist" in capsys.readouterr().err


class ShelfBackend(SearchBackend):
    """A backend of one's own: a fixed shelf of pages."""

    name = "shelf"

    def search(self, query: str, max_results: int) -> SearchResults:
        hits = [
            SearchHit(f"Page {number} on {query}", f"http://shelf.test/{number}", "text")
            for number in range(1, 6)
        ]
        return SearchResults(query, self.name, None, tuple(hits[:max_results]))


def test_a_backend_of_ones_own_serves_its_name() -> None:
    tool = SearchTool(ShelfBackend(timeout=1.0), max_results=2)
    assert tool.backend == "shelf"
    text = tool.run({"input": "tides"})
    assert "Page 1 on tides" in text and "http://shelf.test/2" in text
    assert "Page 3" not in text
    parameters = {p.name: p for p in tool.get_parameters()}
    assert parameters["backend"].enum is not None and "shelf" in parameters["backend"].enum
    # the built-in backends stay reachable by name, and a run may pick the shelf
    assert tool.search("tides", backend="shelf").backend == "shelf"
    with pytest.raises(ToolException, match="Unknown search backend 'nowhere'"):
        tool.search("tides", backend="nowhere")


def test_a_backend_of_ones_own_needs_a_name() -> None:
    nameless = ShelfBackend(timeout=1.0)
    nameless.name = ""
    with pytest.raises(ToolException, match="needs a name of its own"):
        SearchTool(nameless)
