"""NoteTool: structured notes an agent keeps across sessions.

Each note is a markdown file with a front matter block (``id``, ``title``,
``type``, ``tags``, ``created_at``, ``updated_at``) and the body below it; an
index, ``notes_index.json``, lists every note's metadata so listing and
filtering never open the files::

    project_notes/
      note_20250119_153000_0.md
      note_20250119_154500_1.md
      notes_index.json        {"notes": [...], "metadata": {"next_number": 2, ...}}

Two faces, one store:

* for the **model**, ``run({"action": ...})`` returns text: ``list`` and
  ``search`` return a JSON array of notes (readable by the model, and by the
  tutorial's code, which parses it), the others a sentence or the note itself;
* for **code**, the methods :meth:`~NoteTool.create_note`, :meth:`~NoteTool.read_note`,
  :meth:`~NoteTool.update_note`, :meth:`~NoteTool.delete_note`, :meth:`~NoteTool.list_notes`,
  :meth:`~NoteTool.search_notes` and :meth:`~NoteTool.summary` return dicts and lists
  (``execute(action, **kwargs)`` dispatches to them by name).

Note ids are generated here (``note_<date>_<time>_<number>``); an id the model
sends is checked against that pattern, so it can never name another file.
Every change holds a file lock, re-reads the index, and replaces files
atomically, so several threads or processes writing notes at once never lose
one or corrupt the index.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import tempfile
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.local.filelock import exclusive_lock
from hello_agents.tools.base import Tool, ToolParameter
from hello_agents.tools.builtin.parameters import optional

NOTE_TYPES = ("task_state", "conclusion", "blocker", "action", "reference", "general")
"""The kinds of note the tutorial uses; another type is accepted and kept as written."""
ACTIONS = ("create", "read", "update", "delete", "list", "search", "summary")
METHODS = {
    "create": "create_note",
    "read": "read_note",
    "update": "update_note",
    "delete": "delete_note",
    "list": "list_notes",
    "search": "search_notes",
    "summary": "summary",
}
INDEX_FILE = "notes_index.json"
LOCK_FILE = ".notes.lock"
NOTE_ID = re.compile(r"note_\d{8}_\d{6}_\d+")
FRONT_MATTER_KEYS = ("id", "title", "type", "tags", "created_at", "updated_at")


class NoteError(HelloAgentsException, ValueError):
    """A note operation that cannot be done (unknown id, missing title ...); the
    message is written for the model and for the developer alike."""


def render_front_matter(metadata: dict[str, Any]) -> str:
    """``key: value`` lines between ``---``; values are JSON, which YAML also reads."""
    lines = [f"{key}: {json.dumps(metadata[key], ensure_ascii=False)}" for key in metadata]
    return "---\n" + "\n".join(lines) + "\n---\n"


def parse_note_file(text: str) -> tuple[dict[str, Any], str]:
    """Split a note file into its front matter and its body.

    Values are read as JSON when they are, else as plain text (a note edited by
    hand with ``title: My note`` still reads).
    """
    if not text.startswith("---\n"):
        return {}, text.strip()
    header, separator, body = text[4:].partition("\n---\n")
    if not separator:
        return {}, text.strip()
    metadata: dict[str, Any] = {}
    for line in header.splitlines():
        key, colon, value = line.partition(":")
        if not colon:
            continue
        try:
            metadata[key.strip()] = json.loads(value.strip())
        except json.JSONDecodeError:
            metadata[key.strip()] = value.strip()
    return metadata, body.strip()


def _write_atomically(path: Path, text: str) -> None:
    """Write to a temporary file next to ``path``, then rename it over ``path``."""
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class NoteTool(Tool):
    """Create, read, update, delete, list, search and summarise markdown notes.

    Args:
        workspace: The folder holding the notes and their index (created if needed).
        auto_backup: Keep the previous version of a note as ``<id>.md.bak`` on update.
        max_notes: Refuse to create more notes than this.
        name: The tool's name for the model.
    """

    def __init__(
        self,
        workspace: str | Path = "./notes",
        auto_backup: bool = False,
        max_notes: int = 1000,
        name: str = "note",
    ) -> None:
        super().__init__(
            name,
            "Keep structured notes across sessions: create, read, update, delete, list, "
            "search, summary. Note types: task_state, conclusion, blocker, action, "
            "reference, general. Use them for findings, decisions, blockers and next steps.",
        )
        self.workspace = Path(workspace).expanduser().resolve()
        self.workspace.mkdir(parents=True, exist_ok=True)
        self.auto_backup = auto_backup
        self.max_notes = max_notes
        self._thread_lock = threading.Lock()
        if not (self.workspace / INDEX_FILE).exists():
            with self._locked():
                if not (self.workspace / INDEX_FILE).exists():
                    self._save_index(self._empty_index())

    # ---- the tool the model calls ----------------------------------------------------

    def get_parameters(self) -> list[ToolParameter]:
        return [
            ToolParameter(name="action", type="string", description="What to do", enum=[*ACTIONS]),
            optional("title", "string", "Title (create, update)"),
            optional("content", "string", "Markdown body (create, update)"),
            optional(
                "note_type",
                "string",
                f"One of {', '.join(NOTE_TYPES)} (create, update, list filter)",
            ),
            optional("tags", "array", "Tags"),
            optional(
                "note_id",
                "string",
                "The note's id, e.g. note_20250119_153000_0 (read, update, delete)",
            ),
            optional("query", "string", "Words (search)"),
            optional("limit", "integer", "Most results (list, search)"),
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        """Do ``parameters["action"]`` and return text for the model (errors too, as text)."""
        arguments = {key: value for key, value in parameters.items() if value is not None}
        action = str(arguments.pop("action", ""))
        try:
            outcome = self.execute(action, **arguments)
        except NoteError as error:
            return f"Error: {error}"
        if action in ("list", "search"):
            if not outcome:
                return "[]  (no notes match; create one with action='create')"
            return json.dumps(outcome, ensure_ascii=False, indent=1)
        # The second line, "ID: <id>", is where the tutorial's chapter-14 code reads the id.
        if action == "create":
            return f"Created note {outcome['id']}: {outcome['title']}\nID: {outcome['id']}"
        if action == "read":
            return render_front_matter(outcome["metadata"]) + "\n" + str(outcome["content"])
        if action == "update":
            return f"Updated note {outcome['id']}: {outcome['title']}\nID: {outcome['id']}"
        if action == "delete":
            return f"Deleted note {outcome['id']}: {outcome['title']}"
        return json.dumps(outcome, ensure_ascii=False, indent=1)

    def execute(self, action: str, **arguments: Any) -> Any:
        """Run one action by name with keyword arguments; return its structured result.

        Raises:
            NoteError: Unknown action, unknown note, missing or bad arguments.
        """
        if action not in ACTIONS:
            raise NoteError(f"unknown action {action!r}; use one of {', '.join(ACTIONS)}")
        method = getattr(self, METHODS[action])
        accepted = inspect.signature(method).parameters
        required = [n for n, p in accepted.items() if p.default is inspect.Parameter.empty]
        missing = [name for name in required if name not in arguments]
        unexpected = [name for name in arguments if name not in accepted]
        if missing or unexpected:
            problems = []
            if missing:
                problems.append(f"it needs {', '.join(missing)}")
            if unexpected:
                problems.append(f"it does not take {', '.join(unexpected)}")
            hint = " (to find notes by words, use action='search' with query)"
            raise NoteError(
                f"action {action!r}: {'; '.join(problems)}. It takes: "
                f"{', '.join(accepted) or 'nothing'}{hint if 'query' in unexpected else ''}"
            )
        return method(**arguments)

    # ---- the structured API ----------------------------------------------------------

    def create_note(
        self,
        title: str,
        content: str = "",
        note_type: str = "general",
        tags: list[str] | None = None,
    ) -> dict[str, Any]:
        """Write a new note; returns its metadata (with ``id`` and ``note_id``)."""
        if not str(title).strip():
            raise NoteError("a note needs a non-empty title")
        with self._locked():
            index = self._load_index()
            if len(index["notes"]) >= self.max_notes:
                raise NoteError(f"the store holds {self.max_notes} notes already; delete some")
            number = int(index["metadata"].get("next_number", len(index["notes"])))
            now = datetime.now()
            note_id = f"note_{now:%Y%m%d_%H%M%S}_{number}"
            stamp = now.isoformat(timespec="microseconds")
            metadata = {
                "id": note_id,
                "title": str(title).strip(),
                "type": str(note_type or "general"),
                "tags": [str(tag) for tag in tags or []],
                "created_at": stamp,
                "updated_at": stamp,
            }
            _write_atomically(self._path(note_id), self._file_text(metadata, content))
            index["notes"].append({**metadata, "file": f"{note_id}.md"})
            index["metadata"]["next_number"] = number + 1
            self._save_index(index)
        return self._public(metadata)

    def read_note(self, note_id: str) -> dict[str, Any]:
        """The note ``note_id``: ``{"metadata": {...}, "content": "..."}`` plus the flat fields."""
        path = self._path(note_id)
        if not path.is_file():
            raise NoteError(f"no note {note_id!r}; list the notes to see their ids")
        metadata, body = parse_note_file(path.read_text(encoding="utf-8"))
        metadata = {key: metadata.get(key) for key in FRONT_MATTER_KEYS} | {"id": note_id}
        return {**self._public(metadata), "metadata": metadata, "content": body}

    def update_note(
        self,
        note_id: str,
        title: str | None = None,
        content: str | None = None,
        note_type: str | None = None,
        tags: list[str] | None = None,
    ) -> dict[str, Any]:
        """Change some fields of a note; returns its new metadata."""
        with self._locked():
            path = self._path(note_id)
            if not path.is_file():
                raise NoteError(f"no note {note_id!r}; list the notes to see their ids")
            text = path.read_text(encoding="utf-8")
            metadata, body = parse_note_file(text)
            metadata = {key: metadata.get(key) for key in FRONT_MATTER_KEYS} | {"id": note_id}
            if title is not None and str(title).strip():
                metadata["title"] = str(title).strip()
            if note_type:
                metadata["type"] = str(note_type)
            if tags is not None:
                metadata["tags"] = [str(tag) for tag in tags]
            if content is not None:
                body = content
            metadata["updated_at"] = datetime.now().isoformat(timespec="microseconds")
            if self.auto_backup:
                _write_atomically(path.with_suffix(".md.bak"), text)
            _write_atomically(path, self._file_text(metadata, body))
            index = self._load_index()
            index["notes"] = [n for n in index["notes"] if n.get("id") != note_id]
            index["notes"].append({**metadata, "file": f"{note_id}.md"})
            self._save_index(index)
        return self._public(metadata)

    def delete_note(self, note_id: str) -> dict[str, Any]:
        """Remove a note and its index entry; returns the metadata it had."""
        with self._locked():
            path = self._path(note_id)
            index = self._load_index()
            entry = next((n for n in index["notes"] if n.get("id") == note_id), None)
            if entry is None and not path.is_file():
                raise NoteError(f"no note {note_id!r}; list the notes to see their ids")
            path.unlink(missing_ok=True)
            index["notes"] = [n for n in index["notes"] if n.get("id") != note_id]
            self._save_index(index)
        return self._public(entry or {"id": note_id, "title": note_id})

    def list_notes(
        self, note_type: str | None = None, tags: list[str] | None = None, limit: int = 20
    ) -> list[dict[str, Any]]:
        """Notes, most recently updated first, with their content."""
        entries = _newest_first(self._filtered(note_type, tags))
        return [self._with_content(entry) for entry in entries[: max(0, int(limit))]]

    def search_notes(
        self,
        query: str,
        limit: int = 10,
        note_type: str | None = None,
        tags: list[str] | None = None,
    ) -> list[dict[str, Any]]:
        """Notes matching the words of ``query`` (title, tags and body), best first.

        Ranked by BM25, so a whole question finds the notes that share its rarer
        words; an exact phrase found in a note ranks it first.
        """
        from hello_agents.context.relevance import BM25Scorer

        notes = [self._with_content(entry) for entry in self._filtered(note_type, tags)]
        if not notes or not str(query).strip():
            return []
        texts = [f"{n['title']} {' '.join(n['tags'])} {n['content']}" for n in notes]
        scores = BM25Scorer().score(str(query), texts)
        phrase = str(query).strip().lower()
        ranked = []
        for note, text, score in zip(notes, texts, scores, strict=True):
            bonus = 1.0 if phrase in text.lower() else 0.0
            if score + bonus > 0:
                ranked.append((score + bonus, str(note.get("updated_at", "")), note))
        ranked.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [note | {"score": round(score, 4)} for score, _, note in ranked[: int(limit)]]

    def summary(self) -> dict[str, Any]:
        """How many notes of each type, and the five most recent."""
        entries = self._load_index()["notes"]
        distribution: dict[str, int] = {}
        for entry in entries:
            distribution[str(entry.get("type"))] = distribution.get(str(entry.get("type")), 0) + 1
        recent = _newest_first(entries)[:5]
        return {
            "total_notes": len(entries),
            "type_distribution": distribution,
            "recent_notes": [
                {key: entry.get(key) for key in ("id", "title", "type", "updated_at")}
                for entry in recent
            ],
        }

    # ---- storage ---------------------------------------------------------------------

    def _path(self, note_id: str) -> Path:
        if not isinstance(note_id, str) or not NOTE_ID.fullmatch(note_id):
            raise NoteError(f"{note_id!r} is not a note id; ids look like note_20250119_153000_0")
        return self.workspace / f"{note_id}.md"

    @staticmethod
    def _file_text(metadata: dict[str, Any], body: str) -> str:
        return f"{render_front_matter(metadata)}\n{body.strip()}\n"

    @staticmethod
    def _public(metadata: dict[str, Any]) -> dict[str, Any]:
        fields = {key: metadata.get(key) for key in FRONT_MATTER_KEYS}
        return fields | {"note_id": metadata.get("id")}

    def _with_content(self, entry: dict[str, Any]) -> dict[str, Any]:
        path = self.workspace / f"{entry.get('id')}.md"
        body = ""
        if path.is_file():
            body = parse_note_file(path.read_text(encoding="utf-8"))[1]
        return self._public(entry) | {"content": body}

    def _filtered(self, note_type: str | None, tags: list[str] | None) -> list[dict[str, Any]]:
        entries = list(self._load_index()["notes"])
        if note_type:
            entries = [e for e in entries if e.get("type") == note_type]
        if tags:
            wanted: set[str] = set(tags)
            entries = [e for e in entries if wanted & set(e.get("tags") or [])]
        return entries

    def _locked(self) -> Any:
        return _Locked(self._thread_lock, self.workspace / LOCK_FILE)

    @staticmethod
    def _empty_index() -> dict[str, Any]:
        return {"notes": [], "metadata": {"version": 1, "next_number": 0}}

    def _load_index(self) -> dict[str, Any]:
        path = self.workspace / INDEX_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return self._empty_index()
        except json.JSONDecodeError as error:
            raise NoteError(f"the note index {path} is not valid JSON: {error}") from error
        if not isinstance(data, dict) or not isinstance(data.get("notes"), list):
            raise NoteError(f"the note index {path} is not in the expected shape")
        data.setdefault("metadata", {})
        return data

    def _save_index(self, index: dict[str, Any]) -> None:
        index["metadata"]["updated_at"] = datetime.now().isoformat(timespec="seconds")
        index["metadata"]["total_notes"] = len(index["notes"])
        _write_atomically(
            self.workspace / INDEX_FILE, json.dumps(index, ensure_ascii=False, indent=1)
        )


def _newest_first(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Most recently updated first; the index's order (append order) breaks ties."""
    order = sorted(enumerate(entries), key=lambda p: (str(p[1].get("updated_at", "")), p[0]))
    return [entry for _, entry in reversed(order)]


class _Locked:
    """A thread lock and a file lock held together (one process, many processes)."""

    def __init__(self, thread_lock: threading.Lock, path: Path) -> None:
        self._thread_lock, self._path = thread_lock, path
        self._file_lock: Any = None

    def __enter__(self) -> None:
        self._thread_lock.acquire()
        try:
            self._file_lock = exclusive_lock(self._path)
            self._file_lock.__enter__()
        except BaseException:
            self._thread_lock.release()
            raise

    def __exit__(self, *exc_info: object) -> None:
        try:
            self._file_lock.__exit__(*exc_info)
        finally:
            self._thread_lock.release()


__all__ = ["NOTE_TYPES", "NoteError", "NoteTool", "parse_note_file", "render_front_matter"]
