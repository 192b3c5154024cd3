"""Episodic memory: what happened, when, and in which session."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hello_agents.memory.base import StoredMemory
from hello_agents.memory.item import MemoryItem


class EpisodicMemory(StoredMemory):
    """Events with a time and a session, kept across restarts.

    Every item gets ``metadata["session_id"]`` (the memory's current session
    unless the caller set one). Searches can keep to one session
    (``session_id=...``) or a time window (``start=``/``end=`` datetimes).
    """

    memory_type = "episodic"
    session_id: str | None = None

    def before_add(self, item: MemoryItem) -> None:
        if self.session_id and "session_id" not in item.metadata:
            item.metadata["session_id"] = self.session_id

    def accepts(self, item: MemoryItem, filters: dict[str, Any]) -> bool:
        start = filters.pop("start", None)
        end = filters.pop("end", None)
        if start is not None and item.timestamp < start:
            return False
        if end is not None and item.timestamp > end:
            return False
        return super().accepts(item, filters)

    def timeline(
        self,
        session_id: str | None = None,
        start: datetime | None = None,
        end: datetime | None = None,
    ) -> list[MemoryItem]:
        """Episodes in time order, optionally of one session or within a window."""
        return [
            item
            for item in self.all()
            if (session_id is None or item.metadata.get("session_id") == session_id)
            and (start is None or item.timestamp >= start)
            and (end is None or item.timestamp <= end)
        ]

    def stats(self) -> dict[str, Any]:
        sessions = {item.metadata.get("session_id") for item in self.all()} - {None}
        return {**super().stats(), "sessions": len(sessions)}


__all__ = ["EpisodicMemory"]
