"""The Agent base class: history bounds, message building, Config passed to the model."""

from __future__ import annotations

from typing import Any

import pytest

from hello_agents import Config, Message
from hello_agents.core import Agent
from hello_agents.testing import ScriptedLLM


class EchoAgent(Agent):
    """The smallest useful agent: one model call per turn, history kept."""

    def run(self, input_text: str, **kwargs: Any) -> str:
        answer = self.llm.invoke(self.build_messages(input_text), **self.llm_options())
        self.add_message(Message(input_text, "user"))
        self.add_message(Message(answer, "assistant"))
        return answer


def test_agent_is_abstract() -> None:
    with pytest.raises(TypeError):
        Agent("x", ScriptedLLM())  # type: ignore[abstract]


def test_system_prompt_and_history_reach_the_model() -> None:
    llm = ScriptedLLM(["first", "second"])
    agent = EchoAgent("echo", llm, system_prompt="Be brief.")
    agent.run("one")
    agent.run("two")
    assert llm.last_call.messages == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "one"},
        {"role": "assistant", "content": "first"},
        {"role": "user", "content": "two"},
    ]
    llm.assert_all_used()


def test_history_is_bounded_by_whole_turns() -> None:
    llm = ScriptedLLM([f"answer {n}" for n in range(10)])
    agent = EchoAgent("echo", llm, config=Config(max_history_length=5))
    for n in range(10):
        agent.run(f"question {n}")
    history = agent.get_history()
    assert len(history) <= 5
    assert history[0].role == "user"
    assert history[-1].content == "answer 9"
    assert len(llm.last_call.messages) <= 6  # bounded history + the new question


def test_zero_history_keeps_nothing() -> None:
    agent = EchoAgent("echo", ScriptedLLM(["a"]), config=Config(max_history_length=0))
    agent.run("q")
    assert agent.get_history() == []


def test_get_history_is_a_copy_and_clear_empties() -> None:
    agent = EchoAgent("echo", ScriptedLLM(["a"]))
    agent.run("q")
    agent.get_history().clear()
    assert len(agent.get_history()) == 2
    agent.clear_history()
    assert agent.get_history() == []


def test_explicit_config_values_are_sent_to_the_model() -> None:
    llm = ScriptedLLM(["a", "b"], temperature=0.7)
    EchoAgent("echo", llm, config=Config(temperature=0.0, max_tokens=30)).run("q")
    assert (llm.last_call.request["temperature"], llm.last_call.request["max_tokens"]) == (0.0, 30)
    EchoAgent("echo", llm, config=Config()).run("q")
    assert llm.last_call.request["temperature"] == 0.7  # the LLM's own default
    assert "max_tokens" not in llm.last_call.request


def test_env_config_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAX_HISTORY_LENGTH", "3")
    assert EchoAgent("echo", ScriptedLLM()).config.max_history_length == 3


@pytest.mark.anyio
async def test_arun_runs_the_sync_loop() -> None:
    agent = EchoAgent("echo", ScriptedLLM(["async"]))
    assert await agent.arun("q") == "async"


def test_str_names_agent_and_provider() -> None:
    assert str(EchoAgent("bob", ScriptedLLM())) == "EchoAgent(name='bob', provider='scripted')"
