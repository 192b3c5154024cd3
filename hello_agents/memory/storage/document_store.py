"""Memory records in one SQLite file: what survives a restart."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hello_agents.memory.errors import MemoryException
from hello_agents.memory.item import MemoryItem

_SCHEMA = """
CREATE TABLE IF NOT EXISTS memories (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    memory_type TEXT NOT NULL,
    content TEXT NOT NULL,
    importance REAL NOT NULL,
    timestamp REAL NOT NULL,
    metadata TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS memories_by_kind ON memories (user_id, memory_type, timestamp);
"""


class SQLiteDocumentStore:
    """Memory records keyed by id, filtered by user and memory type.

    Args:
        path: The database file (its folder is created), or ``":memory:"``.
    """

    def __init__(self, path: str | Path = ":memory:") -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._connection = sqlite3.connect(self.path, check_same_thread=False)
            self._connection.executescript(_SCHEMA)
        except sqlite3.Error as error:
            raise MemoryException(
                f"cannot open the memory database {self.path}: {error}"
            ) from error
        self._lock = threading.Lock()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock, self._connection:
            yield self._connection

    def put(self, item: MemoryItem) -> None:
        """Insert or replace a record."""
        with self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO memories VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    item.id,
                    item.user_id,
                    item.memory_type,
                    item.content,
                    item.importance,
                    item.timestamp.timestamp(),
                    json.dumps(item.metadata, ensure_ascii=False, default=str),
                ),
            )

    def get(self, memory_id: str) -> MemoryItem | None:
        """The record with this id, or None."""
        with self._lock:
            row = self._connection.execute(
                "SELECT * FROM memories WHERE id = ?", (memory_id,)
            ).fetchone()
        return _item(row) if row else None

    def select(
        self, user_id: str | None = None, memory_type: str | None = None
    ) -> list[MemoryItem]:
        """Records of one user and/or memory type, oldest first."""
        clauses, values = [], []
        if user_id is not None:
            clauses.append("user_id = ?")
            values.append(user_id)
        if memory_type is not None:
            clauses.append("memory_type = ?")
            values.append(memory_type)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        with self._lock:
            rows = self._connection.execute(
                f"SELECT * FROM memories {where} ORDER BY timestamp", values
            ).fetchall()
        return [_item(row) for row in rows]

    def delete(self, memory_ids: list[str]) -> int:
        """Delete records; returns how many existed."""
        if not memory_ids:
            return 0
        with self._transaction() as db:
            marks = ",".join("?" * len(memory_ids))
            cursor = db.execute(f"DELETE FROM memories WHERE id IN ({marks})", memory_ids)
        return cursor.rowcount

    def count(self, user_id: str | None = None, memory_type: str | None = None) -> int:
        """How many records match."""
        return len(self.select(user_id, memory_type))

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._connection.close()


def _item(row: tuple[Any, ...]) -> MemoryItem:
    from datetime import datetime

    memory_id, user_id, memory_type, content, importance, timestamp, metadata = row
    return MemoryItem(
        id=memory_id,
        content=content,
        memory_type=memory_type,
        user_id=user_id,
        timestamp=datetime.fromtimestamp(timestamp),
        importance=importance,
        metadata=json.loads(metadata),
    )


__all__ = ["SQLiteDocumentStore"]
