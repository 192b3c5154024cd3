"""Reading documents as Markdown, and cutting them into overlapping chunks.

Plain text and Markdown are read directly; HTML, PDF, DOCX, CSV, JSON and the
rest go through markitdown (the ``ch08`` extra), which keeps their structure
(headings, tables, lists) as Markdown. Chunking then follows that structure:
a chunk never spans two sections, paragraphs are kept whole when they fit, and
consecutive chunks of a section share ``chunk_overlap`` characters so that a
sentence cut at a boundary is still found whole in one of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from hello_agents.memory.errors import DocumentError, MissingExtraError

MAX_FILE_BYTES = 20 * 1024 * 1024
"""Largest file :func:`load_document` accepts by default (20 MB)."""

PLAIN_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".text", ".rst"})

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_SENTENCE_END = re.compile(r"(?<=[.!?。！？；;])\s*")


def load_document(path: str | Path, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The document's text, as Markdown.

    Args:
        path: A file: .md/.txt read directly; .html, .pdf, .docx, .csv, .json,
            .xlsx, .pptx ... converted by markitdown.
        max_bytes: Refuse larger files (before reading them).

    Returns:
        The text.

    Raises:
        DocumentError: The file is missing, too large, unreadable or empty.
        MissingExtraError: A format that needs markitdown, which is not installed.
    """
    file = Path(path)
    if not file.is_file():
        raise DocumentError(f"no such file: {file}")
    size = file.stat().st_size
    if size > max_bytes:
        raise DocumentError(
            f"{file.name} is {size / 2**20:.1f} MB, over the {max_bytes / 2**20:.0f} MB limit: "
            "split it, or raise max_file_bytes"
        )
    if file.suffix.lower() in PLAIN_SUFFIXES:
        try:
            text = file.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            text = file.read_bytes().decode("gb18030", errors="replace")
        except OSError as error:
            raise DocumentError(f"cannot read {file}: {error}") from error
    else:
        text = _convert(file)
    if not text.strip():
        raise DocumentError(f"{file.name} contains no text")
    return text


def _convert(file: Path) -> str:
    try:
        from markitdown import MarkItDown
    except ImportError as error:
        raise MissingExtraError(f"markitdown (needed to read {file.suffix} files)") from error
    try:
        return str(MarkItDown().convert(str(file)).text_content)
    except Exception as error:  # markitdown raises many kinds; all mean "cannot read"
        raise DocumentError(
            f"cannot convert {file.name}: {type(error).__name__}: {error}"
        ) from error


@dataclass(frozen=True)
class Chunk:
    """A piece of a document.

    Attributes:
        text: The chunk's text.
        heading: The heading path of its section ("Guide > Install"), or "".
        index: Its position in the document (0, 1, 2 ...).
    """

    text: str
    heading: str
    index: int


def split_sections(markdown: str) -> list[tuple[str, str]]:
    """Cut Markdown at its headings.

    Returns:
        ``(heading path, body)`` pairs in order; text before the first heading has
        an empty path. Headings inside fenced code blocks are ignored.
    """
    sections: list[tuple[str, str]] = []
    path: list[tuple[int, str]] = []
    body: list[str] = []
    in_fence = False

    def flush() -> None:
        text = "\n".join(body).strip()
        if text:
            sections.append((" > ".join(title for _, title in path), text))
        body.clear()

    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        match = None if in_fence else _HEADING.match(line)
        if match:
            flush()
            level = len(match.group(1))
            path = [(lvl, title) for lvl, title in path if lvl < level]
            path.append((level, match.group(2)))
        else:
            body.append(line)
    flush()
    return sections


def _pieces(text: str, size: int) -> list[str]:
    """Paragraphs, with those longer than ``size`` cut at sentences (or hard, as a last resort)."""
    pieces: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text):
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        if len(paragraph) <= size:
            pieces.append(paragraph)
            continue
        sentence_run = ""
        for sentence in _SENTENCE_END.split(paragraph):
            while len(sentence) > size:
                pieces.append(sentence[:size])
                sentence = sentence[size:]
            if len(sentence_run) + len(sentence) + 1 > size and sentence_run:
                pieces.append(sentence_run.strip())
                sentence_run = ""
            sentence_run += sentence + " "
        if sentence_run.strip():
            pieces.append(sentence_run.strip())
    return pieces


def chunk_text(text: str, chunk_size: int = 800, chunk_overlap: int = 100) -> list[Chunk]:
    """Cut a Markdown (or plain) text into chunks along its structure.

    Args:
        text: The document.
        chunk_size: The largest chunk, in characters (the heading path comes on top).
        chunk_overlap: Characters a chunk repeats from the end of the one before it
            (within one section).

    Returns:
        The chunks, in document order.

    Raises:
        ValueError: ``chunk_size`` is not positive, or the overlap is not smaller than it.
    """
    if chunk_size <= 0:
        raise ValueError(f"chunk_size must be positive, got {chunk_size}")
    if not 0 <= chunk_overlap < chunk_size:
        raise ValueError(f"chunk_overlap must be between 0 and chunk_size - 1, got {chunk_overlap}")
    chunks: list[Chunk] = []
    for heading, body in split_sections(text):
        current = ""
        for piece in _pieces(body, chunk_size):
            if current and len(current) + 2 + len(piece) > chunk_size:
                chunks.append(Chunk(current, heading, len(chunks)))
                tail = current[-chunk_overlap:] if chunk_overlap else ""
                # Start the overlap at a word boundary when there is one.
                if " " in tail and not tail.startswith(" "):
                    tail = tail.split(" ", 1)[1]
                room = chunk_size - 2 - len(piece)
                current = tail.strip()[-room:] if room > 0 else ""
            current = f"{current}\n\n{piece}" if current else piece
        if current:
            chunks.append(Chunk(current, heading, len(chunks)))
    return chunks


__all__ = [
    "MAX_FILE_BYTES",
    "Chunk",
    "chunk_text",
    "load_document",
    "split_sections",
]
