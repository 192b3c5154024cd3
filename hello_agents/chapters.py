"""The tutorial's chapters, and the hello-agents version that brought each one.

This table is the one place that says which chapters the framework covers:
``chapters/README.md`` and ``docs/versions.md`` show it (their tables are
generated from it, and a test keeps them equal), and ``hello-agents doctor
--chapter N`` reads it. A chapter is covered by a version when its ``since`` is
that version or an earlier one: the line only grows, so a chapter, once in,
works in every later version.

    python -m hello_agents.chapters           # print the tables
    python -m hello_agents.chapters --write   # rewrite them in a clone's markdown files

Adding a chapter: its ``since`` below, the version in ``hello_agents/_version.py``,
a ``CHANGELOG.md`` section, then ``--write`` (docs/versions.md, "Adding a chapter").
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from hello_agents._version import __version__
from hello_agents.extras import is_older


@dataclass(frozen=True)
class Chapter:
    """One chapter of the Datawhale "Hello-Agents" tutorial, as this framework serves it.

    Attributes:
        number: The tutorial's chapter number.
        topic: What the chapter builds, in a few words.
        since: The hello-agents version that brought the chapter; ``None`` while
            it is not covered.
        tutorial_pin: What the tutorial tells its readers to install (the
            reference package on PyPI, which is another project).
        services: Environment variables naming servers the chapter talks to when
            they are set (``doctor`` checks each configured one is reachable).
    """

    number: int
    topic: str
    since: str | None
    tutorial_pin: str
    services: tuple[str, ...] = ()

    @property
    def extra(self) -> str:
        """The pip extra that installs what the chapter needs: ``ch07``, ``ch08``, ..."""
        return f"ch{self.number:02d}"

    @property
    def folder(self) -> str:
        """The chapter's folder in a clone, relative to its root."""
        return f"chapters/{self.extra}"

    @property
    def install_command(self) -> str:
        """The one command that installs the chapter, run from the root of a clone."""
        return f'python3 -m venv .venv && .venv/bin/pip install -e ".[{self.extra}]"'

    def covered_by(self, version: str) -> bool:
        """Whether hello-agents ``version`` includes this chapter."""
        return self.since is not None and not is_older(version, self.since)


# One row per chapter. `since` of a chapter not merged yet is the version it is
# planned for; the tests require it to be reached once chapters/chNN exists.
CHAPTERS: tuple[Chapter, ...] = (
    Chapter(7, "build your own agent framework", "0.1.0", "hello-agents==0.1.1"),
    Chapter(
        8,
        "memory and retrieval",
        "0.2.0",
        '"hello-agents[all]==0.2.0"',
        services=("QDRANT_URL", "NEO4J_URI"),
    ),
    Chapter(9, "context engineering", "0.3.0", '"hello-agents[all]==0.2.8"'),
    Chapter(10, "agent communication protocols", "0.4.0", '"hello-agents[protocol]==0.2.2"'),
    Chapter(11, "agentic RL", "0.7.0", '"hello-agents[rl]==0.2.5"'),
    Chapter(12, "agent performance evaluation", "0.5.0", '"hello-agents[evaluation]==0.2.7"'),
    Chapter(
        13, "intelligent travel assistant", "0.10.0", '"hello-agents[protocols]>=0.2.4,<=0.2.9"'
    ),
    Chapter(
        14,
        "automated deep research agent",
        "0.6.0",
        "hello-agents==0.2.9",
        services=("SEARXNG_URL",),
    ),
    Chapter(15, "a town of AI NPCs", "0.9.0", '"hello-agents>=0.2.4,<=0.2.9"'),
    Chapter(16, "the capstone: your own agent application", "0.8.0", '"hello-agents[all]"'),
)


def find_chapter(number: int) -> Chapter | None:
    """The chapter with that number, or ``None`` if the table has no such chapter."""
    return next((chapter for chapter in CHAPTERS if chapter.number == number), None)


def covered_chapters(version: str = __version__) -> list[Chapter]:
    """The chapters hello-agents ``version`` covers (this one's by default)."""
    return [chapter for chapter in CHAPTERS if chapter.covered_by(version)]


# ---- the markdown tables -----------------------------------------------------------


def chapter_table(version: str = __version__) -> str:
    """The table of chapters/README.md: chapter, topic, version, install command."""
    lines = [
        "| chapter | topic | version | install (from the root of a clone) |",
        "| --- | --- | --- | --- |",
    ]
    for chapter in covered_chapters(version):
        lines.append(
            f"| [{chapter.number}]({chapter.extra}/README.md) | {chapter.topic} "
            f"| {chapter.since} and later | `{chapter.install_command}` |"
        )
    return "\n".join(lines)


def compatibility_table(version: str = __version__) -> str:
    """The table of docs/versions.md: every chapter, the tutorial's pin and ours."""
    lines = [
        "| chapter | topic | the tutorial installs | on this line |",
        "| --- | --- | --- | --- |",
    ]
    for chapter in CHAPTERS:
        if chapter.covered_by(version):
            ours = f'{chapter.since} and later: `pip install -e ".[{chapter.extra}]"`'
        else:
            ours = f"not covered in {version}"
        lines.append(
            f"| {chapter.number} | {chapter.topic} | `pip install {chapter.tutorial_pin}` "
            f"| {ours} |"
        )
    return "\n".join(lines)


# Generated tables sit between these markers in the markdown files.
GENERATED = {
    "chapters/README.md": ("chapter-table", chapter_table),
    "docs/versions.md": ("compatibility-table", compatibility_table),
}


def generated_block(name: str, table: str) -> str:
    """A table wrapped in its markers, as it appears in the markdown."""
    return (
        f"<!-- {name}: generated by `python -m hello_agents.chapters --write` -->\n"
        f"{table}\n<!-- /{name} -->"
    )


def replace_block(text: str, name: str, table: str) -> str:
    """``text`` with the block called ``name`` replaced by ``table``.

    Raises:
        ValueError: ``text`` has no such block.
    """
    pattern = re.compile(rf"<!-- {re.escape(name)}:.*?<!-- /{re.escape(name)} -->", re.DOTALL)
    if not pattern.search(text):
        raise ValueError(f"no <!-- {name}: ... --> block to replace")
    return pattern.sub(lambda _: generated_block(name, table), text, count=1)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m hello_agents.chapters [--write]``."""
    parser = argparse.ArgumentParser(
        prog="python -m hello_agents.chapters", description="The chapter tables."
    )
    parser.add_argument(
        "--write", action="store_true", help="rewrite the tables in the clone's markdown files"
    )
    arguments = parser.parse_args(argv)
    root = Path(__file__).resolve().parents[1]
    for relative, (name, render) in GENERATED.items():
        if not arguments.write:
            sys.stdout.write(f"{relative}:\n{render()}\n\n")
            continue
        path = root / relative
        if not path.is_file():
            sys.stderr.write(f"{path} not found: --write works in a clone of the repository\n")
            return 1
        text = replace_block(path.read_text(encoding="utf-8"), name, render())
        path.write_text(text, encoding="utf-8")
        sys.stdout.write(f"wrote {relative}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = [
    "CHAPTERS",
    "Chapter",
    "chapter_table",
    "compatibility_table",
    "covered_chapters",
    "find_chapter",
]
