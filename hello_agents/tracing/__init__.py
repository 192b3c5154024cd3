"""See what an agent did: an HTML timeline of a run, and OpenTelemetry spans.

* :func:`trace_run` / :class:`TraceRecorder` collect the hook events of runs;
  :func:`write_html_trace` writes one self-contained HTML page of them.
* :func:`instrument` sends OpenTelemetry spans following the GenAI semantic
  conventions (needs the ``otel`` extra).

See docs/tracing.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hello_agents.core.exceptions import ConfigException
from hello_agents.tracing.recorder import TraceRecorder, trace_run, write_html_trace
from hello_agents.tracing.records import (
    ModelCallRecord,
    ParseErrorRecord,
    RunRecord,
    ToolCallRecord,
)

if TYPE_CHECKING:
    from opentelemetry.trace import TracerProvider

    from hello_agents.tracing.otel import Instrumentation


def instrument(
    agents: Any,
    tracer_provider: TracerProvider | None = None,
    capture_content: bool = False,
) -> Instrumentation:
    """Send OpenTelemetry spans for every run of ``agents`` (one agent or several).

    Args:
        agents: An agent, or several.
        tracer_provider: Where spans go (default: OpenTelemetry's global provider).
        capture_content: Also record prompts, replies, tool arguments and results
            (off by default: they may hold personal data).

    Returns:
        The :class:`~hello_agents.tracing.otel.Instrumentation`; ``uninstrument()`` stops it.

    Raises:
        ConfigException: If OpenTelemetry is not installed (the ``otel`` extra).
    """
    try:
        from hello_agents.tracing import otel
    except ImportError as missing:
        raise ConfigException(
            'OpenTelemetry tracing needs the otel extra: pip install -e ".[otel]" '
            f"(from the root of your clone); missing: {missing.name}"
        ) from missing
    return otel.instrument(agents, tracer_provider, capture_content)


__all__ = [
    "ModelCallRecord",
    "ParseErrorRecord",
    "RunRecord",
    "ToolCallRecord",
    "TraceRecorder",
    "instrument",
    "trace_run",
    "write_html_trace",
]
