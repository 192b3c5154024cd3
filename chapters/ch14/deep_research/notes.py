"""Notes of the run through NoteTool: one per task, one for the report.

Each save goes through an agent's ``run_tool``, so it is validated by the
registry, fires the agent's hooks, and reaches the tool-call listener (and the
page) like any tool call.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from deep_research.models import Source, SummaryState, TodoItem
from deep_research.search import sources_summary
from hello_agents.tools import NoteTool
from hello_agents.tools.base import ToolResult

NOTE_ID = re.compile(r"ID:\s*(\S+)")

RunTool = Callable[[str, dict[str, Any]], ToolResult]


class NotesService:
    """Saves notes with ``note_tool`` through ``run_tool``.

    Args:
        note_tool: The NoteTool (its workspace holds the notes).
        run_tool: An agent's ``run_tool`` (tool name, arguments) -> ToolResult.
    """

    def __init__(self, note_tool: NoteTool, run_tool: RunTool) -> None:
        self.note_tool = note_tool
        self._run_tool = run_tool

    def save_task(self, task: TodoItem, sources: list[Source]) -> None:
        """Save a finished task (intent, queries, sources, summary) and remember its note."""
        content = (
            f"## Task {task.id}: {task.title}\n\n"
            f"- Intent: {task.intent}\n- Queries: {'; '.join(task.queries_tried)}\n\n"
            f"### Summary\n\n{task.summary}\n\n### Sources\n\n{sources_summary(sources)}\n"
        )
        note_id = self._save(
            {
                "action": "create",
                "title": f"Task {task.id}: {task.title}",
                "content": content,
                "note_type": "task_state",
                "tags": ["deep_research", f"task_{task.id}"],
            }
        )
        if note_id:
            task.note_id, task.note_path = note_id, self._path(note_id)

    def save_report(self, state: SummaryState, report: str) -> None:
        """Save the final report as a conclusion note."""
        note_id = self._save(
            {
                "action": "create",
                "title": f"Research report: {state.research_topic}",
                "content": report,
                "note_type": "conclusion",
                "tags": ["deep_research", "report"],
            }
        )
        if note_id:
            state.report_note_id, state.report_note_path = note_id, self._path(note_id)

    def _save(self, arguments: dict[str, Any]) -> str | None:
        result = self._run_tool(self.note_tool.name, arguments)
        match = NOTE_ID.search(result.content) if result.ok else None
        return match.group(1) if match else None

    def _path(self, note_id: str) -> str:
        return str(Path(self.note_tool.workspace) / f"{note_id}.md")


__all__ = ["NotesService"]
