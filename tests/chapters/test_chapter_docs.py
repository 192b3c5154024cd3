"""The chapter pages cannot drift from the code.

* every ```python block in chapters/**/*.md runs as written (blocks of one page
  in order, in one namespace, like a reader following along);
* every file a ```bash block runs exists, and every exercise check it shows
  does what the page says.

The install commands, versions and extras are checked by test_chapters_index.py.
"""

from __future__ import annotations

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
def test_python_blocks_run(page: Path) -> None:
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
