"""SearchTool against local fakes of the Tavily and SerpApi HTTP APIs (real HTTP).

The shared conftest removes TAVILY_API_KEY and SERPAPI_API_KEY from the environment.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Iterator

import pytest

from hello_agents.core.exceptions import ToolException
from hello_agents.testing.fake_search import FakeSearchServer, SearchFault, Service
from hello_agents.tools.builtin.search import (
    SearchError,
    SearchResults,
    SearchTool,
    search,
)
from hello_agents.tools.registry import ToolRegistry

FAILURES = [fault for fault in SearchFault if fault is not SearchFault.ODD_SHAPE]


@pytest.fixture
def fake() -> Iterator[FakeSearchServer]:
    with FakeSearchServer() as server:
        yield server


def make_tool(fake: FakeSearchServer, backend: str = "hybrid", **options: object) -> SearchTool:
    settings: dict[str, object] = {
        "tavily_key": fake.tavily_key,
        "serpapi_key": fake.serpapi_key,
        "tavily_base_url": fake.tavily_url,
        "serpapi_base_url": fake.serpapi_url,
        "timeout": 5.0,
    }
    settings.update(options)
    return SearchTool(backend, **settings)  # type: ignore[arg-type]


def test_tavily_answers_first_with_structured_results(fake: FakeSearchServer) -> None:
    results = make_tool(fake).search("hello agents")
    assert isinstance(results, SearchResults)
    assert results.backend == "tavily"
    assert results.answer == "Fake Tavily answer about hello agents."
    assert [hit.url for hit in results.hits] == [f"https://tavily.example/{n}" for n in (1, 2, 3)]
    assert results.hits[0].snippet == "Tavily snippet 1 about hello agents."
    [request] = fake.requests
    assert request.service == "tavily"
    assert request.authorized
    assert request.parameters["max_results"] == 3
    assert request.parameters["include_answer"] is True
    assert fake.requests_to("serpapi") == []


def test_run_formats_results_for_the_model(fake: FakeSearchServer) -> None:
    text = make_tool(fake, max_results=2).run({"input": "hello agents"})
    assert text == (
        "Search results for 'hello agents' (via tavily):\n"
        "Answer: Fake Tavily answer about hello agents.\n"
        "1. hello agents - Tavily result 1\n"
        "   https://tavily.example/1\n"
        "   Tavily snippet 1 about hello agents.\n"
        "2. hello agents - Tavily result 2\n"
        "   https://tavily.example/2\n"
        "   Tavily snippet 2 about hello agents."
    )


@pytest.mark.parametrize(
    "fault",
    [
        SearchFault.UNAUTHORIZED,
        SearchFault.RATE_LIMITED,
        SearchFault.SERVER_ERROR,
        SearchFault.SLOW,
        SearchFault.MALFORMED_JSON,
    ],
)
def test_hybrid_falls_back_to_serpapi_when_tavily_fails(
    fake: FakeSearchServer, fault: SearchFault
) -> None:
    fake.fail("tavily", fault)
    results = make_tool(fake, timeout=0.5).search("agents")
    assert results.backend == "serpapi"
    assert results.answer == "Fake Google answer about agents."
    assert results.hits[0].url == "https://google.example/1"
    assert [request.service for request in fake.requests] == ["tavily", "serpapi"]
    serpapi_request = fake.requests_to("serpapi")[0]
    assert serpapi_request.authorized
    assert serpapi_request.parameters["engine"] == "google"


@pytest.mark.parametrize(
    ("fault", "tavily_reason", "serpapi_reason"),
    [
        (SearchFault.UNAUTHORIZED, "Tavily refused the API key", "SerpApi refused the API key"),
        (SearchFault.RATE_LIMITED, "Tavily's rate or usage limit", "SerpApi's rate or usage limit"),
        (
            SearchFault.SERVER_ERROR,
            "Tavily answered with HTTP 500",
            "SerpApi answered with HTTP 500",
        ),
        (
            SearchFault.SLOW,
            "Tavily did not answer within 0.3 s",
            "SerpApi did not answer within 0.3 s",
        ),
        (
            SearchFault.MALFORMED_JSON,
            "Tavily's answer was not valid JSON",
            "SerpApi's answer was not",
        ),
    ],
)
def test_when_both_fail_the_error_gives_each_reason(
    fake: FakeSearchServer, fault: SearchFault, tavily_reason: str, serpapi_reason: str
) -> None:
    fake.fail("tavily", fault)
    fake.fail("serpapi", fault)
    with pytest.raises(SearchError) as raised:
        make_tool(fake, timeout=0.3).search("agents")
    assert tavily_reason in str(raised.value)
    assert serpapi_reason in str(raised.value)


@pytest.mark.parametrize("backend", ["tavily", "serpapi"])
def test_an_answer_of_unexpected_shape_gives_no_results_not_a_crash(
    fake: FakeSearchServer, backend: Service
) -> None:
    fake.fail(backend, SearchFault.ODD_SHAPE)
    results = make_tool(fake, backend=backend).search("agents")
    assert results.hits == ()
    assert results.answer is None
    assert results.to_text().endswith("No results found.")


def test_request_timeout_is_honoured(fake: FakeSearchServer) -> None:
    fake.fail("tavily", SearchFault.SLOW)  # the fake would wait 10 s
    started = time.perf_counter()
    with pytest.raises(SearchError, match=r"did not answer within 0\.2 s"):
        make_tool(fake, backend="tavily", timeout=0.2).search("agents")
    assert time.perf_counter() - started < 3


def test_a_wrong_key_is_refused_by_the_fake(fake: FakeSearchServer) -> None:
    tool = make_tool(fake, backend="tavily", tavily_key="tvly-wrong")
    with pytest.raises(SearchError, match="Tavily refused the API key"):
        tool.search("agents")
    assert not fake.requests[0].authorized


def test_single_backend_does_not_fall_back(fake: FakeSearchServer) -> None:
    fake.fail("tavily", SearchFault.SERVER_ERROR)
    with pytest.raises(SearchError):
        make_tool(fake, backend="tavily").search("agents")
    assert fake.requests_to("serpapi") == []


def test_serpapi_backend(fake: FakeSearchServer) -> None:
    results = make_tool(fake, backend="serpapi").search("agents")
    assert results.backend == "serpapi"
    assert len(results.hits) == 3
    assert fake.requests_to("tavily") == []


def test_without_a_tavily_key_hybrid_goes_straight_to_serpapi(fake: FakeSearchServer) -> None:
    results = make_tool(fake, tavily_key=None).search("agents")
    assert results.backend == "serpapi"
    assert fake.requests_to("tavily") == []


def test_keys_are_read_from_the_environment(
    fake: FakeSearchServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TAVILY_API_KEY", fake.tavily_key)
    tool = SearchTool(tavily_base_url=fake.tavily_url)
    assert tool.configured_backends == ["tavily"]
    assert tool.search("agents").backend == "tavily"


def test_no_key_gives_a_clear_actionable_message() -> None:
    tool = SearchTool()
    assert tool.configured_backends == []
    with pytest.raises(SearchError) as raised:
        tool.run({"input": "agents"})
    message = str(raised.value)
    assert "TAVILY_API_KEY" in message
    assert "SERPAPI_API_KEY" in message
    assert 'pip install -e ".[search]"' in message
    assert search("agents").startswith("Error: Search failed.")


def test_a_missing_client_package_names_the_extra(
    fake: FakeSearchServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "tavily", None)  # makes `import tavily` fail
    assert make_tool(fake).search("agents").backend == "serpapi"
    monkeypatch.setitem(sys.modules, "serpapi", None)
    with pytest.raises(SearchError) as raised:
        make_tool(fake).search("agents")
    assert "tavily-python package is not installed" in str(raised.value)
    assert "google-search-results package" in str(raised.value)
    assert 'pip install -e ".[search]"' in str(raised.value)


def test_keys_never_appear_in_results_errors_logs_or_repr(
    fake: FakeSearchServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    tool = make_tool(fake, timeout=0.3)
    texts = [repr(tool), str(tool), tool.run({"input": "agents"})]
    fake.fail("tavily", SearchFault.SERVER_ERROR)
    texts.append(tool.run({"input": "agents"}))
    for fault in FAILURES:
        fake.fail("tavily", fault)
        fake.fail("serpapi", fault)
        with pytest.raises(SearchError) as raised:
            tool.search("agents")
        texts.append(str(raised.value))
    logged = caplog.text
    assert "serpapi" in logged.lower()  # the SerpApi requests were logged by urllib3...
    for key in (fake.tavily_key, fake.serpapi_key):
        assert key not in logged  # ...with their key redacted
        for text in texts:
            assert key not in text


def test_an_unreachable_service_is_reported_without_the_key() -> None:
    with FakeSearchServer() as stopped:
        url, key = stopped.serpapi_url, stopped.serpapi_key
    tool = SearchTool("serpapi", serpapi_key=key, serpapi_base_url=url, timeout=1)
    with pytest.raises(SearchError, match="could not be reached") as raised:
        tool.search("agents")
    assert key not in str(raised.value)


def test_empty_query_is_refused() -> None:
    with pytest.raises(SearchError, match="query is empty"):
        SearchTool().run({"input": "  "})


@pytest.mark.parametrize(
    "options",
    [{"backend": "bing"}, {"timeout": 0}, {"max_results": 0}],
)
def test_invalid_settings_are_developer_errors(options: dict[str, object]) -> None:
    with pytest.raises(ToolException):
        SearchTool(**options)  # type: ignore[arg-type]


def test_through_the_registry_failures_are_marked_failed(fake: FakeSearchServer) -> None:
    registry = ToolRegistry()
    registry.register_tool(make_tool(fake))
    succeeded = registry.execute("search", "hello agents")
    assert succeeded.ok
    assert "Fake Tavily answer" in succeeded.content
    fake.fail("tavily", SearchFault.SERVER_ERROR)
    fake.fail("serpapi", SearchFault.SERVER_ERROR)
    failed = registry.execute("search", {"input": "hello agents"})
    assert not failed.ok
    assert failed.error_kind == "execution_error"
    assert "Tavily answered with HTTP 500" in failed.content
