"""End to end: spans of a ReAct run, over OTLP/HTTP, into a real Arize Phoenix server.

Phoenix is a large install (``pip install arize-phoenix``: about 850 MB, 2 minutes
here), so it is not part of any extra: point ``HELLO_AGENTS_PHOENIX`` at its
``phoenix`` executable (or put it on PATH) to run this test; it skips otherwise.
The spans go through ``opentelemetry-exporter-otlp-proto-http``.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("opentelemetry.exporter.otlp.proto.http", reason="no OTLP/HTTP exporter")

from _tracing_runs import registry
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor

from hello_agents.agents.react_agent import ReActAgent
from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.testing import FakeOpenAIServer
from hello_agents.tracing import instrument

pytestmark = pytest.mark.integration


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.load(response)


@pytest.fixture
def phoenix(tmp_path: Path) -> Iterator[str]:
    executable = os.environ.get("HELLO_AGENTS_PHOENIX") or shutil.which("phoenix")
    if not executable:
        pytest.skip("no Phoenix: set HELLO_AGENTS_PHOENIX to its phoenix executable")
    port = free_port()
    environment = {
        **os.environ,
        "PHOENIX_WORKING_DIR": str(tmp_path),
        "PHOENIX_PORT": str(port),
        "PHOENIX_GRPC_PORT": str(free_port()),
        "PHOENIX_TELEMETRY_ENABLED": "false",
    }
    log = (tmp_path / "phoenix.log").open("w")
    server = subprocess.Popen([executable, "serve"], env=environment, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("Phoenix did not start: " + (tmp_path / "phoenix.log").read_text())
                time.sleep(0.5)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def test_a_react_run_reaches_phoenix_nested(phoenix: str) -> None:
    provider = TracerProvider(resource=Resource.create({"service.name": "hello-agents-test"}))
    provider.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(f"{phoenix}/v1/traces")))
    with FakeOpenAIServer() as server:
        server.add(
            'Thought: add them.\nAction: add[{"a": 2, "b": 3}]',
            "Thought: I have it.\nAction: Finish[5]",
        )
        llm = HelloAgentsLLM(base_url=server.base_url, api_key="sk-e2e-secret-123456", model="m")
        agent = ReActAgent("react", llm, registry())
        instrument(agent, tracer_provider=provider)
        assert agent.run("What is 2 + 3?") == "5"
        llm.close()
    provider.shutdown()
    spans: list[dict[str, Any]] = []
    deadline = time.monotonic() + 30
    while len(spans) < 4 and time.monotonic() < deadline:
        time.sleep(0.5)
        spans = get(f"{phoenix}/v1/projects/default/spans?limit=100")["data"]
    names = sorted(span["name"] for span in spans)
    assert names == ["chat m", "chat m", "execute_tool add", "invoke_agent react"]
    (run,) = [span for span in spans if span["name"] == "invoke_agent react"]
    run_id = run["context"]["span_id"]
    assert all(span["parent_id"] == run_id for span in spans if span is not run)
    chat = next(span for span in spans if span["name"] == "chat m")
    assert chat["attributes"]["gen_ai.operation.name"] == "chat"
    assert "sk-e2e-secret-123456" not in json.dumps(spans)


@pytest.mark.local_model
def test_a_react_run_on_the_embedded_model_reaches_phoenix(phoenix: str, tmp_path: Path) -> None:
    pytest.importorskip("xllamacpp", reason="the embedded model needs the local extra")
    from hello_agents import CalculatorTool, ToolRegistry
    from hello_agents.tracing import trace_run

    provider = TracerProvider(resource=Resource.create({"service.name": "hello-agents-test"}))
    provider.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(f"{phoenix}/v1/traces")))
    tools = ToolRegistry()
    tools.register_tool(CalculatorTool())
    llm = HelloAgentsLLM(provider="embedded")
    agent = ReActAgent("react", llm, tools)
    instrument(agent, tracer_provider=provider)
    with trace_run(agent) as recorder:
        agent.run("A shop sells pencils at 37 cents each. How many cents do 48 pencils cost?")
    provider.shutdown()
    recorder.write_html(tmp_path / "embedded.html")
    spans: list[dict[str, Any]] = []
    deadline = time.monotonic() + 30
    while not any(s["name"].startswith("invoke_agent") for s in spans):
        assert time.monotonic() < deadline, spans
        time.sleep(0.5)
        spans = get(f"{phoenix}/v1/projects/default/spans?limit=100")["data"]
    (run,) = [span for span in spans if span["name"] == "invoke_agent react"]
    chats = [span for span in spans if span["name"].startswith("chat ")]
    assert chats and all(span["parent_id"] == run["context"]["span_id"] for span in chats)
    assert all(span["attributes"]["gen_ai.usage.output_tokens"] > 0 for span in chats)
    assert len(recorder.runs) == 1 and recorder.runs[0].model_calls
