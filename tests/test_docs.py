"""Every ```python block in README.md and docs/*.md runs as written.

Blocks of one file run in order in one namespace, like a reader following
along, so a later block may use names from an earlier one. A document that
needs an optional extra says so in a comment, ``<!-- doc-test: requires MODULE -->``;
without that module it is skipped (unless ``HELLO_AGENTS_REQUIRE_INTEGRATION=1``).
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
REQUIRES = re.compile(r"<!-- doc-test: requires ([\w.]+) -->")


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_python_blocks_run(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    for module in REQUIRES.findall(text):
        missing = importlib.util.find_spec(module) is None
        if missing and os.environ.get("HELLO_AGENTS_REQUIRE_INTEGRATION") != "1":
            pytest.skip(f"{document.name} needs {module} (an optional extra)")
    namespace: dict[str, object] = {"__name__": f"doc_{document.stem}"}
    for number, match in enumerate(BLOCK.finditer(text), 1):
        line = text[: match.start()].count("\n") + 2
        code = compile(match.group(1), f"{document.name}:block{number}:line{line}", "exec")
        exec(code, namespace)
