"""The ways the tutorial's chapter-7 code subclasses and calls our agents keep working.

The classes here are written for these tests (the tutorial's own files are not
copied); each does what the tutorial's learners do: set attributes before or
instead of the parent's constructor, write their own ``run`` on the parent's
helpers, read or replace ``current_history``, ``prompt_template`` and
``tool_registry``, pass custom prompts of their own shape.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from typing import Any

import pytest

from hello_agents import (
    CalculatorTool,
    Config,
    FunctionCallAgent,
    Message,
    PlanAndSolveAgent,
    ReActAgent,
    ReflectionAgent,
    SimpleAgent,
    ToolRegistry,
)
from hello_agents.agents.plan_solve_agent import DEFAULT_EXECUTOR_PROMPT, DEFAULT_PLANNER_PROMPT
from hello_agents.agents.react_agent import DEFAULT_REACT_PROMPT, REACT_PROMPT
from hello_agents.core.exceptions import AgentArgumentError
from hello_agents.testing import ScriptedLLM
from hello_agents.testing.script import ScriptedReply

LOOP_PROMPT = """Tools:
{tools}
Question: {question}
So far:
{history}
Reply with Thought: ... and Action: tool[input] or Finish[answer]."""


def calculator_registry() -> ToolRegistry:
    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    return registry


class LoopWrittenByHand(ReActAgent):
    """A learner's ReAct agent: the parent's constructor called positionally the
    way the chapter does, its own attributes, its own loop on the parent's helpers."""

    def __init__(
        self,
        name: str,
        llm: Any,
        tool_registry: ToolRegistry,
        system_prompt: str | None = None,
        config: Config | None = None,
        max_steps: int = 4,
    ) -> None:
        super().__init__(name, llm, system_prompt, config)  # type: ignore[arg-type]
        self.tool_registry = tool_registry
        self.max_steps = max_steps
        self.current_history = []
        self.prompt_template = LOOP_PROMPT

    def run(self, input_text: str, **kwargs: Any) -> str:
        self.current_history = []
        for _ in range(self.max_steps):
            prompt = self.prompt_template.format(
                tools=self.tool_registry.get_tools_description(),
                question=input_text,
                history="\n".join(self.current_history),
            )
            reply = self.llm.invoke([{"role": "user", "content": prompt}], **kwargs)
            _thought, action = self._parse_output(reply)
            if action and action.startswith("Finish"):
                answer = self._parse_action_input(action)
                self.add_message(Message(input_text, "user"))
                self.add_message(Message(answer, "assistant"))
                return answer
            if action:
                tool, tool_input = self._parse_action(action)
                observation = self.tool_registry.execute_tool(tool or "", tool_input or "")
                self.current_history += [f"Action: {action}", f"Observation: {observation}"]
        return "gave up"


def test_a_hand_written_react_subclass_runs_on_the_parent_helpers() -> None:
    llm = ScriptedLLM(
        [
            "**Thought:** multiply first.\n**Action:** `python_calculator[37 * 48]`",
            "Thought: I have it.\nAction: Finish[1776 cents]",
        ]
    )
    config = Config(temperature=0)
    agent = LoopWrittenByHand("mine", llm, calculator_registry(), "Answer briefly.", config)
    assert (agent.system_prompt, agent.config) == ("Answer briefly.", config)
    assert agent.prompt_template == LOOP_PROMPT
    assert agent.run("48 pencils at 37 cents?") == "1776 cents"
    assert agent.current_history == [
        "Action: python_calculator[37 * 48]",
        "Observation: 1776",
    ]
    assert "python_calculator" in llm.calls[0].last_user_message  # type: ignore[operator]
    assert [m.content for m in agent.get_history()] == ["48 pencils at 37 cents?", "1776 cents"]


def test_its_async_and_stream_modes_use_the_hand_written_run() -> None:
    replies = ["Action: Finish[a]", "Action: Finish[b]"]
    agent = LoopWrittenByHand("mine", ScriptedLLM(replies), calculator_registry())
    assert asyncio.run(agent.arun("q")) == "a"
    assert list(agent.stream_run("q")) == ["b"]
    assert agent.last_result is not None and agent.last_result.answer == "b"


def test_the_parent_helpers_read_what_models_write() -> None:
    agent = ReActAgent("r", ScriptedLLM([]), calculator_registry())
    assert agent._parse_output("Thought: sum\nAction: python_calculator[1 + 2]") == (
        "sum",
        "python_calculator[1 + 2]",
    )
    assert agent._parse_output("Thought: done\nAction: Finish[the answer\nspans lines]") == (
        "done",
        "Finish[the answer\nspans lines]",
    )
    assert agent._parse_output("just words") == (None, None)
    assert agent._parse_action("search[a [nested] query]") == ("search", "a [nested] query")
    assert agent._parse_action("no brackets here") == (None, None)
    assert agent._parse_action_input("Finish[42]") == "42"
    assert agent._parse_action_input("nothing") == ""


def test_current_history_is_the_latest_trajectory_unless_replaced() -> None:
    llm = ScriptedLLM(["Action: python_calculator[2 + 2]", "Action: Finish[4]"])
    agent = ReActAgent("r", llm, calculator_registry())
    agent.run("2 + 2?")
    assert "Observation: 4" in agent.current_history
    agent.current_history = ["mine"]
    assert agent.current_history == ["mine"]


def test_the_tutorial_prompt_names_exist() -> None:
    assert DEFAULT_REACT_PROMPT is REACT_PROMPT
    assert "{question}" in DEFAULT_PLANNER_PROMPT
    assert "{current_step}" in DEFAULT_EXECUTOR_PROMPT


class ChatWrittenByHand(SimpleAgent):
    """A learner's SimpleAgent: no registry at all, or one set after the parent."""

    def __init__(self, name: str, llm: Any, tool_registry: ToolRegistry | None = None) -> None:
        super().__init__(name, llm, None, None)
        self.tool_registry = tool_registry  # type: ignore[assignment]
        self.enable_tool_calling = tool_registry is not None

    def run(self, input_text: str, max_tool_iterations: int = 3, **kwargs: Any) -> str:
        messages = [{"role": "system", "content": self._get_enhanced_system_prompt()}]
        messages += [{"role": m.role, "content": m.content} for m in self._history]
        messages.append({"role": "user", "content": input_text})
        if not self.enable_tool_calling:
            answer = self.llm.invoke(messages, **kwargs)
            self.add_message(Message(input_text, "user"))
            self.add_message(Message(answer, "assistant"))
            return answer
        return self._run_with_tools(messages, input_text, max_tool_iterations, **kwargs)

    def stream_run(self, input_text: str, **kwargs: Any) -> Iterator[str]:
        messages = [{"role": "user", "content": input_text}]
        full = ""
        for chunk in self.llm.stream_invoke(messages, **kwargs):
            full += chunk
            yield chunk
        self.add_message(Message(input_text, "user"))
        self.add_message(Message(full, "assistant"))


def test_a_hand_written_simple_agent_without_tools_chats() -> None:
    agent = ChatWrittenByHand("mine", ScriptedLLM(["Hello!", "Still here."]))
    assert agent.run("hi") == "Hello!"
    assert not agent.has_tools() and agent.list_tools() == []
    assert "".join(agent.stream_run("there?")) == "Still here."
    assert len(agent.get_history()) == 4


def test_a_hand_written_simple_agent_uses_the_parent_tool_loop() -> None:
    llm = ScriptedLLM(['[TOOL_CALL:python_calculator:{"input": "6 * 7"}]', "It is 42."])
    agent = ChatWrittenByHand("mine", llm, calculator_registry())
    assert agent.run("6 times 7?") == "It is 42."
    assert "[TOOL_CALL:" in llm.calls[0].system_prompt  # type: ignore[operator]
    assert "42" in llm.calls[1].last_user_message  # type: ignore[operator]


def test_the_simple_agent_helpers_parse_and_execute_as_documented() -> None:
    agent = SimpleAgent("s", ScriptedLLM([]), tool_registry=calculator_registry())
    reply = "Sure [TOOL_CALL:python_calculator:round(7 / 2, 1)] then"
    assert agent._parse_tool_calls(reply) == [
        {
            "tool_name": "python_calculator",
            "parameters": "round(7 / 2, 1)",
            "original": "[TOOL_CALL:python_calculator:round(7 / 2, 1)]",
        }
    ]
    assert agent._parse_tool_parameters("python_calculator", "input=2 + 2") == {"input": "2 + 2"}
    assert agent._execute_tool_call("python_calculator", "2 ** 10") == "1024"
    assert agent._execute_tool_call("nope", "1").startswith("Error:")


def test_run_with_stream_true_says_what_to_write() -> None:
    agent = SimpleAgent("s", ScriptedLLM(["x"]))
    with pytest.raises(AgentArgumentError, match="stream_run"):
        agent.run("q", stream=True)


def test_the_tutorial_reflection_prompts_work_and_stop_on_no_improvement() -> None:
    prompts = {
        "initial": "Write a function: {task}",
        "reflect": "Review the efficiency.\nTask: {task}\nCode: {content}",
        "refine": "Improve it.\nTask: {task}\nFeedback: {feedback}",
    }
    llm = ScriptedLLM(["def fib(n): ...", "代码已经很好，无需改进。"])
    agent = ReflectionAgent("code", llm, custom_prompts=prompts)
    assert agent.run("fibonacci") == "def fib(n): ..."
    assert agent.last_result is not None
    assert agent.last_result.stopped_reason == "approved"
    llm.assert_all_used()  # two calls, not seven


def test_with_our_default_prompt_only_a_verdict_stops() -> None:
    llm = ScriptedLLM(["draft", "no need for improvement", "draft 2", "VERDICT: DONE"])
    ReflectionAgent("r", llm).run("task")
    llm.assert_all_used()


def test_plan_and_solve_takes_the_tutorial_prompt_keys() -> None:
    prompts = {
        "planner": "Plan as a python list: {question}",
        "executor": "Q: {question}\nPlan: {plan}\nDone: {history}\nNow: {current_step}",
    }
    llm = ScriptedLLM(['python\n["add", "check"]', "5", "5 is right"])
    agent = PlanAndSolveAgent("p", llm, custom_prompts=prompts)
    assert agent.run("2 + 3?") == "5 is right"


def test_function_call_agent_has_the_tutorial_helpers() -> None:
    registry = calculator_registry()
    llm = ScriptedLLM([ScriptedReply("plain answer")])
    agent = FunctionCallAgent("f", llm, tool_registry=registry)
    assert agent._build_tool_schemas() == registry.to_openai_schema()
    assert agent._parse_function_call_arguments('{"input": "1+1"}') == {"input": "1+1"}
    assert agent._parse_function_call_arguments(None) == {}
    assert agent._extract_message_content([{"type": "text", "text": "a"}, "b"]) == "ab"
    assert agent._convert_parameter_types("python_calculator", {"input": "2"}) == {"input": "2"}
    response = agent._invoke_with_tools(
        [{"role": "user", "content": "hi"}], agent._build_tool_schemas(), "auto"
    )
    assert response.content == "plain answer"
    assert llm.last_call.request["tool_choice"] == "auto"


def test_limits_are_checked_the_same_way_everywhere() -> None:
    llm = ScriptedLLM([])
    builders = [
        lambda: SimpleAgent("s", llm, max_tool_iterations=-1),
        lambda: ReActAgent("r", llm, max_steps=0),
        lambda: ReflectionAgent("f", llm, max_iterations=-1),
        lambda: PlanAndSolveAgent("p", llm, max_steps=0),
        lambda: FunctionCallAgent("c", llm, max_tool_iterations=-2),
    ]
    for build in builders:
        with pytest.raises(AgentArgumentError, match=re.compile(r"must be an integer >= \d")):
            build()
