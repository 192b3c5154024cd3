"""FunctionCallAgent: native tool calls, content tool calls, streaming, async, robustness."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
import threading
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from hello_agents.agents.aids import Attempt, Check, SmallModelAids, UnusedQuantities, Verdict
from hello_agents.agents.function_call_agent import (
    EMPTY_ANSWER,
    FunctionCallAgent,
)
from hello_agents.agents.tool_call_strategies import (
    FINAL_ANSWER_PREFILL,
    NEXT_STEP_HINT,
    ContentFallbackToolCalls,
    ForcedToolCalls,
    JsonSchemaToolCalls,
    ModelTurn,
    NativeToolCalls,
    reply_schema,
)
from hello_agents.core.agent import HookEvent
from hello_agents.core.config import Config
from hello_agents.core.exceptions import AgentException
from hello_agents.core.llm import HelloAgentsLLM
from hello_agents.core.message import Message, ToolCall
from hello_agents.testing import (
    FakeOpenAIServer,
    ScriptedLLM,
    ScriptedReply,
    reply,
    tool_call,
    tool_calls,
)
from hello_agents.tools.base import ToolResult
from hello_agents.tools.registry import ToolRegistry

# ---- fixtures ---------------------------------------------------------------------------


def make_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def add(a: int, b: int) -> int:
        """Add two integers.

        Args:
            a: The first number.
            b: The second number.
        """
        return a + b

    @registry.tool
    def echo(text: str) -> str:
        """Repeat a text.

        Args:
            text: What to repeat.
        """
        return text

    return registry


class Point(BaseModel):
    """A point on a grid."""

    x: int
    y: int


def make_agent(llm: ScriptedLLM, **options: Any) -> FunctionCallAgent:
    options.setdefault("tool_registry", make_registry())
    options.setdefault("config", Config())
    return FunctionCallAgent("calc", llm, **options)


def assert_well_formed(messages: list[dict[str, Any]]) -> None:
    """Each assistant tool call is answered by exactly one tool message, in order."""
    for position, message in enumerate(messages):
        if message["role"] != "assistant" or not message.get("tool_calls"):
            continue
        ids = [call["id"] for call in message["tool_calls"]]
        assert all(ids) and len(set(ids)) == len(ids), ids
        following = messages[position + 1 : position + 1 + len(ids)]
        assert [m["role"] for m in following] == ["tool"] * len(ids)
        assert [m["tool_call_id"] for m in following] == ids
    counts = Counter(m["tool_call_id"] for m in messages if m["role"] == "tool")
    assert all(count == 1 for count in counts.values()), counts


def tool_messages(llm: ScriptedLLM, call: int = -1) -> list[dict[str, Any]]:
    return [m for m in llm.calls[call].messages if m["role"] == "tool"]


# ---- the native loop --------------------------------------------------------------------


def test_happy_path_one_tool_round_then_the_answer() -> None:
    with ScriptedLLM([tool_calls(tool_call("add", {"a": 2, "b": 3}, id="c1")), "2+3=5"]) as llm:
        agent = make_agent(llm)
        assert agent.run("What is 2+3?") == "2+3=5"
    first, second = llm.calls
    assert [tool["function"]["name"] for tool in first.request["tools"]] == ["add", "echo"]
    assert first.request["tool_choice"] == "auto"
    assert second.messages[-2]["tool_calls"][0]["id"] == "c1"
    assert second.messages[-1] == {"role": "tool", "content": "5", "tool_call_id": "c1"}
    assert [(r.calls[0].name, r.results[0].content) for r in agent.last_rounds] == [("add", "5")]


def test_several_sync_calls_run_concurrently() -> None:
    barrier = threading.Barrier(2, timeout=10)  # both calls must be running at once
    registry = ToolRegistry()

    @registry.tool
    def meet(who: str) -> str:
        """Wait for the other call, then greet.

        Args:
            who: A name.
        """
        barrier.wait()
        return f"met {who}"

    script = [tool_calls(tool_call("meet", {"who": "A"}), tool_call("meet", {"who": "B"})), "ok"]
    with ScriptedLLM(script) as llm:
        make_agent(llm, tool_registry=registry).run("meet both")
    assert [m["content"] for m in tool_messages(llm)] == ["met A", "met B"]


@pytest.mark.anyio
async def test_several_async_calls_run_concurrently_and_keep_their_order() -> None:
    first_done, second_done = asyncio.Event(), asyncio.Event()
    registry = ToolRegistry()

    @registry.tool
    async def first() -> str:
        """Finish only after the second call has finished."""
        await asyncio.wait_for(second_done.wait(), timeout=10)
        first_done.set()
        return "first"

    @registry.tool
    async def second() -> str:
        """Finish at once."""
        second_done.set()
        return "second"

    script = [tool_calls(tool_call("first", id="a"), tool_call("second", id="b")), "done"]
    with ScriptedLLM(script) as llm:
        answer = await make_agent(llm, tool_registry=registry).arun("go")
    assert answer == "done"
    assert first_done.is_set()
    assert [(m["tool_call_id"], m["content"]) for m in tool_messages(llm)] == [
        ("a", "first"),
        ("b", "second"),
    ]


def test_one_tool_message_per_call_in_the_calls_order() -> None:
    calls = [tool_call("echo", {"text": str(n)}, id=f"id{n}") for n in range(4)]
    with ScriptedLLM([tool_calls(*calls), "ok"]) as llm:
        make_agent(llm).run("echo")
    messages = llm.calls[-1].messages
    assert_well_formed(messages)
    assert [m["content"] for m in tool_messages(llm)] == ["0", "1", "2", "3"]


def test_invalid_json_arguments_come_back_as_an_error_and_the_model_repairs() -> None:
    script = [
        tool_calls(tool_call("add", '{"a": 2, "b": ', id="bad")),
        tool_calls(tool_call("add", {"a": 2, "b": 2}, id="good")),
        "4",
    ]
    with ScriptedLLM(script) as llm:
        assert make_agent(llm).run("2+2") == "4"
    error = tool_messages(llm, 1)[0]["content"]
    assert "invalid JSON" in error and "add(a: integer, b: integer)" in error
    assert tool_messages(llm)[-1]["content"] == "4"


def test_schema_violations_are_named_for_the_model() -> None:
    script = [tool_calls(tool_call("add", {"a": "two", "b": 2, "c": 1})), "sorry"]
    with ScriptedLLM(script) as llm:
        make_agent(llm).run("add")
    error = tool_messages(llm)[0]["content"]
    assert "Invalid arguments for tool 'add'" in error
    assert "- a: " in error and "- c: unknown field" in error


def test_an_unknown_tool_gets_an_error_listing_the_tools() -> None:
    with ScriptedLLM([tool_calls(tool_call("multiply", {"a": 1})), "no tool"]) as llm:
        make_agent(llm).run("multiply")
    assert "multiply" in tool_messages(llm)[0]["content"]
    assert "add, echo" in tool_messages(llm)[0]["content"]


def test_empty_and_duplicate_call_ids_are_replaced_by_unique_ones() -> None:
    script = [
        tool_calls(
            ToolCall(id="", name="echo", arguments='{"text": "a"}'),
            ToolCall(id="same", name="echo", arguments='{"text": "b"}'),
            ToolCall(id="same", name="echo", arguments='{"text": "c"}'),
        ),
        tool_calls(ToolCall(id="same", name="echo", arguments='{"text": "d"}')),
        "done",
    ]
    with ScriptedLLM(script) as llm:
        make_agent(llm).run("echo")
    messages = llm.calls[-1].messages
    assert_well_formed(messages)
    ids = [m["tool_call_id"] for m in messages if m["role"] == "tool"]
    assert len(set(ids)) == 4 and ids[1] == "same"
    assert [m["content"] for m in messages if m["role"] == "tool"] == ["a", "b", "c", "d"]


def test_the_iteration_limit_ends_with_one_call_with_tool_choice_none() -> None:
    looping = [tool_calls(tool_call("echo", {"text": str(n)})) for n in range(2)]
    with ScriptedLLM([*looping, "final answer: 1"]) as llm:
        assert make_agent(llm, max_tool_iterations=2).run("loop") == "final answer: 1"
    final = llm.calls[-1].request
    assert final["tool_choice"] == "none"
    assert [tool["function"]["name"] for tool in final["tools"]] == ["add", "echo"]


def test_a_final_reply_that_still_calls_tools_is_explained_not_leaked() -> None:
    script = [
        tool_calls(tool_call("echo", {"text": "x"})),
        tool_calls(tool_call("echo", {"text": "y"})),
    ]
    with ScriptedLLM(script) as llm:
        answer = make_agent(llm, max_tool_iterations=1).run("loop")
    assert answer.startswith("No final answer after 1 tool round(s)")
    assert "echo" in answer and "Last tool result: x" in answer


FINAL_WITH_A_CALL = 'The echo said x.\n{"name": "echo", "arguments": {"text": "again"}}'


def test_a_final_reply_with_json_call_text_is_stripped_where_calls_are_text() -> None:
    script = ['{"name": "echo", "arguments": {"text": "x"}}', FINAL_WITH_A_CALL]
    with ScriptedLLM(script) as llm:
        answer = make_agent(llm, max_tool_iterations=1, tool_call_strategy="content").run("go")
    assert answer == "The echo said x."


@pytest.mark.parametrize(
    "final",
    [
        FINAL_WITH_A_CALL,
        'The call was {"name": "echo", "arguments": {"text": "x"}} and it said x.',
        '{"answer": "x"}',
        '{"name": "final_answer", "arguments": {"answer": "x"}}',
    ],
)
def test_with_native_calls_the_final_reply_stands_as_written(final: str) -> None:
    script = [tool_calls(tool_call("echo", {"text": "x"})), final]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, max_tool_iterations=1, tool_call_strategy="native")
        assert agent.run("go") == final
    assert agent.last_result is not None
    assert agent.last_result.stopped_reason == "max_tool_iterations"


def test_zero_iterations_goes_straight_to_the_final_call() -> None:
    with ScriptedLLM(["plain"]) as llm:
        assert make_agent(llm, max_tool_iterations=0).run("hi") == "plain"
    assert llm.calls[0].request["tool_choice"] == "none"


def test_a_repeated_call_is_not_run_again_the_model_is_asked_for_the_answer() -> None:
    script = [
        tool_calls(tool_call("add", {"a": 1, "b": 2})),
        tool_calls(tool_call("add", '{"b": 2, "a": 1}')),  # the same call again
        "It is 3.",
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, small_model_aids=True)
        assert agent.run("1+2") == "It is 3."
    assert llm.calls[-1].request["tool_choice"] == "none"
    assert len(tool_messages(llm)) == 1
    assert len(agent.last_rounds) == 1
    assert agent.last_result is not None
    assert agent.last_result.stopped_reason == "repeated_calls"
    [skipped] = agent.last_result.interventions
    assert (skipped.check, skipped.action) == ("repeated_calls", "skipped_call")


def test_repeated_calls_run_by_default() -> None:
    script = [tool_calls(tool_call("echo", {"text": "x"})) for _ in range(2)] + ["done"]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm)
        assert agent.run("echo") == "done"
    assert len(tool_messages(llm)) == 2
    assert llm.calls[-1].request["tool_choice"] == "auto"
    assert agent.last_result is not None and agent.last_result.stopped_reason == "answered"


def test_stream_run_also_stops_a_repeated_call() -> None:
    call = '{"name": "add", "arguments": {"a": 1, "b": 2}}'
    with ScriptedLLM([call, call, reply("Three.", chunks=["Three", "."])]) as llm:
        agent = make_agent(llm, tool_call_strategy="content", small_model_aids=True)
        chunks = list(agent.stream_run("1+2"))
    assert chunks == ["Three", "."]
    assert len(tool_messages(llm)) == 1
    assert "tools" not in llm.calls[-1].request  # content strategy: the final call offers none


# ---- options ----------------------------------------------------------------------------


def test_run_options_max_iterations_tool_choice_and_model_parameters() -> None:
    script = [tool_calls(tool_call("echo", {"text": "x"})), "forced answer"]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm)
        answer = agent.run(
            "hi", max_tool_iterations=1, tool_choice="echo", temperature=0.1, verbose=True
        )
    assert answer == "forced answer"
    first, final = llm.calls
    assert first.request["tool_choice"] == {"type": "function", "function": {"name": "echo"}}
    assert first.request["temperature"] == 0.1
    assert "verbose" not in first.request
    assert final.request["tool_choice"] == "none"


def test_a_forced_choice_applies_to_the_first_call_only() -> None:
    script = [tool_calls(tool_call("echo", {"text": "x"})), "done"]
    with ScriptedLLM(script) as llm:
        make_agent(llm, default_tool_choice="required").run("hi")
    assert [call.request["tool_choice"] for call in llm.calls] == ["required", "auto"]


def test_bad_settings_are_developer_errors() -> None:
    llm = ScriptedLLM()
    with pytest.raises(AgentException, match="max_tool_iterations"):
        make_agent(llm, max_tool_iterations=-1)
    with pytest.raises(AgentException, match="tool_choice"):
        make_agent(llm, default_tool_choice={"type": "function"})
    with pytest.raises(AgentException, match="tool_call_strategy"):
        make_agent(llm, tool_call_strategy="telepathy")
    with pytest.raises(AgentException, match="not registered"):
        make_agent(llm).run("hi", tool_choice="multiply")


def test_custom_prompts_merge_with_the_defaults_and_are_checked() -> None:
    script = ['<tool_call>{"name": "add", "arguments": </tool_call>', "ok"]
    with ScriptedLLM(script) as llm:
        agent = make_agent(
            llm, tool_call_strategy="content", custom_prompts={"parse_error": "Bad call: {problem}"}
        )
        agent.run("go")
    assert llm.calls[1].messages[-1]["content"].startswith("Bad call: the tool call is not valid")
    assert agent.prompts["no_final_answer"].startswith("No final answer")
    with pytest.raises(AgentException, match="problem"):
        make_agent(llm, custom_prompts={"parse_error": "Bad call."})
    with pytest.raises(AgentException, match="unknown prompt"):
        make_agent(llm, custom_prompts={"system": "x"})


def test_without_tools_it_is_a_plain_chat_agent() -> None:
    with ScriptedLLM(["hello", "hi again"]) as llm:
        assert make_agent(llm, enable_tool_calling=False).run("hi") == "hello"
        assert make_agent(llm, tool_registry=ToolRegistry()).run("hi") == "hi again"
    assert all("tools" not in call.request for call in llm.calls)


def test_the_system_prompt_reaches_the_model() -> None:
    with ScriptedLLM(["a", "b"]) as llm:
        make_agent(llm, system_prompt="Answer in French.").run("hi")
        make_agent(llm).run("hi")
    assert llm.calls[0].system_prompt == "Answer in French."
    assert llm.calls[1].system_prompt is not None and "tools" in llm.calls[1].system_prompt


def test_history_keeps_input_and_answer_within_the_configured_bound() -> None:
    script: list[Any] = []
    for n in range(3):
        script += [tool_calls(tool_call("echo", {"text": str(n)})), f"answer {n}"]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, config=Config(max_history_length=4))
        for n in range(3):
            agent.run(f"question {n}")
    history = agent.get_history()
    assert [(m.role, m.content) for m in history] == [
        ("user", "question 1"),
        ("assistant", "answer 1"),
        ("user", "question 2"),
        ("assistant", "answer 2"),
    ]
    sent = llm.calls[-2].messages  # the third run's first request
    assert [m["content"] for m in sent[1:]] == [
        "question 0",
        "answer 0",
        "question 1",
        "answer 1",
        "question 2",
    ]


def test_hooks_see_the_run_the_tools_and_parse_errors() -> None:
    events: list[HookEvent] = []
    script = [
        "<tool_call>{'name': 'echo', 'arguments': {'text': </tool_call>",
        tool_calls(tool_call("echo", {"text": "x"})),
        "done",
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_call_strategy="content")
        for name in ("run_start", "run_end", "tool_start", "tool_end", "parse_error", "llm_end"):
            agent.hooks.on(name, events.append)  # type: ignore[arg-type]
        agent.run("go")
    names = [event.name for event in events]
    assert names == [
        "run_start",
        "llm_end",
        "parse_error",
        "llm_end",
        "tool_start",
        "tool_end",
        "llm_end",
        "run_end",
    ]
    assert events[0].data["input"] == "go"
    assert events[-1].data["output"] == "done"
    assert len(events[-1].data["steps"]) == 1
    assert "not valid JSON" in events[2].data["error"]
    assert "could not be used" in llm.calls[1].messages[-1]["content"]


# ---- tool calls written as text ---------------------------------------------------------


def test_a_json_tool_call_in_content_is_executed_and_recorded_as_a_real_call() -> None:
    script = [
        'Let me add.\n```json\n{"name": "add", "arguments": {"a": 20, "b": 22}}\n```',
        "The sum is 42.",
    ]
    with ScriptedLLM(script) as llm:
        assert make_agent(llm, tool_call_strategy="content").run("20+22") == "The sum is 42."
    assistant, tool = llm.calls[1].messages[-2:]
    assert assistant["content"] == "Let me add."
    assert assistant["tool_calls"][0]["function"] == {
        "name": "add",
        "arguments": '{"a": 20, "b": 22}',
    }
    assert tool == {
        "role": "tool",
        "content": "42",
        "tool_call_id": assistant["tool_calls"][0]["id"],
    }


def test_auto_strategy_depends_on_the_provider() -> None:
    llm = ScriptedLLM()
    assert isinstance(make_agent(llm).strategy, NativeToolCalls)
    for provider in ("local", "ollama", "vllm"):
        llm.provider = provider
        assert isinstance(make_agent(llm).strategy, ContentFallbackToolCalls)
    llm.provider = "embedded"
    assert isinstance(make_agent(llm).strategy, JsonSchemaToolCalls)
    assert isinstance(make_agent(llm, tool_call_strategy="native").strategy, NativeToolCalls)


def test_the_native_strategy_leaves_json_text_alone() -> None:
    content = '{"name": "add", "arguments": {"a": 1, "b": 2}}'
    with ScriptedLLM([content]) as llm:
        assert make_agent(llm, tool_call_strategy="native").run("json please") == content


def test_json_schema_strategy_constrains_the_reply_and_reads_it() -> None:
    script = ['{"name": "add", "arguments": {"a": 1, "b": 2}}', '{"answer": "It is 3."}']
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_call_strategy="json_schema")
        assert isinstance(agent.strategy, JsonSchemaToolCalls)
        assert agent.run("1+2") == "It is 3."
    request = llm.calls[0].request
    assert "tools" not in request
    schema = request["response_format"]["json_schema"]["schema"]
    names = [b["properties"]["name"]["const"] for b in schema["anyOf"] if "name" in b["properties"]]
    assert names == ["add", "echo"]
    assert {"answer"} in [set(branch["properties"]) for branch in schema["anyOf"]]
    assert "add(a: integer, b: integer)" in (llm.calls[0].system_prompt or "")
    assert llm.calls[1].messages[-1]["content"].startswith("Result of add: 3\n")


def test_reply_schema_follows_the_tool_choice_and_keeps_nested_definitions() -> None:
    registry = make_registry()

    @registry.tool
    def distance(start: Point, end: Point) -> float:
        """Distance between two points.

        Args:
            start: From.
            end: To.
        """
        return ((end.x - start.x) ** 2 + (end.y - start.y) ** 2) ** 0.5

    schema = reply_schema(registry)
    assert "Point" in schema["$defs"]
    assert len(schema["anyOf"]) == 4
    assert {"answer"} not in [
        set(b["properties"]) for b in reply_schema(registry, "required")["anyOf"]
    ]
    named = reply_schema(registry, {"type": "function", "function": {"name": "echo"}})
    assert [b["properties"]["name"]["const"] for b in named["anyOf"]] == ["echo"]


def test_json_schema_strategy_accepts_final_answer_key() -> None:
    with ScriptedLLM(['{"final_answer": "Paris"}']) as llm:
        assert make_agent(llm, tool_call_strategy="json_schema").run("capital?") == "Paris"


def test_a_strategy_can_record_rounds_its_own_way() -> None:
    class ResultsAsText(JsonSchemaToolCalls):
        def round_messages(self, turn: ModelTurn, results: Sequence[ToolResult]) -> list[Message]:
            lines = [
                f"Result of {c.name}: {r.content}" for c, r in zip(turn.calls, results, strict=True)
            ]
            return [Message(turn.text, "assistant"), Message("\n".join(lines), "user")]

    script = ['{"name": "add", "arguments": {"a": 1, "b": 2}}', '{"answer": "3"}']
    with ScriptedLLM(script) as llm:
        assert make_agent(llm, tool_call_strategy=ResultsAsText()).run("1+2") == "3"
    assert llm.calls[1].messages[-1] == {"role": "user", "content": "Result of add: 3"}


def test_json_schema_strategy_final_call_can_only_answer() -> None:
    script = ['{"name": "echo", "arguments": {"text": "x"}}', '{"answer": "x it is"}']
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_call_strategy="json_schema", max_tool_iterations=1)
        assert agent.run("go") == "x it is"
    schema = llm.calls[-1].request["response_format"]["json_schema"]["schema"]
    assert schema == {
        "anyOf": [
            {
                "type": "object",
                "properties": {"answer": {"type": "string", "minLength": 1}},
                "required": ["answer"],
                "additionalProperties": False,
            }
        ]
    }


def test_json_schema_strategy_final_call_in_plain_text_when_asked() -> None:
    strategy = JsonSchemaToolCalls()
    strategy.constrain_final_answer = False
    script = ['{"name": "echo", "arguments": {"text": "x"}}', "plain final"]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_call_strategy=strategy, max_tool_iterations=1)
        assert agent.run("go") == "plain final"
    assert "response_format" not in llm.calls[-1].request


def test_a_custom_strategy_can_be_plugged_in() -> None:
    class ShoutingCalls(NativeToolCalls):
        def system_prompt(self, base: str, registry: ToolRegistry) -> str:
            return base.upper()

    with ScriptedLLM(["ok"]) as llm:
        make_agent(llm, system_prompt="be brief", tool_call_strategy=ShoutingCalls()).run("hi")
    assert llm.calls[0].system_prompt == "BE BRIEF"


def test_json_schema_strategy_records_rounds_as_text_and_asks_for_the_answer() -> None:
    script = [
        '{"name": "add", "arguments": {"a": 1, "b": 2}}\n'
        '{"name": "echo", "arguments": {"text": "é"}}',
        '{"answer": "3 and é"}',
    ]
    with ScriptedLLM(script) as llm:
        assert make_agent(llm, tool_call_strategy="json_schema").run("1+2, echo é") == "3 and é"
    after = llm.calls[1].messages
    assert after[-2:] == [
        {
            "role": "assistant",
            "content": '{"name": "add", "arguments": {"a": 1, "b": 2}}\n'
            '{"name": "echo", "arguments": {"text": "é"}}',
        },
        {"role": "user", "content": f"Result of add: 3\nResult of echo: é\n{NEXT_STEP_HINT}"},
    ]
    assert not [m for m in after if m["role"] == "tool" or m.get("tool_calls")]


# ---- the forced strategy: native calls forced, final_answer to end ---------------------


def test_forced_strategy_request_prefills_the_call_and_offers_final_answer() -> None:
    script = [
        tool_calls(tool_call("add", {"a": 40, "b": 2}, id="c1")),
        tool_calls(tool_call("final_answer", {"answer": "It is 42."})),
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_call_strategy="forced")
        assert isinstance(agent.strategy, ForcedToolCalls)
        assert agent.run("40+2?") == "It is 42."
        llm.assert_all_used()
    first = llm.calls[0].request
    assert [t["function"]["name"] for t in first["tools"]] == ["add", "echo", "final_answer"]
    assert (first["tool_choice"], first["parallel_tool_calls"]) == ("required", False)
    assert first["stop"] == ["</tool_call>"]
    assert llm.calls[0].messages[-1] == {"role": "assistant", "content": "<tool_call>\n"}
    second = llm.calls[1].messages
    assert second[-1] == {"role": "assistant", "content": "<tool_call>\n"}
    assert second[-2] == {"role": "tool", "content": "42", "tool_call_id": "c1"}
    assert_well_formed(second[:-1])
    assert [call.name for r in agent.last_rounds for call in r.calls] == ["add"]


def test_forced_strategy_final_call_can_only_answer() -> None:
    script = [
        tool_calls(tool_call("echo", {"text": "x"})),
        tool_calls(tool_call("final_answer", {"answer": "x it is"})),
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_call_strategy="forced", max_tool_iterations=1)
        assert agent.run("go") == "x it is"
    last = llm.calls[-1]
    assert [t["function"]["name"] for t in last.request["tools"]] == ["final_answer"]
    assert last.request["tool_choice"] == {"type": "function", "function": {"name": "final_answer"}}
    assert last.messages[-1] == {"role": "assistant", "content": FINAL_ANSWER_PREFILL}
    assert last.messages[-2]["role"] == "tool"


def test_forced_strategy_a_repeated_call_goes_to_the_final_answer() -> None:
    call = tool_call("add", {"a": 1, "b": 1})
    script = [
        tool_calls(call),
        tool_calls(call),
        tool_calls(tool_call("final_answer", {"answer": "Two."})),
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_call_strategy="forced", small_model_aids=True)
        assert agent.run("1+1") == "Two."
    assert llm.calls[2].messages[-1]["content"] == FINAL_ANSWER_PREFILL
    assert len(agent.last_rounds) == 1


@pytest.mark.parametrize(
    ("content", "answer"),
    [('42"}}', "42"), ('It is \\"x\\"."}}', 'It is "x".'), ("plain words", "plain words")],
)
def test_forced_strategy_reads_a_final_answer_left_as_text(content: str, answer: str) -> None:
    script = [tool_calls(tool_call("echo", {"text": "x"})), content]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_call_strategy="forced", max_tool_iterations=1)
        assert agent.run("go") == answer


def test_forced_strategy_reads_calls_written_as_text_and_final_answer_objects() -> None:
    script = [
        '{"name": "add", "arguments": {"a": 2, "b": 2}}',
        '{"name": "final_answer", "arguments": {"answer": 4}}',
    ]
    with ScriptedLLM(script) as llm:
        assert make_agent(llm, tool_call_strategy="forced").run("2+2") == "4"
    assert tool_messages(llm)[0]["content"] == "4"


def test_forced_strategy_with_a_named_choice_sends_only_that_choice() -> None:
    script = [tool_calls(tool_call("echo", {"text": "hi"})), "done"]
    with ScriptedLLM(script) as llm:
        make_agent(llm, tool_call_strategy="forced", default_tool_choice="echo").run("say hi")
    first = llm.calls[0].request
    assert first["tool_choice"] == {"type": "function", "function": {"name": "echo"}}
    assert "final_answer" not in [t["function"]["name"] for t in first["tools"]]
    second = llm.calls[1].request  # then "auto", which the forced strategy turns into required
    assert second["tool_choice"] == "required"


def test_forced_strategy_refuses_a_tool_named_final_answer() -> None:
    registry = make_registry()
    registry.register_function("final_answer", "Mine.", lambda text: text)
    with ScriptedLLM([]) as llm:
        agent = make_agent(llm, tool_call_strategy="forced", tool_registry=registry)
        with pytest.raises(AgentException, match="adds its own 'final_answer' tool"):
            agent.run("q")


def test_forced_strategy_streams_the_final_answer() -> None:
    script = [
        tool_calls(tool_call("add", {"a": 1, "b": 2})),
        tool_calls(tool_call("final_answer", {"answer": "Three."})),
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_call_strategy="forced")
        assert "".join(agent.stream_run("1+2")) == "Three."


def test_forced_strategy_end_to_end_over_http() -> None:
    script = [
        tool_calls(tool_call("add", {"a": 20, "b": 22}, id="h1")),
        tool_calls(tool_call("final_answer", {"answer": "42"}, id="h2")),
    ]
    with FakeOpenAIServer(script) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, model="tiny", provider="local")
        agent = FunctionCallAgent(
            "forced", llm, tool_registry=make_registry(), tool_call_strategy="forced"
        )
        assert agent.run("20+22") == "42"
        llm.close()
    bodies = [request.body for request in server.chat_requests]
    assert bodies[0]["parallel_tool_calls"] is False
    assert bodies[0]["messages"][-1] == {"role": "assistant", "content": "<tool_call>\n"}
    assert bodies[1]["messages"][-2] == {"role": "tool", "content": "42", "tool_call_id": "h1"}


# ---- streaming and async ----------------------------------------------------------------


def test_stream_run_yields_the_answer_chunks_and_assembles_tool_call_deltas() -> None:
    script = [
        tool_calls(tool_call("add", {"a": 40, "b": 2})),
        reply("The answer is 42.", chunks=["The ", "answer ", "is ", "42."]),
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm)
        chunks = list(agent.stream_run("40+2"))
    assert chunks == ["The ", "answer ", "is ", "42."]
    assert all(call.stream for call in llm.calls)
    assert tool_messages(llm)[0]["content"] == "42"
    assert agent.get_history()[-1].content == "The answer is 42."


def test_stream_run_never_shows_a_tool_call_written_as_text() -> None:
    script = [
        reply(
            '{"name": "add", "arguments": {"a": 1, "b": 1}}',
            chunks=['{"name": "add", ', '"arguments": {"a": 1, "b": 1}}'],
        ),
        reply("Two.", chunks=["Two", "."]),
    ]
    with ScriptedLLM(script) as llm:
        chunks = list(make_agent(llm, tool_call_strategy="content").stream_run("1+1"))
    assert chunks == ["Two", "."]


def test_stream_run_at_the_limit_streams_a_clean_final_answer() -> None:
    script = [
        tool_calls(tool_call("echo", {"text": "x"})),
        reply("Done: x", chunks=["Done", ": x"]),
    ]
    with ScriptedLLM(script) as llm:
        chunks = list(make_agent(llm, max_tool_iterations=1).stream_run("go"))
    assert "".join(chunks) == "Done: x"
    assert llm.calls[-1].request["tool_choice"] == "none"


def test_stream_run_sets_text_from_a_tool_round_apart_from_the_answer() -> None:
    script = [
        tool_calls(tool_call("echo", {"text": "x"}), content="Let me check."),
        "It is x.",
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm)
        text = "".join(agent.stream_run("go"))
    assert text == "Let me check.\n\nIt is x."
    assert agent.get_history()[-1].content == "It is x."


def test_stream_run_shows_a_native_final_reply_as_the_answer_stands() -> None:
    final = 'The echo said x.\n{"name": "echo", "arguments": {"text": "again"}}'
    script = [tool_calls(tool_call("echo", {"text": "x"})), final]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, max_tool_iterations=1, tool_call_strategy="native")
        chunks = list(agent.stream_run("go"))
    assert "".join(chunks).split() == final.split()  # the call shown once the reply is whole
    assert agent.get_history()[-1].content == final


def test_with_the_aids_a_call_in_a_native_final_reply_is_cut_and_recorded() -> None:
    final = 'The echo said x.\n{"name": "echo", "arguments": {"text": "again"}}'
    script = [tool_calls(tool_call("echo", {"text": "x"})), final]
    with ScriptedLLM(script) as llm:
        agent = make_agent(
            llm, max_tool_iterations=1, tool_call_strategy="native", small_model_aids=True
        )
        seen: list[HookEvent] = []
        agent.hooks.on("intervention", seen.append)
        chunks = list(agent.stream_run("go"))
    assert "".join(chunks).strip() == "The echo said x."
    assert agent.last_result is not None
    [cut] = agent.last_result.interventions
    assert (cut.check, cut.action, cut.reply) == ("call_text_in_final_answer", "replaced", final)
    assert cut.replacement == "The echo said x."
    assert [event.data["intervention"] for event in seen] == [cut]


@pytest.mark.anyio
async def test_arun_answers_with_tools() -> None:
    script = [tool_calls(tool_call("add", {"a": 1, "b": 1})), "2"]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, system_prompt="sys")
        assert await agent.arun("1+1") == "2"
    assert llm.calls[0].system_prompt == "sys"
    assert tool_messages(llm)[0]["content"] == "2"


@pytest.mark.anyio
async def test_astream_run_streams_after_an_async_tool_round() -> None:
    script = [
        '<tool_call>{"name": "add", "arguments": {"a": 1, "b": 1}}</tool_call>',
        reply("One plus one is 2.", chunks=["One plus one ", "is 2."]),
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_call_strategy="content")
        chunks = [chunk async for chunk in agent.astream_run("1+1")]
    assert chunks == ["One plus one ", "is 2."]
    assert tool_messages(llm)[0]["content"] == "2"


# ---- a corpus of unusual model output ---------------------------------------------------

CORPUS: dict[str, ScriptedReply | str] = {
    "invalid JSON arguments": tool_calls(tool_call("add", '{"a": 1')),
    "empty arguments string": tool_calls(tool_call("add", "")),
    "null arguments": tool_calls(tool_call("add", "null")),
    "array arguments": tool_calls(tool_call("add", "[1, 2]")),
    "unknown tool": tool_calls(tool_call("ad", {"a": 1, "b": 2})),
    "empty tool name": tool_calls(tool_call("", {"a": 1})),
    "empty call id": tool_calls(ToolCall(id="", name="echo", arguments='{"text": "x"}')),
    "duplicate call ids": tool_calls(
        ToolCall(id="d", name="echo", arguments='{"text": "x"}'),
        ToolCall(id="d", name="add", arguments='{"a": 1, "b": 2}'),
    ),
    "wrong argument type": tool_calls(tool_call("add", {"a": "one", "b": 2})),
    "extra argument": tool_calls(tool_call("echo", {"text": "x", "loud": True})),
    "text and a call together": tool_calls(tool_call("echo", {"text": "x"}), content="Hmm."),
    "fenced call, trailing comma": '```json\n{"name": "echo", "arguments": {"text": "x",},}\n```',
    "broken JSON in a tag": '<tool_call>{"name": "echo", "arguments": {"text": }</tool_call>',
    "unclosed tag": '<tool_call>\n{"name": "echo", "arguments": {"text": "x"}}',
    "python dict call": "{'name': 'echo', 'arguments': {'text': 'x'}}",
    "undeclared tool as bare JSON": '{"name": "weather", "arguments": {"city": "Paris"}}',
    "final answer pseudo call": '{"action": "Final Answer", "action_input": "Recovered."}',
    "arguments as a string of JSON": '{"name": "add", "arguments": "{\\"a\\": 1, \\"b\\": 2}"}',
    "empty fence": "```json\n```",
    "empty tool_calls wrapper": '{"tool_calls": []}',
    "brace soup": "{{{{[[[[ ]]}}",
    "cut by max_tokens": ScriptedReply(content='{"name": "echo", "argu', finish_reason="length"),
}


@pytest.mark.parametrize("first_reply", CORPUS.values(), ids=CORPUS.keys())
def test_unusual_output_never_raises_and_ends_clearly(first_reply: ScriptedReply | str) -> None:
    llm = ScriptedLLM([first_reply, *["Recovered."] * 4])
    agent = make_agent(llm, tool_call_strategy="content")
    answer = agent.run("do something")
    assert answer.strip()
    assert '"arguments"' not in answer and "<tool_call>" not in answer
    for call in llm.calls:
        assert_well_formed(call.messages)
    if len(llm.calls) > 1:  # the model was told something it can act on
        last = llm.calls[1].messages[-1]
        assert last["role"] in ("tool", "user") and last["content"].strip()


def test_an_empty_reply_becomes_a_clear_notice() -> None:
    with ScriptedLLM([""]) as llm:
        assert make_agent(llm).run("hi") == EMPTY_ANSWER


# ---- end to end over HTTP ---------------------------------------------------------------


def test_end_to_end_through_the_openai_sdk_with_streaming() -> None:
    script = [
        tool_calls(
            tool_call("add", {"a": 1, "b": 2}, id="x1"), tool_call("echo", {"text": "hi"}, id="x2")
        ),
        "3 and hi",
        tool_calls(tool_call("add", {"a": 20, "b": 22}, id="s1")),
        reply("Forty-two.", chunks=["Forty", "-two."]),
    ]
    with FakeOpenAIServer(script) as server:
        llm = HelloAgentsLLM(
            base_url=server.base_url, api_key="test-key", model="fake", provider="openai"
        )
        agent = FunctionCallAgent("e2e", llm, tool_registry=make_registry(), config=Config())
        assert agent.run("add and echo") == "3 and hi"
        assert list(agent.stream_run("20+22")) == ["Forty", "-two."]
        server.assert_all_used()
        llm.close()
    bodies = [request.body for request in server.chat_requests]
    assert bodies[0]["tool_choice"] == "auto" and len(bodies[0]["tools"]) == 2
    assert_well_formed(bodies[1]["messages"])
    assert [(m["tool_call_id"], m["content"]) for m in bodies[1]["messages"][-2:]] == [
        ("x1", "3"),
        ("x2", "hi"),
    ]
    assert bodies[2]["stream"] is True
    assert bodies[3]["messages"][-1] == {"role": "tool", "content": "42", "tool_call_id": "s1"}


def test_end_to_end_a_local_server_gets_content_tool_calls() -> None:
    script = ['```json\n{"name": "add", "arguments": {"a": 2, "b": 2}}\n```', "Four."]
    with FakeOpenAIServer(script) as server:
        llm = HelloAgentsLLM(base_url=server.base_url, model="tiny", provider="local")
        agent = FunctionCallAgent("local", llm, tool_registry=make_registry(), config=Config())
        assert agent.run("2+2") == "Four."
        llm.close()
    messages = server.chat_requests[1].body["messages"]
    assert messages[-2]["tool_calls"][0]["function"]["name"] == "add"
    assert json.loads(messages[-2]["tool_calls"][0]["function"]["arguments"]) == {"a": 2, "b": 2}
    assert messages[-1]["content"] == "4"


def test_the_overhead_benchmark_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "agent_overhead.py"
    spec = importlib.util.spec_from_file_location("agent_overhead", path)
    assert spec is not None and spec.loader is not None
    benchmark = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, benchmark)  # dataclasses look their module up
    spec.loader.exec_module(benchmark)
    benchmark.WARMUP_ROUNDS = 1
    for name in ("function_call_round", "react_step", "tool_time_limit"):
        comparison = benchmark.MEASUREMENTS[name](2)
        assert len(comparison.framework) == len(comparison.bare_sdk) == 2
        assert "ratio:" in comparison.report()


@pytest.mark.parametrize("aids", [False, True])
def test_a_final_json_answer_object_stands_unless_the_aids_are_on(aids: bool) -> None:
    # A small model's last reply: a repeated call, then an answer in JSON.
    registry = ToolRegistry()
    registry.register_function("echo", "Repeat the input.", lambda text: text)
    final = '{"name": "echo", "arguments": {"text": "56"}}\n{"answer": 56.0}'
    script = [tool_calls(tool_call("echo", {"text": "56"})), final]
    with ScriptedLLM(script) as llm:
        agent = FunctionCallAgent(
            "f", llm, tool_registry=registry, max_tool_iterations=1, small_model_aids=aids
        )
        assert agent.run("q") == ("56.0" if aids else final)
    assert agent.last_result is not None
    assert len(agent.last_result.interventions) == (1 if aids else 0)


# ---- an answer that left numbers of the question unused --------------------------------


def price_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.tool
    def price(fruit: str) -> int:
        """The price of one fruit, in cents.

        Args:
            fruit: The fruit.
        """
        return {"banana": 25, "pear": 55}[fruit]

    @registry.tool
    def multiply(a: float, b: float) -> float:
        """Multiply two numbers.

        Args:
            a: The first number.
            b: The second number.
        """
        return a * b

    return registry


def test_an_answer_that_skipped_a_number_of_the_question_is_questioned_once() -> None:
    script = [
        tool_calls(tool_call("price", {"fruit": "banana"}, id="c1")),
        "14 bananas cost 25 cents.",  # one step early: 14 never reached a tool
        tool_calls(tool_call("multiply", {"a": 25, "b": 14}, id="c2")),
        "14 bananas cost 350 cents.",
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(
            llm, tool_registry=price_registry(), max_tool_iterations=2, small_model_aids=True
        )
        assert agent.run("What do 14 bananas cost?") == "14 bananas cost 350 cents."
        llm.assert_all_used()
    questioned = llm.calls[2].messages
    assert questioned[-2] == {"role": "assistant", "content": "14 bananas cost 25 cents."}
    assert questioned[-1] == {"role": "user", "content": render_unused("14")}
    # the questioned answer took no tool iteration: both rounds fitted in two
    assert [call.name for r in agent.last_rounds for call in r.calls] == ["price", "multiply"]


def render_unused(quantities: str) -> str:
    from hello_agents.agents.aids.checks import UNUSED_QUANTITIES
    from hello_agents.agents.text import render

    return render(UNUSED_QUANTITIES, quantities=quantities)


def test_the_model_may_keep_its_answer_after_the_check() -> None:
    script = [
        tool_calls(tool_call("price", {"fruit": "pear"}, id="c1")),
        "A pear costs 55 cents, more than the 30 you have.",
        "A pear costs 55 cents, more than the 30 you have.",
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_registry=price_registry(), small_model_aids=True)
        answer = agent.run("I have 30 cents. Can I buy a pear?")
        llm.assert_all_used()
    assert answer == "A pear costs 55 cents, more than the 30 you have."
    assert sum(m["content"] == render_unused("30") for m in llm.calls[-1].messages) == 1


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What do 14 bananas cost?", "They cost 350 cents."),  # a number of its own
        ("What does a banana cost?", "25 cents."),  # no number in the question
    ],
)
def test_answers_that_combine_or_need_no_number_are_accepted_at_once(
    question: str, answer: str
) -> None:
    script = [tool_calls(tool_call("price", {"fruit": "banana"}, id="c1")), answer]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_registry=price_registry(), small_model_aids=True)
        assert agent.run(question) == answer
        llm.assert_all_used()


def test_no_check_without_a_tool_call_or_when_the_aids_are_off() -> None:
    with ScriptedLLM(["Hello! 14 is a nice number."]) as llm:
        agent = make_agent(llm, small_model_aids=True)
        assert agent.run("Say hello to 14.") == "Hello! 14 is a nice number."
    script = [tool_calls(tool_call("price", {"fruit": "banana"}, id="c1")), "25 cents."]
    with ScriptedLLM(script) as llm:
        agent = make_agent(llm, tool_registry=price_registry())
        assert agent.run("What do 14 bananas cost?") == "25 cents."
        llm.assert_all_used()


def test_the_check_reads_json_schema_answers_and_can_be_reworded() -> None:
    script = [
        '{"name": "price", "arguments": {"fruit": "banana"}}',
        '{"answer": "25"}',
        '{"name": "multiply", "arguments": {"a": 25, "b": 14}}',
        '{"answer": "350"}',
    ]
    aids = SmallModelAids([UnusedQuantities("You did not use {quantities}.")], hold_calls=False)
    with ScriptedLLM(script) as llm:
        agent = make_agent(
            llm,
            tool_registry=price_registry(),
            tool_call_strategy="json_schema",
            small_model_aids=aids,
        )
        assert agent.run("What do 14 bananas cost?") == "350"
        llm.assert_all_used()
    assert llm.calls[2].messages[-2:] == [
        {"role": "assistant", "content": '{"answer": "25"}'},
        {"role": "user", "content": "You did not use 14."},
    ]


def test_a_number_answered_before_any_tool_call_is_sent_back_on_local_strategies() -> None:
    from hello_agents.agents.aids.checks import UNGROUNDED_NUMBERS
    from hello_agents.agents.text import render

    script = [
        '{"answer": "A pear costs 40 cents."}',  # "recalled", not looked up
        '{"name": "price", "arguments": {"fruit": "pear"}}',
        '{"answer": "A pear costs 55 cents."}',
    ]
    with ScriptedLLM(script) as llm:
        agent = make_agent(
            llm,
            tool_registry=price_registry(),
            tool_call_strategy="json_schema",
            small_model_aids=True,
        )
        assert agent.run("What is the price of a pear?") == "A pear costs 55 cents."
        llm.assert_all_used()
    assert llm.calls[1].messages[-1]["content"] == render(UNGROUNDED_NUMBERS, numbers="40")


@pytest.mark.parametrize(
    ("question", "answer", "told"),
    [
        ("What is Lena Fischer's phone extension?", "It is 222-333-4444.", "222-333-4444"),
        ("Which office is Ana in?", "Ana is in room B-12.", "B-12"),
    ],
)
def test_a_code_with_made_up_digits_before_any_tool_call_is_sent_back(
    question: str, answer: str, told: str
) -> None:
    from hello_agents.agents.aids.checks import UNGROUNDED_NUMBERS
    from hello_agents.agents.text import render

    registry = price_registry()
    registry.register_function(
        "lookup_employee",
        "Look up an employee's office and phone extension.",
        lambda name: "unknown",
    )
    script = [json.dumps({"answer": answer}, ensure_ascii=False), '{"answer": "I do not know."}']
    with ScriptedLLM(script) as llm:
        agent = make_agent(
            llm, tool_registry=registry, tool_call_strategy="json_schema", small_model_aids=True
        )
        assert agent.run(question) == "I do not know."
        llm.assert_all_used()
    assert llm.calls[1].messages[-1]["content"] == render(UNGROUNDED_NUMBERS, numbers=told)


def test_a_number_no_tool_is_about_stands_even_with_the_aids() -> None:
    answer = '{"answer": "Water boils at 100 degrees Celsius at sea level."}'
    with ScriptedLLM([answer]) as llm:
        agent = make_agent(
            llm,
            tool_registry=price_registry(),
            tool_call_strategy="json_schema",
            small_model_aids=True,
        )
        assert agent.run("At what temperature does water boil?") == (
            "Water boils at 100 degrees Celsius at sea level."
        )
        llm.assert_all_used()


@pytest.mark.parametrize(
    ("strategy", "question", "answer"),
    [
        ("native", "What does a pear cost?", "40 cents."),  # the aids are off by default
        ("json_schema", "Is 40 a lot for a pear?", '{"answer": "40 is fair."}'),  # given
        ("json_schema", "Say hello.", '{"answer": "Hello!"}'),  # no number at all
        ("json_schema", "Is room B-214 free?", '{"answer": "Room B-214 is free."}'),  # given
    ],
)
def test_answers_without_a_tool_call_stand_otherwise(
    strategy: str, question: str, answer: str
) -> None:
    with ScriptedLLM([answer]) as llm:
        agent = make_agent(llm, tool_registry=price_registry(), tool_call_strategy=strategy)
        agent.run(question)
        llm.assert_all_used()


class RefuseEveryCall(Check):
    """A check of the user's own that sends back every tool call."""

    name = "refuse_every_call"

    def review_calls(self, calls: Sequence[ToolCall], attempt: Attempt) -> Verdict | None:
        return self.verdict("sent_back", "Answer without calling a tool.")


def test_a_check_that_sends_calls_back_is_held_to_max_send_backs() -> None:
    llm = ScriptedLLM([tool_calls(tool_call("add", {"a": 1, "b": 2}))] * 20)
    aids = SmallModelAids([RefuseEveryCall()], max_send_backs=1)
    agent = FunctionCallAgent(
        "fc", llm, tool_registry=make_registry(), max_tool_iterations=3, small_model_aids=aids
    )
    agent.run("What is 1 + 2?")
    assert agent.last_result is not None
    assert [i.action for i in agent.last_result.interventions] == ["sent_back"]
    assert len(llm.calls) <= 5  # one send-back, then the iterations and the final call


class SendBackEveryAnswer(Check):
    """A check of the user's own that sends back every answer, under its own name."""

    def __init__(self, name: str) -> None:
        self.name = name  # type: ignore[misc]

    def review(self, attempt: Attempt) -> Verdict | None:
        return self.verdict("sent_back", f"{self.name}: try again.")


@pytest.mark.parametrize(
    ("checks", "limit", "sent"),
    [
        (["first"], 2, ["first"]),  # a check does not send back the answer to its own message
        (["first", "second"], 2, ["first", "second"]),  # another check may, once
        (["first", "second", "third"], 2, ["first", "second"]),  # at most max_send_backs
        (["first", "second"], 1, ["first"]),
    ],
)
def test_each_check_sends_back_once_and_the_run_at_most_max_send_backs(
    checks: list[str], limit: int, sent: list[str]
) -> None:
    llm = ScriptedLLM(["It is 3."] * 5)
    aids = SmallModelAids([SendBackEveryAnswer(name) for name in checks], max_send_backs=limit)
    agent = FunctionCallAgent("fc", llm, tool_registry=make_registry(), small_model_aids=aids)
    assert agent.run("What is 1 + 2?") == "It is 3."
    assert agent.last_result is not None
    assert [i.check for i in agent.last_result.interventions] == sent
    assert len(llm.calls) == len(sent) + 1


@pytest.mark.parametrize("aids", [False, True])
def test_a_final_answer_object_on_the_content_strategy_is_unwrapped_only_by_the_aids(
    aids: bool,
) -> None:
    script = ['{"name": "echo", "arguments": {"text": "x"}}', '{"answer": "x"}']
    with ScriptedLLM(script) as llm:
        agent = make_agent(
            llm, max_tool_iterations=1, tool_call_strategy="content", small_model_aids=aids
        )
        assert agent.run("go") == ("x" if aids else '{"answer": "x"}')
    assert agent.last_result is not None
    actions = [(i.check, i.action) for i in agent.last_result.interventions]
    assert actions == ([("call_text_in_final_answer", "replaced")] if aids else [])
