"""A local corpus: search a folder of pages on this machine, no network at all.

Each page is a Markdown, text or HTML file. A Markdown page may start with a
front matter block naming its title and address::

    ---
    title: How tides work
    url: https://example.org/tides
    ---
    The Moon's gravity pulls ...

Without one, the title is the first heading (or the file name) and the
address is ``page_base_url`` + the page's path without its suffix (the local
search service serves the pages there), else the file's ``file://`` address.

Retrieval is chapter 8's: pages are cut into chunks along their headings
(:func:`~hello_agents.memory.rag.document.chunk_text`) and the chunks ranked
with BM25 (:class:`~hello_agents.memory.text.BM25Index`); a page's extract is
its best chunk, its ``raw_content`` the whole page. The index is built on the
first search and rebuilt when a file changes.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hello_agents.tools.builtin.search.backend import SearchBackend
from hello_agents.tools.builtin.search.pages import html_to_text
from hello_agents.tools.builtin.search.results import SearchHit, SearchResults

if TYPE_CHECKING:
    from hello_agents.memory.text import BM25Index

DIR_ENV = "SEARCH_CORPUS_DIR"
SAMPLE_CORPUS = Path(__file__).resolve().parent / "sample_corpus"
"""Three dozen short pages written for this project, on varied topics (tides, volcanoes,
batteries, search, agents, sourdough ...; a few in Chinese), shipped with the package so
that research runs offline out of the box."""
PAGE_SUFFIXES = (".md", ".markdown", ".txt", ".html", ".htm")
MAX_PAGE_BYTES = 2 * 1024 * 1024
RELATIVE_FLOOR = 0.5
"""A page scoring below this share of the best page's score is left out: it shares a
common word with the query, not its subject."""


@dataclass(frozen=True)
class CorpusPage:
    """One page of a corpus.

    Attributes:
        slug: Its path in the folder, without suffix (``science/tides``).
        title: Its title.
        url: Its address.
        text: Its whole text (Markdown, or the text of an HTML page).
        path: The file.
    """

    slug: str
    title: str
    url: str
    text: str
    path: Path


class CorpusBackend(SearchBackend):
    """Search the pages of a folder.

    Args:
        timeout: Unused (nothing goes over the network); kept for the common signature.
        folder: The folder; ``SEARCH_CORPUS_DIR`` when omitted.
        page_base_url: Address prefix of the pages (``http://127.0.0.1:8888/pages``).
    """

    name = "local"

    def __init__(
        self, timeout: float, folder: str | Path | None = None, page_base_url: str | None = None
    ) -> None:
        super().__init__(timeout)
        given = folder or os.environ.get(DIR_ENV) or None
        self.folder = Path(given).expanduser().resolve() if given else None
        self.page_base_url = page_base_url.rstrip("/") if page_base_url else None
        self._lock = threading.Lock()
        self._signature: tuple[tuple[str, float, int], ...] | None = None
        self._pages: dict[str, CorpusPage] = {}
        self._chunks: dict[str, tuple[str, str]] = {}  # chunk id -> (slug, text)
        self._index: BM25Index | None = None

    def missing_setup(self) -> str | None:
        if self.folder is None:
            return f"no corpus folder; pass corpus_dir=... or set {DIR_ENV}."
        if not self.folder.is_dir():
            return f"the corpus folder {self.folder} does not exist."
        return None

    def pages(self) -> dict[str, CorpusPage]:
        """Every page of the corpus by slug (read again when a file changed).

        Raises:
            BackendUnavailable: No folder is configured, or it does not exist.
        """
        self._refresh()
        return dict(self._pages)

    def page(self, slug: str) -> CorpusPage | None:
        """The page with that slug, if the corpus has it."""
        return self.pages().get(slug)

    def search(self, query: str, max_results: int) -> SearchResults:
        self._refresh()
        with self._lock:
            index, chunks, pages = self._index, self._chunks, self._pages
        ranked = index.search(query, limit=max_results * 8) if index is not None else []
        best: dict[str, tuple[float, str]] = {}
        for chunk_id, score in ranked:
            slug, text = chunks[chunk_id]
            if slug not in best and score >= RELATIVE_FLOOR * ranked[0][1]:
                best[slug] = (score, text)
        hits = tuple(
            SearchHit(
                title=pages[slug].title,
                url=pages[slug].url,
                content=text,
                raw_content=pages[slug].text,
                score=round(score, 4),
            )
            for slug, (score, text) in list(best.items())[:max_results]
        )
        return SearchResults(query, self.name, None, hits)

    # ---- the index ---------------------------------------------------------------

    def _files(self) -> list[Path]:
        self.require_setup()
        assert self.folder is not None
        return sorted(
            path
            for path in self.folder.rglob("*")
            if path.is_file()
            and path.suffix.lower() in PAGE_SUFFIXES
            and not any(part.startswith(".") for part in path.relative_to(self.folder).parts)
        )

    def _refresh(self) -> None:
        files = self._files()
        signature = tuple((str(f), f.stat().st_mtime, f.stat().st_size) for f in files)
        with self._lock:
            if signature == self._signature:
                return
        # Chapter 8's pieces, imported here: a search tool that never reads a corpus
        # does not load the memory package.
        from hello_agents.memory.rag.document import chunk_text
        from hello_agents.memory.text import BM25Index

        pages: dict[str, CorpusPage] = {}
        chunks: dict[str, tuple[str, str]] = {}
        index = BM25Index()
        for file in files:
            page = self._read(file)
            if page is None:
                continue
            pages[page.slug] = page
            for chunk in chunk_text(page.text, chunk_size=700, chunk_overlap=80):
                chunk_id = f"{page.slug}#{chunk.index}"
                chunks[chunk_id] = (page.slug, chunk.text)
                index.add(chunk_id, f"{page.title}\n{chunk.heading}\n{chunk.text}")
        with self._lock:
            self._signature, self._pages, self._chunks, self._index = (
                signature,
                pages,
                chunks,
                index,
            )

    def _read(self, file: Path) -> CorpusPage | None:
        assert self.folder is not None
        if file.stat().st_size > MAX_PAGE_BYTES:
            return None
        raw = file.read_text(encoding="utf-8", errors="replace")
        slug = file.relative_to(self.folder).with_suffix("").as_posix()
        if file.suffix.lower() in (".html", ".htm"):
            title, text = html_to_text(raw)
            fields: dict[str, str] = {}
        else:
            fields, text = read_front_matter(raw)
            title = fields.get("title") or first_heading(text) or ""
        if not text.strip():
            return None
        title = title or file.stem.replace("-", " ").replace("_", " ")
        url = fields.get("url") or self._address(slug, file)
        return CorpusPage(slug, title, url, text.strip(), file)

    def _address(self, slug: str, file: Path) -> str:
        if self.page_base_url:
            return f"{self.page_base_url}/{slug}"
        return file.as_uri()


def read_front_matter(text: str) -> tuple[dict[str, str], str]:
    """Split ``---``-delimited ``key: value`` lines from the body that follows them."""
    if not text.startswith("---"):
        return {}, text
    header, separator, body = text[3:].lstrip("\r\n").partition("\n---")
    if not separator:
        return {}, text
    fields = {}
    for line in header.splitlines():
        key, colon, value = line.partition(":")
        if colon and key.strip():
            fields[key.strip().lower()] = value.strip().strip("\"'")
    return fields, body.split("\n", 1)[1] if "\n" in body else ""


def first_heading(markdown: str) -> str | None:
    """The text of the first ``#`` heading, if any."""
    for line in markdown.splitlines():
        if line.startswith("#"):
            return line.lstrip("#").strip() or None
    return None


__all__ = [
    "DIR_ENV",
    "SAMPLE_CORPUS",
    "CorpusBackend",
    "CorpusPage",
    "first_heading",
    "read_front_matter",
]
