"""A page's readable text: HTML to plain text, and fetching a result's whole page.

``fetch_full_page`` asks for the whole text of every result instead of the
backend's short extract. :func:`fetch_page_text` gets it: an ``http(s)`` address
only, with a timeout and a size limit; the HTML is reduced to its text (scripts,
styles and navigation dropped, one line per block).
"""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlsplit

from hello_agents.tools.builtin.search.http import BackendUnavailable, get_text

SKIPPED = frozenset({"script", "style", "noscript", "template", "svg", "nav", "footer", "head"})
BLOCKS = frozenset(
    {"p", "div", "section", "article", "li", "tr", "br", "h1", "h2", "h3", "h4", "h5", "h6",
     "pre", "blockquote", "dd", "dt", "table", "ul", "ol", "header", "main"}
)  # fmt: skip


class TextExtractor(HTMLParser):
    """Collects the visible text of an HTML page, and its ``<title>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title = ""
        self._lines: list[str] = []
        self._current: list[str] = []
        self._skipping = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        if tag in SKIPPED:
            self._skipping += 1
        elif tag in BLOCKS:
            self._break()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag in SKIPPED:
            self._skipping = max(0, self._skipping - 1)
        elif tag in BLOCKS:
            self._break()

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skipping:
            self._current.append(data)

    def _break(self) -> None:
        line = " ".join("".join(self._current).split())
        if line:
            self._lines.append(line)
        self._current = []

    @property
    def text(self) -> str:
        """The text read so far, one line per block."""
        self._break()
        return "\n".join(self._lines)


def html_to_text(html: str) -> tuple[str, str]:
    """The ``(title, text)`` of an HTML page."""
    extractor = TextExtractor()
    extractor.feed(html)
    extractor.close()
    return " ".join(extractor.title.split()), extractor.text


def fetch_page_text(url: str, timeout: float) -> str:
    """The readable text of the page at ``url``.

    Args:
        url: An ``http`` or ``https`` address.
        timeout: Seconds the request may take.

    Returns:
        The page's text (HTML reduced to text; other text types as they are).

    Raises:
        BackendUnavailable: Not an http(s) address, or the page could not be fetched.
    """
    if urlsplit(url).scheme not in ("http", "https"):
        raise BackendUnavailable(f"{url!r} is not an http(s) address; it was not fetched.")
    body, content_type = get_text("the page", url, timeout=timeout)
    if content_type in ("text/html", "application/xhtml+xml"):
        return html_to_text(body)[1]
    if content_type.startswith("text/") or content_type in ("application/json", "text/markdown"):
        return body.strip()
    raise BackendUnavailable(f"the page is {content_type}, not text; it was not read.")


__all__ = ["TextExtractor", "fetch_page_text", "html_to_text"]
