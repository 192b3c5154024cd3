"""Exercise 2, a model answer: my_chunk."""

from __future__ import annotations

import re


def sections(markdown: str) -> list[str]:
    bodies: list[str] = []
    current: list[str] = []
    for line in markdown.splitlines():
        if line.startswith("#"):
            bodies.append("\n".join(current))
            current = []
        else:
            current.append(line)
    bodies.append("\n".join(current))
    return [body.strip() for body in bodies if body.strip()]


def my_chunk(text: str, chunk_size: int = 800, chunk_overlap: int = 100) -> list[str]:
    chunks: list[str] = []
    for body in sections(text):
        current = ""
        for paragraph in re.split(r"\n\s*\n", body):
            paragraph = paragraph.strip()
            while len(paragraph) > chunk_size:  # too long alone: cut it
                chunks.append(paragraph[:chunk_size])
                paragraph = paragraph[chunk_size:]
            if not paragraph:
                continue
            if current and len(current) + 2 + len(paragraph) > chunk_size:
                chunks.append(current)
                room = chunk_size - 2 - len(paragraph)
                current = current[-min(chunk_overlap, room) :] if room > 0 else ""
            current = f"{current}\n\n{paragraph}" if current else paragraph
        if current:
            chunks.append(current)
    return chunks


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("chunker", my_chunk))
