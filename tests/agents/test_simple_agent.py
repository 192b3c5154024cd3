"""SimpleAgent: plain chat and the [TOOL_CALL:...] text protocol."""

from __future__ import annotations

import pytest

from hello_agents import Config
from hello_agents.agents.simple_agent import SimpleAgent
from hello_agents.agents.tool_call_protocol import (
    MarkerFilter,
    has_marker,
    parse_tool_calls,
    strip_tool_calls,
)
from hello_agents.core.agent import HookEvent
from hello_agents.testing import ScriptedLLM, reply
from hello_agents.tools.registry import ToolRegistry


def test_plain_chat_sends_system_prompt_and_history() -> None:
    llm = ScriptedLLM(["Hello!", "Fine."])
    agent = SimpleAgent("chat", llm, system_prompt="Be kind.")
    assert agent.run("Hi") == "Hello!"
    assert agent.run("How are you?") == "Fine."
    assert llm.last_call.messages == [
        {"role": "system", "content": "Be kind."},
        {"role": "user", "content": "Hi"},
        {"role": "assistant", "content": "Hello!"},
        {"role": "user", "content": "How are you?"},
    ]


def test_tool_call_round_trip(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        ["Let me compute.\n[TOOL_CALL:python_calculator:37*48]", "It costs 1776 cents."]
    )
    agent = SimpleAgent("s", llm, tool_registry=registry)
    assert agent.run("48 pencils at 37 cents?") == "It costs 1776 cents."
    second = llm.calls[1].messages
    assert second[-2] == {"role": "assistant", "content": "Let me compute."}
    assert "python_calculator(37*48) -> 1776" in second[-1]["content"]
    system = llm.calls[0].system_prompt or ""
    assert "[TOOL_CALL:tool_name:parameters]" in system and "- echo(" in system


def test_function_tools_are_reachable(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["[TOOL_CALL:echo:hi there]", "done"])
    SimpleAgent("s", llm, tool_registry=registry).run("q")
    assert "echo: hi there" in (llm.last_call.last_user_message or "")


def test_json_parameters_with_brackets_colons_commas_and_newlines(registry: ToolRegistry) -> None:
    call = '[TOOL_CALL:weather:{"city": "Paris, [France]: the capital\\nof it", "days": 2}]'
    llm = ScriptedLLM([call, "ok"])
    SimpleAgent("s", llm, tool_registry=registry).run("q")
    assert "Paris, [France]: the capital\nof it: sunny for 2 day(s)" in (
        llm.last_call.last_user_message or ""
    )


def test_key_value_parameters_with_quotes(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(['[TOOL_CALL:weather:city="Paris, France", days=3]', "ok"])
    SimpleAgent("s", llm, tool_registry=registry).run("q")
    assert "Paris, France: sunny for 3 day(s)" in (llm.last_call.last_user_message or "")


def test_several_calls_in_markdown(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        ["`[TOOL_CALL:echo:a]` then\n```\n[TOOL_CALL:python_calculator:2**10]\n```", "ok"]
    )
    SimpleAgent("s", llm, tool_registry=registry).run("q")
    results = llm.last_call.last_user_message or ""
    assert "echo: a" in results and "1024" in results


def test_bad_arguments_come_back_as_errors_the_model_can_fix(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        ['[TOOL_CALL:weather:{"days": 2}]', '[TOOL_CALL:weather:{"city": "Oslo"}]', "Sunny."]
    )
    agent = SimpleAgent("s", llm, tool_registry=registry)
    assert agent.run("q") == "Sunny."
    assert "ERROR" in (llm.calls[1].last_user_message or "") and "city" in (
        llm.calls[1].last_user_message or ""
    )


def test_iteration_limit_asks_for_a_final_answer_without_markers(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        ["[TOOL_CALL:echo:1]", "[TOOL_CALL:echo:2]", "Final: [TOOL_CALL:echo:3] done"]
    )
    answer = SimpleAgent("s", llm, tool_registry=registry, max_tool_iterations=2).run("q")
    assert answer == "Final:  done"
    assert "used all the tool calls" in (llm.last_call.last_user_message or "")
    llm.assert_all_used()


def test_a_final_answer_that_is_only_a_marker_never_leaks(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["[TOOL_CALL:echo:1]", "[TOOL_CALL:echo:2]"])
    answer = SimpleAgent("s", llm, tool_registry=registry, max_tool_iterations=1).run("q")
    assert "TOOL_CALL" not in answer and "could not produce an answer" in answer


def test_run_kwarg_overrides_the_limit(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["[TOOL_CALL:echo:1]", "final"])
    SimpleAgent("s", llm, tool_registry=registry, max_tool_iterations=5).run(
        "q", max_tool_iterations=1
    )
    assert "used all the tool calls" in (llm.last_call.last_user_message or "")


def test_add_remove_list_has_tools() -> None:
    agent = SimpleAgent("s", ScriptedLLM(["plain"]))
    assert not agent.has_tools()

    def shout(text: str) -> str:
        """Upper-case the text."""
        return text.upper()

    agent.add_tool(shout)
    assert agent.list_tools() == ["shout"] and agent.has_tools()
    assert agent.remove_tool("shout") and not agent.remove_tool("shout")
    assert agent.run("q") == "plain"


def test_tools_disabled_means_plain_chat(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["[TOOL_CALL:echo:x] is literal here"])
    agent = SimpleAgent("s", llm, tool_registry=registry, enable_tool_calling=False)
    assert agent.run("q") == "[TOOL_CALL:echo:x] is literal here"
    assert llm.last_call.system_prompt is None


def test_stream_run_streams_without_markers(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        [
            reply("Checking. [TOOL_CALL:echo:x]", chunks=["Check", "ing. [TOOL", "_CALL:echo:x]"]),
            reply("The echo was x.", chunks=["The echo ", "was x."]),
        ]
    )
    agent = SimpleAgent("s", llm, tool_registry=registry)
    chunks = list(agent.stream_run("q"))
    assert "".join(chunks) == "Checking. \n\nThe echo was x."
    assert all("TOOL" not in chunk for chunk in chunks)
    assert agent.get_history()[-1].content == "The echo was x."  # the same answer as run()


def test_stream_run_without_tools_yields_model_chunks() -> None:
    llm = ScriptedLLM([reply("a b c", chunks=["a", " b", " c"])])
    assert list(SimpleAgent("s", llm).stream_run("q")) == ["a", " b", " c"]


def test_history_bound_and_config_parameters(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["a", "b", "c"])
    agent = SimpleAgent("s", llm, config=Config(max_history_length=2, temperature=0.1))
    for question in ("1", "2", "3"):
        agent.run(question)
    assert [m.content for m in agent.get_history()] == ["3", "c"]
    assert llm.last_call.request["temperature"] == 0.1


def test_hooks(registry: ToolRegistry) -> None:
    seen: list[HookEvent] = []
    llm = ScriptedLLM(["[TOOL_CALL:nope:1]", "ok"])
    agent = SimpleAgent("s", llm, tool_registry=registry)
    agent.hooks.on("tool_error", seen.append)
    agent.run("q")
    assert seen[0].data["tool"] == "nope" and seen[0].data["result"].error_kind == "unknown_tool"


@pytest.mark.anyio
async def test_arun(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["[TOOL_CALL:python_calculator:6*7]", "42"])
    assert await SimpleAgent("s", llm, tool_registry=registry).arun("q") == "42"


# ---- the protocol parser's corpus ------------------------------------------------------

PROTOCOL_CORPUS: list[tuple[str, list[tuple[str, str]]]] = [
    ("[TOOL_CALL:search:Python编程]", [("search", "Python编程")]),
    ('[TOOL_CALL:weather:{"city": "[Paris]"}]', [("weather", '{"city": "[Paris]"}')]),
    ("[TOOL_CALL:note:text=a: b, c]", [("note", "text=a: b, c")]),
    ("`[TOOL_CALL:c:2+3]` and `[TOOL_CALL:c:4*5]`", [("c", "2+3"), ("c", "4*5")]),
    ('```\n[TOOL_CALL:code:{"src": "a[0]\\nb"}]\n```', [("code", '{"src": "a[0]\\nb"}')]),
    ("[TOOL_CALL:get_time]", [("get_time", "")]),
    ("[TOOL_CALL:calc:(1+2]\nmore text", [("calc", "(1+2")]),
    ("[tool_call: calc : 1+1]", [("calc", "1+1")]),
    ("[TOOL_CALL:list:[1, [2, 3]]]", [("list", "[1, [2, 3]]")]),
    ('[TOOL_CALL:q:{"s": "a \\" ] quote"}]', [("q", '{"s": "a \\" ] quote"}')]),
    (
        ' TOOL_CALL:python_calculator:{"input": "48 * 37"}',
        [("python_calculator", '{"input": "48 * 37"}')],
    ),
    ("TOOL_CALL:calc:2+3\nThen I answer.", [("calc", "2+3")]),
    ('Sure. TOOL_CALL:calc:{"a": [1]}] ok', [("calc", '{"a": [1]}')]),
    ("no calls here [not a call]", []),
    ("MY_TOOL_CALL:x:y is not a call", []),
    ("[TOOL_CALL:]", []),
]


@pytest.mark.parametrize(("text", "expected"), PROTOCOL_CORPUS)
def test_protocol_corpus(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(call.tool, call.parameters) for call in parse_tool_calls(text)] == expected


@pytest.mark.parametrize(("text", "expected"), PROTOCOL_CORPUS)
def test_agent_never_raises_on_protocol_corpus(
    registry: ToolRegistry, text: str, expected: list[tuple[str, str]]
) -> None:
    llm = ScriptedLLM([text, "final answer"] if has_marker(text) else [text])
    answer = SimpleAgent("s", llm, tool_registry=registry).run("q")
    assert not has_marker(answer)
    llm.assert_all_used()


def test_malformed_marker_gets_a_format_reminder(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["[TOOL_CALL:]", "[TOOL_CALL:echo:ok]", "done"])
    assert SimpleAgent("s", llm, tool_registry=registry).run("q") == "done"
    assert "could not be read" in (llm.calls[1].last_user_message or "")


def test_strip_tool_calls_cleans_wrappers() -> None:
    assert strip_tool_calls("```\n[TOOL_CALL:a:b]\n```\nDone.") == "Done."


def test_marker_filter_holds_back_possible_markers() -> None:
    marker_filter = MarkerFilter()
    out = (
        "".join(marker_filter.feed(c) for c in ["a [b", "] c [", "TOOL_C"]) + marker_filter.flush()
    )
    assert out == "a [b] c "


@pytest.mark.parametrize(
    ("chunks", "shown"),
    [
        (["Let me add. TOO", "L_CALL:echo:{}"], "Let me add. "),
        (["Let me add. TOOL_CALL", " : echo:hi"], "Let me add. "),
        (["Let me add. tool_", "call:echo:hi"], "Let me add. "),
        (["The", " T", "ree is tall."], "The Tree is tall."),
        (["A TOOL", "KIT and a TOOL_"], "A TOOLKIT and a TOOL_"),
        (["done TOOL_CALL"], "done "),
        (["STOOL_", "CALL: no"], "STOOL_CALL: no"),
    ],
)
def test_marker_filter_holds_back_a_bare_marker_split_across_chunks(
    chunks: list[str], shown: str
) -> None:
    marker_filter = MarkerFilter()
    assert "".join(marker_filter.feed(c) for c in chunks) + marker_filter.flush() == shown


def test_run_model_parameters_reach_the_model_and_thinking_is_hidden() -> None:
    llm = ScriptedLLM(["<think>private reasoning</think>\nPublic answer."])
    answer = SimpleAgent("s", llm).run("q", temperature=0.2, note="not for the model")
    assert answer == "Public answer."
    assert llm.last_call.request["temperature"] == 0.2 and "note" not in llm.last_call.request
