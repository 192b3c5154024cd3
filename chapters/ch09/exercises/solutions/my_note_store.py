"""Exercise 2, a model answer: markdown notes with front matter and a locked index."""

from __future__ import annotations

import json
import re
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

NOTE_ID = re.compile(r"note_\d{8}_\d{6}_\d+")
WORD = re.compile(r"\w+")


class MyNoteStore:
    """Notes as markdown files with front matter, listed in an index."""

    def __init__(self, workspace: str | Path) -> None:
        self.workspace = Path(workspace)
        self.workspace.mkdir(parents=True, exist_ok=True)
        self.index_path = self.workspace / "notes_index.json"
        # One lock for every store on this folder in this process (the check opens four).
        self.lock = _LOCKS.setdefault(str(self.workspace.resolve()), threading.Lock())

    def _load_index(self) -> list[dict[str, Any]]:
        if not self.index_path.exists():
            return []
        return list(json.loads(self.index_path.read_text(encoding="utf-8")))

    def _save_index(self, notes: list[dict[str, Any]]) -> None:
        temporary = self.index_path.with_suffix(".tmp")
        temporary.write_text(json.dumps(notes, ensure_ascii=False), encoding="utf-8")
        temporary.replace(self.index_path)  # atomic: a reader never sees half a file

    def _path(self, note_id: str) -> Path:
        if not NOTE_ID.fullmatch(str(note_id)):
            raise ValueError(f"{note_id!r} is not a note id")
        return self.workspace / f"{note_id}.md"

    def create_note(
        self, title: str, content: str, note_type: str = "general", tags: list[str] | None = None
    ) -> dict[str, Any]:
        with self.lock:
            notes = self._load_index()
            number = max((int(n["id"].rsplit("_", 1)[1]) + 1 for n in notes), default=0)
            note_id = f"note_{datetime.now():%Y%m%d_%H%M%S}_{number}"
            metadata = {
                "id": note_id,
                "title": title,
                "type": note_type,
                "tags": tags or [],
                "updated_at": datetime.now().isoformat(),
            }
            header = "\n".join(f"{key}: {json.dumps(value)}" for key, value in metadata.items())
            self._path(note_id).write_text(f"---\n{header}\n---\n{content}\n", encoding="utf-8")
            notes.append(metadata)
            self._save_index(notes)
        return metadata

    def read_note(self, note_id: str) -> dict[str, Any]:
        text = self._path(note_id).read_text(encoding="utf-8")
        header, _, body = text[4:].partition("\n---\n")
        note: dict[str, Any] = {}
        for line in header.splitlines():
            key, _, value = line.partition(": ")
            note[key] = json.loads(value)
        return note | {"content": body.strip()}

    def list_notes(self, note_type: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
        notes = [n for n in self._load_index() if note_type in (None, n["type"])]
        return sorted(notes, key=lambda n: n["updated_at"], reverse=True)[:limit]

    def search_notes(self, query: str, limit: int = 10) -> list[dict[str, Any]]:
        words = set(WORD.findall(query.lower()))
        found = []
        for entry in self.list_notes(limit=10**6):
            note = self.read_note(entry["id"])
            text = f"{note['title']} {note['content']}".lower()
            if words & set(WORD.findall(text)):
                found.append(note)
        return found[:limit]

    def delete_note(self, note_id: str) -> None:
        with self.lock:
            self._path(note_id).unlink(missing_ok=True)
            self._save_index([n for n in self._load_index() if n["id"] != note_id])


_LOCKS: dict[str, threading.Lock] = {}


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("note_store", MyNoteStore))
