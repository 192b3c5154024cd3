"""The chapter-9 checks: a packet selector, a note store, a command allow-list.

* :func:`check_packet_selector` - ``select(packets, budget, count_tokens, min_relevance)``
  picks the most relevant packets that fit (the framework's ``select_within_budget``);
* :func:`check_note_store` - a class with ``create_note`` / ``read_note`` /
  ``list_notes`` / ``search_notes`` / ``delete_note`` keeping markdown notes in a
  folder (the framework's ``NoteTool``);
* :func:`check_command_allowlist` - ``parse(command, workspace)`` returns the
  pipeline's argv lists or raises for anything unsafe (the framework's ``parse_command``).

Every case runs in a fresh temporary folder, under the runner's time limit.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from hello_agents.context.packet import ContextPacket
from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    refused,
    returned,
    run_cases,
    short,
)

THREAD_SECONDS = 20.0
"""How long the concurrent-writers case waits for each writer thread."""


def _count_words(text: str) -> int:
    """The checks' token counter: one token per word (simple and predictable)."""
    return len(text.split())


# ---- the packet selector ------------------------------------------------------------


def check_packet_selector(
    select: Callable[..., list[ContextPacket]], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check ``select(packets, budget, count_tokens, min_relevance=0.0) -> list``.

    Expected: never over ``budget`` tokens (by ``count_tokens`` of each packet's
    content), most relevant first, a packet too big skipped without stopping,
    packets below ``min_relevance`` left out.
    """
    now = datetime.now()

    def packet(words: int, relevance: float, label: str, age_minutes: int = 0) -> ContextPacket:
        text = " ".join([label] + ["word"] * (words - 1))
        return ContextPacket(text, now - timedelta(minutes=age_minutes), words, relevance)

    def labels(chosen: list[ContextPacket]) -> list[str]:
        return [p.content.split()[0] for p in chosen]

    def never_over_budget() -> None:
        packets = [packet(n % 7 + 1, (n * 37 % 100) / 100, f"p{n}") for n in range(40)]
        for budget in (0, 1, 5, 17, 60, 500):
            chosen = select(packets, budget, _count_words, 0.0)
            used = sum(_count_words(p.content) for p in chosen)
            expect(
                used <= budget,
                f"at most {budget} tokens chosen",
                f"{used} tokens",
                "add a packet only if used + its tokens <= budget.",
            )

    def chooses(
        packets: list[ContextPacket], budget: int, min_relevance: float, wanted: list[str]
    ) -> Callable[[], None]:
        """A case: ``select`` with these arguments chooses the packets labelled ``wanted``."""

        def case() -> None:
            chosen = labels(select(packets, budget, _count_words, min_relevance))
            expect(chosen == wanted, str(wanted), short(chosen))

        return case

    def empty_input() -> None:
        chosen = select([], 100, _count_words, 0.0)
        expect(list(chosen) == [], "[] for no packets", short(chosen))

    cases = [
        Case(
            "never over the budget",
            never_over_budget,
            "count each packet with count_tokens(packet.content) and add it only if used + its "
            "tokens <= budget.",
            expected=(
                "for budgets 0, 1, 5, 17, 60 and 500, the chosen packets hold at most that many "
                "words"
            ),
        ),
        Case(
            "most relevant first",
            chooses(
                [packet(3, 0.2, "low"), packet(3, 0.9, "high"), packet(3, 0.5, "mid")],
                6,
                0.0,
                ["high", "mid"],
            ),
            "sort by relevance_score, highest first, before filling the budget.",
            expected="with budget 6 and three 3-word packets, ['high', 'mid'] in that order",
        ),
        Case(
            "skips a packet too big, keeps going",
            chooses(
                [packet(50, 0.95, "huge"), packet(3, 0.6, "small"), packet(4, 0.5, "medium")],
                10,
                0.0,
                ["small", "medium"],
            ),
            "when a packet does not fit, continue with the next one instead of stopping.",
            expected=(
                "with budget 10, the 50-word 'huge' packet skipped and ['small', 'medium'] chosen"
            ),
        ),
        Case(
            "drops packets below min_relevance",
            chooses(
                [packet(2, 0.05, "noise"), packet(2, 0.3, "useful"), packet(2, 0.15, "weak")],
                100,
                0.2,
                ["useful"],
            ),
            "leave out packets whose relevance_score is below min_relevance before selecting.",
            expected="with min_relevance=0.2, only ['useful'] (relevance 0.3) chosen",
        ),
        Case(
            "newer packet wins a tie",
            chooses(
                [packet(3, 0.5, "older", age_minutes=60), packet(3, 0.5, "newer")],
                3,
                0.0,
                ["newer"],
            ),
            "sort by (relevance_score, timestamp), both highest first.",
            expected="two packets of relevance 0.5 and room for one: ['newer'] chosen",
        ),
        Case(
            "no packets, no selection",
            empty_input,
            "return an empty list when there are no packets.",
            expected="select([], 100, count_tokens, 0.0) returns []",
        ),
    ]
    return run_cases("packet_selector", select, cases, raise_on_failure=raise_on_failure)


# ---- the note store -----------------------------------------------------------------


def check_note_store(cls: type[Any], *, raise_on_failure: bool = True) -> ConformanceReport:
    """Check a note store class built as ``cls(workspace)``.

    Expected: ``create_note(title, content, note_type, tags) -> {"id": ...}`` writes
    ``<id>.md`` with a front matter block and lists it in ``notes_index.json``;
    ``read_note(id)`` gives back title and content; hostile ids are refused;
    ``search_notes(query)`` finds notes by their words; ``list_notes(note_type=...)``
    filters; ``delete_note(id)`` removes; concurrent writers lose nothing.
    """

    def in_folder(run: Callable[[Path], None]) -> Callable[[], None]:
        def case() -> None:
            with tempfile.TemporaryDirectory() as folder:
                run(Path(folder))

        return case

    def create_writes_markdown(root: Path) -> None:
        store = cls(root / "notes")
        created = store.create_note("Phase 1 done", "Coverage is 85%.", "task_state", ["p1"])
        note_id = created["id"]
        path = root / "notes" / f"{note_id}.md"
        expect(path.is_file(), f"a file notes/{note_id}.md", "no such file")
        text = path.read_text(encoding="utf-8")
        expect(
            text.startswith("---\n") and "\n---\n" in text[4:] and "Phase 1 done" in text,
            "a markdown file starting with a '---' front matter block holding the title",
            short(text[:120]),
            "write '---', one 'key: value' line per field, '---', then the body.",
        )
        expect("Coverage is 85%." in text, "the body in the file", short(text))
        index = root / "notes" / "notes_index.json"
        expect(
            index.is_file() and note_id in index.read_text(encoding="utf-8"),
            "notes_index.json listing the new note's id",
            "no index" if not index.is_file() else short(index.read_text(encoding="utf-8")),
            "keep an index of every note's metadata and rewrite it on every change.",
        )
        json.loads(index.read_text(encoding="utf-8"))

    def read_round_trip(root: Path) -> None:
        store = cls(root / "notes")
        note_id = store.create_note("Blocker", "urllib3 conflict", "blocker", ["deps"])["id"]
        note = cls(root / "notes").read_note(note_id)  # a new instance reads from disk
        expect(
            note.get("title") == "Blocker" and note.get("content") == "urllib3 conflict",
            "read_note() to return the title and the content written",
            short(note),
            "parse the front matter and the body back out of the file.",
        )

    def safe_names(root: Path) -> None:
        store = cls(root / "notes")
        note_id = store.create_note("../../escape", "x", "general", [])["id"]
        expect(
            bool(re.fullmatch(r"[A-Za-z0-9_-]+", str(note_id))),
            "an id of letters, digits, '_' and '-' only, whatever the title",
            short(note_id),
            "generate ids yourself (e.g. note_<date>_<time>_<n>), never from the title.",
        )
        outside = sorted(p.name for p in root.iterdir())
        expect(outside == ["notes"], "nothing written outside the notes folder", short(outside))

    def hostile_ids_refused(root: Path) -> None:
        (root / "secret.md").write_text("---\ntitle: secret\n---\nTOP SECRET\n", encoding="utf-8")
        store = cls(root / "notes")
        for bad in ["../secret", str(root / "secret"), "note_1/../../secret"]:
            refused(
                partial(store.read_note, bad),
                f"read_note({bad!r}) to be refused (an exception)",
                "check ids against the pattern you generate before building a path.",
            )

    def search_by_words(root: Path) -> None:
        store = cls(root / "notes")
        store.create_note("Lunch", "We ordered pizza.", "general", [])
        store.create_note("Dependency conflict", "urllib3 versions clash.", "blocker", [])
        found = [note.get("title") for note in store.search_notes("urllib3 conflict")]
        expect(
            found == ["Dependency conflict"],
            "search_notes('urllib3 conflict') -> ['Dependency conflict']",
            short(found),
            "match the query's words against title and content (any word, case-insensitive).",
        )

    def list_filters(root: Path) -> None:
        store = cls(root / "notes")
        store.create_note("a", "x", "action", [])
        store.create_note("b", "y", "blocker", [])
        titles = [note.get("title") for note in store.list_notes(note_type="blocker")]
        expect(titles == ["b"], "list_notes(note_type='blocker') -> ['b']", short(titles))

    def delete_removes(root: Path) -> None:
        store = cls(root / "notes")
        note_id = store.create_note("gone soon", "x", "general", [])["id"]
        store.delete_note(note_id)
        left = [note.get("title") for note in store.list_notes()]
        expect(
            not (root / "notes" / f"{note_id}.md").exists() and left == [],
            "the file and the index entry removed",
            short(left),
        )

    def concurrent_writers(root: Path) -> None:
        stores = [cls(root / "notes") for _ in range(4)]
        errors: list[BaseException] = []

        def write(store: Any, worker: int) -> None:
            try:
                for number in range(10):
                    store.create_note(f"w{worker} n{number}", "body", "general", [])
            except BaseException as error:
                errors.append(error)

        threads = [threading.Thread(target=write, args=(s, i)) for i, s in enumerate(stores)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(THREAD_SECONDS)
        if errors:
            raise errors[0]
        ids = {note.get("id") for note in cls(root / "notes").list_notes(limit=1000)}
        expect(
            len(ids) == 40,
            "40 distinct notes after 4 writers created 10 each at the same time",
            f"{len(ids)} notes",
            "hold a lock (threading.Lock plus a file lock) while reading, changing and "
            "rewriting the index; number ids from the index under that lock.",
        )

    cases = [
        Case(
            "create writes markdown and the index",
            in_folder(create_writes_markdown),
            "write <id>.md as '---', one 'key: value' line per field, '---', then the body, and "
            "rewrite notes_index.json with the note.",
            expected=(
                "create_note('Phase 1 done', ...) writes notes/<id>.md with a '---' front matter "
                "holding the title, the body, and a JSON notes_index.json listing the id"
            ),
        ),
        Case(
            "read returns what was written",
            in_folder(read_round_trip),
            "parse the front matter and the body back out of the file.",
            expected=(
                "a new instance's read_note(id) returns title 'Blocker' and content 'urllib3 "
                "conflict'"
            ),
        ),
        Case(
            "ids are safe file names",
            in_folder(safe_names),
            "generate ids yourself (e.g. note_<date>_<time>_<n>), never from the title.",
            expected=(
                "the title '../../escape' gives an id of letters, digits, '_' and '-' only, and "
                "nothing is written outside notes/"
            ),
        ),
        Case(
            "hostile ids are refused",
            in_folder(hostile_ids_refused),
            "check ids against the pattern you generate before building a path, and raise "
            "otherwise.",
            expected=(
                "read_note('../secret'), read_note(<absolute path>) and "
                "read_note('note_1/../../secret') each raise an exception"
            ),
        ),
        Case(
            "search finds notes by their words",
            in_folder(search_by_words),
            "match the query's words against title and content (any word, case-insensitive).",
            expected=(
                "search_notes('urllib3 conflict') returns only the note titled 'Dependency "
                "conflict'"
            ),
        ),
        Case(
            "list filters by type",
            in_folder(list_filters),
            "filter the index entries on note_type when it is given.",
            expected="list_notes(note_type='blocker') returns only the note titled 'b'",
        ),
        Case(
            "delete removes file and entry",
            in_folder(delete_removes),
            "unlink <id>.md and remove the id from notes_index.json.",
            expected="after delete_note(id), notes/<id>.md is gone and list_notes() returns []",
        ),
        Case(
            "concurrent writers lose nothing",
            in_folder(concurrent_writers),
            "hold a lock (threading.Lock plus a file lock) while reading, changing and rewriting "
            "the index.",
            expected=(
                "4 instances creating 10 notes each at the same time leave 40 distinct notes in "
                "list_notes()"
            ),
        ),
    ]
    return run_cases("note_store", cls, cases, raise_on_failure=raise_on_failure)


# ---- the command allow-list ---------------------------------------------------------

REFUSALS: dict[str, tuple[list[str], str]] = {
    "programs off the list refused": (
        ["rm -rf src", "python3 -c 1", "bash -c ls", "/bin/ls"],
        "check the program against the allow-list (a bare name, no '/').",
    ),
    "absolute paths refused": (
        ["cat /etc/passwd", "ls /", "grep -r x /tmp"],
        "refuse arguments starting with '/'.",
    ),
    "'..' escapes refused": (
        ["cat ../outside/secret.txt", "ls src/../..", "find .. -name x"],
        "resolve (cwd / argument) and check it is inside the workspace.",
    ),
    "symlinks pointing out refused": (
        ["cat link/secret.txt", "ls link"],
        "Path.resolve() follows symlinks: check the resolved path.",
    ),
    "chaining and redirection refused": (
        ["ls; rm -rf src", "ls && ls", "echo x > README.md", "cat < README.md", "ls & ls"],
        "refuse ; & > < outside quotes.",
    ),
    "substitution and variables refused": (
        ["cat $(echo x)", "ls `pwd`", "echo $HOME", "cat ${HOME}/x"],
        "refuse $ followed by a name, { or (, and backticks.",
    ),
    "a pipe into a disallowed program refused": (
        ["ls | sh", "cat README.md | python3"],
        "check every stage of the pipeline, not just the first.",
    ),
    "options that write or execute refused": (
        ["find . -exec rm {} +", "find . -delete", "sort -o README.md README.md"],
        "refuse find -exec/-delete and sort -o.",
    ),
}
"""The commands each refusal case tries, and the hint shown when one gets through."""


def check_command_allowlist(
    parse: Callable[..., list[list[str]]], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check ``parse(command, workspace) -> [[argv], ...]`` (one argv list per pipe stage).

    Expected: read-only commands inside the workspace are returned as argv lists
    (quotes understood); everything else raises an exception whose message says why.
    """

    def with_workspace(run: Callable[[Path], None]) -> Callable[[], None]:
        def case() -> None:
            with tempfile.TemporaryDirectory() as folder:
                root = Path(folder).resolve()
                (root / "outside").mkdir()
                (root / "outside" / "secret.txt").write_text("TOP SECRET")
                workspace = root / "project"
                (workspace / "src").mkdir(parents=True)
                (workspace / "README.md").write_text("# demo\n")
                (workspace / "src" / "app.py").write_text("print('hi')\n")
                if sys.platform != "win32":
                    (workspace / "link").symlink_to(root / "outside")
                run(workspace)

        return case

    def allowed(workspace: Path, command: str, wanted: list[list[str]]) -> None:
        got = returned(lambda: parse(command, workspace), f"{command!r} allowed, as {wanted}")
        expect(
            [list(stage) for stage in got] == wanted,
            f"{command!r} -> {wanted}",
            short(got),
            "split like a shell (shlex), one list per stage between '|'.",
        )

    def all_refused(workspace: Path, commands: list[str], hint: str) -> None:
        for command in commands:
            error = refused(
                partial(parse, command, workspace),
                f"{command!r} refused (an exception)",
                hint,
            )
            expect(bool(str(error).strip()), f"a message saying why {command!r} is refused",
                   "an exception without a message")  # fmt: skip

    def simple_commands(workspace: Path) -> None:
        allowed(workspace, "ls -la", [["ls", "-la"]])
        allowed(workspace, "cat README.md", [["cat", "README.md"]])
        grep = ["grep", "-n", "two words", "src/app.py"]
        allowed(workspace, "grep -n 'two words' src/app.py", [grep])

    def pipes(workspace: Path) -> None:
        stages = [["grep", "-rn", "TODO", "."], ["head", "-n", "5"]]
        allowed(workspace, "grep -rn TODO . | head -n 5", stages)

    def refusing(commands: list[str], hint: str) -> Callable[[], None]:
        return with_workspace(lambda workspace: all_refused(workspace, commands, hint))

    cases = [
        Case(
            "read-only commands become argv lists",
            with_workspace(simple_commands),
            "split like a shell (shlex.split) and return one argv list per stage.",
            expected=(
                "'ls -la' -> [['ls', '-la']], 'cat README.md' -> [['cat', 'README.md']], and the "
                "quoted grep pattern kept as one argument"
            ),
        ),
        Case(
            "pipes between allowed commands",
            with_workspace(pipes),
            "split the tokens on '|' and check each stage on its own.",
            expected=(
                "'grep -rn TODO . | head -n 5' -> [['grep', '-rn', 'TODO', '.'], ['head', '-n', "
                "'5']]"
            ),
        ),
    ]
    for name, (commands, hint) in REFUSALS.items():
        if name.startswith("symlinks") and sys.platform == "win32":
            continue
        cases.append(
            Case(
                name,
                refusing(commands, hint),
                hint,
                expected=f"each of {commands} raises an exception with a message saying why",
            )
        )
    return run_cases("command_allowlist", parse, cases, raise_on_failure=raise_on_failure)


__all__ = ["check_command_allowlist", "check_note_store", "check_packet_selector"]
