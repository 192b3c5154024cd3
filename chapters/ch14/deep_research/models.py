"""The records a research run passes between its steps.

A run starts as a :class:`SummaryState` for one topic; the planner fills its
``todo_items`` (:class:`TodoItem`), each task gathers :class:`Source` records
and a summary, and the run ends as a :class:`SummaryStateOutput`: the report,
the tasks, the sources the report cites and the citation check.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

TaskStatus = Literal["pending", "in_progress", "completed", "skipped", "failed", "cancelled"]


@dataclass
class Source:
    """A page that was read during the run.

    Attributes:
        number: Its citation number in this run (``[number]``).
        title: The page title.
        url: Its address.
        content: The text the summarizer was given (trimmed to the token budget).
        task_id: The task that found it first.
    """

    number: int
    title: str
    url: str
    content: str
    task_id: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


@dataclass
class TodoItem:
    """One research task of the plan.

    Attributes:
        id: Its number in the plan (1, 2 ...).
        title: A short title.
        intent: Why the task is there.
        query: What to search for (the last query tried, after a re-plan).
        status: Where it stands.
        summary: Its summary, once written (citations are run-wide ``[n]``).
        sources_summary: The sources it read, one ``[n] title - url`` line each.
        source_numbers: The citation numbers of the sources it read.
        queries_tried: Every query searched, in order.
        notices: What went wrong on the way (a backend down, nothing found ...).
        note_id: The id of its note, when notes are on.
        note_path: The note's file.
        stream_token: The page's key for the task's stream (``task_<id>``).
    """

    id: int
    title: str
    intent: str
    query: str
    status: TaskStatus = "pending"
    summary: str | None = None
    sources_summary: str | None = None
    source_numbers: list[int] = field(default_factory=list)
    queries_tried: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    note_id: str | None = None
    note_path: str | None = None
    stream_token: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (what the page and ``POST /research`` show)."""
        return asdict(self)


@dataclass(frozen=True)
class CitationCheck:
    """Whether the report's citations hold, measured on the writer's own text.

    Attributes:
        markers: Citation markers (``[n]``, each number of ``[1, 2]`` counted) in
            the report body as written, before any repair.
        resolved: How many of them name a source read in this run.
        unresolved: The numbers that named no source read in this run (removed).
        sources_read: Sources read in this run.
        sources_cited: Sources the final report cites (its reference list, exactly).
        renumbered: Whether the numbers were rewritten to 1, 2, 3 ... in order of
            first citation.
        attributed: Markers added to sentences the model left uncited but took
            from one source (see :func:`~deep_research.citations.attribute`);
            ``markers`` counts only the model's own.
        repair: What was done about a report that cited none of the notes: ``""``
            (nothing needed), ``"cited when asked again"`` (the writer wrote it
            again, citing), or ``"summaries used: ..."`` (it still cited nothing,
            and the report is the task summaries with their citations).
    """

    markers: int
    resolved: int
    unresolved: tuple[int, ...]
    sources_read: int
    sources_cited: int
    renumbered: bool = False
    attributed: int = 0
    repair: str = ""

    @property
    def share_resolved(self) -> float:
        """Resolved markers over all markers (1.0 when the text cites nothing)."""
        return self.resolved / self.markers if self.markers else 1.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, with ``share_resolved``."""
        return {
            **asdict(self),
            "unresolved": list(self.unresolved),
            "share_resolved": round(self.share_resolved, 4),
        }


@dataclass
class SummaryState:
    """Everything a run knows while it works.

    Attributes:
        research_topic: The topic.
        todo_items: The plan.
        sources: Every source read, by citation number.
        report_note_id: The note holding the final report.
        report_note_path: Its file.
    """

    research_topic: str
    todo_items: list[TodoItem] = field(default_factory=list)
    sources: dict[int, Source] = field(default_factory=dict)
    report_note_id: str | None = None
    report_note_path: str | None = None


@dataclass
class SummaryStateOutput:
    """What a run returns.

    Attributes:
        running_summary: The report (the tutorial's name for it).
        report_markdown: The report, Markdown, references included.
        todo_items: The tasks, with their summaries and statuses.
        sources: The sources the report cites, numbered as in the report.
        citations: The citation check.
        model_calls: How many model calls the run made.
        trace_path: The HTML trace of the run, when one was written.
    """

    running_summary: str
    report_markdown: str
    todo_items: list[TodoItem]
    sources: list[Source] = field(default_factory=list)
    citations: CitationCheck | None = None
    model_calls: int = 0
    trace_path: str | None = None


__all__ = [
    "CitationCheck",
    "Source",
    "SummaryState",
    "SummaryStateOutput",
    "TaskStatus",
    "TodoItem",
]
