"""What every chapter's learner-path tests share: running an example as a learner
would, loading an exercise file, executing a notebook on a real kernel.

Each ``test_chNN.py`` keeps its own expectations (outputs, targets, wrong solutions);
only the mechanics live here.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hello_agents.testing import conformance

ROOT = Path(__file__).resolve().parents[2]


def chapter_paths(folder: str) -> tuple[Path, list[Path], list[Path], Path]:
    """The chapter folder, its example scripts, its notebooks and its exercises folder."""
    chapter = ROOT / "chapters" / folder
    examples = sorted((chapter / "examples").glob("[0-9][0-9]_*.py"))
    notebooks = sorted((chapter / "notebooks").glob("*.ipynb"))
    return chapter, examples, notebooks, chapter / "exercises"


def run_python(
    *arguments: str,
    mode: str = "scripted",
    timeout: float = 120,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGUMENTS`` from the repository root, on the example model ``mode``."""
    environment = {
        **os.environ,
        "HELLO_AGENTS_EXAMPLE_LLM": mode,
        "HELLO_AGENTS_NO_DOTENV": "1",
        **(env or {}),
    }
    return subprocess.run(
        [sys.executable, *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def load_module(path: Path, alias: str) -> ModuleType:
    """Import a file under ``alias`` (registered, so its dataclasses can find it)."""
    spec = importlib.util.spec_from_file_location(alias, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[alias] = module
    spec.loader.exec_module(module)
    return module


def exercise_subject(
    targets: Mapping[str, tuple[str, str]], folder: Path, file_name: str
) -> tuple[Callable[..., Any], Any]:
    """The conformance check of an exercise file and the piece it checks in that file."""
    check_name, target = targets[file_name]
    chapter = (folder.parent.parent if folder.name == "solutions" else folder.parent).name
    alias = f"{chapter}_{folder.name}_{Path(file_name).stem}"
    module = load_module(folder / file_name, alias)
    return conformance.CHECKS[check_name], getattr(module, target)


def assert_committed_without_outputs(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, path.name


def notebook_client_or_skip() -> Any:
    """nbclient with a kernel; skipped without the dev extra unless CI requires it."""
    if os.environ.get("HELLO_AGENTS_REQUIRE_INTEGRATION") == "1":
        import nbclient

        return nbclient
    return pytest.importorskip("nbclient", reason="needs nbclient and ipykernel (dev extra)")


def execute_notebook(
    path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    timeout: float = 120,
    env: Mapping[str, str] | None = None,
) -> list[Any]:
    """Execute a notebook on a real kernel (scripted model) and return its code outputs.

    The kernel starts in the notebook's own folder, as JupyterLab, VS Code,
    ``jupyter nbconvert --execute`` and ``jupyter execute`` all start it, so a
    notebook that only works from another folder fails here.

    Raises ``CellExecutionError`` on any failing cell.
    """
    nbclient = notebook_client_or_skip()
    import nbformat

    # The kernel inherits these.
    for name, value in {
        "HELLO_AGENTS_EXAMPLE_LLM": "scripted",
        "HELLO_AGENTS_NO_DOTENV": "1",
        **(env or {}),
    }.items():
        monkeypatch.setenv(name, value)
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    return [
        output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs
    ]


def assert_ran_cleanly(outputs: list[Any]) -> None:
    assert outputs, "the notebook produced no output at all"
    assert not [output for output in outputs if output.get("output_type") == "error"]


def output_text(outputs: list[Any]) -> str:
    """The printed text of a notebook's outputs."""
    return "\n".join(str(output.get("text", "")) for output in outputs)
