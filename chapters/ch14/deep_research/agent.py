"""DeepResearchAgent: plan, research each task, write the report; streamed as events.

``run(topic)`` returns the finished report; ``run_stream(topic)`` yields the
run as it happens, as dicts with a ``type``:

* ``status``: a line of progress (``message``; ``task_id`` when it is a task's);
* ``todo_list``: the plan (``tasks``), again when a task changes its query;
* ``task_status``: a task is ``in_progress``, ``completed`` (with ``summary`` and
  ``sources_summary``), ``skipped`` (nothing found), ``failed`` or ``cancelled``;
* ``sources``: the pages a task read, numbered (``sources``, ``latest_sources``);
* ``task_summary_chunk``: a piece of a task's summary as the model writes it;
* ``tool_call``: a tool call of an agent (the notes), from the tool-call listener;
* ``citation_check``: how the report's citations fared (see :mod:`.citations`);
* ``report_note``: the report's note; ``final_report``: the report and its sources;
* ``done`` last; ``error`` (``detail``) instead when the run cannot go on.

Tasks run at the same time, up to ``task_concurrency``; a task that finds
nothing gets a new query from the planner, up to ``max_web_research_loops``
searches; the run makes at most ``max_model_calls`` model calls. Closing the
stream (a closed page, Ctrl-C) or :meth:`DeepResearchAgent.cancel` stops it:
no new step starts, a summary being written stops at its next piece, and the
threads are joined before the stream ends.
"""

from __future__ import annotations

import logging
import queue
import re
import threading
import time
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from deep_research.budget import BudgetExhausted, ModelCallBudget
from deep_research.citations import (
    attribute,
    clean_summary,
    finalize_report,
    measure,
    strip_reference_list,
)
from deep_research.config import Configuration
from deep_research.models import Source, SummaryState, SummaryStateOutput, TodoItem
from deep_research.notes import NotesService
from deep_research.planner import PlanningService
from deep_research.prompts import (
    PLANNER_SYSTEM_PROMPT,
    SUMMARIZER_SYSTEM_PROMPT,
    WRITER_SYSTEM_PROMPT,
)
from deep_research.reporter import ReportingService, assemble_report
from deep_research.search import SearchService, SourceBook, sources_summary
from deep_research.summarizer import NO_INFORMATION, SummarizationService
from deep_research.utils import strip_thinking_tokens
from hello_agents import Config, HelloAgentsLLM, ToolAwareSimpleAgent
from hello_agents.agents.tool_support import AidsDecision, decide_aids
from hello_agents.core.llm import BaseLLM
from hello_agents.tools import NoteTool, ToolRegistry
from hello_agents.tools.builtin.search import SearchError, SearchTool
from hello_agents.tracing import TraceRecorder

logger = logging.getLogger(__name__)

Event = dict[str, Any]
EMBEDDED_TIMEOUT = 600.0
TASK_TAG = re.compile(r"task_(\d+)")


class ResearchCancelled(Exception):
    """The run was stopped (a closed stream, Ctrl-C, :meth:`DeepResearchAgent.cancel`)."""


@dataclass
class _Run:
    """What one run shares between its threads."""

    state: SummaryState
    budget: ModelCallBudget
    book: SourceBook
    planner: PlanningService
    summarizer: SummarizationService
    reporter: ReportingService
    events: queue.Queue[Event] = field(default_factory=queue.Queue)
    started: float = field(default_factory=time.perf_counter)


class DeepResearchAgent:
    """The research coordinator.

    Args:
        config: The settings (``Configuration.from_env()`` by default).
        llm: The model (by default chosen by ``config.llm_mode``: a configured
            provider, the embedded model, or the scripted one).
        search_tool: The search tool (one built from ``config`` by default).
    """

    def __init__(
        self,
        config: Configuration | None = None,
        *,
        llm: BaseLLM | None = None,
        search_tool: SearchTool | None = None,
    ) -> None:
        self.config = config or Configuration.from_env()
        self.llm = llm or self._init_llm()
        self.attribution = self._decide_attribution()
        self.repair = self._decide("repair_citations")
        self.note_tool = (
            NoteTool(workspace=self.config.notes_workspace) if self.config.enable_notes else None
        )
        self.tools_registry: ToolRegistry | None = None
        if self.note_tool is not None:
            self.tools_registry = ToolRegistry()
            self.tools_registry.register_tool(self.note_tool)
        self.search_service = SearchService(self.config, search_tool)
        self.recorder = TraceRecorder()
        self._cancelled = threading.Event()
        self._sink: Callable[[Event], None] | None = None
        self.last_output: SummaryStateOutput | None = None
        self.todo_agent = self._create_tool_aware_agent(
            name="planner", system_prompt=PLANNER_SYSTEM_PROMPT
        )
        self.report_agent = self._create_tool_aware_agent(
            name="writer",
            system_prompt=WRITER_SYSTEM_PROMPT,
            max_tokens=self.config.report_max_tokens,
        )
        # Saves the notes through its run_tool (hooks, listener, trace); never asks the model.
        self.notes_agent = self._create_tool_aware_agent(name="note keeper", system_prompt="")

    # ---- public API ------------------------------------------------------------------

    def run(self, topic: str) -> SummaryStateOutput:
        """Research ``topic`` and return the report (the stream, consumed).

        Raises:
            ResearchCancelled: The run was cancelled.
            RuntimeError: The run could not go on (its ``error`` event's detail).
        """
        self.last_output = None
        for event in self.run_stream(topic):
            if event["type"] == "error":
                raise RuntimeError(event["detail"])
        if self.last_output is None:
            raise ResearchCancelled("the research was cancelled")
        return self.last_output

    def run_stream(self, topic: str) -> Iterator[Event]:
        """Research ``topic``, yielding the run's events (see the module docstring)."""
        topic = " ".join(topic.split())
        if not topic:
            yield {"type": "error", "detail": "The research topic is empty."}
            return
        self._cancelled.clear()
        run = self._new_run(topic)
        self._sink = run.events.put
        try:
            yield {"type": "status", "stage": "planning", "message": f"Planning: {topic}"}
            try:
                run.state.todo_items = run.planner.plan_todo_list(run.state)
            except Exception as error:  # the model could not be reached, no call left ...
                logger.exception("planning failed")
                yield {"type": "error", "detail": f"Planning failed: {error}"}
                return
            for task in run.state.todo_items:
                task.stream_token = f"task_{task.id}"
            yield self._todo_list(run)
            yield from self._research_tasks(run)
            if self._cancelled.is_set():
                yield {"type": "status", "stage": "cancelled", "message": "Research cancelled."}
                return
            yield from self._write_report(run)
        finally:
            self._cancelled.set()  # a closed stream stops whatever still runs
            self._sink = None

    def cancel(self) -> None:
        """Stop the current run: no new step starts; the stream ends soon after."""
        self._cancelled.set()

    @property
    def task_concurrency(self) -> int:
        """Tasks researched at once: ``config.task_concurrency``, but one on the embedded
        model, whose server answers one request at a time (more would only queue them
        until they time out)."""
        if getattr(self.llm, "provider", None) == "embedded":
            return 1
        return self.config.task_concurrency

    # ---- building ----------------------------------------------------------------------

    def _init_llm(self) -> BaseLLM:
        """The model ``config.llm_mode`` asks for."""
        mode = self.config.llm_mode
        if mode == "scripted":
            from deep_research.scripted import scripted_research_llm

            return scripted_research_llm()
        options: dict[str, Any] = {"temperature": self.config.temperature}
        if mode == "embedded":
            options["provider"] = "embedded"
        else:
            for key, value in (
                ("provider", self.config.llm_provider),
                ("model", self.config.llm_model_id),
                ("api_key", self.config.llm_api_key),
                ("base_url", self.config.llm_base_url),
                ("timeout", self.config.llm_timeout),
            ):
                if value is not None:
                    options[key] = value
        llm = HelloAgentsLLM(**options)
        if llm.provider == "embedded" and self.config.llm_timeout is None:
            # On a CPU the small model may read a long prompt for minutes before it writes.
            llm = HelloAgentsLLM(**options, timeout=EMBEDDED_TIMEOUT)
        llm.prepare()  # the embedded model starts now, not on the first request
        return llm

    def _decide_attribution(self) -> AidsDecision:
        """Whether sentences the model left uncited are cited for it, and why: it
        changes what the model wrote, so by default (``auto``) only for a small
        model, the same decision as the small-model aids'."""
        return self._decide("attribute_citations")

    def _decide(self, name: str) -> AidsDecision:
        """A setting that changes what the model wrote (``attribute_citations``,
        ``repair_citations``): ``auto`` decides as the small-model aids do."""
        setting = getattr(self.config, name)
        if setting == "auto":
            return decide_aids(self.llm)
        return AidsDecision(setting == "on", f"{setting}: {name.upper()}={setting}")

    def _create_tool_aware_agent(
        self, *, name: str, system_prompt: str, max_tokens: int | None = None
    ) -> ToolAwareSimpleAgent:
        """An agent of the run: the shared model and notes, the listener, the tracer;
        its replies cut at ``max_tokens`` when given."""
        agent = ToolAwareSimpleAgent(
            name=name,
            llm=self.llm,
            system_prompt=system_prompt,
            config=Config(max_tokens=max_tokens) if max_tokens is not None else None,
            tool_registry=self.tools_registry,
            enable_tool_calling=False,  # the app saves the notes; the model only writes
            tool_call_listener=self._on_tool_call,
        )
        self.recorder.attach(agent)
        return agent

    def _new_run(self, topic: str) -> _Run:
        budget = ModelCallBudget(self.config.max_model_calls)
        planner = PlanningService(
            lambda: self._create_tool_aware_agent(
                name="planner", system_prompt=PLANNER_SYSTEM_PROMPT
            ),
            budget,
        )
        summarizer = SummarizationService(
            lambda: self._create_tool_aware_agent(
                name="summarizer",
                system_prompt=SUMMARIZER_SYSTEM_PROMPT,
                max_tokens=self.config.summary_max_tokens,
            ),
            budget,
        )
        return _Run(
            state=SummaryState(research_topic=topic),
            budget=budget,
            book=SourceBook(),
            planner=planner,
            summarizer=summarizer,
            reporter=ReportingService(self.report_agent, budget),
        )

    # ---- the tasks ---------------------------------------------------------------------

    def _research_tasks(self, run: _Run) -> Iterator[Event]:
        """Research every task, several at once; yield their events as they come."""
        tasks = list(run.state.todo_items)
        yield {
            "type": "status",
            "stage": "researching",
            "message": f"Researching {len(tasks)} tasks, {self.task_concurrency} at a time",
        }
        pool = ThreadPoolExecutor(self.task_concurrency, thread_name_prefix="research")
        futures: list[Future[None]] = []
        try:
            futures = [pool.submit(self._research_task, run, task) for task in tasks]
            while not all(future.done() for future in futures) or not run.events.empty():
                try:
                    yield run.events.get(timeout=0.05)
                except queue.Empty:
                    continue
        finally:
            if not all(future.done() for future in futures):
                self._cancelled.set()  # closed early: the running tasks stop at their next step
            pool.shutdown(wait=True, cancel_futures=True)
            while not run.events.empty():
                run.events.get_nowait()  # nobody reads them any more (the stream is closing)

    def _research_task(self, run: _Run, task: TodoItem) -> None:
        """Search, re-plan when nothing is found, summarise, save the note."""
        emit = self._task_emitter(run, task)
        try:
            if self._cancelled.is_set():
                raise ResearchCancelled
            task.status = "in_progress"
            emit(self._task_status(task))
            sources = self._find_sources(run, task, emit)
            if not sources:
                task.status = "skipped"
                emit(self._task_status(task, detail="; ".join(task.notices)))
                return
            self._summarize(run, task, sources, emit)
            emit(self._task_status(task))
        except ResearchCancelled:
            task.status = "cancelled"
            emit(self._task_status(task))
        except Exception as error:  # one task failing never stops the others
            logger.exception("task %s failed", task.id)
            task.status = "failed"
            task.notices.append(f"{type(error).__name__}: {error}")
            emit(self._task_status(task, detail=str(error)))

    def _find_sources(
        self, run: _Run, task: TodoItem, emit: Callable[[Event], None]
    ) -> list[Source]:
        """The task's sources; a new query from the planner while a search finds nothing."""
        query = task.query
        for attempt in range(1, self.config.max_web_research_loops + 1):
            if self._cancelled.is_set():
                raise ResearchCancelled
            task.queries_tried.append(query)
            emit({"type": "status", "message": f"Searching ({attempt}): {query}"})
            hits = self._search(task, query, emit)
            if hits is not None and hits.hits:
                sources = [run.book.add(hit, task.id) for hit in hits.hits]
                task.source_numbers = [source.number for source in sources]
                task.sources_summary = sources_summary(sources)
                emit(
                    {
                        "type": "sources",
                        "backend": hits.backend,
                        "latest_sources": task.sources_summary,
                        "sources": [source.to_dict() for source in sources],
                    }
                )
                return sources
            if attempt == self.config.max_web_research_loops:
                break
            try:
                new_query = run.planner.replan_query(run.state, task)
            except BudgetExhausted as error:
                task.notices.append(str(error))
                break
            if new_query is None:
                task.notices.append("the planner suggested no new query")
                break
            emit(
                {"type": "status", "message": f"Nothing found for {query!r}; trying {new_query!r}"}
            )
            query = task.query = new_query
            emit(self._todo_list(run))
        task.notices.append(f"no sources found after {len(task.queries_tried)} searches")
        return []

    def _search(self, task: TodoItem, query: str, emit: Callable[[Event], None]) -> Any:
        try:
            results = self.search_service.search(query)
        except SearchError as error:
            task.notices.append(str(error))
            emit({"type": "status", "message": f"Search failed: {error}"})
            return None
        for notice in results.notices:
            task.notices.append(notice)
            emit({"type": "status", "message": f"Search notice: {notice}"})
        return results

    def _summarize(
        self, run: _Run, task: TodoItem, sources: list[Source], emit: Callable[[Event], None]
    ) -> None:
        """Stream the task's summary, check its citations, save its note."""
        pieces: list[str] = []
        try:
            stream = run.summarizer.stream_task_summary(run.state, task, sources)
            try:
                for piece in stream:
                    if self._cancelled.is_set():
                        raise ResearchCancelled
                    pieces.append(piece)
                    emit({"type": "task_summary_chunk", "content": piece})
            finally:
                stream.close()  # stops the model's stream when cancelled
        except BudgetExhausted as error:
            task.notices.append(str(error))
        text = strip_thinking_tokens("".join(pieces))
        summary, unresolved = clean_summary(text, task.source_numbers)
        if unresolved:
            task.notices.append(
                "removed citations naming no source of this task: "
                + ", ".join(f"[{n}]" for n in unresolved)
            )
        if self.attribution.enabled:
            summary, added = attribute(summary, {source.number: source for source in sources})
            if added:
                task.notices.append(f"cited {added} sentence(s) taken from one source")
        task.summary = summary or NO_INFORMATION
        task.status = "completed"
        if self.note_tool is not None:
            NotesService(self.note_tool, self.notes_agent.run_tool).save_task(task, sources)

    # ---- the report --------------------------------------------------------------------

    def _write_report(self, run: _Run) -> Iterator[Event]:
        state = run.state
        yield {"type": "status", "stage": "reporting", "message": "Writing the report"}
        completed = [task for task in state.todo_items if task.status == "completed"]
        repair = ""
        if not completed:
            draft = assemble_report(state, "no task found any source")
        else:
            try:
                draft = strip_thinking_tokens(run.reporter.generate_report(state))
                draft, repair = yield from self._cited_draft(run, draft)
            except BudgetExhausted as error:
                draft = assemble_report(state, str(error))
            except Exception as error:  # the model failed: the summaries still stand
                logger.warning("the writer failed: %s: %s", type(error).__name__, error)
                logger.debug("the writer's failure", exc_info=True)
                draft = assemble_report(state, f"the writer failed ({type(error).__name__})")
        report, cited, check = finalize_report(
            draft, run.book.by_number(), attribute_citations=self.attribution.enabled
        )
        check = replace(check, repair=repair)
        yield {
            "type": "citation_check",
            **check.to_dict(),
            "attribution": self.attribution.reason,
            "repair_setting": self.repair.reason,
        }
        state.sources = {source.number: source for source in cited}
        if self.note_tool is not None:
            NotesService(self.note_tool, self.notes_agent.run_tool).save_report(state, report)
            yield from self._drain(run)
            if state.report_note_id:
                yield {
                    "type": "report_note",
                    "note_id": state.report_note_id,
                    "note_path": state.report_note_path,
                    "title": f"Research report: {state.research_topic}",
                }
        trace_path = self._write_trace(state)
        self.last_output = SummaryStateOutput(
            running_summary=report,
            report_markdown=report,
            todo_items=state.todo_items,
            sources=cited,
            citations=check,
            model_calls=run.budget.used,
            trace_path=trace_path,
        )
        yield {
            "type": "final_report",
            "report": report,
            "sources": [source.to_dict() for source in cited],
            "citations": check.to_dict(),
            "tasks": [task.to_dict() for task in state.todo_items],
            "note_id": state.report_note_id,
            "note_path": state.report_note_path,
            "trace_path": trace_path,
            "model_calls": run.budget.used,
            "seconds": round(time.perf_counter() - run.started, 3),
        }
        yield {"type": "done"}

    def _cited_draft(self, run: _Run, draft: str) -> Generator[Event, None, tuple[str, str]]:
        """The writer's draft if it cites a note; else the draft written again when
        asked to cite (one more model call), else the task summaries with their
        citations. Returns the report's draft and what was done (``CitationCheck.repair``)."""
        state, sources = run.state, run.book.by_number()
        notes_cite = any(task.source_numbers for task in state.todo_items if task.summary)
        if not self.repair.enabled or not notes_cite:
            return draft, ""
        if measure(strip_reference_list(draft), sources)[1] > 0:
            return draft, ""
        yield {
            "type": "status",
            "stage": "reporting",
            "message": "The report cites none of the notes: asking the writer to cite them",
        }
        try:
            again = strip_thinking_tokens(run.reporter.cite_again(state, draft))
        except BudgetExhausted as error:
            reason = f"the report cited none of the notes, and {error}"
        else:
            if measure(strip_reference_list(again), sources)[1] > 0:
                return again, "cited when asked again"
            reason = "the report cited none of the notes, even when asked again"
        return assemble_report(state, reason), f"summaries used: {reason}"

    def _write_trace(self, state: SummaryState) -> str | None:
        if not self.config.trace_dir:
            return None
        folder = Path(self.config.trace_dir)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"research-{datetime.now():%Y%m%d-%H%M%S-%f}.html"
        self.recorder.write_html(path, title=f"Research: {state.research_topic}")
        return str(path)

    # ---- events ------------------------------------------------------------------------

    def _on_tool_call(self, call: dict[str, Any]) -> None:
        """The tool-call listener of every agent: a ``tool_call`` event."""
        sink = self._sink
        if sink is None:
            return
        parameters = call.get("parsed_parameters") or {}
        tags = parameters.get("tags") or []
        task_ids = [int(m.group(1)) for tag in tags if (m := TASK_TAG.fullmatch(str(tag)))]
        event: Event = {
            "type": "tool_call",
            "agent": call["agent_name"],
            "tool": call["tool_name"],
            "parameters": {k: v for k, v in parameters.items() if k != "content"},
            "result": str(call.get("result", ""))[:300],
            "ok": call.get("ok"),
        }
        if task_ids:
            event["task_id"] = task_ids[0]
        sink(event)

    def _task_emitter(self, run: _Run, task: TodoItem) -> Callable[[Event], None]:
        def emit(event: Event) -> None:
            run.events.put({**event, "task_id": task.id, "stream_token": task.stream_token})

        return emit

    def _drain(self, run: _Run) -> Iterator[Event]:
        while not run.events.empty():
            yield run.events.get_nowait()

    def _todo_list(self, run: _Run) -> Event:
        return {"type": "todo_list", "tasks": [task.to_dict() for task in run.state.todo_items]}

    @staticmethod
    def _task_status(task: TodoItem, detail: str | None = None) -> Event:
        event: Event = {
            "type": "task_status",
            "status": task.status,
            "title": task.title,
            "intent": task.intent,
            "query": task.query,
            "note_id": task.note_id,
            "note_path": task.note_path,
        }
        if task.status == "completed":
            event["summary"] = task.summary
            event["sources_summary"] = task.sources_summary
        if detail:
            event["detail"] = detail
        return event


def run_deep_research(topic: str, config: Configuration | None = None) -> SummaryStateOutput:
    """Research ``topic`` with a new agent (the tutorial's convenience function)."""
    return DeepResearchAgent(config).run(topic)


__all__ = ["DeepResearchAgent", "Event", "ResearchCancelled", "run_deep_research"]
