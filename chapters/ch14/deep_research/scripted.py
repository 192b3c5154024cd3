"""A scripted research model: deterministic replies written from each prompt, offline.

It is what ``llm_mode="scripted"`` (``HELLO_AGENTS_EXAMPLE_LLM=scripted``) runs on:
tests, CI and quick demos. It plays the three roles by reading the prompt,
the way the real agents' model would, only without judgement:

* the planner splits the topic into three tasks (basics, how it works, impact);
* the summarizer quotes the first sentence of each source and cites its number;
* the writer puts the summaries under a title, an overview and a conclusion.

A real model writes better reports; this one makes every run the same.
"""

from __future__ import annotations

import json
import re
from typing import Any

from deep_research.prompts import (
    PLANNER_SYSTEM_PROMPT,
    SUMMARIZER_SYSTEM_PROMPT,
    WRITER_SYSTEM_PROMPT,
)
from hello_agents.testing import ScriptedLLM

_SOURCE = re.compile(
    r"^\[(\d+)\] (.+?) \((\S+)\)\n(.*?)(?=\n\n\[\d+\] |\Z)", re.DOTALL | re.MULTILINE
)
_TASK = re.compile(
    r"^### Task (\d+): (.+?)\nIntent: .*?\n\n(.*?)(?=\n\n### Task |\n\nWrite a |\Z)",
    re.DOTALL | re.MULTILINE,
)
_SENTENCE = re.compile(r"(?:^|(?<=[.!?。！？]\s))([A-Z\u4e00-\u9fff][^.!?。！？]{12,}[.!?。！？])")


def research_reply(request: dict[str, Any]) -> str:
    """The reply to one chat request of a research run."""
    messages = request.get("messages", [])
    system = next((m.get("content", "") for m in messages if m.get("role") == "system"), "")
    prompt = next((m.get("content", "") for m in reversed(messages) if m.get("role") == "user"), "")
    if system.startswith(PLANNER_SYSTEM_PROMPT):
        return (
            _new_query(prompt)
            if "found nothing" in prompt
            else _plan(_field(prompt, "Research topic"))
        )
    if system.startswith(SUMMARIZER_SYSTEM_PROMPT):
        return _summary(prompt)
    if system.startswith(WRITER_SYSTEM_PROMPT):
        return _report(prompt)
    return "I can only play the research agents' roles."


def scripted_research_llm(calls: int = 500) -> ScriptedLLM:
    """A ScriptedLLM answering up to ``calls`` research requests with :func:`research_reply`."""
    return ScriptedLLM([research_reply] * calls, model="scripted-researcher", temperature=0.0)


def _field(prompt: str, name: str) -> str:
    match = re.search(rf"^{name}: (.+)$", prompt, re.MULTILINE)
    return match.group(1).strip() if match else ""


def _plan(topic: str) -> str:
    tasks = [
        {"title": f"Basics: {topic}", "intent": f"What {topic} is about", "query": topic},
        {
            "title": "How it works",
            "intent": f"The mechanism behind {topic}",
            "query": f"{topic} mechanism",
        },
        {
            "title": "Impact",
            "intent": f"What {topic} leads to",
            "query": f"{topic} impact",
        },
    ]
    return "Here is the plan:\n" + json.dumps(tasks, ensure_ascii=False, indent=1)


def _new_query(prompt: str) -> str:
    title = _field(prompt, "Task").split(" (")[0]
    words = [w for w in re.findall(r"\w+", title) if len(w) > 3][:3]
    return json.dumps({"query": " ".join(words) or title})


def _summary(prompt: str) -> str:
    lines = []
    for number, title, _url, text in _SOURCE.findall(prompt):
        sentence = _first_sentence(text)
        if sentence:
            lines.append(f"- **{title}**: {sentence} [{number}]")
    return "\n".join(lines) or "The sources say nothing about this task."


def _report(prompt: str) -> str:
    topic = _field(prompt, "Research topic")
    sections = _TASK.findall(prompt)
    body = "\n\n".join(f"## {title}\n\n{summary.strip()}" for _n, title, summary in sections)
    return (
        f"# {topic}\n\n## Overview\n\nThis report looks at {topic} in {len(sections)} parts.\n\n"
        f"{body}\n\n## Conclusion\n\nThe sources above agree on the main points of {topic}."
    )


def _first_sentence(text: str) -> str:
    flat = " ".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    flat = " ".join(flat.replace("**", "").split())
    match = _SENTENCE.search(flat)  # the first whole sentence (an extract may start mid-way)
    return (match.group(1) if match else flat[:200]).strip()


__all__ = ["research_reply", "scripted_research_llm"]
