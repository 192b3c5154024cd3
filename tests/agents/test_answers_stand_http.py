"""Over HTTP, through the real ``openai`` SDK: answers stand by default, and the
small-model aids switch on by themselves only for a server that reports a small model."""

from __future__ import annotations

import pytest
from test_answers_stand import CORPUS, Case, tools

from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.agents.react_agent import ReActAgent
from hello_agents.agents.tool_support import SMALL_MODEL_MAX_PARAMETERS
from hello_agents.core.agent import Agent
from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.local.server_kind import forget_server_kinds, parameters_from_ollama
from hello_agents.testing import FakeOpenAIServer

# The runs a capable model makes where the agents used to step in.
TABLE = [
    "react-text-a-times-b",
    "react-text-comparison",
    "function_call-native-comparison",
    "function_call-json_schema-boolean-in-words",
    "function_call-json_schema-percentage",
    "function_call-json_schema-knowledge",
    "function_call-json_schema-context-number",
    "function_call-native-looks-like-a-call",
    "function_call-native-repeated-call",
    "function_call-native-parallel-receipts",
]
CASES = {case.id: case for case in CORPUS}


@pytest.fixture(autouse=True)
def fresh_probes() -> None:
    forget_server_kinds()


def agent_for(case: Case, llm: HelloAgentsLLM) -> Agent:
    if case.paradigm == "react":
        return ReActAgent("react", llm, tools())
    return FunctionCallAgent(
        "fc", llm, tool_registry=tools(), tool_call_strategy=case.strategy, max_tool_iterations=3
    )


@pytest.mark.parametrize("name", TABLE)
def test_the_answer_stands_over_http(name: str) -> None:
    case = CASES[name]
    with FakeOpenAIServer(case.script) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, model="capable", provider="local")
        agent = agent_for(case, llm)
        ran: list[object] = []
        agent.hooks.on("tool_start", ran.append)
        assert agent.run(case.question) == case.answer
        server.assert_all_used()
        assert len(server.chat_requests) == len(case.script)
    assert len(ran) == case.tool_calls
    assert agent.last_result.interventions == []  # type: ignore[attr-defined]


def test_a_llama_cpp_server_reporting_a_small_model_switches_the_aids_on() -> None:
    with FakeOpenAIServer(owned_by="llamacpp", parameters=1_777_088_000) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, model="fake-model", provider="local")
        decision = ReActAgent("r", llm, tools()).aids_decision()
    assert decision.enabled
    assert "1.78B parameters" in decision.reason


def test_a_large_or_silent_server_leaves_the_aids_off() -> None:
    with FakeOpenAIServer(owned_by="llamacpp", parameters=7_615_616_512) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, model="fake-model", provider="local")
        large = ReActAgent("r", llm, tools()).aids_decision()
    with FakeOpenAIServer() as server:
        llm = HelloAgentsLLM(base_url=server.base_url, model="fake-model", provider="local")
        silent = ReActAgent("r", llm, tools()).aids_decision()
    assert not large.enabled and "7.62B parameters" in large.reason
    assert not silent.enabled and "not known" in silent.reason


def test_the_aids_can_be_asked_for_and_refused_whatever_the_server() -> None:
    with FakeOpenAIServer(owned_by="llamacpp", parameters=1_000_000_000) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, model="fake-model", provider="local")
        assert not ReActAgent("r", llm, tools(), small_model_aids=False).aids_decision().enabled
    with FakeOpenAIServer() as server:
        llm = HelloAgentsLLM(base_url=server.base_url, model="fake-model", provider="local")
        assert ReActAgent("r", llm, tools(), small_model_aids=True).aids_decision().enabled


def test_the_size_ollama_reports_is_read() -> None:
    assert parameters_from_ollama({"model_info": {"general.parameter_count": 1543714304}}) == (
        1543714304
    )
    assert parameters_from_ollama({"details": {"parameter_size": "1.5B"}}) == 1_500_000_000
    assert parameters_from_ollama({"details": {"parameter_size": "500M"}}) == 500_000_000
    assert parameters_from_ollama({"details": {"parameter_size": "large"}}) is None
    assert parameters_from_ollama(None) is None
    assert SMALL_MODEL_MAX_PARAMETERS >= 1_777_088_000  # the embedded 1.5B is small
