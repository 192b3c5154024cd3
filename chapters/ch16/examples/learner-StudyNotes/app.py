"""StudyNotes: answers questions from my study notes, citing the note it used.

The notes are the Markdown files of ``data/notes/``. They are loaded into a
knowledge base (hello-agents's ``RAGTool``), and a ``FunctionCallAgent`` searches
it before it answers, naming the note in brackets: ``[cells]``. A question the
notes do not cover is answered with "my notes do not cover that", never from the
model's own memory.

* ``build_agent(llm)``: the agent, with the ``rag`` tool over the notes;
* ``ask(agent, question, trace_file=...)``: one answer, and an HTML trace of the run;
* ``evaluate(make_llm)``: accuracy on ``data/eval_tasks.jsonl``.

``choose_llm()`` picks the model from ``HELLO_AGENTS_EXAMPLE_LLM``: ``scripted`` (a
stand-in, offline and instant), ``embedded`` (hello-agents's local model), or unset /
``configured`` (the provider in ``.env``, else the local model).
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hello_agents import FunctionCallAgent, HelloAgentsLLM, ToolRegistry
from hello_agents.evaluation import load_tasks, run_task, summary
from hello_agents.testing import ScriptedLLM, reply, tool_call, tool_calls
from hello_agents.tools import RAGTool
from hello_agents.tracing import trace_run

HERE = Path(__file__).resolve().parent
NOTES = HERE / "data" / "notes"
EVAL_TASKS = HERE / "data" / "eval_tasks.jsonl"
TRACES = HERE / "outputs" / "traces"
MODEL_SETTING = "HELLO_AGENTS_EXAMPLE_LLM"
STAND_IN_CALLS = 500
NOT_COVERED = "My notes do not cover that."

SYSTEM_PROMPT = (
    "You are StudyNotes, a study assistant that answers only from the learner's notes. "
    'First call the rag tool with {"action": "search", "query": <the question>}. Then '
    "answer in one or two sentences using only the passages found, and name the note "
    "you used in brackets, like [cells]. If no passage answers the question, say: "
    f"{NOT_COVERED}"
)


def load_notes(rag: RAGTool, folder: Path = NOTES) -> list[str]:
    """Add every Markdown note of ``folder`` to the knowledge base; their ids."""
    paths = sorted(folder.glob("*.md"))
    rag.batch_add_texts(
        [path.read_text(encoding="utf-8") for path in paths],
        document_ids=[path.stem for path in paths],
    )
    return [path.stem for path in paths]


def build_tools(knowledge_base: Path | None = None) -> ToolRegistry:
    """The ``rag`` tool over the notes, in ``knowledge_base`` (a new temporary folder
    by default, so each run starts from the notes as they are)."""
    folder = knowledge_base or Path(tempfile.mkdtemp(prefix="studynotes-"))
    # embedder=None: keyword search (BM25), which needs no extra. With the ch08 extra
    # installed, leave it out to add semantic search with the local embedding model.
    rag = RAGTool(knowledge_base_path=folder, rag_namespace="notes", embedder=None)
    load_notes(rag)
    registry = ToolRegistry()
    registry.register_tool(rag)
    return registry


def build_agent(llm: Any, tools: ToolRegistry | None = None) -> FunctionCallAgent:
    """The application's agent on ``llm``."""
    return FunctionCallAgent(
        "StudyNotes",
        llm,
        system_prompt=SYSTEM_PROMPT,
        tool_registry=tools if tools is not None else build_tools(),
    )


def ask(agent: FunctionCallAgent, question: str, trace_file: Path | None = None) -> str:
    """Ask ``agent`` one question; with ``trace_file``, write the run as an HTML page."""
    with trace_run(agent) as recorder:
        answer = agent.run(question)
    if trace_file is not None:
        trace_file.parent.mkdir(parents=True, exist_ok=True)
        recorder.write_html(trace_file, title="StudyNotes")
    return answer


def evaluate(make_llm: Callable[[], Any], tasks_path: Path = EVAL_TASKS) -> dict[str, Any]:
    """Run every task of ``tasks_path`` on a fresh agent and score the answers.

    Returns:
        hello-agents's summary: ``total``, ``correct``, ``accuracy``, latency, tokens.
    """
    tools = build_tools()
    results = [
        run_task(task, lambda task, registry: build_agent(make_llm(), registry), tools)
        for task in load_tasks(tasks_path)
    ]
    return summary(results)


# ---- which model answers ----------------------------------------------------------------

PASSAGE = re.compile(r"^\[1\] (?P<note>[\w-]+)[^\n]*\n(?P<text>.+?)(?=\n\n\[2\]|\Z)", re.M | re.S)


def stand_in_reply(request: dict[str, Any]) -> Any:
    """What the scripted stand-in answers: it searches the notes with the question,
    then answers with the first sentence of the best passage and cites its note."""
    last = request["messages"][-1]
    if last["role"] != "tool":
        query = str(last.get("content", ""))
        return tool_calls(tool_call("rag", {"action": "search", "query": query, "limit": 2}))
    best = PASSAGE.search(str(last["content"]))
    if best is None:
        return reply(NOT_COVERED)
    text = " ".join(best.group("text").split())
    sentence = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    return reply(f"{sentence} [{best.group('note')}]")


def scripted_llm() -> ScriptedLLM:
    """The offline stand-in model (see :func:`stand_in_reply`)."""
    return ScriptedLLM([stand_in_reply] * STAND_IN_CALLS)


def choose_llm() -> Any:
    """The model ``HELLO_AGENTS_EXAMPLE_LLM`` asks for (see the module docstring)."""
    mode = os.environ.get(MODEL_SETTING, "").strip().lower() or "configured"
    if mode == "scripted":
        return scripted_llm()
    if mode == "embedded":
        return HelloAgentsLLM(provider="embedded")
    if mode == "configured":
        return HelloAgentsLLM()
    raise ValueError(f"{MODEL_SETTING}={mode!r}: choose scripted, embedded or configured")
