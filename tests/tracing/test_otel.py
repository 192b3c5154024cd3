"""OpenTelemetry spans of runs, checked with the SDK's in-memory exporter."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("opentelemetry.sdk", reason="the otel extra is not installed")

from _tracing_runs import SECRET, function_agent, react_agent
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import (
    InMemorySpanExporter,
)
from opentelemetry.trace import StatusCode

from hello_agents.agents.react_agent import ReActAgent
from hello_agents.core.exceptions import LLMTimeoutError
from hello_agents.testing import ScriptedLLM
from hello_agents.tools.registry import ToolRegistry
from hello_agents.tracing import instrument


@pytest.fixture
def spans() -> Iterator[tuple[TracerProvider, InMemorySpanExporter]]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    yield provider, exporter
    provider.shutdown()


def by_name(finished: tuple[ReadableSpan, ...], prefix: str) -> list[ReadableSpan]:
    return [span for span in finished if span.name.startswith(prefix)]


def parent_of(span: ReadableSpan) -> int | None:
    return span.parent.span_id if span.parent is not None else None


def every_value(finished: tuple[ReadableSpan, ...]) -> str:
    texts: list[str] = []
    for span in finished:
        texts += [str(value) for value in (span.attributes or {}).values()]
        for event in span.events:
            texts += [str(value) for value in (event.attributes or {}).values()]
        texts.append(str(span.status.description))
    return "\n".join(texts)


def test_a_react_run_gives_nested_genai_spans(spans: Any) -> None:
    provider, exporter = spans
    agent = react_agent()
    instrumentation = instrument(agent, tracer_provider=provider)
    agent.run("What is 2 + 3?")
    finished = exporter.get_finished_spans()
    (run,) = by_name(finished, "invoke_agent")
    chats = by_name(finished, "chat ")
    (tool,) = by_name(finished, "execute_tool")
    assert run.name == "invoke_agent react" and len(chats) == 3
    assert all(parent_of(span) == run.context.span_id for span in [*chats, tool])
    assert {span.context.trace_id for span in finished} == {run.context.trace_id}
    chat = chats[1].attributes or {}
    assert chats[1].name == "chat scripted-model"
    assert chat["gen_ai.operation.name"] == "chat"
    assert chat["gen_ai.request.model"] == "scripted-model"
    assert chat["gen_ai.provider.name"] == "scripted"
    assert (chat["gen_ai.usage.input_tokens"], chat["gen_ai.usage.output_tokens"]) == (40, 12)
    assert chat["gen_ai.response.finish_reasons"] == ("stop",)
    assert float(chat["hello_agents.llm.seconds"]) >= 0  # type: ignore[arg-type]
    attributes = tool.attributes or {}
    assert attributes["gen_ai.operation.name"] == "execute_tool"
    assert attributes["gen_ai.tool.name"] == "add"
    assert attributes["hello_agents.tool.result_size"] == 1
    assert tool.start_time is not None and chats[1].end_time is not None
    assert chats[1].end_time <= tool.start_time
    (event,) = run.events
    assert event.name == "parse_error"
    assert (run.attributes or {})["hello_agents.stopped_reason"] == "answered"
    # no content by default, and never the key
    values = every_value(finished)
    assert "What is 2 + 3?" not in values and "gen_ai.input.messages" not in str(chat)
    assert SECRET not in values
    instrumentation.uninstrument()
    agent.llm.add("Action: Finish[again]")  # type: ignore[attr-defined]
    agent.run("again")
    assert len(exporter.get_finished_spans()) == len(finished)


def test_capture_content_records_text_with_secrets_masked(spans: Any) -> None:
    provider, exporter = spans
    agent = react_agent()
    instrument(agent, tracer_provider=provider, capture_content=True)
    agent.run("What is 2 + 3?")
    finished = exporter.get_finished_spans()
    chats = by_name(finished, "chat ")
    assert "What is 2 + 3?" in str((chats[0].attributes or {})["gen_ai.input.messages"])
    assert "Action: add" in str((chats[1].attributes or {})["gen_ai.output.messages"])
    (tool,) = by_name(finished, "execute_tool")
    assert (tool.attributes or {})["gen_ai.tool.call.result"] == "5"
    values = every_value(finished)
    assert SECRET not in values and "key=***" in values


def test_parallel_tool_calls_each_get_a_span_under_the_run(spans: Any) -> None:
    provider, exporter = spans
    agent = function_agent()
    instrument(agent, tracer_provider=provider)
    agent.run("double 1 and 2")
    finished = exporter.get_finished_spans()
    (run,) = by_name(finished, "invoke_agent")
    tools = sorted(by_name(finished, "execute_tool"), key=lambda s: str(s.attributes))
    ids = sorted(str((span.attributes or {})["gen_ai.tool.call.id"]) for span in tools)
    assert ids == ["call_a", "call_b", "call_c"]
    assert all(parent_of(span) == run.context.span_id for span in tools)
    failed = next(s for s in tools if (s.attributes or {}).get("gen_ai.tool.name") == "add")
    assert (failed.attributes or {})["error.type"] == "invalid_arguments"
    assert failed.status.status_code is StatusCode.ERROR
    slow = [s for s in tools if s is not failed]
    assert slow[0].start_time is not None and slow[1].end_time is not None
    assert slow[1].start_time < slow[0].end_time and slow[0].start_time < slow[1].end_time  # type: ignore[operator]


def answer_after_adding(body: dict[str, Any]) -> str:
    """The model of a run: add first, finish once the observation is in."""
    if "Observation: 3" in body["messages"][-1]["content"]:
        return "Action: Finish[3]"
    return 'Action: add[{"a": 1, "b": 2}]'


def test_two_concurrent_async_runs_get_their_own_traces(spans: Any) -> None:
    provider, exporter = spans
    agent = ReActAgent(
        "react",
        ScriptedLLM([answer_after_adding] * 4),
        react_agent().tool_registry,
    )
    instrument(agent, tracer_provider=provider)

    async def both() -> list[str]:
        return list(await asyncio.gather(agent.arun("one"), agent.arun("two")))

    assert asyncio.run(both()) == ["3", "3"]
    finished = exporter.get_finished_spans()
    runs = by_name(finished, "invoke_agent")
    assert len(runs) == 2 and runs[0].context.trace_id != runs[1].context.trace_id
    for run in runs:
        inside = [s for s in finished if parent_of(s) == run.context.span_id]
        assert sorted(s.name.split()[0] for s in inside) == ["chat", "chat", "execute_tool"]
        assert all(s.context.trace_id == run.context.trace_id for s in inside)


def test_a_streamed_run_nests_the_same_way(spans: Any) -> None:
    provider, exporter = spans
    agent = function_agent()
    instrument(agent, tracer_provider=provider)
    assert "".join(agent.stream_run("double 1 and 2")).startswith("Done")
    finished = exporter.get_finished_spans()
    (run,) = by_name(finished, "invoke_agent")
    others = [s for s in finished if s is not run]
    assert len(others) == 5 and all(parent_of(s) == run.context.span_id for s in others)
    last_chat = by_name(finished, "chat")[-1]
    assert (last_chat.attributes or {})["gen_ai.usage.output_tokens"] == 7


def test_a_failed_model_call_is_an_error_span(spans: Any) -> None:
    provider, exporter = spans
    agent = ReActAgent("react", ScriptedLLM([LLMTimeoutError("no answer in 30 s")]), ToolRegistry())
    instrument(agent, tracer_provider=provider)
    with pytest.raises(LLMTimeoutError):
        agent.run("hi")
    (chat,) = by_name(exporter.get_finished_spans(), "chat")
    assert chat.status.status_code is StatusCode.ERROR
    assert (chat.attributes or {})["error.type"] == "LLMTimeoutError"
    assert chat.events[0].name == "exception"


def test_a_run_inside_a_tool_nests_under_that_tool_call(spans: Any) -> None:
    provider, exporter = spans
    inner = ReActAgent("inner", ScriptedLLM(["Action: Finish[deep]"]), ToolRegistry())
    registry = ToolRegistry()

    @registry.tool
    def ask_inner(question: str) -> str:
        """Ask the inner agent.

        Args:
            question: The question.
        """
        return inner.run(question)

    llm = ScriptedLLM(['Action: ask_inner[{"question": "q"}]', "Action: Finish[done]"])
    outer = ReActAgent("outer", llm, registry)
    instrument([outer, inner], tracer_provider=provider)
    outer.run("go")
    finished = exporter.get_finished_spans()
    (tool,) = by_name(finished, "execute_tool ask_inner")
    (inner_run,) = by_name(finished, "invoke_agent inner")
    assert parent_of(inner_run) == tool.context.span_id


def test_a_model_known_only_from_the_reply_names_the_span(spans: Any) -> None:
    provider, exporter = spans
    llm = ScriptedLLM()
    llm.model = ""  # as the embedded server's client before its server starts

    def start_then_answer(body: dict[str, Any]) -> str:
        llm.model = "late-model"  # the server started: now the model is known
        return "Action: Finish[ok]"

    llm.add(start_then_answer)
    agent = ReActAgent("react", llm, ToolRegistry())
    instrument(agent, tracer_provider=provider)
    agent.run("hi")
    (chat,) = by_name(exporter.get_finished_spans(), "chat")
    assert chat.name == "chat late-model"
    assert "gen_ai.request.model" not in (chat.attributes or {})
