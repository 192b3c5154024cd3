"""Chapter 9.4: NoteTool, structured notes that outlive the conversation.

Notes are markdown files with front matter, plus a JSON index. The model gets
text (list and search answer in JSON, which it reads well); your code gets
dicts from create_note / list_notes / search_notes.

Run:  python chapters/ch09/examples/02_note_tool.py
"""

import json
import tempfile
from pathlib import Path

from hello_agents.context import ContextBuilder, ContextPacket
from hello_agents.tools import NoteTool

with tempfile.TemporaryDirectory() as folder:
    notes = NoteTool(workspace=Path(folder) / "project_notes")

    # What the model sends (and reads back):
    print(
        notes.run(
            {
                "action": "create",
                "title": "Refactoring - phase 1",
                "content": "Data model layer done, test coverage 85%. Next: business logic.",
                "note_type": "task_state",
                "tags": ["refactoring", "phase1"],
            }
        )
    )
    blocker = notes.create_note(  # the same, from code
        "Dependency conflict",
        "urllib3 2.x breaks the legacy HTTP client used by 3 business-logic modules.",
        note_type="blocker",
        tags=["dependency", "urgent"],
    )
    print("created from code:", blocker["id"])

    note_file = notes.workspace / f"{blocker['id']}.md"
    print(f"\n--- {note_file.name} ---\n{note_file.read_text(encoding='utf-8')}")

    found = json.loads(notes.run({"action": "search", "query": "how to fix the urllib3 conflict?"}))
    print("search found:", [note["title"] for note in found])
    print("blockers:", [note["title"] for note in notes.list_notes(note_type="blocker")])

    notes.run({"action": "update", "note_id": blocker["id"], "note_type": "conclusion"})
    print("summary:", notes.run({"action": "summary"}))

    # Notes reach the context as packets in the [State] section.
    packets = [
        ContextPacket(
            f"[Note: {note['title']}]\n{note['content']}",
            timestamp=note["updated_at"],
            relevance_score=0.8,
            metadata={"type": "note", "note_id": note["note_id"]},
        )
        for note in notes.list_notes(limit=3)
    ]
    context = ContextBuilder().build("What is left to do on the refactoring?", [], "", packets)
    print("\n" + context)
