"""Every ```python block in README.md and docs/*.md runs as written.

Blocks of one file run in order in one namespace, like a reader following
along, so a later block may use names from an earlier one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_python_blocks_run(document: Path) -> None:
    namespace: dict[str, object] = {"__name__": f"doc_{document.stem}"}
    for number, match in enumerate(BLOCK.finditer(document.read_text(encoding="utf-8")), 1):
        line = document.read_text(encoding="utf-8")[: match.start()].count("\n") + 2
        code = compile(match.group(1), f"{document.name}:block{number}:line{line}", "exec")
        exec(code, namespace)
