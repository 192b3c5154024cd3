"""The chapter's own usage patterns, written as its learners write them, work on our classes.

* a ``SimpleAgent`` subclass that builds its system message with ``ContextBuilder`` on
  every run (``system_instructions=self.system_prompt``, then ``llm.invoke(messages)``);
* a project assistant that saves exchanges as notes and, on the next run, finds them
  with ``note_tool.run({"action": "search"/"list"})``, parses the text with
  ``json.loads`` and passes them as ``additional_packets``: the notes reach the context,
  in Chinese as in the chapter.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from hello_agents import SimpleAgent
from hello_agents.context import ContextBuilder, ContextConfig, ContextPacket
from hello_agents.core.message import Message
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import NoteTool


class ContextAwareAgent(SimpleAgent):
    def __init__(self, name: str, llm: Any, **kwargs: Any) -> None:
        super().__init__(name=name, llm=llm, **kwargs)
        self.context_builder = ContextBuilder(config=ContextConfig(max_tokens=4000))
        self.conversation_history: list[Message] = []

    def run(self, input_text: str, **kwargs: Any) -> str:
        context = self.context_builder.build(
            user_query=input_text,
            conversation_history=self.conversation_history,
            system_instructions=self.system_prompt,
        )
        messages = [
            {"role": "system", "content": context},
            {"role": "user", "content": input_text},
        ]
        response = self.llm.invoke(messages)
        self.conversation_history.append(Message(input_text, "user", timestamp=datetime.now()))
        self.conversation_history.append(Message(response, "assistant", timestamp=datetime.now()))
        return response


def test_a_context_aware_simple_agent_carries_the_conversation() -> None:
    code = "df['city'] = df['city'].astype('category')"
    llm = ScriptedLLM(["用 category 类型和分块读取。", code])
    agent = ContextAwareAgent("顾问", llm, system_prompt="你是一位资深的Python数据工程顾问。")
    agent.run("如何优化Pandas的内存占用?")
    agent.run("能给出具体的代码示例吗?")
    second_system = llm.calls[1].messages[0]["content"]
    assert second_system.startswith("[Role & Policies]\n你是一位资深的Python数据工程顾问。")
    assert "user: 如何优化Pandas的内存占用?" in second_system
    assert "assistant: 用 category 类型和分块读取。" in second_system


def as_dicts(raw: Any) -> list[dict[str, Any]]:
    """The chapter's normaliser: tool text -> list of note dicts (anything else -> [])."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            return []
    if isinstance(raw, dict):
        raw = raw.get("items", [raw])
    return [item for item in raw if isinstance(item, dict)] if isinstance(raw, list) else []


def test_notes_saved_in_one_run_reach_the_next_runs_context(tmp_path: Path) -> None:
    notes = NoteTool(workspace=tmp_path / "data_pipeline_refactoring_notes")
    first = "我们已经完成了数据模型层的重构,测试覆盖率达到85%。下一步计划重构业务逻辑层。"
    notes.run(
        {
            "action": "create",
            "title": f"{first[:30]}...",
            "content": f"## 问题\n{first}\n\n## 分析\n先为业务逻辑层补充集成测试。",
            "note_type": "action",
            "tags": ["data_pipeline_refactoring", "auto_generated"],
        }
    )
    question = "在重构业务逻辑层时,我遇到了依赖版本冲突的问题,该如何解决?"
    found: dict[str, dict[str, Any]] = {}
    for raw in (
        notes.run({"action": "list", "note_type": "blocker", "limit": 2}),
        notes.run({"action": "list", "note_type": "action", "limit": 2}),
        notes.run({"action": "search", "query": question, "limit": 3}),
    ):
        for note in as_dicts(raw):
            found[note.get("note_id") or note["id"]] = note
    assert len(found) == 1
    packets = [
        ContextPacket(
            content=f"[笔记:{note['title']}]\n{note['content']}",
            timestamp=datetime.fromisoformat(note["updated_at"]),
            token_count=len(note["content"]) // 4,
            relevance_score=0.75,
            metadata={"type": "note", "note_type": note["type"], "note_id": note["note_id"]},
        )
        for note in found.values()
    ]
    context = ContextBuilder(config=ContextConfig(max_tokens=4000)).build(
        user_query=question,
        conversation_history=[],
        system_instructions="你是 data_pipeline_refactoring 项目的长期助手。",
        additional_packets=packets,
    )
    assert "[State]\n[笔记:我们已经完成了数据模型层的重构" in context
    assert "先为业务逻辑层补充集成测试" in context
    assert notes.search_notes(question)[0]["title"].startswith("我们已经完成了数据模型层的重构")
