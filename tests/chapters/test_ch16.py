"""Chapter 16 as a learner meets it: the README's commands (write a capstone, test it,
check it), the two example capstones (their own tests and ``doctor --capstone``), and
the exercises with their checks. All offline; the notebooks run on a real kernel."""

from __future__ import annotations

import ast
import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _chapter_kit import (
    ROOT,
    assert_committed_without_outputs,
    exercise_subject,
    notebook_client_or_skip,
    run_python,
)

from hello_agents.capstone import run_capstone_doctor, scan_text
from hello_agents.capstone.checks import missing_sections
from hello_agents.testing import conformance

CHAPTER = ROOT / "chapters" / "ch16"
EXAMPLES = sorted(path for path in (CHAPTER / "examples").iterdir() if path.is_dir())
KEY = "sk-" + "proj-4fG7hK2mN9pQ1rS5tU8vW3xY6zA0bC4dE7fG"  # made up, in pieces


def learner_environment() -> dict[str, str]:
    """A learner's shell: this clone importable, no .env read."""
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "HELLO_AGENTS_NO_DOTENV": "1",
    }


def run_in(folder: Path, *arguments: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python ARGUMENTS`` run in ``folder``, as a learner runs it there."""
    return subprocess.run(
        [sys.executable, *arguments],
        cwd=folder,
        env=learner_environment(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def copy_of(example: Path, tmp_path: Path) -> Path:
    """The example capstone copied as it is committed (what .gitignore keeps out left out)."""
    target = tmp_path / example.name
    ignored = shutil.ignore_patterns("__pycache__", ".pytest_cache", "traces", ".env")
    shutil.copytree(example, target, ignore=ignored)
    return target


# ---- the README's commands ----------------------------------------------------------------


def test_new_capstone_then_its_tests_then_its_check(tmp_path: Path) -> None:
    notebook_client_or_skip()
    written = run_in(
        ROOT, "-m", "hello_agents", "new", "capstone", "StudyBuddy", "--user", "octocat",
        "--dir", str(tmp_path),
    )  # fmt: skip
    assert written.returncode == 0, written.stderr
    folder = tmp_path / "octocat-StudyBuddy"
    assert f"wrote {folder}" in written.stdout
    tests = run_in(folder, "-m", "pytest", "-q")
    assert tests.returncode == 0 and "4 passed" in tests.stdout, tests.stdout + tests.stderr
    checked = run_in(folder, "-m", "hello_agents", "doctor", "--capstone", ".")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "capstone octocat-StudyBuddy: all 8 checks passed" in checked.stdout


def test_a_planted_secret_or_a_6_mb_file_fails_the_check_clearly(tmp_path: Path) -> None:
    notebook_client_or_skip()
    folder = copy_of(EXAMPLES[0], tmp_path)
    notebook = folder / "main.ipynb"
    notebook.write_text(
        notebook.read_text(encoding="utf-8").replace(
            '"from app import', f'"import os\\n",\n    "os.environ[\\"OPENAI_API_KEY\\"] = '
            f'\\"{KEY}\\"\\n",\n    "from app import', 1
        ),
        encoding="utf-8",
    )  # fmt: skip
    (folder / "data" / "recording.wav").write_bytes(os.urandom(6 * 1024 * 1024))
    checked = run_in(folder, "-m", "hello_agents", "doctor", "--capstone", ".")
    assert checked.returncode == 1
    report = checked.stdout
    assert "[FAIL] secrets: main.ipynb:" in report and "an OpenAI API key" in report
    assert KEY not in report + checked.stderr
    assert "[FAIL] size: 6.0 MB" in report and "data/recording.wav (6.0 MB)" in report
    assert "not scanned, over 5 MB: data/recording.wav" in report
    assert "2 of 8 checks failed" in report


# ---- submitting: the folder in a fork of the tutorial's repository ---------------------------

# The ignore rules of the tutorial's repository that matter to a capstone (its root
# .gitignore has these among many others): tests, logs and memory/ folders are left out.
TUTORIAL_IGNORES = "__pycache__/\n*.log\n.env\ntest_*.py\n!test_tools.py\nmemory/\n"


def git(folder: Path, *arguments: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=Octo Cat", "-c", "user.email=octocat@example.com",
         "-c", "init.defaultBranch=main", *arguments],
        cwd=folder, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def fork_of_the_tutorial(tmp_path: Path) -> Path:
    """A repository laid out as the tutorial's: its root .gitignore, Co-creation-projects/."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    fork = tmp_path / "hello-agents-fork"
    (fork / "Co-creation-projects").mkdir(parents=True)
    (fork / ".gitignore").write_text(TUTORIAL_IGNORES, encoding="utf-8")
    (fork / "Co-creation-projects" / "README.md").write_text("# Projects\n", encoding="utf-8")
    git(fork, "init", "-q")
    git(fork, "add", ".")
    git(fork, "commit", "-qm", "the tutorial")
    git(fork, "checkout", "-qb", "feature/StudyBuddy")
    return fork


def test_a_new_capstone_goes_into_the_fork_whole_and_passes_from_a_clean_clone(
    tmp_path: Path,
) -> None:
    """The README's submission steps, up to the push: new capstone in Co-creation-projects/,
    the check, git add, a conventional commit; then a clean clone passes its tests and check."""
    notebook_client_or_skip()
    import io

    from hello_agents.capstone.checks import submitted_files

    fork = fork_of_the_tutorial(tmp_path)
    projects = fork / "Co-creation-projects"
    written = run_in(
        ROOT, "-m", "hello_agents", "new", "capstone", "StudyBuddy", "--user", "octocat",
        "--dir", str(projects),
    )  # fmt: skip
    assert written.returncode == 0, written.stderr
    folder = projects / "octocat-StudyBuddy"
    (folder / ".env").write_text("LLM_API_KEY=" + KEY + "\n", encoding="utf-8")  # a learner's
    assert run_in(folder, "-m", "pytest", "-q").returncode == 0  # leaves caches and traces
    out = io.StringIO()
    assert run_capstone_doctor(folder, out, color=False) == 0, out.getvalue()
    assert "[ ok ] git add: git takes all" in out.getvalue()
    git(fork, "add", "Co-creation-projects/octocat-StudyBuddy")
    staged = git(fork, "diff", "--cached", "--name-only", "-z").split("\0")
    prefix = "Co-creation-projects/octocat-StudyBuddy/"
    files, _ = submitted_files(folder)
    # what the check weighed and scanned is exactly what git takes: tests in, .env out
    assert sorted(name.removeprefix(prefix) for name in staged if name) == [
        path.as_posix() for path in files
    ]
    assert "tests/test_app.py" in [path.as_posix() for path in files]
    assert not any(Path(name).name == ".env" or "__pycache__" in name for name in staged)
    git(fork, "commit", "-qm", "feat: add StudyBuddy capstone")
    clone = tmp_path / "clean-clone"
    git(tmp_path, "clone", "-q", "--branch", "feature/StudyBuddy", str(fork), str(clone))
    copied = clone / "Co-creation-projects" / "octocat-StudyBuddy"
    tests = run_in(copied, "-m", "pytest", "-q")
    assert tests.returncode == 0 and "4 passed" in tests.stdout, tests.stdout + tests.stderr
    out = io.StringIO()
    assert run_capstone_doctor(copied, out, color=False) == 0, out.getvalue()
    assert "all 8 checks passed" in out.getvalue()


def test_a_file_a_higher_gitignore_leaves_out_fails_the_check_with_the_rule(
    tmp_path: Path,
) -> None:
    from hello_agents.capstone.checks import git_add_check, submitted_files

    fork = fork_of_the_tutorial(tmp_path)
    folder = copy_of(EXAMPLES[0], fork / "Co-creation-projects")
    own = folder / ".gitignore"
    own.write_text(own.read_text(encoding="utf-8").replace("!test_*.py", ""), encoding="utf-8")
    (folder / "memory").mkdir()
    (folder / "memory" / "notes.json").write_text("{}", encoding="utf-8")
    files, _ = submitted_files(folder.resolve())
    check = git_add_check(folder.resolve(), files)
    assert not check.ok
    assert "git would leave out 2 file(s)" in check.detail
    assert "tests/test_app.py (ignored by" in check.detail and ":test_*.py)" in check.detail
    assert "memory/notes.json (ignored by" in check.detail and ":memory/)" in check.detail
    assert check.fix and "!test_*.py" in check.fix


# ---- the example capstones ----------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_the_example_passes_doctor_capstone(example: Path, tmp_path: Path) -> None:
    notebook_client_or_skip()
    import io

    out = io.StringIO()
    code = run_capstone_doctor(copy_of(example, tmp_path), out, color=False)
    assert code == 0, out.getvalue()
    assert "all 8 checks passed" in out.getvalue()


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_the_examples_own_tests_pass(example: Path, tmp_path: Path) -> None:
    result = run_in(copy_of(example, tmp_path), "-m", "pytest", "-q")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 passed" in result.stdout


def test_there_are_two_examples_of_different_kinds() -> None:
    assert [path.name for path in EXAMPLES] == ["learner-StudyNotes", "learner-TripBudget"]
    notes, trip = ((path / "app.py").read_text(encoding="utf-8") for path in EXAMPLES)
    assert "RAGTool" in notes and "@tool" in trip and "CalculatorTool" in trip


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_the_examples_notebook_is_committed_without_outputs(example: Path) -> None:
    assert_committed_without_outputs(example / "main.ipynb")


def imported_names(path: Path) -> list[tuple[str, str]]:
    """Every ``from hello_agents... import name`` of a Python file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("hello_agents")
        for alias in node.names
    ]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_the_examples_use_only_public_names(example: Path) -> None:
    names = [name for path in example.rglob("*.py") for name in imported_names(path)]
    assert names
    for module_name, name in names:
        module = importlib.import_module(module_name)
        exported: Any = getattr(module, "__all__", [])
        assert name in exported, f"{example.name} imports {name} from {module_name}, not public"


# ---- the exercises ------------------------------------------------------------------------

EXERCISES = CHAPTER / "exercises"
EXERCISE_TARGETS = {
    "my_secret_scan.py": ("secret_scan", "my_scan"),
    "my_readme_sections.py": ("readme_sections", "my_missing_sections"),
}


def test_every_exercise_has_a_solution_and_a_check() -> None:
    skeletons = sorted(path.name for path in EXERCISES.glob("my_*.py"))
    solutions = sorted(path.name for path in (EXERCISES / "solutions").glob("my_*.py"))
    assert skeletons == solutions == sorted(EXERCISE_TARGETS)


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_check_fails_helpfully_on_the_skeleton_and_passes_on_the_solution(file_name: str) -> None:
    check, skeleton = exercise_subject(EXERCISE_TARGETS, EXERCISES, file_name)
    report = check(skeleton, raise_on_failure=False)
    assert not report.ok and "TODO" in report.render() and "hint:" in report.render()
    check, solution = exercise_subject(EXERCISE_TARGETS, EXERCISES / "solutions", file_name)
    assert check(solution, raise_on_failure=False).ok


@pytest.mark.parametrize("file_name", sorted(EXERCISE_TARGETS))
def test_exercise_file_checks_itself(file_name: str) -> None:
    skeleton = run_python(f"chapters/ch16/exercises/{file_name}")
    assert skeleton.returncode == 1 and "TODO" in skeleton.stdout
    solution = run_python(f"chapters/ch16/exercises/solutions/{file_name}")
    assert solution.returncode == 0, solution.stdout + solution.stderr


def test_the_checkers_own_functions_pass_the_checks() -> None:
    def lines_with_secrets(text: str) -> list[int]:
        return sorted({finding.line for finding in scan_text(text)})

    def missing(readme: str) -> list[str]:
        return [section.name for section in missing_sections(readme)]

    assert conformance.CHECKS["secret_scan"](lines_with_secrets, raise_on_failure=False).ok
    assert conformance.CHECKS["readme_sections"](missing, raise_on_failure=False).ok


def test_the_secret_check_fails_a_scan_that_prints_the_secret() -> None:
    def leaky(text: str) -> list[Any]:
        return [line for line in text.splitlines() if "sk-" in line or "tvly-" in line]

    report = conformance.CHECKS["secret_scan"](leaky, raise_on_failure=False)
    assert not report.ok and "the secret itself in the result" in report.render()


def test_the_secret_check_fails_a_scan_that_flags_placeholders() -> None:
    def every_key_line(text: str) -> list[int]:
        return [n for n, line in enumerate(text.splitlines(), 1) if "KEY" in line.upper()]

    report = conformance.CHECKS["secret_scan"](every_key_line, raise_on_failure=False)
    assert not report.ok and "placeholders are no secret" in report.render()


def test_the_readme_check_fails_a_check_that_reads_paragraphs() -> None:
    def words_anywhere(readme: str) -> list[str]:
        lowered = readme.lower()
        names = ["Introduction", "Core features", "Tech stack", "Quick start", "Usage",
                 "Highlights", "Evaluation", "Future plans", "License", "Author"]  # fmt: skip
        return [name for name in names if name.lower() not in lowered]

    report = conformance.CHECKS["readme_sections"](words_anywhere, raise_on_failure=False)
    assert not report.ok and "words in a paragraph are no headings" in report.render()


@pytest.mark.integration
@pytest.mark.local_model
def test_trip_budget_gets_its_numbers_from_the_tools_on_the_embedded_model(
    tmp_path: Path,
) -> None:
    folder = copy_of(CHAPTER / "examples" / "learner-TripBudget", tmp_path)
    script = (
        "import app\n"
        "scores = app.evaluate(app.choose_llm)\n"
        "print('scored', scores['correct'], scores['total'], scores['errors'])\n"
    )
    environment = {**learner_environment(), "HELLO_AGENTS_EXAMPLE_LLM": "embedded"}
    completed = subprocess.run(
        [sys.executable, "-c", script],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    correct, total, errors = completed.stdout.split("scored ")[1].split()
    assert (total, errors) == ("4", "0") and int(correct) >= 3, completed.stdout
