"""DuckDuckGo, without a key, through its HTML results page.

DuckDuckGo has no search API: this backend reads the plain HTML page
``https://html.duckduckgo.com/html/?q=...`` (result links ``a.result__a``,
extracts ``.result__snippet``; ads are skipped, and DuckDuckGo's redirect links
are turned back into the page addresses). It needs no package, and it needs
the network: DuckDuckGo may answer a burst of automated requests with a
challenge page instead of results, which then reads as "no results".
"""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

from hello_agents.tools.builtin.search.backend import SearchBackend
from hello_agents.tools.builtin.search.http import get_text
from hello_agents.tools.builtin.search.results import SearchHit, SearchResults

DEFAULT_URL = "https://html.duckduckgo.com"


class DuckDuckGoBackend(SearchBackend):
    """DuckDuckGo's HTML results.

    Args:
        timeout: Seconds the request may take.
        base_url: Another address (a local fake in tests).
    """

    name = "duckduckgo"

    def __init__(self, timeout: float, base_url: str | None = None) -> None:
        super().__init__(timeout)
        self.base_url = (base_url or DEFAULT_URL).rstrip("/")

    def search(self, query: str, max_results: int) -> SearchResults:
        page, _ = get_text(
            "DuckDuckGo", f"{self.base_url}/html/", {"q": query}, timeout=self.timeout
        )
        reader = ResultPageReader()
        reader.feed(page)
        reader.close()
        return SearchResults(query, self.name, None, tuple(reader.hits[:max_results]))


class ResultPageReader(HTMLParser):
    """Collects the results of a DuckDuckGo HTML page into :attr:`hits`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hits: list[SearchHit] = []
        self._reading: str | None = None  # "title" or "snippet"
        self._depth = 0
        self._text: list[str] = []
        self._url = ""
        self._ad_depth = 0  # > 0 inside an advert's <div>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self._reading:
            self._depth += 1
            return
        if tag == "div" and (self._ad_depth or "result--ad" in classes):
            self._ad_depth += 1
        if self._ad_depth:
            return
        if tag == "a" and "result__a" in classes:
            self._start("title", result_address(dict(attrs).get("href") or ""))
        elif "result__snippet" in classes and self.hits:
            self._start("snippet", self._url)

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._ad_depth and not self._reading:
            self._ad_depth -= 1
            return
        if not self._reading:
            return
        if self._depth:
            self._depth -= 1
            return
        text = " ".join("".join(self._text).split())
        if self._reading == "title" and self._url:
            self.hits.append(SearchHit(title=text, url=self._url, content=""))
        elif self._reading == "snippet" and self.hits and not self.hits[-1].content:
            last = self.hits[-1]
            self.hits[-1] = SearchHit(title=last.title, url=last.url, content=text)
        self._reading = None

    def handle_data(self, data: str) -> None:
        if self._reading:
            self._text.append(data)

    def _start(self, kind: str, url: str) -> None:
        self._reading, self._depth, self._text, self._url = kind, 0, [], url


def result_address(href: str) -> str:
    """The page a result link leads to (DuckDuckGo wraps it in ``/l/?uddg=...``)."""
    if href.startswith("//"):
        href = "https:" + href
    parts = urlsplit(href)
    if parts.path.startswith("/l/"):
        target = parse_qs(parts.query).get("uddg")
        if target:
            return target[0]
    return href if parts.scheme in ("http", "https") else ""


__all__ = ["DEFAULT_URL", "DuckDuckGoBackend", "ResultPageReader", "result_address"]
