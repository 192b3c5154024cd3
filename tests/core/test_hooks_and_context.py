"""Hooks, token counting and the context budget of the Agent base."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from hello_agents import Config, Message
from hello_agents.core import Agent
from hello_agents.core.agent import HookEvent, Hooks
from hello_agents.core.exceptions import AgentException, LLMRateLimitError
from hello_agents.core.tokens import TokenCounter
from hello_agents.testing import ScriptedLLM


class OneShot(Agent):
    def run(self, input_text: str, **kwargs: Any) -> str:
        answer = self.call_llm(self.build_messages(input_text)).content
        self.add_message(Message(input_text, "user"))
        self.add_message(Message(answer, "assistant"))
        return answer


def test_several_handlers_per_event_in_order() -> None:
    hooks, seen = Hooks(), []
    hooks.on("run_start", lambda event: seen.append(("a", event.data["input"])))
    hooks.on("run_start", lambda event: seen.append(("b", event.agent)))
    hooks.emit("run_start", "agent-1", input="hi")
    assert seen == [("a", "hi"), ("b", "agent-1")]


def test_failing_handler_is_logged_and_others_still_run(caplog: pytest.LogCaptureFixture) -> None:
    hooks, seen = Hooks(), []

    def broken(event: HookEvent) -> None:
        raise ValueError("bug in a tracer")

    hooks.on("llm_end", broken)
    hooks.on("llm_end", seen.append)
    with caplog.at_level(logging.ERROR):
        hooks.emit("llm_end", "x")
    assert len(seen) == 1 and "bug in a tracer" in caplog.text


def test_unknown_event_and_off() -> None:
    hooks, seen = Hooks(), []
    with pytest.raises(ValueError, match="unknown hook event"):
        hooks.on("llm_begin", seen.append)  # type: ignore[arg-type]
    hooks.on("tool_end", seen.append)
    hooks.off("tool_end", seen.append)
    hooks.emit("tool_end", "x")
    assert seen == []


def test_llm_hooks_carry_messages_response_and_errors() -> None:
    events: list[HookEvent] = []
    agent = OneShot("a", ScriptedLLM(["fine", LLMRateLimitError("slow down")]))
    for name in ("llm_start", "llm_end", "llm_error"):
        agent.hooks.on(name, events.append)  # type: ignore[arg-type]
    agent.run("q")
    with pytest.raises(LLMRateLimitError):
        agent.run("again")
    assert [e.name for e in events] == ["llm_start", "llm_end", "llm_start", "llm_error"]
    assert events[0].data["messages"][-1].content == "q"
    assert events[1].data["response"].content == "fine" and events[1].data["seconds"] >= 0
    assert isinstance(events[3].data["error"], LLMRateLimitError)


def test_token_counter_counts_text_messages_and_tools() -> None:
    counter = TokenCounter("gpt-4o-mini")
    assert counter.count_text("") == 0
    assert counter.count_text("hello world") >= 2
    one = counter.count_messages([{"role": "user", "content": "hello world"}])
    assert one == counter.count_text("hello world") + 4 + 3
    tool = {"type": "function", "function": {"name": "calc", "parameters": {"type": "object"}}}
    assert counter.count_tools([tool]) > 5


def test_estimate_is_used_without_a_vocabulary(monkeypatch: pytest.MonkeyPatch) -> None:
    import hello_agents.core.tokens as tokens

    monkeypatch.setattr(tokens, "_load_encoder", lambda model: None)
    counter = tokens.TokenCounter("any-model")
    assert not counter.exact
    assert counter.count_text("abcdefgh") == 2  # 8 bytes / 4
    assert counter.count_text("你好") == 2  # 6 bytes / 4, rounded up


def test_context_budget_drops_oldest_whole_turns() -> None:
    llm = ScriptedLLM([f"answer number {n}" for n in range(8)])
    agent = OneShot("a", llm, system_prompt="sys", config=Config(max_context_tokens=60))
    for n in range(8):
        agent.run(f"question number {n}")
    sent = llm.last_call.messages
    assert sent[0] == {"role": "system", "content": "sys"}
    assert sent[1]["role"] == "user"  # whole turns only
    assert sent[-1]["content"] == "question number 7"
    assert len(sent) < 1 + 2 * 7 + 1  # something was dropped
    assert agent.token_counter.count_messages(sent) <= 60


def test_newest_turn_alone_too_big_is_a_clear_error() -> None:
    agent = OneShot("a", ScriptedLLM(), config=Config(max_context_tokens=20))
    with pytest.raises(AgentException, match="newest turn alone needs about"):
        agent.run("word " * 100)


def test_tool_schemas_count_against_the_budget() -> None:
    agent = OneShot("a", ScriptedLLM(), config=Config(max_context_tokens=40))
    tools = [{"type": "function", "function": {"name": "x" * 200}}]
    with pytest.raises(AgentException):
        agent.fit_context([Message("hi", "user")], tools=tools)
    assert [m.content for m in agent.fit_context([Message("hi", "user")])] == ["hi"]
