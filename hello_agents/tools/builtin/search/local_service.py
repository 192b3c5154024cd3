"""A SearXNG-compatible search service over a folder of pages, on this machine.

It answers SearXNG's JSON API from a local corpus
(:class:`~hello_agents.tools.builtin.search.corpus_backend.CorpusBackend`) and
serves the pages themselves, so every result address opens::

    GET /search?q=tides&format=json   {"query", "results": [{"url", "title", "content"}], ...}
    GET /search?q=tides                the same results as an HTML page
    GET /pages/<slug>                  one page, as HTML
    GET /                              the list of pages
    GET /healthz                       {"status": "ok", "pages": N}

Point anything that speaks SearXNG at it (``SEARXNG_URL=http://127.0.0.1:8888``,
``SearchTool(backend="searxng")``, the tutorial's chapter-14 backend) and it
searches offline. From the command line::

    python -m hello_agents.tools.builtin.search.local_service --corpus pages/ --port 8888

In code, :class:`LocalSearchService` runs it in a background thread
(``with LocalSearchService(folder) as service: service.url``).
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from collections.abc import Sequence
from html import escape
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from hello_agents.tools.builtin.search.corpus_backend import CorpusBackend, CorpusPage
from hello_agents.tools.builtin.search.http import BackendUnavailable
from hello_agents.tools.builtin.search.serving import BackgroundHTTPServer

logger = logging.getLogger(__name__)

DEFAULT_RESULTS = 10
MAX_RESULTS = 50


class LocalSearchService(BackgroundHTTPServer):
    """The service, in a background thread of this process.

    :meth:`start` binds the port, reads the corpus and serves; its :attr:`url`
    (``http://host:port``) is what ``SEARXNG_URL`` should be.

    Args:
        corpus_dir: The folder of pages.
        host: The address to listen on (loopback by default).
        port: The port (0: one the system picks).
    """

    thread_name = "local-search-service"

    def __init__(self, corpus_dir: str | Path, host: str = "127.0.0.1", port: int = 0) -> None:
        super().__init__(host, port)
        self.corpus_dir = Path(corpus_dir)
        self.corpus: CorpusBackend | None = None

    def handler(self) -> type[BaseHTTPRequestHandler]:
        return _handler_for(self)

    def before_serving(self) -> None:
        """Read the corpus now, so that a bad folder fails :meth:`start`.

        Raises:
            BackendUnavailable: The corpus folder does not exist.
        """
        self.corpus = CorpusBackend(10.0, self.corpus_dir, f"{self.url}/pages")
        count = len(self.corpus.pages())
        logger.info("local search service on %s: %d pages", self.url, count)

    def serve_forever(self) -> None:
        """Block the calling thread while serving (starting first if needed), until
        interrupted: the command line's way."""
        if self._server is None:
            self.start()
        assert self._thread is not None
        try:
            while self._thread.is_alive():
                self._thread.join(0.5)
        finally:
            self.stop()

    # ---- the answers ----------------------------------------------------------------

    def answer_search(self, query_string: str) -> tuple[int, str, bytes]:
        """``(status, content type, body)`` of ``GET /search``."""
        fields = {key: values[-1] for key, values in parse_qs(query_string).items()}
        query = fields.get("q", "").strip()
        try:
            wanted = int(fields.get("max_results") or DEFAULT_RESULTS)
        except ValueError:
            wanted = DEFAULT_RESULTS
        assert self.corpus is not None
        found = self.corpus.search(query, max(1, min(wanted, MAX_RESULTS))).hits if query else ()
        results = [
            {
                "url": hit.url,
                "title": hit.title,
                "content": hit.content,
                "engine": "local",
                "engines": ["local"],
                "score": hit.score,
                "category": "general",
            }
            for hit in found
        ]
        if fields.get("format") == "json":
            body = {
                "query": query,
                "number_of_results": len(results),
                "results": results,
                "answers": [],
                "corrections": [],
                "infoboxes": [],
                "suggestions": [],
                "unresponsive_engines": [],
            }
            return 200, "application/json", json.dumps(body, ensure_ascii=False).encode()
        items = "".join(
            f'<li><a href="{escape(hit.url)}">{escape(hit.title)}</a>'
            f"<p>{escape(hit.content[:300])}</p></li>"
            for hit in found
        )
        page = _page(f"Search: {query}", f"<ol>{items}</ol>" if items else "<p>No results.</p>")
        return 200, "text/html; charset=utf-8", page.encode()

    def answer_page(self, slug: str) -> tuple[int, str, bytes]:
        """``(status, content type, body)`` of ``GET /pages/<slug>``."""
        assert self.corpus is not None
        page = self.corpus.page(slug)
        if page is None:
            return (
                404,
                "text/html; charset=utf-8",
                _page("Not found", "<p>No such page.</p>").encode(),
            )
        return 200, "text/html; charset=utf-8", render_page(page).encode()

    def answer_index(self) -> tuple[int, str, bytes]:
        """``(status, content type, body)`` of ``GET /``: every page, linked."""
        assert self.corpus is not None
        pages = sorted(self.corpus.pages().values(), key=lambda page: page.title.lower())
        items = "".join(f'<li><a href="{escape(p.url)}">{escape(p.title)}</a></li>' for p in pages)
        body = _page("Local corpus", f"<p>{len(pages)} pages.</p><ul>{items}</ul>")
        return 200, "text/html; charset=utf-8", body.encode()

    def answer_health(self) -> tuple[int, str, bytes]:
        """``(status, content type, body)`` of ``GET /healthz``."""
        assert self.corpus is not None
        body = {"status": "ok", "pages": len(self.corpus.pages())}
        return 200, "application/json", json.dumps(body).encode()


def render_page(page: CorpusPage) -> str:
    """A corpus page as a small HTML document (Markdown pages converted)."""
    if page.path.suffix.lower() in (".html", ".htm"):
        return page.path.read_text(encoding="utf-8", errors="replace")
    return _page(page.title, markdown_to_html(page.text))


_INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\((https?://[^)\s]+)\)")


def inline_html(text: str) -> str:
    """Bold, code and http(s) links of one line of Markdown; everything else escaped."""
    out, position = [], 0
    for match in _INLINE.finditer(text):
        out.append(escape(text[position : match.start()]))
        bold, code, label, url = match.groups()
        if bold is not None:
            out.append(f"<strong>{escape(bold)}</strong>")
        elif code is not None:
            out.append(f"<code>{escape(code)}</code>")
        else:
            out.append(f'<a href="{escape(url)}">{escape(label)}</a>')
        position = match.end()
    out.append(escape(text[position:]))
    return "".join(out)


def markdown_to_html(markdown: str) -> str:
    """The common Markdown of corpus pages (headings, lists, paragraphs) as HTML."""
    blocks: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(f"<p>{inline_html(' '.join(paragraph))}</p>")
            paragraph.clear()
        if items:
            blocks.append("<ul>" + "".join(f"<li>{inline_html(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for line in markdown.splitlines():
        stripped = line.strip()
        heading = re.match(r"(#{1,6})\s+(.*)", stripped)
        bullet = re.match(r"(?:[-*]|\d+[.)])\s+(.*)", stripped)
        if not stripped:
            flush()
        elif heading:
            flush()
            level = len(heading.group(1))
            blocks.append(f"<h{level}>{inline_html(heading.group(2))}</h{level}>")
        elif bullet:
            if paragraph:
                flush()
            items.append(bullet.group(1))
        else:
            if items:
                flush()
            paragraph.append(stripped)
    flush()
    return "\n".join(blocks)


def _page(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>"
        "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;"
        "padding:0 1rem;color:#222}h1{font-size:1.6rem}</style></head>"
        f"<body><article>{body}</article></body></html>"
    )


def _handler_for(service: LocalSearchService) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            path = unquote(parts.path)
            if path == "/search":
                self._send(*service.answer_search(parts.query))
            elif path.startswith("/pages/"):
                self._send(*service.answer_page(path.removeprefix("/pages/").strip("/")))
            elif path == "/healthz":
                self._send(*service.answer_health())
            elif path in ("/", "/index.html"):
                self._send(*service.answer_index())
            else:
                self._send(404, "application/json", b'{"error": "not found"}')

        def _send(self, status: int, content_type: str, body: bytes) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Access-Control-Allow-Origin", "*")
                self.end_headers()
                self.wfile.write(body)
            except OSError:  # the client went away
                pass

        def log_message(self, format: str, *args: Any) -> None:
            logger.debug("local search service: %s %s", self.command, self.path)

    return Handler


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hello_agents.tools.builtin.search.local_service --corpus DIR``."""
    parser = argparse.ArgumentParser(
        prog="python -m hello_agents.tools.builtin.search.local_service",
        description="A SearXNG-compatible search service over a folder of pages.",
    )
    parser.add_argument("--corpus", required=True, help="the folder of pages")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8888)
    arguments = parser.parse_args(argv)
    service = LocalSearchService(arguments.corpus, arguments.host, arguments.port)
    try:
        service.start()
    except (BackendUnavailable, OSError) as error:
        sys.stderr.write(f"cannot start: {error}\n")
        return 1
    sys.stderr.write(f"searching {arguments.corpus} at {service.url} (SEARXNG_URL); Ctrl-C stops\n")
    try:
        service.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        service.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["LocalSearchService", "inline_html", "main", "markdown_to_html", "render_page"]
