"""The checks for chapter 14's exercises: reading a plan, checking citations, a search backend.

* ``plan_parser``: ``func(reply) -> list[dict]``; the tasks (``title``, ``intent``,
  ``query``, all text) of a planner's reply, read the way small models write it:
  JSON in a code fence, between sentences, wrapped in ``{"tasks": [...]}``, with a
  trailing comma; a task without a title is dropped, a missing intent becomes the
  title; no readable JSON gives ``[]``.
* ``citation_check``: ``func(text, known) -> (markers, resolved, unresolved)``; how
  many numbers ``text`` cites (``[1]``, each number of ``[1, 2]``, repeats counted,
  never a Markdown link's label ``[1](http://...)``), how many of them are in
  ``known``, and the unknown ones, each once, in order of appearance.
"""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    returned,
    run_cases,
    short,
)

TIDES = {"title": "What tides are", "intent": "Define tides", "query": "tides moon"}


def check_plan_parser(
    func: Callable[[str], Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a planner-reply reader ``func(reply) -> list[dict]``."""

    def case(reply: str, wanted: list[dict[str, str]], what: str) -> None:
        got = func(reply)
        expect(got == wanted, f"{what}: {short(wanted)}", f"{short(got)} for {short(reply)}")

    def plain() -> None:
        case('[{"title": "What tides are", "intent": "Define tides", "query": "tides moon"}]',
             [TIDES], "a bare JSON array")  # fmt: skip

    def wrapped() -> None:
        reply = 'Here is the plan:\n```json\n[{"title": "What tides are", "intent": "Define tides", "query": "tides moon"},]\n```\nGood luck!'  # noqa: E501
        case(reply, [TIDES], "a fenced array with a trailing comma, between sentences")

    def object_with_tasks() -> None:
        case('{"tasks": [{"title": "What tides are", "intent": "Define tides", "query": "tides moon"}]}',  # noqa: E501
             [TIDES], 'an object {"tasks": [...]}')  # fmt: skip

    def incomplete_tasks() -> None:
        reply = '[{"intent": "no title", "query": "x"}, {"title": "Spring tides", "query": "spring tides"}]'  # noqa: E501
        case(reply, [{"title": "Spring tides", "intent": "Spring tides", "query": "spring tides"}],
             "a task without a title dropped; a missing intent becomes the title")  # fmt: skip

    def nothing() -> None:
        case("I cannot plan this.", [], "a reply without JSON")
        case("[not json at all]", [], "brackets that are not JSON")

    cases = [
        Case("a bare JSON array", plain, "json.loads the reply when it is only JSON.",
             expected="the one task"),
        Case("JSON inside text and a code fence", wrapped,
             "find the first '[' and its matching ']', drop a trailing comma before ']' or '}'.",
             expected="the one task"),
        Case('{"tasks": [...]}', object_with_tasks, "if the JSON is an object, take its 'tasks'.",
             expected="the one task"),
        Case("tasks missing fields", incomplete_tasks,
             "skip items without a title; use the title when the intent is missing.",
             expected="only the complete task"),
        Case("no JSON", nothing, "return [] when nothing parses; never raise.",
             expected="[] twice"),
    ]  # fmt: skip
    return run_cases("plan_parser", func, cases, raise_on_failure=raise_on_failure)


def check_citation_check(
    func: Callable[[str, Any], Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a citation counter ``func(text, known) -> (markers, resolved, unresolved)``."""

    def case(text: str, known: set[int], wanted: tuple[int, int, list[int]], what: str) -> None:
        got = func(text, known)
        got = (
            (got[0], got[1], list(got[2]))
            if isinstance(got, (tuple, list)) and len(got) == 3
            else got
        )
        expect(got == wanted, f"{what}: {wanted}", f"{short(got)} for {short(text)}")

    def simple() -> None:
        case("Tides follow the Moon [1]. Two a day [2].", {1, 2}, (2, 2, []), "two known citations")

    def unknown() -> None:
        case("A fact [1]. Made up [7]. Again [7].", {1, 2}, (3, 1, [7]),
             "an unknown number counted each time, listed once")  # fmt: skip

    def grouped() -> None:
        case("Both [1, 3] and [2][3].", {1, 2}, (4, 2, [3]), "[1, 3] is two citations")

    def links() -> None:
        case("See [1](http://a.example) and [2].", {2}, (1, 1, []), "a link label is no citation")

    def none() -> None:
        case("No citations here.", {1}, (0, 0, []), "a text without citations")

    cases = [
        Case("known citations", simple, "find every [n] with a regular expression.",
             expected="(2, 2, [])"),
        Case("unknown citations", unknown,
             "count every marker; list each unknown number once, in order.",
             expected="(3, 1, [7])"),
        Case("several numbers in one bracket", grouped, "split the inside of [...] at commas.",
             expected="(4, 2, [3])"),
        Case("Markdown links", links, "a [label] followed by '(' is a link, not a citation.",
             expected="(1, 1, [])"),
        Case("no citations", none, "return (0, 0, []).", expected="(0, 0, [])"),
    ]  # fmt: skip
    return run_cases("citation_check", func, cases, raise_on_failure=raise_on_failure)


# ---- a search backend ----------------------------------------------------------------------

TIDES_QUERY = "why does the sea have tides"
VOLCANO_QUERY = "volcano magma gas"
NO_MATCH_QUERY = "zzqx qqzz"
SLOW_SECONDS = 3.0
"""How long the slow fake waits before it answers; the backend is given 0.5 s."""
TIMEOUT_GIVEN = 0.5


@dataclass(frozen=True)
class _Services:
    """The addresses the search-backend check serves on this machine."""

    local: str  # the local search service over the sample pages
    plain: str  # a fake SearXNG sending 5 results whatever count is asked (as SearXNG does)
    failing: str  # answers HTTP 500
    garbled: str  # answers HTTP 200 with a body that is not JSON
    slow: str  # answers only after SLOW_SECONDS
    dead: str  # nothing listens there


@contextmanager
def _search_services() -> Iterator[_Services]:
    """Start the services of the check, each on a loopback port the system picks."""
    from hello_agents.testing.fake_search import FakeSearchServer, SearchFault
    from hello_agents.tools.builtin.search import SAMPLE_CORPUS
    from hello_agents.tools.builtin.search.local_service import LocalSearchService

    with ExitStack() as stack:
        local = stack.enter_context(LocalSearchService(SAMPLE_CORPUS))
        fakes: dict[str, FakeSearchServer] = {}
        for name, fault in (
            ("plain", None),
            ("failing", SearchFault.SERVER_ERROR),
            ("garbled", SearchFault.MALFORMED_JSON),
            ("slow", SearchFault.SLOW),
        ):
            fake = stack.enter_context(FakeSearchServer(slow_seconds=SLOW_SECONDS))
            fake.fail("searxng", fault)
            fakes[name] = fake
        with socket.socket() as probe:  # a port that was free a moment ago: refused
            probe.bind(("127.0.0.1", 0))
            dead = f"http://127.0.0.1:{probe.getsockname()[1]}"
        yield _Services(
            local=local.url,
            dead=dead,
            **{name: fake.searxng_url for name, fake in fakes.items()},
        )


def _service_answer(base_url: str, query: str) -> list[dict[str, Any]]:
    """The results the service itself sends for ``query`` (what the backend should keep)."""
    address = f"{base_url}/search?{urlencode({'q': query, 'format': 'json'})}"
    with urllib.request.urlopen(address, timeout=5) as response:
        results: list[dict[str, Any]] = json.loads(response.read())["results"]
    return results


def _attempt(call: Callable[[], Any]) -> tuple[Any, BaseException | None, float]:
    """``(value, None, seconds)`` or ``(None, the exception, seconds)`` of one call."""
    started = time.monotonic()
    try:
        return call(), None, time.monotonic() - started
    except Exception as error:  # the learner's code may raise anything
        return None, error, time.monotonic() - started


def _raised(error: BaseException) -> str:
    return f"it raised {type(error).__name__}: {error}"


def check_search_backend(
    backend_class: type[Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a search backend for a SearXNG-compatible service, on local services.

    Args:
        backend_class: Built as ``backend_class(timeout=..., base_url=...)``; its
            ``search(query, max_results)`` is called.
        raise_on_failure: Raise :class:`ConformanceError` when a case fails.
    """
    from hello_agents.tools.builtin.search import (
        BackendUnavailable,
        SearchBackend,
        SearchHit,
        SearchResults,
    )

    with _search_services() as services:

        def search(base_url: str, query: str, max_results: int, timeout: float = 5.0) -> Any:
            backend = backend_class(timeout=timeout, base_url=base_url)
            return backend.search(query, max_results)

        def answered(base_url: str, query: str, max_results: int) -> Any:
            """The backend's results; an exception it raises fails the case."""
            return returned(
                lambda: search(base_url, query, max_results),
                f"results for {query!r} from a service that answers",
                "the service answered with JSON: GET {base_url}/search?q=...&format=json, "
                "json.loads the body and read its 'results' list.",
            )

        def typed() -> None:
            backend = backend_class(timeout=5.0, base_url=services.local)
            expect(
                isinstance(backend, SearchBackend),
                "an instance of hello_agents.tools.builtin.search.SearchBackend",
                short(backend),
                "subclass SearchBackend and call super().__init__(timeout).",
            )
            expect(
                isinstance(backend.name, str) and bool(backend.name),
                "a backend with a name (the class attribute name = '...')",
                short(backend.name),
            )
            found = answered(services.local, TIDES_QUERY, 5)
            expect(
                isinstance(found, SearchResults),
                "a SearchResults",
                short(found),
                "return SearchResults(query, self.name, None, hits).",
            )
            expect(
                found.query == TIDES_QUERY and found.backend == backend.name,
                f"query={TIDES_QUERY!r} and backend={backend.name!r} in the results",
                f"query={found.query!r}, backend={found.backend!r}",
                "give SearchResults the query as asked and self.name.",
            )
            odd = [hit for hit in found.hits if not isinstance(hit, SearchHit)]
            expect(
                bool(found.hits) and not odd,
                "hits that are SearchHit records",
                short(odd[0]) if odd else "no hits at all",
                "build SearchHit(title=..., url=..., content=...) from each result's "
                "'title', 'url' and 'content'.",
            )
            empty = [hit for hit in found.hits if not (hit.title and hit.url and hit.content)]
            expect(
                not empty,
                "every hit with its title, url and content filled in",
                short(empty[0]) if empty else "",
                "read the keys 'title', 'url' and 'content' of each result.",
            )

        def in_order() -> None:
            for query in (TIDES_QUERY, VOLCANO_QUERY):
                wanted = _service_answer(services.local, query)[:5]
                found = answered(services.local, query, 5)
                got = [(hit.url, hit.title) for hit in getattr(found, "hits", ())]
                expect(
                    got == [(item["url"], item["title"]) for item in wanted],
                    f"the service's {len(wanted)} results for {query!r}, in its order: "
                    + short([item["title"] for item in wanted]),
                    short([title for _, title in got]),
                    "keep every result of the answer's 'results' list, in order; do not sort "
                    "or filter them yourself.",
                )
                contents = [" ".join(hit.content.split()) for hit in found.hits]
                expect(
                    contents == [" ".join(str(item["content"]).split()) for item in wanted],
                    "each hit's content = the result's 'content' as the service sent it",
                    short(contents),
                    "use result['content'] for SearchHit.content (not the title or the url).",
                )

        def capped() -> None:
            sent = _service_answer(services.plain, "python")
            for count in (2, 1):
                found = answered(services.plain, "python", count)
                got = [hit.url for hit in getattr(found, "hits", ())]
                expect(
                    got == [item["url"] for item in sent[:count]],
                    f"the first {count} of the {len(sent)} results sent, for max_results={count}",
                    f"{len(got)} hits: {short(got)}",
                    "a SearXNG service sends every result it has, whatever count you ask "
                    "for: cut the list to max_results yourself.",
                )

        def no_match() -> None:
            found, error, _ = _attempt(lambda: search(services.local, NO_MATCH_QUERY, 5))
            if isinstance(error, NotImplementedError):
                raise error
            expect(
                error is None,
                f"an empty SearchResults for {NO_MATCH_QUERY!r} (the service found nothing)",
                _raised(error) if error else "",
                "no results is an answer, not a failure: return SearchResults with hits=(), "
                "and raise nothing.",
            )
            hits = getattr(found, "hits", None)
            expect(
                isinstance(found, SearchResults) and hits is not None and len(hits) == 0,
                "a SearchResults with no hits",
                short(found),
                "an answer with 'results': [] gives SearchResults(query, self.name, None, ()).",
            )

        def failure_of(base_url: str, what: str, hint: str) -> None:
            found, error, _ = _attempt(lambda: search(base_url, TIDES_QUERY, 5, 2.0))
            if isinstance(error, NotImplementedError):
                raise error
            address = base_url.removeprefix("http://").split("/")[0]
            expect(
                isinstance(error, BackendUnavailable),
                f"BackendUnavailable when {what}",
                _raised(error) if error else f"it returned {short(found)}",
                hint,
            )
            expect(
                address in str(error),
                f"a message that names the address {address}, so the reader knows what "
                "to start or fix",
                repr(str(error)),
                "put self.base_url in the message: BackendUnavailable(f'... at "
                "{self.base_url} ...').",
            )

        def unreachable() -> None:
            failure_of(
                services.dead,
                "nothing listens at the address",
                "urlopen raises urllib.error.URLError when it cannot connect: catch it and "
                "raise BackendUnavailable(...) from None.",
            )

        def broken() -> None:
            failure_of(
                services.failing,
                "the service answers HTTP 500",
                "an HTTP error is urllib.error.HTTPError (a URLError): turn it into "
                "BackendUnavailable with the status.",
            )
            failure_of(
                services.garbled,
                "the service's answer is not JSON",
                "json.loads raises ValueError (JSONDecodeError) on a body that is not JSON: "
                "catch it and raise BackendUnavailable.",
            )

        def slow() -> None:
            found, error, seconds = _attempt(
                lambda: search(services.slow, TIDES_QUERY, 5, TIMEOUT_GIVEN)
            )
            if isinstance(error, NotImplementedError):
                raise error
            expect(
                seconds < TIMEOUT_GIVEN + 1.5,
                f"an answer within about {TIMEOUT_GIVEN:g} s (the timeout it was given)",
                f"it waited {seconds:.1f} s for a service that takes {SLOW_SECONDS:g} s",
                "pass timeout=self.timeout to urllib.request.urlopen: without it a request "
                "waits as long as the service takes, or forever.",
            )
            expect(
                isinstance(error, BackendUnavailable),
                f"BackendUnavailable after {TIMEOUT_GIVEN:g} s without an answer",
                _raised(error) if error else f"it returned {short(found)}",
                "a read that takes too long raises TimeoutError, which is not a URLError: "
                "catch TimeoutError (or OSError) too and raise BackendUnavailable.",
            )

        cases = [
            Case("typed results", typed,
                 "read the service's JSON (fetch it), turn its results into SearchHit records, and "
                 "keep SearchBackend as the base class.",
                 expected="search() on the local service returns SearchResults of SearchHit"),
            Case("the service's results, in its order", in_order,
                 "request GET {base_url}/search?q=<query>&format=json and keep its 'results'.",
                 expected="the hits the service sent, same order, titles, urls and contents"),
            Case("max_results respected", capped,
                 "cut the hits to max_results: the service may send more.",
                 expected="at most max_results hits, the service's first ones"),
            Case("no match gives no hits", no_match,
                 "return SearchResults with hits=() when 'results' is empty.",
                 expected=f"an empty SearchResults for {NO_MATCH_QUERY!r}"),
            Case("an unreachable service", unreachable,
                 "catch urllib.error.URLError and raise BackendUnavailable naming the address.",
                 expected="BackendUnavailable that names the address, not a crash"),
            Case("a broken answer", broken,
                 "turn HTTP errors and bodies that are not JSON into BackendUnavailable.",
                 expected="BackendUnavailable for HTTP 500 and for a body that is not JSON"),
            Case("a service that does not answer in time", slow,
                 "give urlopen timeout=self.timeout and turn TimeoutError into "
                 "BackendUnavailable.",
                 expected=f"BackendUnavailable within about {TIMEOUT_GIVEN:g} s"),
        ]  # fmt: skip
        return run_cases("search_backend", backend_class, cases, raise_on_failure=raise_on_failure)


__all__ = ["check_citation_check", "check_plan_parser", "check_search_backend"]
