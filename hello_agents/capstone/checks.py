"""``hello-agents doctor --capstone PATH``: is a capstone folder ready to submit?

Chapter 16 submits a project as a folder ``{github_user}-{Project}/`` in a pull
request. Each check below prints one line, ``[ ok ]`` or ``[FAIL]``, and a failed
one says what to do:

1. **layout**: the folder's name follows ``{user}-{Project}``, and it has
   ``README.md``, ``requirements.txt``, ``.env.example`` and a notebook or a script;
2. **git add**: inside a git repository (your fork of the tutorial's, the folder in
   ``Co-creation-projects/``), git would take every file the folder's own
   ``.gitignore`` lets through: a ``.gitignore`` higher up (the tutorial's root one
   ignores ``test_*.py``, ``*.log``, ``memory/`` ...) or a global one can leave out
   a file without a word, and the failure names each one and the pattern;
3. **size**: the files to submit weigh less than 5 MB (the largest are named
   when over);
4. **secrets**: no file holds an API key, token or private key (notebook outputs
   included; placeholders pass); a finding names the file and line, never the
   secret; a ``.env`` that ``.gitignore`` does not exclude fails too;
5. **README sections**: the chapter's template sections are present (in English
   or in Chinese);
6. **requirements pinned**: every line of ``requirements.txt`` has a version range
   with an upper bound, and hello-agents's excludes the reference package's
   releases (0.x before this line, and 1.x, which lack this project's modules);
7. **requirements installed**: each one is installed here at a matching version
   and imports;
8. **notebook runs offline**: every notebook runs top to bottom on a real Jupyter
   kernel with no provider key, no ``.env``, the scripted model
   (``HELLO_AGENTS_EXAMPLE_LLM=scripted``) and the network closed to all but
   loopback. Without ``nbclient`` and ``ipykernel`` this check fails and says
   how to install them: it never passes unrun.

Files that the folder's own ``.gitignore`` excludes are not submitted, so they
are neither weighed nor scanned (``.env`` included, once ignored).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from hello_agents.capstone.secrets import scan_text
from hello_agents.doctor import Check, render_check

SIZE_LIMIT = 5 * 1024 * 1024
"""The chapter's limit for one project folder, in bytes."""
NOTEBOOK_TIMEOUT = 120
"""Seconds one notebook cell may take before the notebook check fails."""
REQUIRED_FILES = ("README.md", "requirements.txt", ".env.example")
FOLDER_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.]*(?:-[A-Za-z0-9_.]+)*-[A-Za-z0-9][\w.-]*$")
REFERENCE_RELEASES = ("0.1.1", "0.2.9", "1.0.0")
"""Versions of the other project that PyPI serves as ``hello-agents``."""
UPPER_BOUNDS = ("==", "===", "~=", "<", "<=")
CLOSED_PROXY = "http://127.0.0.1:9"
"""Where the notebook check sends any non-loopback HTTP request: the discard
port, which nothing serves, so a notebook that needs the network fails."""
INSTALL_HINT = 'pip install -e ".[ch16]" from the root of your hello-agents clone'


@dataclass(frozen=True)
class Section:
    """A section the chapter's README template asks for.

    Attributes:
        name: Its English name, as a report shows it.
        chinese: Its name in the chapter's template.
        aliases: Other headings accepted for it (compared without case, spaces,
            punctuation or emoji).
    """

    name: str
    chinese: str
    aliases: tuple[str, ...] = ()

    def matches(self, heading: str) -> bool:
        """Whether a README heading is this section."""
        key = normalize_heading(heading)
        return any(
            normalize_heading(alias) in key for alias in (self.name, self.chinese, *self.aliases)
        )


README_SECTIONS: tuple[Section, ...] = (
    Section("Introduction", "项目简介", ("overview", "about")),
    Section("Core features", "核心功能", ("features",)),
    Section("Tech stack", "技术栈", ("technology", "built with")),
    Section("Quick start", "快速开始", ("getting started",)),
    Section("Usage", "使用示例", ("examples",)),
    Section("Highlights", "项目亮点"),
    Section("Evaluation", "性能评估", ("performance",)),
    Section("Future plans", "未来计划", ("future work", "roadmap", "future")),
    Section("License", "许可证", ("licence",)),
    Section("Author", "作者", ("authors",)),
)
"""The sections ``doctor --capstone`` requires (the template's "Contributing" and
"Acknowledgements" are welcome but optional)."""


def normalize_heading(text: str) -> str:
    """A heading reduced to letters, digits and CJK characters, lower case."""
    kept = [
        character
        for character in text.lower()
        if unicodedata.category(character)[0] in ("L", "N") and not character.isspace()
    ]
    return "".join(kept)


# ---- the files to submit --------------------------------------------------------------------


def submitted_files(root: Path) -> tuple[list[Path], list[str]]:
    """The files ``git add`` would take from ``root``, and what ``.gitignore`` kept out.

    Returns:
        The files (relative paths, sorted), and the ignored top-most paths, for
        the report (``.env``, ``outputs/traces/``).

    Raises:
        ConfigException: ``root`` has a ``.gitignore`` but ``pathspec`` (the
            ``ch16`` extra) is not installed.
    """
    ignore = _gitignore(root)
    files: list[Path] = []
    skipped: list[str] = []
    for folder, directories, names in os.walk(root):
        here = Path(folder)
        for directory in sorted(directories):
            relative = (here / directory).relative_to(root).as_posix() + "/"
            if directory == ".git" or ignore(relative):
                directories.remove(directory)
                skipped.append(relative)
        for name in sorted(names):
            relative_path = (here / name).relative_to(root)
            if ignore(relative_path.as_posix()):
                skipped.append(relative_path.as_posix())
            elif (here / name).is_file():
                files.append(relative_path)
    return sorted(files), sorted(skipped)


def _gitignore(root: Path) -> Any:
    path = root / ".gitignore"
    if not path.is_file():
        return lambda relative: False
    try:
        import pathspec
    except ImportError as missing:
        from hello_agents.core.exceptions import ConfigException

        raise ConfigException(
            f"reading {path} needs pathspec (the ch16 extra): {INSTALL_HINT}"
        ) from missing
    spec = pathspec.GitIgnoreSpec.from_lines(path.read_text(encoding="utf-8").splitlines())
    return spec.match_file


def read_text_file(path: Path) -> str | None:
    """The text of ``path``, or ``None`` for a binary file."""
    with path.open("rb") as file:
        if b"\x00" in file.read(8192):
            return None
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def human_size(size: int) -> str:
    """``5242880`` -> ``5.0 MB``."""
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / 1024 / 1024:.1f} MB"


# ---- the checks -------------------------------------------------------------------------------


def layout_check(root: Path, files: list[Path]) -> Check:
    """The folder's name and the files the chapter asks for."""
    present = {path.as_posix() for path in files}
    problems = []
    if not FOLDER_NAME.match(root.name):
        problems.append(
            f"the folder's name {root.name!r} is not {{github_user}}-{{Project}} "
            "(e.g. octocat-StudyBuddy)"
        )
    missing = [name for name in REQUIRED_FILES if name not in present]
    if missing:
        problems.append(f"missing: {', '.join(missing)}")
    runnable = [p for p in files if p.suffix in (".ipynb", ".py") and p.parts[0] != "tests"]
    if not runnable:
        problems.append("no notebook (.ipynb) or Python script to run")
    if problems:
        return Check(
            "layout",
            False,
            "\n".join(problems),
            "hello-agents new capstone PROJECT --user YOUR_GITHUB_NAME writes a complete "
            "folder to copy from",
        )
    shown = ", ".join(path.as_posix() for path in runnable[:3])
    return Check("layout", True, f"{root.name}: README.md, requirements.txt, .env.example, {shown}")


def git_add_check(root: Path, files: list[Path]) -> Check:
    """Inside a git repository, git takes every file the folder's own ``.gitignore`` lets through.

    A ``.gitignore`` higher up in the repository (the tutorial's root one ignores
    ``test_*.py``), ``.git/info/exclude`` or a global excludes file can keep a file
    out of ``git add`` silently; the pull request would then lack it.
    """
    git = shutil.which("git")
    if git is None:
        return Check("git add", True, "git is not installed here: the folder's .gitignore decides")
    inside = _git(git, root, "rev-parse", "--show-toplevel")
    if inside is None:
        return Check(
            "git add",
            True,
            "not inside a git repository: the folder's own .gitignore decides what is "
            "submitted (check again once it is in Co-creation-projects/ of your fork)",
        )
    listed = _git(
        git, root, "ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--", "."
    )
    ignored = set(filter(None, (listed or "").split("\0")))
    left_out = [path.as_posix() for path in files if path.as_posix() in ignored]
    top = Path(inside.strip()).resolve()
    if not left_out:
        where = root.relative_to(top).as_posix() if root.is_relative_to(top) else root.as_posix()
        return Check("git add", True, f"git takes all {len(files)} files of {where or '.'}")
    rules = _git(git, root, "check-ignore", "--verbose", "--", *left_out) or ""
    why: dict[str, str] = {}  # path -> "SOURCE:LINE:PATTERN"
    for line in rules.splitlines():
        source, _, path = line.partition("\t")
        why[path] = source
    named = [f"{path} (ignored by {why[path]})" if path in why else path for path in left_out]
    return Check(
        "git add",
        False,
        f"git would leave out {len(left_out)} file(s) of the folder:\n" + "\n".join(named),
        "to submit them, add a line '!PATTERN' for each to the folder's own .gitignore "
        "(e.g. !test_*.py); to keep them out, list them there",
    )


def _git(git: str, folder: Path, *arguments: str) -> str | None:
    """What ``git ARGUMENTS`` prints when run in ``folder``, or None when it fails."""
    try:
        done = subprocess.run(
            [git, *arguments], cwd=folder, capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def size_check(root: Path, files: list[Path], skipped: list[str]) -> Check:
    """The files to submit weigh less than :data:`SIZE_LIMIT`."""
    sizes = {path: (root / path).stat().st_size for path in files}
    total = sum(sizes.values())
    ignored = f"\nnot counted (in .gitignore): {', '.join(skipped)}" if skipped else ""
    if total < SIZE_LIMIT:
        return Check(
            "size",
            True,
            f"{human_size(total)} in {len(files)} files, under the 5 MB limit{ignored}",
        )
    largest = sorted(sizes.items(), key=lambda item: item[1], reverse=True)[:3]
    named = ", ".join(f"{path.as_posix()} ({human_size(size)})" for path, size in largest)
    return Check(
        "size",
        False,
        f"{human_size(total)} in {len(files)} files: over the 5 MB limit\nlargest: {named}"
        f"{ignored}",
        "host large files elsewhere (a data set hub, a release, a drive) and link them from "
        "README.md; keep a small sample in data/, or list generated files in .gitignore",
    )


def secrets_check(root: Path, files: list[Path]) -> Check:
    """No file to submit holds a credential; ``.env`` is kept out by ``.gitignore``."""
    problems: list[str] = []
    unscanned: list[str] = []
    scanned = 0
    for path in files:
        if path.name == ".env" or (path.name.startswith(".env.") and path.name != ".env.example"):
            problems.append(
                f"{path.as_posix()} would be submitted: add it to .gitignore (it holds your keys)"
            )
        if (root / path).stat().st_size > SIZE_LIMIT:
            unscanned.append(path.as_posix())  # the size check fails it anyway
            continue
        text = read_text_file(root / path)
        if text is None:
            continue
        scanned += 1
        problems.extend(finding.describe(path.as_posix()) for finding in scan_text(text))
    if unscanned:
        problems.append(f"not scanned, over 5 MB: {', '.join(unscanned)}")
    if problems:
        return Check(
            "secrets",
            False,
            "\n".join(problems),
            "remove each one (clear a notebook's outputs too), revoke any real key at its "
            "provider, and read keys from .env (listed in .gitignore) with placeholders "
            "in .env.example",
        )
    return Check("secrets", True, f"no key, token or private key in {scanned} text files")


def missing_sections(readme: str) -> list[Section]:
    """The sections of :data:`README_SECTIONS` that no heading of ``readme`` names."""
    headings = re.findall(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", readme, re.M)
    return [s for s in README_SECTIONS if not any(s.matches(heading) for heading in headings)]


def readme_check(root: Path) -> Check:
    """README.md has each of :data:`README_SECTIONS` as a heading."""
    path = root / "README.md"
    if not path.is_file():
        return Check("README sections", False, "README.md is missing", "write README.md")
    missing = missing_sections(path.read_text("utf-8"))
    if missing:
        names = ", ".join(f"{section.name} ({section.chinese})" for section in missing)
        return Check(
            "README sections",
            False,
            f"README.md has no section {names}",
            "add a heading for each (## Usage, or ## 使用示例 ...): the chapter's template "
            "asks for them",
        )
    return Check("README sections", True, f"all {len(README_SECTIONS)} sections present")


def read_requirements(root: Path) -> tuple[list[tuple[int, str]], list[str]]:
    """The requirement lines of ``requirements.txt`` with their numbers, and the
    lines that cannot be checked (options, includes, paths)."""
    lines: list[tuple[int, str]] = []
    unreadable: list[str] = []
    path = root / "requirements.txt"
    for number, raw in enumerate(path.read_text("utf-8").splitlines(), start=1):
        line = re.sub(r"(^|\s)#.*$", "", raw).strip()
        if not line:
            continue
        if line.startswith(("-", ".", "/")) or "://" in line:
            unreadable.append(
                f"requirements.txt:{number}: {line!r} cannot be checked: list packages "
                "by name with a version range"
            )
        else:
            lines.append((number, line))
    return lines, unreadable


def pinned_check(root: Path) -> Check:
    """Every requirement has a version range with an upper bound."""
    from hello_agents.core.exceptions import ConfigException
    from hello_agents.extras import canonical_name, parse_requirement, version_satisfies

    name = "requirements pinned"
    if not (root / "requirements.txt").is_file():
        return Check(name, False, "requirements.txt is missing", "write requirements.txt")
    lines, problems = read_requirements(root)
    from hello_agents.capstone.scaffold import version_range

    for number, line in lines:
        where = f"requirements.txt:{number}"
        try:
            requirement = parse_requirement(line)
        except ConfigException as error:
            problems.append(f"{where}: {error}")
            continue
        clauses = [c for c in requirement.specifier.split(",") if c]
        if canonical_name(requirement.name) == "hello-agents":
            admitted = [
                v for v in REFERENCE_RELEASES if version_satisfies(v, requirement.specifier)
            ]
            if admitted:
                problems.append(
                    f"{where}: {line} admits {', '.join(admitted)}, releases of the reference "
                    "package on PyPI that lack this project's modules; "
                    f"write hello-agents{version_range()}"
                )
        elif not clauses:
            problems.append(f"{where}: {line} has no version range (write e.g. {line}>=1.2,<2)")
        elif not any(clause.startswith(UPPER_BOUNDS) for clause in clauses):
            problems.append(
                f"{where}: {line} has no upper bound: a future major release could break "
                "the project (add ,<NEXT_MAJOR)"
            )
    if not lines and not problems:
        problems.append("requirements.txt lists no package (it needs hello-agents at least)")
    if problems:
        return Check(name, False, "\n".join(problems), "give each line a range such as >=1.2,<2")
    return Check(name, True, f"{len(lines)} requirements, each with a version range")


def installed_check(root: Path) -> Check:
    """Every requirement is installed here at a matching version and imports."""
    from hello_agents.core.exceptions import ConfigException
    from hello_agents.extras import marker_applies, parse_requirement

    name = "requirements installed"
    if not (root / "requirements.txt").is_file():
        return Check(name, False, "requirements.txt is missing", "write requirements.txt")
    lines, _ = read_requirements(root)
    found: list[str] = []
    problems: list[str] = []
    for number, line in lines:
        try:
            requirement = parse_requirement(line)
        except ConfigException:
            continue  # reported by the pinned check
        if not marker_applies(requirement.marker, None):
            continue
        ok, detail = _requirement_status(requirement)
        (found if ok else problems).append(detail if ok else f"requirements.txt:{number}: {detail}")
    if problems:
        return Check(
            name,
            False,
            "\n".join(problems),
            f"pip install -r requirements.txt (hello-agents itself: {INSTALL_HINT})",
        )
    return Check(
        name, True, f"{', '.join(found) or 'nothing to install'}: installed and importable"
    )


def _requirement_status(requirement: Any) -> tuple[bool, str]:
    """Whether one requirement is met here, and a line saying so."""
    from importlib import metadata

    from hello_agents._version import __version__
    from hello_agents.extras import (
        canonical_name,
        check_requirement,
        extra_requirements,
        provided_extras,
        version_satisfies,
    )

    if canonical_name(requirement.name) != "hello-agents":
        status = check_requirement(requirement)
        return status.ok, status.describe()
    # The code that imports is what the project runs on (an editable install's
    # metadata can lag behind its clone), so its own version is the one compared.
    if not version_satisfies(__version__, requirement.specifier):
        return False, f"hello-agents {__version__} is here, but {requirement.specifier} is needed"
    if requirement.extras:
        try:
            distribution = metadata.distribution("hello-agents")
        except metadata.PackageNotFoundError:
            return False, "hello-agents's extras cannot be checked: it is not pip-installed"
        for extra in requirement.extras:
            if canonical_name(extra) not in provided_extras(distribution):
                return False, f"hello-agents has no extra {extra!r}"
            for needed in extra_requirements(distribution, extra):
                status = check_requirement(needed)
                if not status.ok:
                    return False, f"hello-agents[{extra}] needs {status.describe()}"
    return True, f"hello-agents {__version__}"


def offline_environment() -> dict[str, str]:
    """The environment a notebook runs in: no provider settings, no ``.env``, the
    scripted model, and HTTP to anything but loopback sent to a closed port."""
    from hello_agents.core.config import ENV_FIELDS
    from hello_agents.core.providers import PROVIDERS

    provider_variables = (
        {name for spec in PROVIDERS.values() for name in (*spec.key_env, *spec.url_env)}
        | {"LLM_API_KEY", "LLM_BASE_URL", "TAVILY_API_KEY", "SERPAPI_API_KEY"}
        | set(ENV_FIELDS)
    )
    environment = {key: value for key, value in os.environ.items() if key not in provider_variables}
    loopback = "127.0.0.1,localhost,::1"
    for variable in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):
        environment[variable] = environment[variable.lower()] = CLOSED_PROXY
    environment["NO_PROXY"] = environment["no_proxy"] = loopback
    environment["HELLO_AGENTS_EXAMPLE_LLM"] = "scripted"
    environment["HELLO_AGENTS_NO_DOTENV"] = "1"
    return environment


def notebook_check(root: Path, notebook: Path, timeout: float = NOTEBOOK_TIMEOUT) -> Check:
    """``notebook`` runs top to bottom on a real kernel, offline, on the scripted model.

    The notebook is executed in memory: its file is left as it was.
    """
    name = f"notebook {notebook.as_posix()} runs offline"
    try:
        import nbclient
        import nbformat
        from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
    except ImportError as missing:
        return Check(
            name,
            False,
            f"not run: {missing.name} is not installed (the notebook runs on a real Jupyter "
            "kernel)",
            INSTALL_HINT,
        )
    try:
        KernelSpecManager().get_kernel_spec("python3")
    except NoSuchKernel:
        return Check(name, False, "not run: no python3 Jupyter kernel (ipykernel)", INSTALL_HINT)
    path = root / notebook
    try:
        document = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    except Exception as error:  # a notebook that does not load is what to report
        return Check(name, False, f"{notebook} is not a readable notebook: {error}", None)
    client = nbclient.NotebookClient(
        document,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    try:
        client.execute(env=offline_environment())
    except nbclient.exceptions.CellTimeoutError:
        cell = _failed_cell(document)
        return Check(
            name,
            False,
            f"cell {cell}: still running after {timeout:.0f} s",
            "make the scripted path fast (HELLO_AGENTS_EXAMPLE_LLM=scripted): no downloads, "
            "no big model",
        )
    except nbclient.exceptions.CellExecutionError as error:
        return Check(
            name,
            False,
            f"cell {_failed_cell(document)}: {error.ename}: {_first_line(error.evalue)}",
            "run it yourself offline: HELLO_AGENTS_EXAMPLE_LLM=scripted HELLO_AGENTS_NO_DOTENV=1 "
            f"jupyter execute {notebook.as_posix()}; it must not need a key or the network",
        )
    except Exception as error:  # a dead kernel, a kernel that does not start ...
        return Check(name, False, f"the kernel failed: {type(error).__name__}: {error}", None)
    code_cells = sum(cell.cell_type == "code" for cell in document.cells)
    return Check(name, True, f"{code_cells} code cells ran on the scripted model, offline")


def _failed_cell(document: Any) -> int:
    """The number (from 1) of the code cell that failed or was running."""
    number = 0
    last_run = 0
    for cell in document.cells:
        if cell.cell_type != "code":
            continue
        number += 1
        if any(output.get("output_type") == "error" for output in cell.get("outputs", [])):
            return number
        if cell.get("execution_count") is not None:
            last_run = number
    return last_run + 1


def _first_line(text: str) -> str:
    return (text or "").strip().splitlines()[0][:300] if (text or "").strip() else ""


def capstone_checks(root: Path, *, notebook_timeout: float = NOTEBOOK_TIMEOUT) -> Iterator[Check]:
    """Run the checks on the capstone folder ``root``, one at a time."""
    files, skipped = submitted_files(root)
    yield layout_check(root, files)
    yield git_add_check(root, files)
    yield size_check(root, files, skipped)
    yield secrets_check(root, files)
    yield readme_check(root)
    yield pinned_check(root)
    yield installed_check(root)
    notebooks = [
        path for path in files if path.suffix == ".ipynb" and ".ipynb_checkpoints" not in path.parts
    ]
    for notebook in notebooks:
        yield notebook_check(root, notebook, notebook_timeout)


def run_capstone_doctor(
    path: str | Path, out: TextIO | None = None, *, color: bool | None = None
) -> int:
    """Check the capstone folder at ``path`` and print each result to ``out``.

    Returns:
        0 when every check passed, 1 when one failed, 2 when ``path`` is no folder.
    """
    out = out or sys.stdout
    if color is None:
        color = out.isatty() and "NO_COLOR" not in os.environ
    root = Path(path).resolve()
    if not root.is_dir():
        out.write(f"{path} is not a folder: give the path of your capstone's folder\n")
        return 2
    out.write(f"hello-agents doctor: capstone {root.name} ({path})\n")
    out.flush()
    failed = total = 0
    for check in capstone_checks(root):
        total += 1
        failed += check.failed
        out.write(render_check(check, color) + "\n")
        out.flush()
    if failed:
        out.write(f"capstone {root.name}: {failed} of {total} checks failed\n")
        return 1
    out.write(f"capstone {root.name}: all {total} checks passed\n")
    return 0


__all__ = [
    "README_SECTIONS",
    "SIZE_LIMIT",
    "Section",
    "capstone_checks",
    "git_add_check",
    "installed_check",
    "layout_check",
    "missing_sections",
    "notebook_check",
    "offline_environment",
    "pinned_check",
    "readme_check",
    "run_capstone_doctor",
    "secrets_check",
    "size_check",
    "submitted_files",
]
