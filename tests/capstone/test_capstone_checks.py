"""``hello-agents doctor --capstone``: the scaffold passes; a planted secret, a 6 MB
file, a missing README section, an unpinned requirement, a notebook that fails or
reaches the network each fail with a message that says where and what to do."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from hello_agents.capstone import new_capstone
from hello_agents.capstone.checks import (
    installed_check,
    layout_check,
    notebook_check,
    pinned_check,
    readme_check,
    run_capstone_doctor,
    secrets_check,
    size_check,
    submitted_files,
)
from hello_agents.cli import main

KEY = "sk-" + "proj-4fG7hK2mN9pQ1rS5tU8vW3xY6zA0bC4dE7fG"  # made up, in pieces
SIX_MB = 6 * 1024 * 1024


def needs_kernel() -> None:
    if os.environ.get("HELLO_AGENTS_REQUIRE_INTEGRATION") != "1":
        pytest.importorskip("nbclient", reason="needs nbclient and ipykernel (dev extra)")


@pytest.fixture
def capstone(tmp_path: Path) -> Path:
    return new_capstone("StudyBuddy", tmp_path, user="octocat")


def doctor(folder: Path) -> tuple[int, str]:
    out = io.StringIO()
    code = run_capstone_doctor(folder, out, color=False)
    return code, out.getvalue()


def test_the_scaffold_passes_every_check(capstone: Path) -> None:
    needs_kernel()
    code, report = doctor(capstone)
    assert code == 0, report
    assert report.count("[ ok ]") == 8 and "[FAIL]" not in report
    assert "notebook main.ipynb runs offline: 4 code cells ran" in report
    notebook = json.loads((capstone / "main.ipynb").read_text(encoding="utf-8"))
    assert all(not cell.get("outputs") for cell in notebook["cells"])  # left as it was


def test_a_planted_secret_fails_naming_the_file_never_the_secret(
    capstone: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    needs_kernel()
    with (capstone / "app.py").open("a", encoding="utf-8") as file:
        file.write(f'\nOPENAI_API_KEY = "{KEY}"\n')
    line = len((capstone / "app.py").read_text(encoding="utf-8").splitlines())
    assert main(["doctor", "--capstone", str(capstone)]) == 1
    captured = capsys.readouterr()
    assert f"[FAIL] secrets: app.py:{line}: an OpenAI API key (44 characters)" in captured.out
    assert "revoke" in captured.out
    assert KEY not in captured.out + captured.err and KEY[3:20] not in captured.out


def test_a_secret_in_a_notebook_output_is_found(capstone: Path) -> None:
    notebook = json.loads((capstone / "main.ipynb").read_text(encoding="utf-8"))
    code_cell = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
    code_cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": [f"{KEY}\n"]}]
    (capstone / "main.ipynb").write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    check = secrets_check(capstone, submitted_files(capstone)[0])
    assert not check.ok and "main.ipynb:" in check.detail and "an OpenAI API key" in check.detail


def test_env_example_placeholders_pass_and_an_ignored_env_is_not_submitted(capstone: Path) -> None:
    (capstone / ".env").write_text(f"LLM_API_KEY={KEY}\n", encoding="utf-8")
    files, skipped = submitted_files(capstone)
    assert ".env" in skipped and Path(".env") not in files
    assert secrets_check(capstone, files).ok
    assert ".env" in size_check(capstone, files, skipped).detail


def test_a_env_not_in_gitignore_fails(capstone: Path) -> None:
    (capstone / ".gitignore").write_text("__pycache__/\n", encoding="utf-8")
    (capstone / ".env").write_text("LLM_MODEL_ID=qwen-plus\n", encoding="utf-8")
    check = secrets_check(capstone, submitted_files(capstone)[0])
    assert not check.ok and ".env would be submitted: add it to .gitignore" in check.detail


def test_a_6_mb_file_fails_naming_it(capstone: Path) -> None:
    (capstone / "data" / "corpus.bin").write_bytes(os.urandom(SIX_MB))
    files, skipped = submitted_files(capstone)
    check = size_check(capstone, files, skipped)
    assert not check.ok
    assert "over the 5 MB limit" in check.detail and "data/corpus.bin (6.0 MB)" in check.detail
    assert check.fix is not None and "link them from README.md" in check.fix


def test_a_large_file_that_gitignore_excludes_is_not_counted(capstone: Path) -> None:
    traces = capstone / "outputs" / "traces"
    traces.mkdir(parents=True)
    (traces / "big.html").write_bytes(b"x" * SIX_MB)
    files, skipped = submitted_files(capstone)
    assert size_check(capstone, files, skipped).ok and "outputs/traces/" in skipped


def test_a_missing_readme_section_fails_naming_it(capstone: Path) -> None:
    readme = capstone / "README.md"
    text = readme.read_text(encoding="utf-8").replace("## Usage (使用示例)", "## Misc")
    readme.write_text(text, encoding="utf-8")
    check = readme_check(capstone)
    assert not check.ok and check.detail == "README.md has no section Usage (使用示例)"


def test_chinese_headings_with_emoji_pass(capstone: Path) -> None:
    headings = ["📝 项目简介", "✨ 核心功能", "🛠️ 技术栈", "🚀 快速开始", "📖 使用示例",
                "🎯 项目亮点", "📊 性能评估", "🔮 未来计划", "📄 许可证", "👤 作者"]  # fmt: skip
    text = "# 项目\n\n" + "".join(f"## {heading}\n\ntext\n\n" for heading in headings)
    (capstone / "README.md").write_text(text, encoding="utf-8")
    assert readme_check(capstone).ok


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("numpy", "numpy has no version range"),
        ("numpy>=1.26", "numpy>=1.26 has no upper bound"),
        ("hello-agents[all]>=0.2.7", "admits 0.2.9, 1.0.0, releases of the reference package"),
        ("-r other.txt", "cannot be checked"),
        ("git+https://example.com/x.git", "cannot be checked"),
    ],
)
def test_an_unpinned_requirement_fails(capstone: Path, line: str, message: str) -> None:
    with (capstone / "requirements.txt").open("a", encoding="utf-8") as file:
        file.write(f"{line}\n")
    check = pinned_check(capstone)
    assert not check.ok and message in check.detail and "requirements.txt:5:" in check.detail


def test_pinned_forms_pass(capstone: Path) -> None:
    with (capstone / "requirements.txt").open("a", encoding="utf-8") as file:
        file.write("numpy~=2.0  # arrays\nrequests==2.32.3\n\n# a comment\n")
    assert pinned_check(capstone).ok


def test_a_requirement_that_is_not_installed_fails(capstone: Path) -> None:
    with (capstone / "requirements.txt").open("a", encoding="utf-8") as file:
        file.write("no-such-package-for-hello-agents>=1,<2\nhello-agents>=99,<100\n")
    check = installed_check(capstone)
    assert not check.ok
    assert "no-such-package-for-hello-agents is not installed (needs <2,>=1)" in check.detail
    assert "but <100,>=99 is needed" in check.detail
    assert check.fix is not None and "pip install -r requirements.txt" in check.fix


def test_a_badly_named_folder_or_a_missing_file_fails(tmp_path: Path, capstone: Path) -> None:
    (capstone / ".env.example").unlink()
    check = layout_check(capstone, submitted_files(capstone)[0])
    assert not check.ok and "missing: .env.example" in check.detail
    renamed = capstone.rename(tmp_path / "StudyBuddy")
    check = layout_check(renamed, submitted_files(renamed)[0])
    assert "is not {github_user}-{Project}" in check.detail


def write_notebook(folder: Path, *sources: str) -> Path:
    cells = [
        {"cell_type": "code", "execution_count": None, "id": f"c{n}", "metadata": {},
         "outputs": [], "source": source}
        for n, source in enumerate(sources)
    ]  # fmt: skip
    notebook = {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }  # fmt: skip
    path = folder / "extra.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return Path("extra.ipynb")


def test_a_failing_notebook_fails_naming_the_cell(capstone: Path) -> None:
    needs_kernel()
    notebook = write_notebook(capstone, "x = 1", "raise RuntimeError('boom')", "y = 2")
    check = notebook_check(capstone, notebook)
    assert not check.ok and check.detail == "cell 2: RuntimeError: boom"


def test_the_notebook_runs_without_keys_and_without_the_network(
    capstone: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    needs_kernel()
    monkeypatch.setenv("LLM_API_KEY", "a-key-the-notebook-must-not-see")
    offline = write_notebook(
        capstone,
        "import os\nassert 'LLM_API_KEY' not in os.environ\n"
        "assert os.environ['HELLO_AGENTS_EXAMPLE_LLM'] == 'scripted'",
    )
    assert notebook_check(capstone, offline).ok
    online = write_notebook(
        capstone, "import urllib.request\nurllib.request.urlopen('http://example.com', timeout=10)"
    )
    check = notebook_check(capstone, online)
    assert not check.ok and "URLError" in check.detail


def test_without_a_kernel_the_notebook_check_fails_instead_of_passing(
    capstone: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "nbclient", None)  # as if it were not installed
    check = notebook_check(capstone, Path("main.ipynb"))
    assert not check.ok and "not run: nbclient is not installed" in check.detail
    assert check.fix is not None and '".[ch16]"' in check.fix


def test_a_path_that_is_no_folder(tmp_path: Path) -> None:
    code, report = doctor(tmp_path / "missing")
    assert code == 2 and "is not a folder" in report
