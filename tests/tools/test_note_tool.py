"""NoteTool: markdown notes with front matter, an index, and safe concurrent writers."""

from __future__ import annotations

import json
import multiprocessing
import re
import threading
from pathlib import Path

import pytest

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.tools import NoteTool, ToolRegistry
from hello_agents.tools.builtin.note_tool import NoteError, parse_note_file


@pytest.fixture
def notes(tmp_path: Path) -> NoteTool:
    return NoteTool(workspace=tmp_path / "notes")


def create(notes: NoteTool, title: str, content: str, note_type: str = "general") -> str:
    return str(notes.create_note(title, content, note_type, ["demo"])["id"])


def test_create_writes_markdown_with_front_matter_and_indexes_it(notes: NoteTool) -> None:
    text = notes.run(
        {
            "action": "create",
            "title": "Refactoring - phase 1",
            "content": "## Status\nData model layer done, coverage 85%.",
            "note_type": "task_state",
            "tags": ["refactoring", "phase1"],
        }
    )
    assert text.startswith("Created note note_")
    note_id = text.split()[2].rstrip(":")
    file_text = (notes.workspace / f"{note_id}.md").read_text(encoding="utf-8")
    metadata, body = parse_note_file(file_text)
    assert metadata["title"] == "Refactoring - phase 1"
    assert metadata["type"] == "task_state" and metadata["tags"] == ["refactoring", "phase1"]
    assert body == "## Status\nData model layer done, coverage 85%."
    index = json.loads((notes.workspace / "notes_index.json").read_text(encoding="utf-8"))
    assert [entry["id"] for entry in index["notes"]] == [note_id]
    assert index["metadata"]["total_notes"] == 1


def test_read_update_delete_round_trip(notes: NoteTool) -> None:
    note_id = create(notes, "Dependency conflict", "requests 2 vs 3", "blocker")
    assert notes.read_note(note_id)["content"] == "requests 2 vs 3"
    assert 'title: "Dependency conflict"' in notes.run({"action": "read", "note_id": note_id})
    notes.run({"action": "update", "note_id": note_id, "note_type": "conclusion"})
    read = notes.read_note(note_id)
    assert read["type"] == "conclusion" and read["content"] == "requests 2 vs 3"
    assert notes.run({"action": "delete", "note_id": note_id}).startswith("Deleted note")
    assert notes.list_notes() == []
    assert notes.run({"action": "read", "note_id": note_id}).startswith("Error: no note")


def test_list_filters_by_type_newest_first_with_content(notes: NoteTool) -> None:
    create(notes, "first", "a", "action")
    create(notes, "blocked", "b", "blocker")
    second = create(notes, "second", "c", "action")
    notes.update_note(second, content="c, updated")
    listed = json.loads(notes.run({"action": "list", "note_type": "action", "limit": 5}))
    assert [note["title"] for note in listed] == ["second", "first"]
    assert listed[0]["content"] == "c, updated"
    assert {"note_id", "id", "title", "type", "tags", "content", "updated_at"} <= set(listed[0])


def test_search_ranks_by_the_words_of_a_whole_question(notes: NoteTool) -> None:
    create(notes, "Lunch", "We ordered pizza on Friday.")
    create(notes, "Dependency conflict", "requests and urllib3 versions clash in the service")
    results = notes.search_notes("How do I resolve the urllib3 version conflict?", limit=3)
    assert [note["title"] for note in results] == ["Dependency conflict"]
    assert notes.run({"action": "search", "query": "kubernetes"}).startswith("[]")


def test_search_finds_chinese_text(notes: NoteTool) -> None:
    create(notes, "依赖冲突", "业务逻辑层的依赖版本冲突需要解决")
    results = notes.search_notes("在重构业务逻辑层时遇到了依赖版本冲突的问题")
    assert [note["title"] for note in results] == ["依赖冲突"]


def test_summary_counts_types(notes: NoteTool) -> None:
    create(notes, "a", "x", "blocker")
    create(notes, "b", "y", "action")
    create(notes, "c", "z", "action")
    summary = json.loads(notes.run({"action": "summary"}))
    assert summary["total_notes"] == 3
    assert summary["type_distribution"] == {"blocker": 1, "action": 2}
    assert len(summary["recent_notes"]) == 3


def test_hostile_titles_and_ids_never_leave_the_workspace(notes: NoteTool, tmp_path: Path) -> None:
    note_id = create(notes, "../../etc/passwd", "x")
    assert (notes.workspace / f"{note_id}.md").is_file()
    for bad in ["../secret", "/etc/passwd", "note_1", "note_20250101_000000_0/../../x", ""]:
        text = notes.run({"action": "read", "note_id": bad})
        assert text.startswith("Error:") and "not a note id" in text
        assert notes.run({"action": "delete", "note_id": bad}).startswith("Error:")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]


def test_errors_for_the_model_are_text_and_for_code_are_typed(notes: NoteTool) -> None:
    assert notes.run({"action": "create", "title": "  "}).startswith("Error: a note needs")
    assert notes.run({"action": "fly"}).startswith("Error: unknown action 'fly'")
    assert notes.run({"action": "read", "query": "x"}) == (
        "Error: action 'read': it needs note_id; it does not take query. It takes: note_id "
        "(to find notes by words, use action='search' with query)"
    )
    with pytest.raises(NoteError):
        notes.execute("read", note_id="note_20990101_000000_9")
    assert issubclass(NoteError, HelloAgentsException)


def test_max_notes_is_enforced(tmp_path: Path) -> None:
    notes = NoteTool(tmp_path, max_notes=1)
    create(notes, "one", "1")
    assert notes.run({"action": "create", "title": "two"}).startswith("Error: the store holds 1")


def test_auto_backup_keeps_the_previous_version(tmp_path: Path) -> None:
    notes = NoteTool(tmp_path, auto_backup=True)
    note_id = create(notes, "t", "version one")
    notes.update_note(note_id, content="version two")
    assert "version one" in (tmp_path / f"{note_id}.md.bak").read_text(encoding="utf-8")


def test_registry_validates_the_action(notes: NoteTool) -> None:
    registry = ToolRegistry()
    registry.register_tool(notes)
    result = registry.execute("note", {"action": "explode"})
    assert not result.ok
    created = registry.execute_tool("note", {"action": "create", "title": "via registry"})
    assert created.startswith("Created note")


def test_concurrent_threads_lose_no_note(tmp_path: Path) -> None:
    workspace = tmp_path / "shared"
    writers = [NoteTool(workspace) for _ in range(4)]  # separate instances, one folder

    def write(tool: NoteTool, worker: int) -> None:
        for number in range(10):
            tool.create_note(f"worker {worker} note {number}", "body")

    threads = [threading.Thread(target=write, args=(tool, i)) for i, tool in enumerate(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    listed = NoteTool(workspace).list_notes(limit=1000)
    assert len(listed) == 40
    assert len({note["id"] for note in listed}) == 40
    assert len(list(workspace.glob("note_*.md"))) == 40


def _write_notes(workspace: str, worker: int) -> None:
    tool = NoteTool(workspace)
    for number in range(8):
        tool.create_note(f"process {worker} note {number}", "body")


def test_concurrent_processes_lose_no_note(tmp_path: Path) -> None:
    workspace = tmp_path / "shared"
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_write_notes, args=(str(workspace), i)) for i in range(3)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(60)
        assert process.exitcode == 0
    index = json.loads((workspace / "notes_index.json").read_text(encoding="utf-8"))
    assert len(index["notes"]) == 24 == len({entry["id"] for entry in index["notes"]})
    assert len(list(workspace.glob("note_*.md"))) == 24


def test_create_and_update_name_the_id_on_a_line_of_its_own(tmp_path: Path) -> None:
    # The tutorial's chapter-14 code reads a created note's id with the pattern ID:\s*(.+).
    notes = NoteTool(workspace=tmp_path)
    created = notes.run({"action": "create", "title": "Task 1", "content": "found"})
    note_id = re.search(r"ID:\s*([^\n]+)", created)
    assert note_id is not None and (tmp_path / f"{note_id.group(1)}.md").is_file()
    updated = notes.run({"action": "update", "note_id": note_id.group(1), "content": "more"})
    assert updated.endswith(f"\nID: {note_id.group(1)}")
