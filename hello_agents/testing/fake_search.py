"""A local fake of the search APIs SearchTool speaks, for offline tests and docs.

:class:`FakeSearchServer` is a real HTTP server on ``127.0.0.1`` (port chosen by
the OS) running in a background thread. The real client packages talk to it over
HTTP exactly as they talk to the real services:

* Tavily: ``POST {tavily_url}/search`` with ``Authorization: Bearer <key>`` and a
  JSON body; answers ``{"answer", "results": [{"title", "url", "content"}]}``.
* SerpApi: ``GET {serpapi_url}/search?q=...&api_key=...``; answers
  ``{"answer_box", "organic_results": [{"title", "link", "snippet"}]}``.
* SearXNG: ``GET {searxng_url}/search?q=...&format=json``; answers
  ``{"results": [{"url", "title", "content"}]}`` whose pages the fake serves
  too (``GET /pages/<name>``, HTML), so ``fetch_full_page`` can be tested.
* DuckDuckGo: ``GET {duckduckgo_url}/html/?q=...``; answers an HTML results page
  in DuckDuckGo's markup (redirect links, an ad to skip).
* Perplexity: ``POST {perplexity_url}/chat/completions`` with ``Authorization:
  Bearer <key>``; answers a chat completion with ``search_results``.

A wrong key gets HTTP 401, like the real services. Faults can be injected per
service: 401, 429, 500, an answer slower than the client's timeout, a body
that is not JSON, or JSON of an unexpected shape. Every request is recorded (keys are not)::

    with FakeSearchServer() as server:
        server.fail("tavily", SearchFault.SERVER_ERROR)
        tool = SearchTool(tavily_key=server.tavily_key, serpapi_key=server.serpapi_key,
                          tavily_base_url=server.tavily_url,
                          serpapi_base_url=server.serpapi_url)
        tool.run({"input": "python"})   # answered by the SerpApi fake
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from enum import Enum
from html import escape
from http.server import BaseHTTPRequestHandler
from typing import Any, Literal
from urllib.parse import parse_qs, quote, urlsplit

from hello_agents.tools.builtin.search.serving import BackgroundHTTPServer

logger = logging.getLogger(__name__)

Service = Literal["tavily", "serpapi", "searxng", "duckduckgo", "perplexity"]
SERVICES: tuple[Service, ...] = ("tavily", "serpapi", "searxng", "duckduckgo", "perplexity")


class SearchFault(Enum):
    """A failure the fake can answer with instead of results."""

    UNAUTHORIZED = "unauthorized"  # HTTP 401, as for a wrong key
    RATE_LIMITED = "rate_limited"  # HTTP 429
    SERVER_ERROR = "server_error"  # HTTP 500
    SLOW = "slow"  # answers only after ``slow_seconds``
    MALFORMED_JSON = "malformed_json"  # HTTP 200 with a body that is not JSON
    ODD_SHAPE = "odd_shape"  # HTTP 200, valid JSON, but fields of the wrong types


@dataclass(frozen=True)
class RecordedSearch:
    """One request the fake received.

    Attributes:
        service: Which fake API was called.
        query: The search query.
        authorized: Whether it carried the right key.
        parameters: The other request parameters (the key removed).
    """

    service: Service
    query: str
    authorized: bool
    parameters: dict[str, Any]


class FakeSearchServer(BackgroundHTTPServer):
    """Fake search endpoints (Tavily, SerpApi, SearXNG, DuckDuckGo, Perplexity) on one
    loopback HTTP server.

    Args:
        tavily_key: The key the Tavily fake accepts.
        serpapi_key: The key the SerpApi fake accepts.
        perplexity_key: The key the Perplexity fake accepts.
        slow_seconds: How long a :attr:`SearchFault.SLOW` answer waits (stopping the
            server releases waiting answers at once).
    """

    thread_name = "fake-search-server"
    poll_interval = 0.02  # how fast stop() is noticed

    def __init__(
        self,
        *,
        tavily_key: str = "tvly-fake-key-0123456789",
        serpapi_key: str = "serpapi-fake-key-0123456789",
        perplexity_key: str = "pplx-fake-key-0123456789",
        slow_seconds: float = 10.0,
    ) -> None:
        super().__init__()
        self.tavily_key = tavily_key
        self.serpapi_key = serpapi_key
        self.perplexity_key = perplexity_key
        self.slow_seconds = slow_seconds
        self.requests: list[RecordedSearch] = []
        self._faults: dict[Service, SearchFault | None] = dict.fromkeys(SERVICES)
        self._lock = threading.Lock()
        self._stopping = threading.Event()

    # ------------------------------------------------------------------ lifecycle

    def handler(self) -> type[BaseHTTPRequestHandler]:
        return _handler_for(self)

    def stop(self) -> None:
        """Release slow answers, stop serving and close the socket."""
        self._stopping.set()
        super().stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>`` of the running server."""
        return self.url

    @property
    def tavily_url(self) -> str:
        """The base URL to give ``TavilyClient(api_base_url=...)``."""
        return f"{self.base_url}/tavily"

    @property
    def serpapi_url(self) -> str:
        """The base URL to use as SerpApi's ``BACKEND``."""
        return f"{self.base_url}/serpapi"

    @property
    def searxng_url(self) -> str:
        """The address to give ``SearchTool(searxng_url=...)`` (or ``SEARXNG_URL``)."""
        return f"{self.base_url}/searxng"

    @property
    def duckduckgo_url(self) -> str:
        """The address to give ``SearchTool(duckduckgo_base_url=...)``."""
        return f"{self.base_url}/duckduckgo"

    @property
    def perplexity_url(self) -> str:
        """The address to give ``SearchTool(perplexity_base_url=...)``."""
        return f"{self.base_url}/perplexity"

    # ------------------------------------------------------------------ faults

    def fail(self, service: Service, fault: SearchFault | None) -> None:
        """Make every later request to ``service`` fail with ``fault`` (None: heal it).

        Args:
            service: One of :data:`SERVICES`.
            fault: The failure to answer with, or None to answer normally again.
        """
        with self._lock:
            self._faults[service] = fault

    def requests_to(self, service: Service) -> list[RecordedSearch]:
        """The recorded requests to one service, in arrival order."""
        with self._lock:
            return [request for request in self.requests if request.service == service]

    # ------------------------------------------------------------------ answers

    def _record(self, request: RecordedSearch) -> SearchFault | None:
        with self._lock:
            self.requests.append(request)
            return self._faults[request.service]

    def _wait_slow(self) -> None:
        self._stopping.wait(self.slow_seconds)

    def answer_tavily(self, headers: dict[str, str], body: bytes) -> tuple[int, bytes]:
        """Compute the fake Tavily answer (status, body) to one request."""
        try:
            payload = json.loads(body or b"{}")
        except ValueError:
            payload = None
        if not isinstance(payload, dict):
            return 400, _json({"detail": {"error": "The body must be a JSON object."}})
        authorized = headers.get("authorization") == f"Bearer {self.tavily_key}"
        query = str(payload.get("query", ""))
        parameters = {key: value for key, value in payload.items() if key != "api_key"}
        fault = self._record(RecordedSearch("tavily", query, authorized, parameters))
        refused = _json({"detail": {"error": "Unauthorized: missing or invalid API key."}})
        forced = self._forced_answer(fault, authorized, refused)
        if forced is not None:
            return forced
        count = int(payload.get("max_results") or 5)
        return 200, _json(
            {
                "query": query,
                "answer": f"Fake Tavily answer about {query}.",
                "results": [
                    {
                        "title": f"{query} - Tavily result {number}",
                        "url": f"https://tavily.example/{number}",
                        "content": f"Tavily snippet {number} about {query}.",
                        "score": round(1.0 - number / 10, 2),
                    }
                    for number in range(1, count + 1)
                ],
                "response_time": 0.01,
            }
        )

    def answer_serpapi(self, query_string: str) -> tuple[int, bytes]:
        """Compute the fake SerpApi answer (status, body) to one request."""
        fields = {key: values[-1] for key, values in parse_qs(query_string).items()}
        authorized = fields.get("api_key") == self.serpapi_key
        query = fields.get("q", "")
        parameters = {key: value for key, value in fields.items() if key != "api_key"}
        fault = self._record(RecordedSearch("serpapi", query, authorized, parameters))
        refused = _json({"error": "Invalid API key. Your API key should be here: ..."})
        forced = self._forced_answer(fault, authorized, refused)
        if forced is not None:
            return forced
        count = int(fields.get("num") or 10)
        return 200, _json(
            {
                "search_metadata": {"status": "Success"},
                "search_parameters": {"engine": fields.get("engine"), "q": query},
                "answer_box": {"answer": f"Fake Google answer about {query}."},
                "organic_results": [
                    {
                        "position": number,
                        "title": f"{query} - Google result {number}",
                        "link": f"https://google.example/{number}",
                        "snippet": f"Google snippet {number} about {query}.",
                    }
                    for number in range(1, count + 1)
                ],
            }
        )

    def answer_searxng(self, query_string: str) -> tuple[int, bytes]:
        """Compute the fake SearXNG answer (status, body) to one request."""
        fields = {key: values[-1] for key, values in parse_qs(query_string).items()}
        query = fields.get("q", "")
        parameters = {key: value for key, value in fields.items() if key != "q"}
        fault = self._record(RecordedSearch("searxng", query, True, parameters))
        forced = self._forced_answer(fault, True, b"")
        if forced is not None:
            return forced
        if fields.get("format") != "json":
            return 403, b"<html><body>Forbidden: format not allowed</body></html>"
        return 200, _json(
            {
                "query": query,
                "number_of_results": 4,
                "answers": [],
                "results": [
                    {
                        "url": f"{self.base_url}/pages/searxng-{number}",
                        "title": f"{query} - SearXNG result {number}",
                        "content": f"SearXNG extract {number} about {query}.",
                        "engine": "fake",
                        "score": round(1.0 - number / 10, 2),
                    }
                    for number in range(1, 5)
                ]
                # a repeated address, as metasearch engines send: the tool keeps one
                + [{"url": f"{self.base_url}/pages/searxng-1/", "title": "again", "content": ""}],
            }
        )

    def answer_duckduckgo(self, query_string: str) -> tuple[int, bytes]:
        """Compute the fake DuckDuckGo HTML page (status, body) for one request."""
        fields = {key: values[-1] for key, values in parse_qs(query_string).items()}
        query = fields.get("q", "")
        fault = self._record(RecordedSearch("duckduckgo", query, True, {}))
        forced = self._forced_answer(fault, True, b"")
        if forced is not None:
            return forced
        shown = escape(query)
        results = "".join(
            f"""<div class="result results_links web-result"><div class="links_main">
<h2 class="result__title"><a rel="nofollow" class="result__a"
 href="//duckduckgo.com/l/?uddg={quote(f"https://ddg.example/{number}", safe="")}&amp;rut=x">
{shown} &amp; DuckDuckGo result <b>{number}</b></a></h2>
<a class="result__snippet" href="#">DuckDuckGo extract {number} about <b>{shown}</b>.</a>
</div></div>"""
            for number in range(1, 4)
        )
        advert = (
            '<div class="result result--ad"><a class="result__a" href="https://ads.example/">'
            "Sponsored</a></div>"
        )
        head = f"<head><title>{shown} at DuckDuckGo</title></head>"
        page = f"<html>{head}<body>{advert}{results}</body></html>"
        return 200, page.encode()

    def answer_perplexity(self, headers: dict[str, str], body: bytes) -> tuple[int, bytes]:
        """Compute the fake Perplexity chat completion (status, body) for one request."""
        try:
            payload = json.loads(body or b"{}")
        except ValueError:
            payload = None
        if not isinstance(payload, dict):
            return 400, _json({"error": {"message": "The body must be a JSON object."}})
        authorized = headers.get("authorization") == f"Bearer {self.perplexity_key}"
        messages = payload.get("messages") or [{}]
        query = str(messages[-1].get("content", "")) if isinstance(messages[-1], dict) else ""
        parameters = {"model": payload.get("model")}
        fault = self._record(RecordedSearch("perplexity", query, authorized, parameters))
        refused = _json({"error": {"message": "Invalid API key", "code": 401}})
        forced = self._forced_answer(fault, authorized, refused)
        if forced is not None:
            return forced
        return 200, _json(
            {
                "id": "fake-perplexity",
                "model": payload.get("model"),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": f"Perplexity on {query}."},
                        "finish_reason": "stop",
                    }
                ],
                "citations": [f"https://perplexity.example/{n}" for n in (1, 2)],
                "search_results": [
                    {
                        "title": f"{query} - Perplexity source {n}",
                        "url": f"https://perplexity.example/{n}",
                        "snippet": f"Perplexity extract {n} about {query}.",
                    }
                    for n in (1, 2)
                ],
            }
        )

    def answer_page(self, name: str) -> tuple[int, bytes]:
        """One of the fake's own pages, as HTML (a result address of its SearXNG)."""
        text = escape(name.replace("-", " "))
        page = (
            f"<html><head><title>{text}</title><style>p{{color:red}}</style></head><body>"
            f"<nav>menu</nav><h1>{text}</h1><p>The whole text of page {text}.</p>"
            "<script>var hidden = 1;</script></body></html>"
        )
        return 200, page.encode()

    def _forced_answer(
        self, fault: SearchFault | None, authorized: bool, refused: bytes
    ) -> tuple[int, bytes] | None:
        """The answer a fault or a wrong key forces, or None to answer with results."""
        if fault is SearchFault.SLOW:
            self._wait_slow()  # then answer as usual
        if fault is SearchFault.UNAUTHORIZED or not authorized:
            return 401, refused
        if fault is SearchFault.RATE_LIMITED:
            return 429, _json({"error": "Rate limit exceeded.", "detail": {"error": "Too many"}})
        if fault is SearchFault.SERVER_ERROR:
            return 500, b"<html><body>Internal Server Error</body></html>"
        if fault is SearchFault.MALFORMED_JSON:
            return 200, b'{"results": [ this is not json'
        if fault is SearchFault.ODD_SHAPE:
            return 200, _json({"results": "none", "organic_results": None, "answer_box": []})
        return None


def _json(value: Any) -> bytes:
    return json.dumps(value).encode()


def _handler_for(fake: FakeSearchServer) -> type[BaseHTTPRequestHandler]:
    """A request handler class bound to one fake server."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            headers = {key.lower(): value for key, value in self.headers.items()}
            path = urlsplit(self.path).path
            if path == "/tavily/search":
                self._send(*fake.answer_tavily(headers, body))
            elif path == "/perplexity/chat/completions":
                self._send(*fake.answer_perplexity(headers, body))
            else:
                self._send(404, _json({"detail": {"error": "Not found"}}))

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            if parts.path == "/serpapi/search":
                self._send(*fake.answer_serpapi(parts.query))
            elif parts.path == "/searxng/search":
                self._send(*fake.answer_searxng(parts.query))
            elif parts.path == "/duckduckgo/html/":
                self._send(*fake.answer_duckduckgo(parts.query), content_type="text/html")
            elif parts.path.startswith("/pages/"):
                name = parts.path.removeprefix("/pages/").strip("/")
                self._send(*fake.answer_page(name), content_type="text/html")
            else:
                self._send(404, _json({"error": "Not found"}))

        def _send(self, status: int, body: bytes, content_type: str = "application/json") -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except OSError:  # the client gave up (timed out) before the answer
                pass

        def log_message(self, format: str, *args: Any) -> None:
            # Quiet by default; the path (with SerpApi's key) is not logged.
            logger.debug("fake search server: %s", self.command)

    return Handler


__all__ = ["SERVICES", "FakeSearchServer", "RecordedSearch", "SearchFault", "Service"]
