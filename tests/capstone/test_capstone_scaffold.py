"""``hello-agents new capstone``: the folder it writes, the names it accepts, and the
generated project's own tests, run as a learner runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hello_agents import __version__
from hello_agents.capstone import CapstoneError, new_capstone, version_range
from hello_agents.cli import main

EXPECTED_FILES = {
    ".env.example",
    ".gitignore",
    "README.md",
    "app.py",
    "data/eval_tasks.jsonl",
    "main.ipynb",
    "outputs/.gitkeep",
    "pytest.ini",
    "requirements.txt",
    "tests/test_app.py",
}


def files_of(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}


def test_it_writes_the_chapters_folder(tmp_path: Path) -> None:
    folder = new_capstone("StudyBuddy", tmp_path, user="octocat", description="Notes that quiz me.")
    assert folder == tmp_path / "octocat-StudyBuddy"
    assert files_of(folder) == EXPECTED_FILES
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# StudyBuddy\n\n> Notes that quiz me.")
    assert "[@octocat](https://github.com/octocat)" in readme
    requirements = (folder / "requirements.txt").read_text(encoding="utf-8")
    assert f"hello-agents{version_range()}\n" in requirements
    assert ".env\n" in (folder / ".gitignore").read_text(encoding="utf-8")


def test_the_pin_is_this_version_line() -> None:
    major, minor = __version__.split(".")[:2]
    assert version_range() == f">={major}.{minor},<{int(major) + 1}"
    assert version_range("0.8.3") == ">=0.8,<1"
    assert version_range("1.2.0") == ">=1.2,<2"


def test_the_notebook_is_valid_and_has_no_outputs(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    folder = new_capstone("octocat-Notes", tmp_path)
    notebook = nbformat.read(folder / "main.ipynb", as_version=4)
    nbformat.validate(notebook)
    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds[0] == "markdown" and "code" in kinds
    assert all(cell.outputs == [] for cell in notebook.cells if cell.cell_type == "code")
    assert notebook.cells[0].source.startswith("# Notes\n")


@pytest.mark.parametrize(
    ("name", "user", "message"),
    [
        ("StudyBuddy", None, "give --user"),
        ("Study Buddy", "octocat", "not a project name"),
        ("StudyBuddy", "octo_cat", "not a GitHub user name"),
        ("StudyBuddy", "-octocat", "not a GitHub user name"),
    ],
)
def test_bad_names_are_refused(tmp_path: Path, name: str, user: str | None, message: str) -> None:
    with pytest.raises(CapstoneError, match=message):
        new_capstone(name, tmp_path, user=user)
    assert list(tmp_path.iterdir()) == []


def test_a_folder_in_the_way_is_left_as_it_was(tmp_path: Path) -> None:
    mine = tmp_path / "octocat-Notes"
    mine.mkdir()
    (mine / "notes.md").write_text("my work", encoding="utf-8")
    with pytest.raises(CapstoneError, match="not empty: nothing was written"):
        new_capstone("octocat-Notes", tmp_path)
    assert files_of(mine) == {"notes.md"}
    assert (mine / "notes.md").read_text(encoding="utf-8") == "my work"


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "capstone", "Notes", "--user", "octocat", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"wrote {tmp_path / 'octocat-Notes'}" in out and "doctor --capstone" in out
    assert main(["new", "capstone", "Notes", "--dir", str(tmp_path)]) == 1
    assert "give --user" in capsys.readouterr().err


def test_the_generated_tests_pass_offline(tmp_path: Path) -> None:
    folder = new_capstone("octocat-Notes", tmp_path)
    root = Path(__file__).resolve().parents[2]
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]),
        "HELLO_AGENTS_NO_DOTENV": "1",
    }
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q"],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 passed" in result.stdout
    assert json.loads((folder / "data" / "eval_tasks.jsonl").read_text().splitlines()[0])["id"]
