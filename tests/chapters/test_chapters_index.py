"""Chapters and versions cannot drift apart.

* every ``chapters/chNN`` folder has its row in ``hello_agents/chapters.py`` (with a
  version this one has reached), its ``chNN`` extra, its tests and its README with the
  one install command; every chapter the table says is covered has its folder;
* every install command of the chapter pages names extras that pyproject.toml has, and
  no page sends learners to a git tag or to PyPI's ``hello-agents`` (another project);
* the generated tables are current, the CHANGELOG has each version's section, the
  version is written in one place, and every old name of a renamed one still imports.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from hello_agents import __version__
from hello_agents.chapters import (
    CHAPTERS,
    GENERATED,
    covered_chapters,
    find_chapter,
    generated_block,
    replace_block,
)

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = sorted(path for path in (ROOT / "chapters").glob("ch[0-9][0-9]") if path.is_dir())
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS = set(PYPROJECT["project"]["optional-dependencies"])
# What a learner reads on the way through the chapters.
PAGES = [
    ROOT / "README.md",
    ROOT / "docs" / "versions.md",
    *sorted((ROOT / "chapters").glob("**/*.md")),
    *sorted((ROOT / "chapters").glob("**/*.py")),
]
BASH_BLOCK = re.compile(r"^```bash\n(.*?)^```", re.DOTALL | re.MULTILINE)
INSTALL_TARGET = re.compile(r"""["']\.\[([\w,-]+)\]["']""")
REFIX = "run: python -m hello_agents.chapters --write"


def chapter_number(folder: Path) -> int:
    return int(folder.name[2:])


def page_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda path: path.name)
def test_every_chapter_folder_has_its_row_extra_tests_and_readme(folder: Path) -> None:
    number = chapter_number(folder)
    chapter = find_chapter(number)
    assert chapter is not None, f"add chapter {number} to CHAPTERS in hello_agents/chapters.py"
    assert chapter.since is not None, f"set `since` of chapter {number} in hello_agents/chapters.py"
    assert chapter.covered_by(__version__), (
        f"chapters/{folder.name} is here, but the version is {__version__} and chapter "
        f"{number} arrives in {chapter.since}: set __version__ = {chapter.since!r} in "
        "hello_agents/_version.py (and the `since` of its row if it arrives elsewhere)"
    )
    assert chapter.extra in EXTRAS, f"pyproject.toml has no extra {chapter.extra}"
    assert (ROOT / "tests" / "chapters" / f"test_{folder.name}.py").is_file(), (
        f"chapter {number} has no tests/chapters/test_{folder.name}.py"
    )
    readme = folder / "README.md"
    assert readme.is_file(), f"chapters/{folder.name} has no README.md"
    bash_lines = [
        line.strip()
        for block in BASH_BLOCK.findall(readme.read_text(encoding="utf-8"))
        for line in block.splitlines()
    ]
    assert chapter.install_command in bash_lines, (
        f"chapters/{folder.name}/README.md does not show its install command in a bash "
        f"block: {chapter.install_command}"
    )


def test_every_covered_chapter_has_its_folder() -> None:
    for chapter in covered_chapters():
        assert (ROOT / chapter.folder).is_dir(), (
            f"hello-agents {__version__} covers chapter {chapter.number} (since "
            f"{chapter.since}) but {chapter.folder} is missing"
        )


def test_chapter_rows_are_in_order_with_versions_that_only_grow() -> None:
    numbers = [chapter.number for chapter in CHAPTERS]
    assert numbers == sorted(set(numbers))
    assert all(chapter.extra.startswith("ch") for chapter in CHAPTERS)
    for chapter in covered_chapters():
        assert chapter.covered_by(__version__)


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_install_commands_name_extras_that_exist(page: Path) -> None:
    for group in INSTALL_TARGET.findall(page.read_text(encoding="utf-8")):
        unknown = set(group.split(",")) - EXTRAS
        assert not unknown, f"{page_id(page)} installs unknown extras {sorted(unknown)}"


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_no_page_sends_learners_to_a_tag_or_to_pypi(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    # The table of the tutorial's own pins is the one place they are quoted.
    text = re.sub(
        r"<!-- compatibility-table:.*?<!-- /compatibility-table -->", "", text, flags=re.S
    )
    assert not re.search(r"git (checkout|switch) (tags/)?v\d", text), (
        f"{page_id(page)} names a git tag; versions are commits (docs/versions.md)"
    )
    assert not re.search(r"pip install [\"']?hello-agents\b", text), (
        f"{page_id(page)} installs hello-agents by name, which PyPI serves from another "
        'project; install from the clone instead: pip install -e ".[EXTRA]"'
    )


@pytest.mark.parametrize("relative", sorted(GENERATED))
def test_the_generated_tables_are_current(relative: str) -> None:
    name, render = GENERATED[relative]
    text = (ROOT / relative).read_text(encoding="utf-8")
    expected = generated_block(name, render())
    assert expected in text, f"{relative}: the {name} table is not current; {REFIX}"


def test_write_replaces_only_the_marked_block() -> None:
    text = "before\n<!-- t: old -->\n| a |\n<!-- /t -->\nafter\n"
    assert replace_block(text, "t", "| b |") == (
        "before\n<!-- t: generated by `python -m hello_agents.chapters --write` -->\n"
        "| b |\n<!-- /t -->\nafter\n"
    )
    with pytest.raises(ValueError, match=r"no <!-- u: \.\.\. --> block"):
        replace_block(text, "u", "| b |")


def test_the_changelog_has_a_section_for_each_version_of_a_chapter() -> None:
    headings = re.findall(
        r"^## ([\w.]+)", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M
    )
    for version in {__version__, *(chapter.since for chapter in covered_chapters())}:
        assert version in headings, f"CHANGELOG.md has no section ## {version}"


def test_the_version_is_written_in_one_place() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "hello_agents/_version.py"
    source = (ROOT / "hello_agents" / "_version.py").read_text(encoding="utf-8")
    assert re.findall(r'^__version__ = "([^"]+)"$', source, re.M) == [__version__]
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_the_chapter_extras_of_pyproject_all_have_a_folder() -> None:
    for extra in EXTRAS:
        if re.fullmatch(r"ch\d\d", extra):
            assert (ROOT / "chapters" / extra).is_dir(), f"extra {extra} has no chapters/{extra}"


def renamed_names() -> list[tuple[str, str]]:
    """(old, new) of each row of docs/versions.md's "Names that changed" table."""
    text = (ROOT / "docs" / "versions.md").read_text(encoding="utf-8")
    section = text.split("## Names that changed", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")][2:]
    cells = [[cell.strip().strip("`") for cell in row.strip("|").split("|")] for row in rows]
    return [(row[1], row[2]) for row in cells]


def resolve(dotted: str) -> object:
    """The object a dotted name such as ``hello_agents.tools.ToolRegistry.run`` names."""
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for attribute in parts[split:]:
            found = getattr(found, attribute)
        return found
    raise ImportError(dotted)


@pytest.mark.parametrize(
    ("old", "new"),
    renamed_names()
    or [pytest.param("", "", marks=pytest.mark.skip(reason="no renamed names yet"))],
)
def test_every_old_name_still_works(old: str, new: str) -> None:
    assert resolve(new) is not None
    assert resolve(old) is not None, f"{old} was renamed {new} but must stay as an alias"


def test_resolve_reads_modules_classes_and_attributes() -> None:
    from hello_agents.tools.registry import ToolRegistry

    assert resolve("hello_agents.ToolRegistry") is ToolRegistry
    assert resolve("hello_agents.tools.registry.ToolRegistry.execute") is ToolRegistry.execute
    with pytest.raises(AttributeError):
        resolve("hello_agents.NoSuchName")
