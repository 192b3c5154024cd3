"""``hello-agents doctor --chapter N``: is what chapter N needs installed, and does it work?

Each check prints as soon as it finishes, green or red, and a red one comes with
the exact command that fixes it:

1. this hello-agents covers the chapter, and the installed metadata is the
   code's own (an editable install goes stale when its clone moves to another
   version, until the install command runs again);
2. every requirement of the chapter's extra (``ch07``, ...) is installed at a
   version that satisfies it and imports, grouped by the extra it comes from;
3. the model provider: a configured server is reachable;
4. the embedded model, when the chapter's install includes it (``ch07``, ``ch09``,
   ``ch12``) or no provider is configured: its server package is installed, its
   weights are assembled and verified, and it loads and answers a short
   question (a cached model file alone is not enough: ``hello-agents run`` needs
   all three). For a chapter whose install does not include it (``ch08``,
   ``ch10``) it is *optional*: reported as ``[ -- ]`` with the command that adds
   it, never as a failure;
5. every server the chapter uses (``QDRANT_URL``, ...) is reachable when set.

Slow work (assembling the weights the first time, loading the model) shows a
progress bar. The exit code is 0 when all checks pass (optional parts may be
missing), 1 when one fails, 2 for a chapter this version does not know.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import socket
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from urllib.parse import unquote, urlsplit

from hello_agents._version import __version__
from hello_agents.chapters import CHAPTERS, Chapter
from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.extras import (
    Requirement,
    check_requirement,
    extra_requirements,
    provided_extras,
)

if TYPE_CHECKING:
    from hello_agents.local.progress import ProgressCallback

DISTRIBUTION = "hello-agents"
CONNECT_TIMEOUT = 3.0
EMBEDDED_PROVIDER = "model provider embedded"
EMBEDDED_MODEL = "embedded model"
ANSWER_PROMPT = "Reply with the single word OK."
"""What the model check asks the embedded model (any reply will do)."""
RL_CHAPTER = 11
MAP_CHAPTER = 13
DEFAULT_PORTS = {"http": 80, "https": 443, "bolt": 7687, "neo4j": 7687, "redis": 6379}


@dataclass(frozen=True)
class Check:
    """The outcome of one check.

    Attributes:
        name: What was checked, in a few words.
        ok: Whether it passed.
        detail: What was found (for a failure: what is wrong), one or more lines.
        fix: The command or step that fixes a failure.
        optional: A part the chapter's install command does not include: when
            it is missing or broken, it is shown as such but is no failure.
    """

    name: str
    ok: bool
    detail: str
    fix: str | None = None
    optional: bool = False

    @property
    def failed(self) -> bool:
        """Whether this check makes the chapter fail (a missing optional part does not)."""
        return not self.ok and not self.optional


def run_doctor(
    number: int,
    out: TextIO | None = None,
    *,
    color: bool | None = None,
    chapters: Sequence[Chapter] = CHAPTERS,
    distribution: metadata.Distribution | None = None,
) -> int:
    """Check chapter ``number`` and print each result to ``out``.

    Args:
        number: The tutorial's chapter number.
        out: Where to print (standard output by default).
        color: Green and red marks; by default when ``out`` is a terminal and
            ``NO_COLOR`` is not set.
        chapters: The chapter table (:data:`hello_agents.chapters.CHAPTERS`).
        distribution: The installed hello-agents to check (this one by default).

    Returns:
        0 when every check passed, 1 when one failed, 2 for an unknown chapter.
    """
    out = out or sys.stdout
    if color is None:
        color = out.isatty() and "NO_COLOR" not in os.environ
    chapter = next((c for c in chapters if c.number == number), None)
    if chapter is None or chapter.since is None:
        out.write(unknown_chapter_message(number, chapters) + "\n")
        return 2
    out.write(f"hello-agents doctor: chapter {chapter.number}, {chapter.topic}\n")
    out.flush()
    from hello_agents.progress_bar import ProgressBar

    progress = ProgressBar(out, transient=True)
    failed = total = 0
    missing: list[str] = []
    for check in chapter_checks(chapter, distribution, progress=progress):
        if check.optional and not check.ok:
            missing.append(check.name)
        else:
            total += 1
            failed += check.failed
        out.write(render_check(check, color) + "\n")
        out.flush()
    optional = f"; optional, not ready: {', '.join(missing)}" if missing else ""
    if failed:
        out.write(f"chapter {chapter.number}: {failed} of {total} checks failed{optional}\n")
        return 1
    out.write(f"chapter {chapter.number}: all {total} checks passed{optional}\n")
    return 0


def unknown_chapter_message(number: int, chapters: Sequence[Chapter] = CHAPTERS) -> str:
    """What to say about a chapter this version does not cover."""
    covered = [c for c in chapters if c.covered_by(__version__)]
    listed = ", ".join(f"{c.number} ({c.topic})" for c in covered) or "none"
    known = f"hello-agents {__version__} covers chapter{'s' if len(covered) > 1 else ''} {listed}."
    chapter = next((c for c in chapters if c.number == number), None)
    if chapter is None:
        numbers = ", ".join(str(c.number) for c in chapters)
        return f"hello-agents knows no chapter {number} (it knows chapters {numbers}). {known}"
    return f"chapter {number} ({chapter.topic}) is not covered by hello-agents yet. {known}"


def render_check(check: Check, color: bool = False) -> str:
    """One check as printed: a green ``[ ok ]``, a red ``[FAIL]`` or, for an optional
    part that is missing, a yellow ``[ -- ]``; then its detail and its fix."""
    if check.ok:
        mark, code = "[ ok ]", "32"
    elif check.optional:
        mark, code = "[ -- ]", "33"
    else:
        mark, code = "[FAIL]", "31"
    if color:
        mark = f"\033[{code}m{mark}\033[0m"
    name = f"{check.name} (optional)" if check.optional else check.name
    first, *more = check.detail.splitlines() or [""]
    lines = [f"{mark} {name}: {first}", *(f"       {line}" for line in more)]
    if not check.ok and check.fix:
        lines.append(f"       {'to add it' if check.optional else 'fix'}: {check.fix}")
    return "\n".join(lines)


# ---- the checks -----------------------------------------------------------------------


def chapter_checks(
    chapter: Chapter,
    distribution: metadata.Distribution | None = None,
    *,
    progress: ProgressCallback | None = None,
) -> Iterator[Check]:
    """Run the checks of ``chapter``, one at a time.

    Args:
        chapter: The chapter to check.
        distribution: The installed hello-agents to check (this one by default).
        progress: Shown the embedded model's slow first-time work.

    Yields:
        Each check's outcome as it finishes; after a failed version check, no more.
    """
    if distribution is None:
        try:
            distribution = metadata.distribution(DISTRIBUTION)
        except metadata.PackageNotFoundError:
            yield Check(
                f"hello-agents {__version__}",
                False,
                "it runs from a folder pip did not install, so its extras are unknown",
                f"from the root of your clone: {chapter.install_command}",
            )
            return
    from hello_agents.core.config import load_env_file

    load_env_file()  # the provider and the servers may be configured in .env
    version = version_check(chapter, distribution)
    yield version
    if not version.ok:
        return
    requirements = extra_requirements(distribution, chapter.extra)
    for group, members in requirement_groups(distribution, chapter.extra, requirements):
        yield requirements_check(group, members, reinstall_command(distribution, chapter.extra))
    if chapter.number == RL_CHAPTER:  # trains a model it builds itself: no provider needed
        yield training_check(reinstall_command(distribution, chapter.extra))
        return
    model_included = installs_model_weights(requirements)
    provider = provider_check(model_included)
    yield provider
    if provider.name == EMBEDDED_PROVIDER or model_included:
        yield model_check(
            distribution, chapter.extra, optional=not model_included, progress=progress
        )
    for variable in chapter.services:
        yield service_check(variable)
    if chapter.number == MAP_CHAPTER:
        yield from map_server_checks(reinstall_command(distribution, chapter.extra))


def version_check(chapter: Chapter, distribution: metadata.Distribution) -> Check:
    """This version covers the chapter, and what pip installed is this code."""
    name = f"hello-agents {__version__}"
    install = reinstall_command(distribution, chapter.extra)
    if not chapter.covered_by(__version__):
        return Check(
            name,
            False,
            f"chapter {chapter.number} is not in this version; it is planned for {chapter.since}",
            f"update your clone (git pull), then {install}",
        )
    if distribution.version != __version__:
        return Check(
            name,
            False,
            f"the installed metadata is {distribution.version}'s: the clone changed "
            "since it was installed",
            install,
        )
    if chapter.extra not in provided_extras(distribution):
        return Check(name, False, f"the install has no extra {chapter.extra}", install)
    return Check(
        name,
        True,
        f"covers chapter {chapter.number} (since {chapter.since}); {installed_from(distribution)}",
    )


def requirement_groups(
    distribution: metadata.Distribution, extra: str, requirements: list[Requirement]
) -> list[tuple[str, list[Requirement]]]:
    """``requirements`` of ``extra`` by the extra each comes from (``local``, ``search``, ...).

    pip's metadata inlines an extra that includes others, so the groups are
    found again: an extra whose requirements all belong to ``extra`` is a group;
    what is left is ``extra``'s own. hello-agents's own dependencies come first.
    """
    groups: list[tuple[str, list[Requirement]]] = [
        ("dependencies", extra_requirements(distribution, None))
    ]
    remaining = {str(requirement): requirement for requirement in requirements}
    for other in provided_extras(distribution):
        if other == extra or _is_chapter_extra(other):
            continue
        members = [str(r) for r in extra_requirements(distribution, other)]
        if members and all(member in remaining for member in members):
            groups.append((f"extra {other}", [remaining.pop(member) for member in members]))
    if remaining:
        groups.append((f"extra {extra}", list(remaining.values())))
    return groups


def requirements_check(group: str, requirements: list[Requirement], fix: str) -> Check:
    """Every requirement of ``group`` installed at a satisfying version, and importable."""
    statuses = [check_requirement(requirement) for requirement in requirements]
    failures = [status.describe() for status in statuses if not status.ok]
    if failures:
        return Check(group, False, "\n".join(failures), fix)
    installed = {status.requirement.name: status.installed or "" for status in statuses}
    count = f" ({len(statuses)} packages)" if len(statuses) > 3 else ""
    return Check(group, True, f"{summarize(installed)}{count}: installed and importable")


def summarize(versions: dict[str, str]) -> str:
    """``name version`` pairs in one line, numbered series folded: ``part1..22 0.2.0``."""
    series: dict[tuple[str, str], list[int]] = {}
    entries: list[tuple[str, str] | str] = []
    for name, version in versions.items():
        match = re.fullmatch(r"(.*?\D)(\d+)", name)
        if match is None:
            entries.append(f"{name} {version}")
            continue
        key = (match.group(1), version)
        if key not in series:
            series[key] = []
            entries.append(key)
        series[key].append(int(match.group(2)))
    shown = []
    for entry in entries:
        if isinstance(entry, str):
            shown.append(entry)
            continue
        prefix, version = entry
        numbers = sorted(series[entry])
        if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
            shown.append(f"{prefix}{numbers[0]}..{numbers[-1]} {version}")
        else:
            shown.extend(f"{prefix}{number} {version}" for number in numbers)
    return ", ".join(shown)


def provider_check(model_included: bool = True) -> Check:
    """The model provider that ``HelloAgentsLLM()`` picks, and whether it can be reached.

    Args:
        model_included: Whether the chapter's install includes the embedded model
            (what answers when no provider is configured).
    """
    from hello_agents.core.llm import HelloAgentsLLM
    from hello_agents.core.providers import EMBEDDED

    try:
        llm = HelloAgentsLLM()
    except HelloAgentsException as error:
        return Check(
            "model provider",
            False,
            str(error),
            "correct the variable it names in .env (see .env.example), or unset it",
        )
    if llm.provider == EMBEDDED and llm.base_url is None:
        if model_included:
            return Check(EMBEDDED_PROVIDER, True, "none configured: the embedded model answers")
        return Check(
            EMBEDDED_PROVIDER,
            True,
            "none configured; this chapter's install leaves the embedded model out "
            "(optional, below): its examples then use their scripted model",
        )
    if not llm.base_url:
        return Check("model provider", True, f"{llm.provider}, at the client's default URL")
    reached, detail = reachable(llm.base_url)
    return Check(
        f"model provider {llm.provider}",
        reached,
        detail,
        None if reached else "start that server, or set LLM_BASE_URL in .env to one that runs",
    )


def installs_model_weights(requirements: list[Requirement]) -> bool:
    """Whether ``requirements`` include the chunk packages of an embedded model."""
    from hello_agents.local import MODELS

    chunk_packages = {name for spec in MODELS.values() for name in spec.distributions}
    return any(requirement.name in chunk_packages for requirement in requirements)


def model_check(
    distribution: metadata.Distribution,
    chapter_extra: str | None = None,
    *,
    optional: bool = False,
    progress: ProgressCallback | None = None,
) -> Check:
    """The embedded model the settings select: installed, verified, and answering.

    In order, as ``hello-agents run`` needs them: the server package
    (``xllamacpp``) imports, the weights are assembled and checked against their
    pinned SHA-256 (the first time, this joins the installed chunks: a few
    seconds for the 1.1 GB default), and the model loads and answers a short
    question (a few seconds; a detached server, ``hello-agents local start``,
    answers at once).

    Args:
        distribution: The installed hello-agents (for the command that fixes a gap).
        chapter_extra: The chapter's extra (``"ch07"``), for that command.
        optional: The chapter's install does not include the model (``ch08``):
            a gap is then no failure, and the command adds ``local``.
        progress: Shown the assembly and the loading.
    """
    from hello_agents.local import MODELS, LocalSettings, prepare_model

    name = EMBEDDED_MODEL

    def outcome(ok: bool, detail: str, fix: str | None = None) -> Check:
        return Check(name, ok, detail, fix, optional=optional)

    try:
        settings = LocalSettings.from_env()
    except HelloAgentsException as error:
        return outcome(False, str(error), "correct that variable, or unset it")
    name = f"{EMBEDDED_MODEL} {settings.model}"
    spec = MODELS.get(settings.model)
    extra = spec.extra if spec is not None else "local"
    if chapter_extra is not None and (optional or extra != "local"):
        extra = f"{chapter_extra},{extra}"  # ch08,local; ch07,local-small
    elif chapter_extra is not None:
        extra = chapter_extra  # its install includes the model
    install = reinstall_command(distribution, extra)
    if importlib.util.find_spec("xllamacpp") is None:
        needed = "hello-agents run and the examples' embedded mode need it"
        return outcome(
            False, f"its server package, xllamacpp, is not installed ({needed})", install
        )
    try:
        model_file = prepare_model(settings.model, settings.cache_dir, progress)
    except HelloAgentsException as error:
        fix = (
            install
            if spec is not None
            else "unset HELLO_AGENTS_LOCAL_MODEL, or set it to the path of a GGUF file"
        )
        return outcome(False, str(error), fix)
    found = f"{model_file.path}{', checked against its pinned SHA-256' if spec else ''}"
    answered, detail = model_answers(progress)
    if not answered:
        return outcome(
            False,
            f"{found}; but the model does not run:\n{detail}",
            "docs/local-model.md (section Errors) lists the causes; the log is named above",
        )
    return outcome(True, f"{found}; {detail}")


def model_answers(progress: ProgressCallback | None = None) -> tuple[bool, str]:
    """Load the embedded model (or reach its running server) and ask it :data:`ANSWER_PROMPT`.

    Returns:
        Whether it answered, and what happened, for people.
    """
    from hello_agents.core.llm import HelloAgentsLLM
    from hello_agents.core.providers import EMBEDDED

    started = time.monotonic()
    try:
        llm = HelloAgentsLLM(provider=EMBEDDED, temperature=0.0)
        llm.prepare(progress=progress)
        loaded = time.monotonic()
        reply = llm.invoke([{"role": "user", "content": ANSWER_PROMPT}], max_tokens=8)
    except HelloAgentsException as error:
        return False, str(error)
    done = time.monotonic()
    shown = " ".join(reply.split())[:40]
    return True, (
        f"loaded in {loaded - started:.1f} s, answered {shown!r} in {done - loaded:.1f} s"
    )


def map_server_checks(install: str = 'pip install -e ".[ch13]"') -> Iterator[Check]:
    """Chapter 13: the offline map server starts and lists Amap's 16 tools; with
    ``AMAP_API_KEY`` set, ``uvx`` (which starts Amap's own server) is on PATH.

    Args:
        install: The command that installs chapter 13's extra into this environment.
    """
    import shutil

    from hello_agents.mcp import MCPException
    from hello_agents.tools.builtin.protocol_tools import MCPTool

    command = [sys.executable, "-m", "hello_agents.mcp.amap_offline"]
    name = "offline map server"
    try:
        with MCPTool(name="amap", server_command=command) as tool:
            count = len(tool.expanded_tools())
    except MCPException as error:
        first = str(error).splitlines()[0]
        yield Check(name, False, first, f"{install} (the mcp extra)")
        return
    ok = count == 16
    yield Check(name, ok, f"{count} tools (amap_maps_text_search, amap_maps_weather ...)")
    if os.environ.get("AMAP_API_KEY"):
        found = shutil.which("uvx")
        yield Check(
            "uvx for Amap's server",
            found is not None,
            f"AMAP_API_KEY is set: the app starts uvx amap-mcp-server ({found or 'uvx not found'})",
            "pip install uv (it brings uvx), or unset AMAP_API_KEY to use the offline map",
        )


def training_check(install: str = 'pip install -e ".[ch11]"') -> Check:
    """Chapter 11: the tiny model builds, and one training step runs, on this machine.

    Args:
        install: The command that installs chapter 11's extra into this environment.
    """
    import tempfile

    name = "training on this machine"
    started = time.monotonic()
    try:
        import torch

        from hello_agents.rl.tiny_model import build_tiny_model, load_model_and_tokenizer

        with tempfile.TemporaryDirectory() as folder:
            model, tokenizer = load_model_and_tokenizer(str(build_tiny_model(folder)))
            batch = tokenizer(["Step 1 : 2 + 2 = 4 Final Answer : 4"], return_tensors="pt")
            loss = model(**batch, labels=batch["input_ids"]).loss
            loss.backward()
    except Exception as error:  # any failure here is what the learner must see
        return Check(name, False, f"{type(error).__name__}: {error}", install)
    device = "a GPU" if torch.cuda.is_available() else "the CPU"
    return Check(
        name,
        True,
        f"torch {torch.__version__} on {device}: the tiny model built and took a training "
        f"step in {time.monotonic() - started:.1f} s",
    )


def service_check(variable: str) -> Check:
    """The server named by environment variable ``variable`` is reachable, when it is set."""
    value = os.environ.get(variable)
    if not value:
        return Check(variable, True, "not set: nothing to reach")
    reached, detail = reachable(value)
    fix = None if reached else f"start that server, or correct {variable} in .env"
    return Check(variable, reached, detail, fix)


def reachable(url: str, timeout: float = CONNECT_TIMEOUT) -> tuple[bool, str]:
    """Whether a TCP connection to ``url``'s host and port opens within ``timeout`` seconds.

    Returns:
        The answer, and a line saying which address was tried (credentials left out).
    """
    parts = urlsplit(url if "://" in url else f"tcp://{url}")
    try:
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        port = None
    shown = f"{parts.scheme}://{parts.hostname}:{port}" if port else f"{parts.scheme}://?"
    if not parts.hostname or port is None:
        return False, f"cannot tell the host and port of {shown}"
    try:
        with socket.create_connection((parts.hostname, port), timeout=timeout):
            return True, f"{shown} is reachable"
    except OSError as error:
        return False, f"{shown} is not reachable ({error.strerror or type(error).__name__})"


# ---- where hello-agents is installed from -----------------------------------------------


def installed_from(distribution: metadata.Distribution) -> str:
    """Where pip installed ``distribution`` from, for people."""
    origin = install_origin(distribution)
    if origin is None:
        return "installed from a package index"
    path, editable = origin
    return f"installed from {path}{' (editable)' if editable else ''}"


def install_origin(distribution: metadata.Distribution) -> tuple[Path, bool] | None:
    """The local folder or file pip installed from, and whether the install is editable.

    Read from ``direct_url.json`` (PEP 610); ``None`` when pip did not install
    from a local path.
    """
    try:
        record = json.loads(distribution.read_text("direct_url.json") or "null")
    except ValueError:
        return None
    if not isinstance(record, dict) or not str(record.get("url", "")).startswith("file://"):
        return None
    path = Path(unquote(urlsplit(record["url"]).path))
    editable = bool(record.get("dir_info", {}).get("editable"))
    return path, editable


def reinstall_command(distribution: metadata.Distribution, extra: str) -> str:
    """The command that installs ``extra`` into this environment, as it was installed."""
    python = _shown_path(Path(sys.executable))
    origin = install_origin(distribution)
    if origin is None:
        return f'{python} -m pip install -e ".[{extra}]"  (from the root of your clone)'
    path, editable = origin
    target = _shown_path(path)
    if target != "." and not os.path.isabs(target):
        target = f"./{target}"
    return f'{python} -m pip install {"-e " if editable else ""}"{target}[{extra}]"'


def _shown_path(path: Path) -> str:
    """``path`` relative to the working directory when it lies inside it."""
    try:
        relative = path.absolute().relative_to(Path.cwd())
    except ValueError:
        return str(path)
    return str(relative) if str(relative) != "." else "."


def _is_chapter_extra(name: str) -> bool:
    return name.startswith("ch") and name[2:].isdigit()


__all__ = [
    "Check",
    "chapter_checks",
    "install_origin",
    "model_answers",
    "model_check",
    "provider_check",
    "reachable",
    "reinstall_command",
    "render_check",
    "requirement_groups",
    "run_doctor",
    "service_check",
    "training_check",
    "unknown_chapter_message",
    "version_check",
]
