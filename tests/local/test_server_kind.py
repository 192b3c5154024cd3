"""Which server answers at a base URL, and the tool-call strategy that follows from it.

Each stand-in server answers the discovery routes the way the real one does
(llama.cpp, vLLM, Ollama, LM Studio); no network, no model.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest

from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.core.config import Config
from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.local import server_kind as kinds
from hello_agents.testing import FakeOpenAIServer, ScriptedLLM
from hello_agents.tools.registry import ToolRegistry

LLAMA_MODELS = {"object": "list", "data": [{"id": "m", "object": "model", "owned_by": "llamacpp"}]}
PLAIN_MODELS = {"object": "list", "data": [{"id": "m", "object": "model"}]}
ROUTES: dict[str, dict[str, Any]] = {
    "llama.cpp": {"/v1/models": LLAMA_MODELS},
    "llama.cpp-header": {"/v1/models": PLAIN_MODELS, "server": "llama.cpp"},
    "vllm": {"/v1/models": {"data": [{"id": "m", "owned_by": "vllm", "max_model_len": 4096}]}},
    "ollama": {
        "/v1/models": {"data": [{"id": "qwen2.5:1.5b", "owned_by": "library"}]},
        "/api/version": {"version": "0.12.3"},
    },
    "lmstudio": {
        "/v1/models": {"data": [{"id": "m", "owned_by": "organization_owner"}]},
        "/api/v0/models": {"data": [{"id": "m", "state": "loaded", "publisher": "qwen"}]},
    },
    "unknown": {"/v1/models": PLAIN_MODELS},
}


class StandIn(BaseHTTPRequestHandler):
    routes: ClassVar[dict[str, Any]] = {}
    seen: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        self.seen.append(self.path)
        body = self.routes.get(self.path)
        data = json.dumps(body if body is not None else {"error": "not found"}).encode()
        self.send_response(200 if body is not None else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def version_string(self) -> str:
        return str(self.routes.get("server", "BaseHTTP"))

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(routes: dict[str, Any]) -> tuple[ThreadingHTTPServer, list[str]]:
    seen: ClassVar[list[str]] = []
    handler = type("Handler", (StandIn,), {"routes": routes, "seen": seen})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, seen


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    kinds.forget_server_kinds()
    yield
    kinds.forget_server_kinds()


@pytest.mark.parametrize(
    ("server", "expected"),
    [
        ("llama.cpp", "llama.cpp"),
        ("llama.cpp-header", "llama.cpp"),
        ("vllm", "vllm"),
        ("ollama", "ollama"),
        ("lmstudio", "lmstudio"),
        ("unknown", None),
    ],
)
def test_each_server_kind_is_recognised(server: str, expected: str | None) -> None:
    httpd, _ = serve(ROUTES[server])
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
        assert kinds.server_kind(url) == expected
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_server_is_asked_once_and_the_answer_cached() -> None:
    httpd, seen = serve(ROUTES["ollama"])
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
        assert [kinds.server_kind(url) for _ in range(3)] == ["ollama"] * 3
        assert seen == ["/v1/models", "/api/version"]
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_an_unreachable_server_is_none_and_asked_again_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    httpd, _ = serve(ROUTES["llama.cpp"])
    port = httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()
    url = f"http://127.0.0.1:{port}/v1"
    assert kinds.server_kind(url) is None
    monkeypatch.setattr(kinds, "RETRY_UNREACHABLE_S", 0.0)
    handler = type("Handler", (StandIn,), {"routes": ROUTES["llama.cpp"], "seen": []})
    again = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=again.serve_forever, daemon=True).start()
    try:
        assert kinds.server_kind(url) == "llama.cpp"
    finally:
        again.shutdown()
        again.server_close()


def test_the_key_goes_with_the_probe_to_the_same_server() -> None:
    with FakeOpenAIServer(api_key="sk-local-secret") as server:
        assert kinds.server_kind(server.base_url, "sk-local-secret") is None
        models = [r for r in server.requests if r.path.endswith("/models")]
        assert models and models[0].headers["authorization"] == "Bearer sk-local-secret"


def add(a: int, b: int) -> int:
    """Add two integers.

    Args:
        a: The first number.
        b: The second number.
    """
    return a + b


def registry() -> ToolRegistry:
    tools = ToolRegistry()
    tools.tool(add)
    return tools


def test_auto_picks_json_schema_for_a_detected_local_server() -> None:
    script = ['{"name": "add", "arguments": {"a": 2, "b": 2}}', '{"answer": "4"}']
    with FakeOpenAIServer(script) as server:
        kinds.remember_server_kind(server.base_url, "llama.cpp")
        llm = HelloAgentsLLM(base_url=server.base_url, model="tiny", provider="local")
        agent = FunctionCallAgent("local", llm, tool_registry=registry(), config=Config())
        assert agent.strategy.name == "json_schema"
        assert agent.run("2+2") == "4"
        llm.close()
    first = server.chat_requests[0].body
    assert first["response_format"]["type"] == "json_schema" and "tools" not in first


def test_auto_falls_back_to_the_provider_when_the_server_is_unknown() -> None:
    with FakeOpenAIServer() as server:
        llm = HelloAgentsLLM(base_url=server.base_url, model="tiny", provider="local")
        agent = FunctionCallAgent("local", llm, tool_registry=registry())
        assert agent.strategy.name == "content"
        llm.close()


def test_a_cloud_provider_is_never_probed_and_gets_native_calls() -> None:
    llm = HelloAgentsLLM(provider="openai", api_key="sk-test", model="gpt-4o-mini")
    assert llm.server_kind() is None
    assert FunctionCallAgent("cloud", llm, tool_registry=registry()).strategy.name == "native"


def test_the_setting_overrides_detection() -> None:
    with FakeOpenAIServer() as server:
        kinds.remember_server_kind(server.base_url, "llama.cpp")
        llm = HelloAgentsLLM(base_url=server.base_url, model="tiny", provider="local")
        agent = FunctionCallAgent(
            "local", llm, tool_registry=registry(), tool_call_strategy="content"
        )
        assert agent.strategy.name == "content"
        assert not [r for r in server.requests if r.method == "GET"]  # not even probed
        llm.close()


def test_a_scripted_model_knows_no_server() -> None:
    agent = FunctionCallAgent("s", ScriptedLLM(["hi"]), tool_registry=registry())
    assert agent.strategy.name == "native"
