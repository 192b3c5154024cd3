"""Exercise 2: my_chunk, cutting a Markdown document into overlapping chunks.

Retrieval finds chunks, not documents, so how you cut matters: a chunk should
hold one topic (never two sections), fit the size limit, and share a little text
with its neighbour so that a sentence cut at a boundary is still found whole.

Fill in the TODOs, then check your function:

    python chapters/ch08/exercises/my_chunker.py

A model answer is in solutions/my_chunker.py: try first.
"""

from __future__ import annotations

import re


def sections(markdown: str) -> list[str]:
    """TODO 1: the text cut at Markdown headings (lines starting with ``#``).

    Return each section's body (without its heading line), skipping empty ones.
    """
    raise NotImplementedError("TODO: sections")


def my_chunk(text: str, chunk_size: int = 800, chunk_overlap: int = 100) -> list[str]:
    """TODO 2: chunks of at most ``chunk_size`` characters, section by section.

    Within a section, split paragraphs at blank lines (``re.split(r"\\n\\s*\\n", body)``)
    and add them to the current chunk while it stays within ``chunk_size``. When the
    next paragraph does not fit, close the chunk and start the new one with the last
    ``chunk_overlap`` characters of the closed one (trimmed so the new chunk fits).
    (Paragraphs longer than ``chunk_size`` may simply be cut into pieces.)
    """
    raise NotImplementedError("TODO: my_chunk")


_unused = re  # you will need it

if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("chunker", my_chunk))
