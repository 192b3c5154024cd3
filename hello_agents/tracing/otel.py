"""OpenTelemetry spans for agent runs, following the GenAI semantic conventions.

Built on the agents' hooks: :func:`instrument` registers handlers, nothing in
the agents changes. Per run, one ``invoke_agent <agent>`` span; inside it one
``chat <model>`` span per model call and one ``execute_tool <tool>`` span per
tool call; parse errors are events on the run's span. Spans are matched to
their run by the hook events' ``run_id`` (and tool spans by ``call_id``), so
concurrent runs, async runs, streamed runs and parallel tool calls nest
correctly; a run started inside another (an agent used as a tool) nests under
that run's open tool call.

Prompt and completion text, tool arguments and results are recorded only with
``capture_content=True``; known secrets are masked in any text recorded.

Requires the ``otel`` extra (``pip install -e ".[otel]"``).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from typing import Any

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import Span, SpanKind, Status, StatusCode, Tracer, TracerProvider

from hello_agents._version import __version__
from hello_agents.core.agent import HookEvent
from hello_agents.tracing.recorder import AgentListener

INSTRUMENTATION_NAME = "hello_agents"

# Model options reported as gen_ai.request.* attributes.
REQUEST_OPTIONS = {
    "temperature": "gen_ai.request.temperature",
    "max_tokens": "gen_ai.request.max_tokens",
    "top_p": "gen_ai.request.top_p",
    "stop": "gen_ai.request.stop_sequences",
    "seed": "gen_ai.request.seed",
}


def _ns(seconds: float) -> int:
    return int(seconds * 1_000_000_000)


class Instrumentation(AgentListener):
    """Spans for the runs of some agents; :meth:`uninstrument` stops them.

    Args:
        agents: The agents to trace.
        tracer_provider: Where spans go (default: the global provider).
        capture_content: Also record prompts, replies, tool arguments and results.
    """

    def __init__(
        self,
        agents: Iterable[Any],
        tracer_provider: TracerProvider | None = None,
        capture_content: bool = False,
    ) -> None:
        super().__init__()
        self.tracer: Tracer = trace.get_tracer(
            INSTRUMENTATION_NAME, __version__, tracer_provider=tracer_provider
        )
        self.capture_content = capture_content
        self._lock = threading.Lock()
        self._runs: dict[str, Span] = {}
        self._model: dict[str, Span] = {}
        self._unnamed: set[str] = set()  # runs whose open chat span has no model yet
        self._tools: dict[tuple[str, str], list[Span]] = {}
        for agent in agents:
            self.add(agent)

    def add(self, agent: Any) -> None:
        """Trace ``agent``'s runs too."""
        self._listen(agent)

    def uninstrument(self) -> None:
        """Stop tracing every agent (spans already started are ended as they finish)."""
        self._stop_listening()

    # ---- events ----------------------------------------------------------------------

    def _on_event(self, agent: Any, event: HookEvent) -> None:
        method = getattr(self, f"_{event.name}", None)
        if method is not None:
            method(agent, event, event.run_id or "-")

    def _text(self, value: object) -> str:
        if not isinstance(value, str):
            value = json.dumps(value, ensure_ascii=False, default=str)
        return self._redactor.text(value)

    def _base(self, agent: Any, operation: str) -> dict[str, Any]:
        llm = getattr(agent, "llm", None)
        provider = str(getattr(llm, "provider", None) or "unknown")
        attributes: dict[str, Any] = {
            "gen_ai.operation.name": operation,
            "gen_ai.provider.name": provider,
            "gen_ai.system": provider,  # the name before semantic conventions 1.37
            "gen_ai.agent.name": str(getattr(agent, "name", "agent")),
        }
        model = getattr(llm, "model", None)
        if isinstance(model, str) and model:
            attributes["gen_ai.request.model"] = model
        return attributes

    def _run_start(self, agent: Any, event: HookEvent, run_id: str) -> None:
        with self._lock:
            parent_span: Span | None = None
            if event.parent_run_id is not None:
                open_tools = [
                    spans[-1]
                    for (owner, _), spans in self._tools.items()
                    if owner == event.parent_run_id and spans
                ]
                parent_span = (
                    open_tools[0] if len(open_tools) == 1 else self._runs.get(event.parent_run_id)
                )
        parent = (
            trace.set_span_in_context(parent_span)
            if parent_span is not None
            else otel_context.get_current()
        )
        attributes = self._base(agent, "invoke_agent")
        attributes["hello_agents.run_id"] = run_id
        if self.capture_content:
            attributes["gen_ai.input.messages"] = self._text(
                [{"role": "user", "parts": [{"type": "text", "content": event.data.get("input")}]}]
            )
        span = self.tracer.start_span(
            f"invoke_agent {attributes['gen_ai.agent.name']}",
            context=parent,
            kind=SpanKind.INTERNAL,
            attributes=attributes,
            start_time=_ns(event.time),
        )
        with self._lock:
            self._runs[run_id] = span

    def _run_end(self, agent: Any, event: HookEvent, run_id: str) -> None:
        with self._lock:
            span = self._runs.pop(run_id, None)
        if span is None:
            return
        result = event.data.get("result")
        span.set_attribute("hello_agents.steps", len(event.data.get("steps") or []))
        stopped = getattr(result, "stopped_reason", None)
        if isinstance(stopped, str):
            span.set_attribute("hello_agents.stopped_reason", stopped)
        if self.capture_content:
            span.set_attribute(
                "gen_ai.output.messages",
                self._text(
                    [
                        {
                            "role": "assistant",
                            "parts": [{"type": "text", "content": event.data.get("output")}],
                        }
                    ]
                ),
            )
        span.end(end_time=_ns(event.time))

    def _parent(self, run_id: str) -> otel_context.Context:
        with self._lock:
            run = self._runs.get(run_id)
        return trace.set_span_in_context(run) if run is not None else otel_context.get_current()

    def _llm_start(self, agent: Any, event: HookEvent, run_id: str) -> None:
        attributes = self._base(agent, "chat")
        options = event.data.get("options") or {}
        for option, name in REQUEST_OPTIONS.items():
            value = options.get(option)
            scalar = isinstance(value, (int, float, str)) and not isinstance(value, bool)
            if scalar or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                attributes[name] = value
        if options.get("tools"):
            attributes["hello_agents.request.tools"] = len(options["tools"])
        if self.capture_content:
            attributes["gen_ai.input.messages"] = self._text(
                [message.to_dict() for message in event.data.get("messages", [])]
            )
        model = attributes.get("gen_ai.request.model")
        span = self.tracer.start_span(
            f"chat {model}" if model else "chat",
            context=self._parent(run_id),
            kind=SpanKind.CLIENT,
            attributes=attributes,
            start_time=_ns(event.time),
        )
        with self._lock:
            self._model[run_id] = span
            if not model:
                self._unnamed.add(run_id)

    def _llm_end(self, agent: Any, event: HookEvent, run_id: str) -> None:
        with self._lock:
            span = self._model.pop(run_id, None)
        if span is None:
            return
        response = event.data["response"]
        if response.model:
            span.set_attribute("gen_ai.response.model", str(response.model))
            if run_id in self._unnamed:  # the model became known with the first reply
                self._unnamed.discard(run_id)
                span.update_name(f"chat {response.model}")
        if response.finish_reason:
            span.set_attribute("gen_ai.response.finish_reasons", [str(response.finish_reason)])
        if response.usage is not None:
            span.set_attribute("gen_ai.usage.input_tokens", response.usage.prompt_tokens)
            span.set_attribute("gen_ai.usage.output_tokens", response.usage.completion_tokens)
        seconds = event.data.get("seconds")
        if isinstance(seconds, (int, float)):
            span.set_attribute("hello_agents.llm.seconds", float(seconds))
        if response.tool_calls:
            span.set_attribute("hello_agents.response.tool_calls", len(response.tool_calls))
        if self.capture_content:
            parts: list[dict[str, Any]] = []
            if response.content:
                parts.append({"type": "text", "content": response.content})
            parts.extend(
                {"type": "tool_call", "id": c.id, "name": c.name, "arguments": c.arguments}
                for c in response.tool_calls
            )
            span.set_attribute(
                "gen_ai.output.messages",
                self._text(
                    [{"role": "assistant", "parts": parts, "finish_reason": response.finish_reason}]
                ),
            )
        span.end(end_time=_ns(event.time))

    def _llm_error(self, agent: Any, event: HookEvent, run_id: str) -> None:
        with self._lock:
            span = self._model.pop(run_id, None)
            self._unnamed.discard(run_id)
        if span is None:
            return
        error = event.data.get("error")
        kind = type(error).__name__
        message = self._redactor.text(str(error))
        span.set_attribute("error.type", kind)
        span.add_event(
            "exception",
            {"exception.type": kind, "exception.message": message},
            timestamp=_ns(event.time),
        )
        span.set_status(Status(StatusCode.ERROR, message))
        span.end(end_time=_ns(event.time))

    def _tool_key(self, event: HookEvent, run_id: str) -> tuple[str, str]:
        return run_id, str(event.data.get("call_id") or f"tool:{event.data.get('tool')}")

    def _tool_start(self, agent: Any, event: HookEvent, run_id: str) -> None:
        name = str(event.data.get("tool"))
        attributes = self._base(agent, "execute_tool")
        attributes.pop("gen_ai.request.model", None)
        attributes["gen_ai.tool.name"] = name
        attributes["gen_ai.tool.type"] = "function"
        call_id = event.data.get("call_id")
        if call_id:
            attributes["gen_ai.tool.call.id"] = str(call_id)
        if self.capture_content:
            attributes["gen_ai.tool.call.arguments"] = self._text(event.data.get("arguments"))
        span = self.tracer.start_span(
            f"execute_tool {name}",
            context=self._parent(run_id),
            kind=SpanKind.INTERNAL,
            attributes=attributes,
            start_time=_ns(event.time),
        )
        with self._lock:
            self._tools.setdefault(self._tool_key(event, run_id), []).append(span)

    def _tool_end(self, agent: Any, event: HookEvent, run_id: str) -> None:
        key = self._tool_key(event, run_id)
        with self._lock:
            waiting = self._tools.get(key)
            span = waiting.pop(0) if waiting else None
            if waiting is not None and not waiting:
                del self._tools[key]
        if span is None:
            return
        result = event.data.get("result")
        content = str(getattr(result, "content", ""))
        span.set_attribute("hello_agents.tool.result_size", len(content))
        seconds = event.data.get("seconds")
        if isinstance(seconds, (int, float)):
            span.set_attribute("hello_agents.tool.seconds", float(seconds))
        if self.capture_content:
            span.set_attribute("gen_ai.tool.call.result", self._redactor.text(content))
        if not getattr(result, "ok", True):
            kind = str(getattr(result, "error_kind", None) or "tool_error")
            span.set_attribute("error.type", kind)
            span.set_status(Status(StatusCode.ERROR, kind))
        span.end(end_time=_ns(event.time))

    _tool_error = _tool_end

    def _parse_error(self, agent: Any, event: HookEvent, run_id: str) -> None:
        with self._lock:
            span = self._runs.get(run_id)
        if span is None:
            return
        attributes = {"hello_agents.parse_error": self._text(event.data.get("error"))}
        if self.capture_content:
            attributes["hello_agents.reply"] = self._text(event.data.get("text"))
        span.add_event("parse_error", attributes, timestamp=_ns(event.time))


def instrument(
    agents: Any,
    tracer_provider: TracerProvider | None = None,
    capture_content: bool = False,
) -> Instrumentation:
    """Send OpenTelemetry spans for every run of ``agents`` (one agent or several).

    Returns:
        The :class:`Instrumentation`; call its ``uninstrument()`` to stop.
    """
    targets = [agents] if hasattr(agents, "hooks") else list(agents)
    return Instrumentation(targets, tracer_provider, capture_content)


__all__ = ["INSTRUMENTATION_NAME", "Instrumentation", "instrument"]
