"""Collect an agent's hook events into a record of each run.

A :class:`TraceRecorder` listens to an agent's hooks and keeps, per run, every
model call (the messages sent, the reply, tokens, time, errors), every tool call
(arguments, result, time), every parse error and every intervention of the
small-model aids (the check, what it did, the model's own reply and what
replaced it), in the order they happened, plus the run's typed steps when it
ends and whether the aids were on. Nothing in it needs an optional
dependency; :mod:`hello_agents.tracing.html` turns it into a page.

    with trace_run(agent) as recorder:
        agent.run("What is 2 + 3?")
    recorder.write_html("run.html")

Known secrets (the agent's API key, URL credentials) are masked as events are
recorded, so a record never holds one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hello_agents.core.agent import EVENT_NAMES, Handler, HookEvent
from hello_agents.core.redaction import Redactor, url_secrets
from hello_agents.core.run import Intervention
from hello_agents.tracing.records import (
    InterventionRecord,
    ModelCallRecord,
    ParseErrorRecord,
    RunRecord,
    ToolCallRecord,
    step_view,
)


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (dict, list)):
        import json

        return json.dumps(value, ensure_ascii=False, default=str)
    return "" if value is None else str(value)


def agent_secrets(agent: Any) -> list[str]:
    """The secrets an agent's client knows: its API key and its URL's credentials."""
    llm = getattr(agent, "llm", None)
    secrets: list[str] = []
    key = getattr(llm, "api_key", None)
    if isinstance(key, str):
        secrets.append(key)
    base_url = getattr(llm, "base_url", None)
    if isinstance(base_url, str):
        secrets.extend(url_secrets(base_url))
    return secrets


def run_aids(result: Any) -> tuple[bool | None, str]:
    """Whether a run had the small-model aids on, and why, as the run itself recorded
    it (``RunResult.aids``); ``None, ""`` for a run of an agent that has none."""
    reason = getattr(result, "aids", "")
    if not isinstance(reason, str) or not reason:
        return None, ""
    return reason.startswith("on"), reason


class AgentListener:
    """What a tracer attached to agents shares: one handler per agent on every
    hook event, and the secrets of every attached agent's client, masked.

    Subclasses implement :meth:`_on_event`.
    """

    def __init__(self) -> None:
        self._handlers: list[tuple[Any, Handler]] = []
        self._redactor = Redactor()

    def _listen(self, agent: Any) -> None:
        """Receive ``agent``'s events (once, however often it is attached)."""
        if any(existing is agent for existing, _ in self._handlers):
            return
        self._redactor = Redactor([*self._redactor.secrets, *agent_secrets(agent)])

        def handler(event: HookEvent) -> None:
            self._on_event(agent, event)

        for name in EVENT_NAMES:
            agent.hooks.on(name, handler)
        self._handlers.append((agent, handler))

    def _stop_listening(self) -> None:
        """Receive no more events from any agent."""
        for agent, handler in self._handlers:
            for name in EVENT_NAMES:
                agent.hooks.off(name, handler)
        self._handlers.clear()

    def _on_event(self, agent: Any, event: HookEvent) -> None:
        raise NotImplementedError


class TraceRecorder(AgentListener):
    """Records the runs of the agents it is attached to (thread- and task-safe).

    Args:
        *agents: Agents to attach to now (more with :meth:`attach`).

    Attributes:
        runs: Every run seen, in the order they started.
    """

    def __init__(self, *agents: Any) -> None:
        super().__init__()
        self.runs: list[RunRecord] = []
        self._by_id: dict[str, RunRecord] = {}
        self._open_model: dict[str, ModelCallRecord] = {}
        self._open_tools: dict[tuple[str, str], list[ToolCallRecord]] = {}
        self._lock = threading.Lock()
        for agent in agents:
            self.attach(agent)

    # ---- attaching -------------------------------------------------------------------

    def attach(self, agent: Any) -> None:
        """Start recording ``agent``'s runs."""
        self._listen(agent)

    def detach(self) -> None:
        """Stop recording every attached agent (what was recorded stays)."""
        self._stop_listening()

    # ---- the record ------------------------------------------------------------------

    @property
    def last_run(self) -> RunRecord | None:
        """The latest run that started (``None`` before any)."""
        return self.runs[-1] if self.runs else None

    def to_html(self, title: str = "hello-agents trace") -> str:
        """The recorded runs as one self-contained HTML page."""
        from hello_agents.tracing.html import render_html

        return render_html(self.runs, title=title)

    def _repr_html_(self) -> str:
        """The page inline in a notebook, in a sandboxed frame (its CSS stays inside)."""
        import html

        return (
            f'<iframe sandbox="allow-scripts" srcdoc="{html.escape(self.to_html(), quote=True)}" '
            'style="width:100%;height:640px;border:1px solid #d9dbe3;border-radius:8px">'
            "</iframe>"
        )

    def write_html(self, path: str | Path, title: str = "hello-agents trace") -> Path:
        """Write :meth:`to_html` to ``path`` (UTF-8); returns the path."""
        target = Path(path)
        target.write_text(self.to_html(title), encoding="utf-8")
        return target

    # ---- events ----------------------------------------------------------------------

    def _clean(self, value: object) -> str:
        return self._redactor.text(_text(value))

    def _on_event(self, agent: Any, event: HookEvent) -> None:
        with self._lock:
            self._record(event)

    def _record(self, event: HookEvent) -> None:
        run_id = event.run_id or "-"
        data = event.data
        if event.name == "run_start":
            run = RunRecord(
                run_id, event.agent, self._clean(data.get("input")), event.time, event.parent_run_id
            )
            self.runs.append(run)
            self._by_id[run_id] = run
            return
        found = self._by_id.get(run_id)
        if found is not None:
            run = found
        else:  # an event outside a recorded run (e.g. a direct call_llm)
            run = RunRecord(run_id, event.agent, "", event.time, event.parent_run_id)
            self.runs.append(run)
            self._by_id[run_id] = run
        if event.name == "run_end":
            result = data.get("result")
            run.ended = event.time
            run.answer = self._clean(data.get("output"))
            run.stopped_reason = getattr(result, "stopped_reason", None)
            run.steps = [step_view(step, self._redactor) for step in data.get("steps") or []]
            run.aids_enabled, run.aids_reason = run_aids(result)
        elif event.name == "llm_start":
            messages = [
                self._redactor.value(message.to_dict()) for message in data.get("messages", [])
            ]
            options = {
                key: value
                for key, value in (data.get("options") or {}).items()
                if isinstance(value, (str, int, float, bool, list)) and key != "tools"
            }
            if data.get("options", {}).get("tools"):
                options["tools"] = [
                    tool.get("function", {}).get("name", "?") for tool in data["options"]["tools"]
                ]
            call = ModelCallRecord(messages, options, event.time)  # type: ignore[arg-type]
            run.entries.append(call)
            self._open_model[run_id] = call
        elif event.name in ("llm_end", "llm_error"):
            open_call = self._open_model.pop(run_id, None)
            call = open_call if open_call is not None else ModelCallRecord([], {}, event.time)
            if call not in run.entries:
                run.entries.append(call)
            call.ended = event.time
            call.seconds = data.get("seconds", event.time - call.started)
            if event.name == "llm_end":
                response = data["response"]
                call.content = self._clean(response.content)
                call.tool_calls = [
                    {"id": c.id, "name": c.name, "arguments": self._clean(c.arguments)}
                    for c in response.tool_calls
                ]
                call.finish_reason = response.finish_reason
                call.model = response.model
                if response.usage is not None:
                    call.input_tokens = response.usage.prompt_tokens
                    call.output_tokens = response.usage.completion_tokens
            else:
                error = data.get("error")
                call.error = self._clean(error)
                call.error_type = type(error).__name__
        elif event.name == "tool_start":
            tool = self._new_tool_call(run, event)
            key = (run_id, data.get("call_id") or f"tool:{tool.tool}")
            self._open_tools.setdefault(key, []).append(tool)
        elif event.name in ("tool_end", "tool_error"):
            key = (run_id, data.get("call_id") or f"tool:{data.get('tool')}")
            waiting = self._open_tools.get(key)
            if waiting:
                tool = waiting.pop(0)
                if not waiting:
                    del self._open_tools[key]
            else:  # its start was not recorded (the recorder came in during the call)
                tool = self._new_tool_call(run, event)
            result = data.get("result")
            tool.ended = event.time
            tool.seconds = data.get("seconds")
            tool.ok = bool(getattr(result, "ok", event.name == "tool_end"))
            tool.content = self._clean(getattr(result, "content", ""))
            tool.error_kind = getattr(result, "error_kind", None)
        elif event.name == "parse_error":
            run.entries.append(
                ParseErrorRecord(
                    self._clean(data.get("text")), self._clean(data.get("error")), event.time
                )
            )
        elif event.name == "intervention":
            run.entries.append(
                intervention_record(data["intervention"], event.time, self._redactor)
            )

    def _new_tool_call(self, run: RunRecord, event: HookEvent) -> ToolCallRecord:
        """A tool call of ``run``, begun by ``event``, appended to the run's entries."""
        data = event.data
        tool = ToolCallRecord(
            str(data.get("tool")),
            self._clean(data.get("arguments")),
            data.get("call_id"),
            event.time,
        )
        run.entries.append(tool)
        return tool


def intervention_record(done: Intervention, when: float, redactor: Redactor) -> InterventionRecord:
    """``done`` as a record, its texts masked by ``redactor``."""
    replacement = None if done.replacement is None else redactor.text(done.replacement)
    return InterventionRecord(
        check=done.check,
        action=done.action,
        reply=redactor.text(done.reply),
        answer=redactor.text(done.answer),
        message=redactor.text(done.message),
        replacement=replacement,
        step=done.step,
        values=tuple(redactor.text(value) for value in done.values),
        time=when,
        held_to=done.held_to,
    )


@contextmanager
def trace_run(*agents: Any) -> Iterator[TraceRecorder]:
    """Record the runs of ``agents`` inside the ``with`` block.

    Yields:
        The :class:`TraceRecorder`; it stops listening when the block ends.
    """
    recorder = TraceRecorder(*agents)
    try:
        yield recorder
    finally:
        recorder.detach()


def write_html_trace(source: Any, path: str | Path, title: str = "hello-agents trace") -> Path:
    """Write one self-contained HTML page showing a run.

    Args:
        source: A :class:`TraceRecorder`, or an agent whose latest run is shown
            from its :attr:`last_result` (steps only: attach a recorder before
            the run to see prompts, replies, tokens and timings too).
        path: Where to write the page.
        title: The page title.
    """
    if isinstance(source, TraceRecorder):
        return source.write_html(path, title)
    result = getattr(source, "last_result", None)
    if result is None:
        from hello_agents.core.exceptions import AgentArgumentError

        raise AgentArgumentError(
            "write_html_trace needs a TraceRecorder or an agent that has finished a run"
        )
    recorder = TraceRecorder()
    redactor = Redactor(agent_secrets(source))
    now = time.time()
    aids_enabled, aids_reason = run_aids(result)
    recorder.runs.append(
        RunRecord(
            "-",
            str(getattr(source, "name", "agent")),
            redactor.text(result.input),
            now,
            ended=now,
            answer=redactor.text(result.answer),
            stopped_reason=result.stopped_reason,
            steps=[step_view(step, redactor) for step in result.steps],
            entries=[intervention_record(done, now, redactor) for done in result.interventions],
            aids_enabled=aids_enabled,
            aids_reason=aids_reason,
        )
    )
    return recorder.write_html(path, title)


__all__ = [
    "AgentListener",
    "TraceRecorder",
    "agent_secrets",
    "intervention_record",
    "run_aids",
    "trace_run",
    "write_html_trace",
]
