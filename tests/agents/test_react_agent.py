"""ReActAgent with the scripted LLM: loop, parser corpus, prompts, hooks, async."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hello_agents import Config
from hello_agents.agents.react_agent import (
    REACT_PROMPT,
    ReActAgent,
    is_unevaluated_arithmetic,
    parse_plain_reply,
    parse_react_reply,
    parse_tolerant_reply,
)
from hello_agents.core.agent import HookEvent
from hello_agents.core.exceptions import AgentException
from hello_agents.testing import ScriptedLLM
from hello_agents.tools.registry import ToolRegistry

PENCILS = "A shop sells pencils at 37 cents each. How many cents do 48 pencils cost?"


def test_happy_path_calls_the_tool_and_finishes(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        [
            "Thought: multiply price by count.\nAction: python_calculator[37 * 48]",
            "Thought: I have it.\nAction: Finish[1776]",
        ]
    )
    agent = ReActAgent("react", llm, registry)
    assert agent.run(PENCILS) == "1776"
    assert [step.observation for step in agent.steps] == ["1776", None]
    assert "Observation: 1776" in llm.calls[1].last_user_message  # type: ignore[operator]
    assert llm.calls[0].request["stop"] == ["\nObservation:"]
    llm.assert_all_used()


def test_system_prompt_reaches_every_call(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: echo[x]", "Action: Finish[done]"])
    ReActAgent("r", llm, registry, system_prompt="Answer in French.").run("q")
    assert [call.system_prompt for call in llm.calls] == ["Answer in French."] * 2


def test_prompt_lists_tools_with_parameters(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: Finish[ok]"])
    ReActAgent("r", llm, registry).run("q")
    prompt = llm.last_call.last_user_message or ""
    assert "- weather(city: string, days: integer = 1): Forecast for a city." in prompt
    assert "Question: q" in prompt


def test_custom_prompt_and_missing_placeholder(registry: ToolRegistry) -> None:
    custom = 'TOOLS {tools}\nQ {question}\nH {history}\nJSON example: {"a": 1}'
    llm = ScriptedLLM(["Action: Finish[ok]"])
    ReActAgent("r", llm, registry, custom_prompt=custom).run("what?")
    assert llm.last_call.last_user_message.startswith("TOOLS - python_calculator")  # type: ignore[union-attr]
    assert '{"a": 1}' in llm.last_call.last_user_message  # type: ignore[operator]
    with pytest.raises(AgentException, match=r"missing \{history\}"):
        ReActAgent("r", llm, registry, custom_prompt="{tools} {question}")


def test_max_steps_returns_a_clear_result(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: python_calculator[1+1]"] * 2)
    answer = ReActAgent("r", llm, registry, max_steps=2).run("loop forever")
    assert answer == "I could not finish the task within 2 steps. The last result was: 2"
    llm.assert_all_used()


def test_unparseable_replies_get_a_format_reminder_then_recover(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["I think the answer is probably 42.", "Thought: ok\nAction: Finish[42]"])
    errors: list[HookEvent] = []
    agent = ReActAgent("r", llm, registry)
    agent.hooks.on("parse_error", errors.append)
    assert agent.run("q") == "42"
    assert "no Action line" in (agent.steps[0].observation or "")
    assert "could not be used" in (llm.calls[1].last_user_message or "")
    assert len(errors) == 1


def test_format_error_budget_ends_with_a_message(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["rambling"] * 3)
    answer = ReActAgent("r", llm, registry, max_steps=5, max_format_errors=2).run("q")
    assert "kept breaking the Thought/Action format" in answer
    llm.assert_all_used()


def test_unknown_tool_becomes_an_observation(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        ["Action: calculator[2+2]", "Action: python_calculator[2+2]", "Action: Finish[4]"]
    )
    agent = ReActAgent("r", llm, registry)
    assert agent.run("q") == "4"
    assert not agent.steps[0].ok
    assert "python_calculator" in (agent.steps[0].observation or "")


def test_invalid_tool_input_becomes_an_observation(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(['Action: weather[{"city": "Oslo", "days": "many"}]', "Action: Finish[?]"])
    agent = ReActAgent("r", llm, registry)
    agent.run("q")
    assert not agent.steps[0].ok and "days" in (agent.steps[0].observation or "")


def test_several_actions_first_runs_rest_noted(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        ["Action: echo[a]\nAction: echo[b]\nAction: Finish[c]", "Action: Finish[done]"]
    )
    agent = ReActAgent("r", llm, registry)
    assert agent.run("q") == "done"
    assert agent.steps[0].observation == "echo: a"
    assert agent.steps[0].note == "2 further action(s) in the reply were ignored"


def test_hooks_fire_and_a_failing_handler_is_harmless(registry: ToolRegistry) -> None:
    events: list[str] = []
    llm = ScriptedLLM(["Action: echo[x]", "Action: Finish[y]"])
    agent = ReActAgent("r", llm, registry)
    for name in ("run_start", "run_end", "llm_start", "llm_end", "tool_start", "tool_end"):
        agent.hooks.on(name, lambda event: events.append(event.name))  # type: ignore[arg-type]

    def broken(event: HookEvent) -> None:
        raise RuntimeError("handler bug")

    agent.hooks.on("tool_end", broken)
    assert agent.run("q") == "y"
    assert events == [
        "run_start",
        "llm_start",
        "llm_end",
        "tool_start",
        "tool_end",
        "llm_start",
        "llm_end",
        "run_end",
    ]


def test_history_is_bounded_and_reaches_the_next_run(registry: ToolRegistry) -> None:
    llm = ScriptedLLM([f"Action: Finish[a{n}]" for n in range(6)])
    agent = ReActAgent("r", llm, registry, config=Config(max_history_length=4))
    for n in range(6):
        agent.run(f"q{n}")
    assert len(agent.get_history()) == 4
    assert llm.last_call.messages[0] == {"role": "user", "content": "q3"}


def test_extra_run_kwargs_are_accepted(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: Finish[ok]"])
    assert ReActAgent("r", llm, registry).run("q", max_steps=1, verbose=True) == "ok"
    assert "verbose" not in llm.last_call.request


def test_iter_steps_yields_each_step(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: echo[1]", "Action: Finish[2]"])
    steps = list(ReActAgent("r", llm, registry).iter_steps("q"))
    assert [s.action.tool if s.action else None for s in steps] == ["echo", None]
    assert steps[-1].final_answer == "2"


@pytest.mark.anyio
async def test_arun(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: python_calculator[6*7]", "Action: Finish[42]"])
    agent = ReActAgent("r", llm, registry)
    assert await agent.arun("q") == "42"
    assert agent.steps[0].observation == "42"


def test_default_prompt_has_only_its_placeholders() -> None:
    assert "{tools}" in REACT_PROMPT and "{question}" in REACT_PROMPT


# ---- the parser corpus: what real models write --------------------------------------

CORPUS: list[tuple[str, str, Any]] = [
    # (reply, expected kind, expected value)
    ("Thought: x\nAction: python_calculator[37 * 48]", "action", ("python_calculator", "37 * 48")),
    ("**Thought:** ok\n**Action:** Finish[42]", "final", "42"),
    ("**Thought**: x\n**Action**: `echo[hello]`", "action", ("echo", "hello")),
    ("Thought: x\nAction:\n```\necho[fenced]\n```", "action", ("echo", "fenced")),
    ("Thought: t\nAction: Finish[line one\nline two]", "final", "line one\nline two"),
    ('Action: web-search.v2[{"q": "a [b] c"}]', "action", ("web-search.v2", '{"q": "a [b] c"}')),
    ("Final Answer: 7", "final", "7"),
    ("Thought: x\nAction: echo\nAction Input: 2+2", "action", ("echo", "2+2")),
    ('Action: {"tool": "echo", "input": "1+1"}', "action", ("echo", "1+1")),
    (
        'Action: {"name": "weather", "arguments": {"city": "Rome"}}',
        "action",
        ("weather", '{"city": "Rome"}'),
    ),
    ("I will compute python_calculator[3*3] now", "action", ("python_calculator", "3*3")),
    ("Thought: a\nAction: echo(5*5)", "action", ("echo", "5*5")),
    ("Action: Finish: the end", "final", "the end"),
    ("思考：先算\n行动：echo[1+2]", "action", ("echo", "1+2")),
    ("Thought 1: x\nAction 1: Finish[ok]", "final", "ok"),
    ("ACTION: FINISH[upper]", "final", "upper"),
    (
        "Thought: x\nAction: echo[a]\nObservation: fake\nThought: y\nAction: Finish[z]",
        "action",
        ("echo", "a"),
    ),
    (
        "### Thought\nThought: hm\n### Action\nAction: `Finish[answer with [brackets]]`",
        "final",
        "answer with [brackets]",
    ),
    ("Action: Finish[unbalanced [ bracket]", "final", "unbalanced [ bracket"),
    ("Thought: I know.\nFinish[no label]", "final", "no label"),
    ("- Thought: bullet\n- Action: echo[bulleted]", "action", ("echo", "bulleted")),
    ("Thought: x\nAction: Finish[]", "final", ""),
    ("just prose without any action", "error", "no Action line"),
    ("Thought: only thinking, no action", "error", "no Action line"),
    ("Action: do something clever", "error", "is neither tool_name[input]"),
    ("", "error", "no Action line"),
]


@pytest.mark.parametrize(("reply", "kind", "expected"), CORPUS)
def test_parser_corpus(reply: str, kind: str, expected: Any) -> None:
    parsed = parse_react_reply(reply, ["python_calculator", "echo", "weather"])
    if kind == "action":
        assert parsed.action is not None and (parsed.action.tool, parsed.action.input) == expected
    elif kind == "final":
        assert parsed.final_answer == expected
    else:
        assert parsed.action is None and parsed.final_answer is None
        assert expected in (parsed.error or "")


@pytest.mark.parametrize(("reply", "kind", "expected"), CORPUS)
def test_agent_never_raises_on_corpus(
    registry: ToolRegistry, reply: str, kind: str, expected: Any
) -> None:
    llm = ScriptedLLM([reply, "Action: Finish[recovered]"])
    answer = ReActAgent("r", llm, registry, max_steps=2).run("q")
    assert answer == (expected if kind == "final" else "recovered")


def test_a_repeated_action_is_run_again_by_default(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: echo[x]", "Action: echo[x]", "Action: Finish[x]"])
    runs: list[HookEvent] = []
    agent = ReActAgent("r", llm, registry)
    agent.hooks.on("tool_start", runs.append)
    assert agent.run("q") == "x"
    assert len(runs) == 2 and not agent.steps[1].repeated
    assert agent.last_result is not None and agent.last_result.interventions == []


def test_with_the_aids_a_repeated_action_is_not_run_again(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: echo[x]", "Action: echo[x]", "Action: Finish[x]"])
    runs: list[HookEvent] = []
    seen: list[HookEvent] = []
    agent = ReActAgent("r", llm, registry, small_model_aids=True)
    agent.hooks.on("tool_start", runs.append)
    agent.hooks.on("intervention", seen.append)
    assert agent.run("q") == "x"
    assert len(runs) == 1 and agent.steps[1].repeated
    assert "You already ran this exact action" in (llm.last_call.last_user_message or "")
    assert agent.last_result is not None
    [skipped] = agent.last_result.interventions
    assert (skipped.check, skipped.action, skipped.answer) == (
        "repeated_calls",
        "skipped_call",
        "echo[x]",
    )
    assert [event.data["intervention"] for event in seen] == [skipped]


def test_an_action_that_fails_again_the_same_way_is_told_so() -> None:
    tools = ToolRegistry()
    tools.register_function(
        "calculator",
        "Evaluate an arithmetic expression.",
        lambda expression: str(eval(expression, {"__builtins__": {}}, {})),
    )
    failing = "Action: calculator[round(49199.99999999999)]"
    script = ["Action: calculator[48000 * 1.025]", failing, failing, "Action: Finish[49200]"]
    with ScriptedLLM(script) as llm:
        runs: list[HookEvent] = []
        agent = ReActAgent("r", llm, tools)
        agent.hooks.on("tool_start", runs.append)
        assert agent.run("48,000 people grow by 2.5%: how many after a year?") == "49200"
        llm.assert_all_used()
    assert len(runs) == 3  # run again: a failure may pass
    first, second = agent.steps[1], agent.steps[2]
    assert not first.ok and not first.failed_again and second.failed_again
    observation = llm.last_call.last_user_message or ""
    assert "'round' is not defined" in observation
    assert "failed the same way before" in observation
    assert "failed the same way" not in (llm.calls[2].last_user_message or "")


def test_trajectory_as_chat_turns_by_default(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Thought: t\nAction: echo[x]\nObservation: invented", "Action: Finish[y]"])
    ReActAgent("r", llm, registry).run("q")
    assert llm.last_call.messages[-2:] == [
        {"role": "assistant", "content": "Thought: t\nAction: echo[x]"},
        {"role": "user", "content": "Observation: echo: x"},
    ]
    assert "Steps so far" not in llm.last_call.messages[0]["content"]


def test_tutorial_prompt_style_keeps_the_trajectory_in_one_prompt(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Thought: t\nAction: echo[x]", "Action: Finish[y]"])
    ReActAgent("r", llm, registry, history_style="prompt").run("q")
    assert len(llm.last_call.messages) == 1
    prompt = llm.last_call.messages[0]["content"]
    assert "Steps so far:\nThought: t\nAction: echo[x]\nObservation: echo: x" in prompt


def test_run_model_parameters_reach_the_model(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: Finish[ok]"])
    ReActAgent("r", llm, registry).run("q", temperature=0.0, max_steps=2, verbose=True)
    assert llm.last_call.request["temperature"] == 0.0
    assert "verbose" not in llm.last_call.request and "max_steps" not in llm.last_call.request


def test_thinking_blocks_are_ignored(registry: ToolRegistry) -> None:
    reply = "<think>Maybe Action: echo[wrong]?</think>\nThought: sure\nAction: Finish[right]"
    assert ReActAgent("r", ScriptedLLM([reply]), registry).run("q") == "right"


# ---- answers that are not answers: placeholders and unevaluated calculations --------


def test_with_the_aids_a_placeholder_finish_is_sent_back_with_a_reason(
    registry: ToolRegistry,
) -> None:
    llm = ScriptedLLM(
        [
            "Thought: 37 times 48 is about 1700.\nAction: Finish[answer]",
            "Thought: compute it.\nAction: python_calculator[37 * 48]",
            "Action: Finish[1776]",
        ]
    )
    errors: list[str] = []
    agent = ReActAgent("r", llm, registry, small_model_aids=True)
    agent.hooks.on("parse_error", lambda event: errors.append(event.data["error"]))
    assert agent.run(PENCILS) == "1776"
    first = agent.steps[0]
    assert (first.ok, first.final_answer, first.rejected_answer) == (False, None, "answer")
    assert 'Your answer "answer" only repeats a word' in (llm.calls[1].last_user_message or "")
    assert errors == []  # an intervention, not a format error
    assert agent.last_result is not None
    assert [i.check for i in agent.last_result.interventions] == ["placeholder_answer"]


@pytest.mark.parametrize("placeholder", ["answer", "Final Answer", "<answer>", "...", "the result"])
def test_placeholders_are_sent_back_once_with_the_aids(
    registry: ToolRegistry, placeholder: str
) -> None:
    llm = ScriptedLLM([f"Action: Finish[{placeholder}]"] * 2)
    agent = ReActAgent("r", llm, registry, small_model_aids=True)
    assert agent.run("q") == placeholder  # insisted: the model's answer
    assert [step.rejected_answer for step in agent.steps] == [placeholder, None]


def test_without_the_aids_a_placeholder_is_the_models_answer(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: Finish[answer]"])
    assert ReActAgent("r", llm, registry).run("q") == "answer"


def test_an_unevaluated_calculation_is_sent_back_once_with_the_aids(
    registry: ToolRegistry,
) -> None:
    llm = ScriptedLLM(["Action: Finish[144 * 27]", "Action: Finish[144 * 27]"])
    agent = ReActAgent("r", llm, registry, small_model_aids=True)
    assert agent.run("How many muffins?") == "144 * 27"  # insisted: accepted as written
    assert agent.steps[0].rejected_answer == "144 * 27"
    assert "is a calculation, not its result" in (llm.calls[1].last_user_message or "")


def test_a_calculation_nudge_leads_to_the_tool(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        [
            "Thought: 144 a day for 27 days.\nAction: Finish[144 × 27]",
            "Action: python_calculator[144 * 27]",
            "Action: Finish[3888]",
        ]
    )
    agent = ReActAgent("r", llm, registry, small_model_aids=True)
    assert agent.run("How many muffins?") == "3888"
    assert agent.steps[1].observation == "3888"


def test_a_calculation_with_its_result_stands_even_with_the_aids(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: python_calculator[48 * 37]", "Action: Finish[48 * 37 = 1776]"])
    agent = ReActAgent("r", llm, registry, small_model_aids=True)
    assert agent.run(PENCILS) == "48 * 37 = 1776"
    assert len(llm.calls) == 2


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("144 * 27", True),
        ("(80 - 12) / 4", True),
        ("1000 - 34 * 18.", True),
        ("2 + 2 = ", False),
        ("48 * 37 = 1776", False),
        ("2^10", True),
        ("1776", False),
        ("1,776", False),
        ("-5", False),
        ("3/4", False),
        ("2024-03-01", False),
        ("1776 cents", False),
        ("48 pencils cost 1776 cents", False),
        ("", False),
    ],
)
def test_is_unevaluated_arithmetic(text: str, expected: bool) -> None:
    assert is_unevaluated_arithmetic(text) is expected


def test_final_answer_problem_can_be_overridden(registry: ToolRegistry) -> None:
    class LenientAgent(ReActAgent):
        def final_answer_problem(self, answer: str, steps: object = ()) -> str | None:
            return None

    llm = ScriptedLLM(["Action: Finish[answer]"])
    assert LenientAgent("r", llm, registry).run("q") == "answer"


def test_the_prompt_example_follows_the_registered_tools(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(["Action: Finish[ok]", "Action: Finish[ok]"])
    ReActAgent("r", llm, registry).run("q")
    with_calculator = llm.calls[0].last_user_message or ""
    assert "Action: python_calculator[12 * 7]" in with_calculator
    assert "Action: Finish[84]" in with_calculator

    only_echo = ToolRegistry()
    only_echo.register_function("echo", "Repeat the input text.", lambda text: text)
    ReActAgent("r", llm, only_echo).run("q")
    generic = llm.calls[1].last_user_message or ""
    assert "calculator" not in generic and "Action: Finish[84]" in generic


def test_a_thought_without_an_action_is_told_to_finish_if_it_has_the_answer(
    registry: ToolRegistry,
) -> None:
    llm = ScriptedLLM(
        [
            "Thought: 37 times 48.\nAction: python_calculator[37 * 48]",
            "Thought: 1776 cents is the cost.",  # the answer, but no Action
            "Thought: 1776 cents is the cost.\nAction: Finish[1776]",
        ]
    )
    agent = ReActAgent("r", llm, registry)
    assert agent.run(PENCILS) == "1776"
    reminder = llm.calls[2].last_user_message or ""
    assert "a Thought but no Action line" in reminder and "Action: Finish[...]" in reminder
    assert parse_react_reply("no labels at all").error == "the reply has no Action line"


VOUCHER = "What is left of a voucher of 1000 dollars after 34 books at 18 dollars?"


def test_an_answer_that_left_a_number_of_the_question_unused_is_sent_back_once(
    registry: ToolRegistry,
) -> None:
    from hello_agents.agents.react_prompts import UNUSED_QUANTITIES

    llm = ScriptedLLM(
        [
            "Thought: I need 34 * 18.\nAction: python_calculator[34 * 18]",
            "Thought: 612 is what is left.\nAction: Finish[612]",
            "Thought: subtract it from the voucher.\nAction: python_calculator[1000 - 612]",
            "Action: Finish[388]",
        ]
    )
    errors: list[str] = []
    agent = ReActAgent("r", llm, registry, max_steps=3, small_model_aids=True)  # not counted
    agent.hooks.on("parse_error", lambda event: errors.append(event.data["error"]))
    assert agent.run(VOUCHER) == "388"
    llm.assert_all_used()
    doubted = agent.steps[1]
    assert (doubted.rejected_answer, doubted.doubted, doubted.final_answer) == ("612", True, None)
    assert doubted.observation == UNUSED_QUANTITIES.format(quantities="1000")
    assert llm.calls[2].messages[-2:] == [
        {"role": "assistant", "content": "Thought: 612 is what is left.\nAction: Finish[612]"},
        {"role": "user", "content": f"Observation: {doubted.observation}"},
    ]
    assert errors == []  # not a format error


def test_the_model_may_keep_its_answer_after_the_doubt(registry: ToolRegistry) -> None:
    llm = ScriptedLLM(
        [
            "Action: python_calculator[34 * 18]",
            "Action: Finish[612]",
            "Action: Finish[612]",
        ]
    )
    assert ReActAgent("r", llm, registry, small_model_aids=True).run(VOUCHER) == "612"


@pytest.mark.parametrize(
    "answer",
    [
        "388",  # a number of its own: it computed something
        "I would have 1000 - 612 = 388 dollars left",
    ],
)
def test_an_answer_with_its_own_number_stands(registry: ToolRegistry, answer: str) -> None:
    llm = ScriptedLLM(["Action: python_calculator[34 * 18]", f"Action: Finish[{answer}]"])
    assert ReActAgent("r", llm, registry, small_model_aids=True).run(VOUCHER) == answer


def test_answers_without_tool_results_and_unchecked_agents_are_accepted(
    registry: ToolRegistry,
) -> None:
    llm = ScriptedLLM(["Action: Finish[612]"])
    assert (
        ReActAgent("r", llm, registry, small_model_aids=True).run(VOUCHER) == "612"
    )  # no tool used: no trajectory
    llm = ScriptedLLM(["Action: python_calculator[34 * 18]", "Action: Finish[612]"])
    agent = ReActAgent("r", llm, registry)  # the aids are off unless the model is small
    assert agent.run(VOUCHER) == "612"
    assert len(llm.calls) == 2


# ---- the plain reader: the prompt's own format, read the short way ------------------

TEXT_PIECES = st.lists(
    st.one_of(
        st.sampled_from(
            [" ", "\n", "\t", "[", "]", "(", ")", "`", "*", "{", "}", '"', "17 * 23", "ok", "done"]
        ),
        st.sampled_from(["action", "Action: ", "Observation: 5", "Final Answer: 5", "thought"]),
        st.sampled_from(["行动：", "思考", "Finish[", "echo[", "\u3000", "\r"]),
        st.text(max_size=6),
    ),
    max_size=6,
).map("".join) | st.text(st.characters(blacklist_characters="[]`"), max_size=24)


def mostly(usual: str, *others: str) -> st.SearchStrategy[str]:
    """``usual`` half of the time, else one of ``others``."""
    return st.one_of(st.just(usual), st.sampled_from(others))


REPLIES_NEAR_THE_FORMAT = st.builds(
    lambda *parts: "".join(parts),
    mostly("Thought: ", "Thought:", "", "**Thought:** ", "thought: ", " Thought: "),
    TEXT_PIECES,
    mostly("\nAction: ", "\nAction:", "\n Action: ", "\nAction:  ", "\n\nAction: "),
    mostly("echo", "Finish", "finish", "FINISH", "web-search.v2", "calc", "", "思考"),
    mostly("[", "(", "[ ", ""),
    TEXT_PIECES,
    mostly("]", ")", "] ", "]."),
    mostly("", "\n", " ", "\nObservation: 5", "\nAction: echo[2]", "\n```"),
)


@given(REPLIES_NEAR_THE_FORMAT)
@settings(max_examples=1500, deadline=None)
def test_the_plain_reader_agrees_with_the_tolerant_one_wherever_it_answers(reply: str) -> None:
    plain = parse_plain_reply(reply)
    if plain is not None:
        assert plain == parse_tolerant_reply(reply, ["echo", "calc"])


@pytest.mark.parametrize(
    "reply",
    [
        "Thought: I should compute it.\nAction: python_calculator[17 * 23]",
        "Thought: I have the result.\nAction: Finish[391]",
        'Thought: add them.\nAction: add[{"a": 2, "b": 3}]',
        "Thought: \nAction: Finish[]",
        "Thought: two\nlines here\nAction: echo[x]  \n",
        "Thought: a\nAction: FINISH[upper]",
    ],
)
def test_the_plain_reader_reads_the_prompts_format(reply: str) -> None:
    plain = parse_plain_reply(reply)
    assert plain is not None
    assert plain == parse_tolerant_reply(reply, ["echo", "python_calculator", "add"])


@pytest.mark.parametrize(("reply", "kind", "expected"), CORPUS)
def test_the_plain_reader_leaves_every_other_form_to_the_tolerant_one(
    reply: str, kind: str, expected: Any
) -> None:
    plain = parse_plain_reply(reply)
    assert plain is None or plain == parse_tolerant_reply(
        reply, ["python_calculator", "echo", "weather"]
    )
