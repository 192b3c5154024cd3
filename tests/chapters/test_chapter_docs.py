"""The chapter pages cannot drift from the code.

* every ```python block in chapters/**/*.md runs as written (blocks of one page
  in order, in one namespace, like a reader following along);
* every file a ```bash block runs exists, and every exercise check it shows
  does what the page says.

The install commands, versions and extras are checked by test_chapters_index.py.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "chapters").glob("**/*.md"))
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
BASH_BLOCK = re.compile(r"^```bash\n(.*?)^```", re.DOTALL | re.MULTILINE)


def page_id(path: Path) -> str:
    return str(path.relative_to(ROOT / "chapters"))


def bash_commands(text: str) -> list[list[str]]:
    return [
        shlex.split(line)
        for block in BASH_BLOCK.findall(text)
        for line in block.splitlines()
        if line.strip()
    ]


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_python_blocks_run(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if (page.parent / "app.py").is_file():  # a capstone's README: run in its folder, offline
        monkeypatch.chdir(page.parent)
        monkeypatch.syspath_prepend(str(page.parent))
        monkeypatch.setenv("HELLO_AGENTS_EXAMPLE_LLM", "scripted")
        monkeypatch.delitem(sys.modules, "app", raising=False)  # another capstone's
    text = page.read_text(encoding="utf-8")
    namespace: dict[str, object] = {"__name__": f"chapter_doc_{page.parent.name}"}
    for number, match in enumerate(PYTHON_BLOCK.finditer(text), 1):
        line = text[: match.start()].count("\n") + 2
        code = compile(match.group(1), f"{page_id(page)}:block{number}:line{line}", "exec")
        exec(code, namespace)


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_commands_name_existing_files(page: Path) -> None:
    for command in bash_commands(page.read_text(encoding="utf-8")):
        for word in command:
            if word.startswith("chapters/") and ":" not in word:
                assert (ROOT / word).exists(), f"{page_id(page)} runs a missing {word}"
            if word.startswith("chapters/") and ":" in word:
                file_name = word.rsplit(":", 1)[0]
                assert (ROOT / file_name).is_file(), f"{page_id(page)} names a missing {word}"


def test_chapter_7_check_command_works_as_written() -> None:
    text = (ROOT / "chapters" / "ch07" / "README.md").read_text(encoding="utf-8")
    commands = [c for c in bash_commands(text) if "hello_agents.testing.conformance" in c]
    assert commands, "the page shows no conformance command"
    for command in commands:
        assert command[0] == ".venv/bin/python"
        completed = subprocess.run(
            [sys.executable, *command[1:]],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert completed.returncode == 0, completed.stdout + completed.stderr


NOTEBOOK_CHAPTERS = sorted(
    path.parent.parent for path in (ROOT / "chapters").glob("ch*/notebooks/*.ipynb")
)


@pytest.mark.parametrize("chapter", sorted(set(NOTEBOOK_CHAPTERS)), ids=lambda path: path.name)
def test_the_readme_says_how_to_open_and_run_each_notebook(chapter: Path) -> None:
    text = (chapter / "README.md").read_text(encoding="utf-8")
    assert "## Open the notebook" in text
    commands = [" ".join(command) for command in bash_commands(text)]
    folder = f"chapters/{chapter.name}/notebooks"
    assert f".venv/bin/jupyter lab {folder}" in " ".join(commands)
    for notebook in sorted((chapter / "notebooks").glob("*.ipynb")):
        assert f".venv/bin/jupyter execute {folder}/{notebook.name}" in commands


def test_a_notebook_runs_with_the_readme_command_from_the_root_of_the_clone(
    tmp_path: Path,
) -> None:
    # `jupyter execute`, like nbconvert and JupyterLab, starts the kernel in the
    # notebook's folder: chapter 8's notebook once looked for its helper elsewhere.
    pytest.importorskip("nbclient", reason="needs nbclient and ipykernel (dev extra)")
    command = ".venv/bin/jupyter execute chapters/ch08/notebooks/01_memory_and_rag.ipynb"
    assert shlex.split(command) in bash_commands(
        (ROOT / "chapters" / "ch08" / "README.md").read_text(encoding="utf-8")
    )
    environment = {
        **os.environ,
        "HELLO_AGENTS_EXAMPLE_LLM": "scripted",
        "HELLO_AGENTS_NO_DOTENV": "1",
        "HELLO_AGENTS_CH08_DATA": str(tmp_path),
    }
    jupyter_execute = "import sys; from nbclient.cli import main; sys.exit(main())"
    completed = subprocess.run(
        [sys.executable, "-c", jupyter_execute, *shlex.split(command)[2:]],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert list(tmp_path.iterdir()), "the notebook stored nothing"


@pytest.mark.parametrize(
    "readme", sorted((ROOT / "chapters").glob("ch*/README.md")), ids=lambda path: path.parent.name
)
def test_each_chapter_says_how_to_check_its_install(readme: Path) -> None:
    number = int(readme.parent.name.removeprefix("ch"))
    assert [".venv/bin/hello-agents", "doctor", "--chapter", str(number)] in bash_commands(
        readme.read_text(encoding="utf-8")
    )
