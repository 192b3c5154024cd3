"""All five paradigms and the CLI on the real embedded model (Qwen2.5-Coder-1.5B).

These assert what a user cares about: the tool was called and the answer is
right. They need the ``local`` extra and take a few minutes on two cores.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from hello_agents import (
    CalculatorTool,
    Config,
    FunctionCallAgent,
    HelloAgentsLLM,
    PlanAndSolveAgent,
    ReActAgent,
    ReflectionAgent,
    SimpleAgent,
    ToolRegistry,
)
from hello_agents.agents.aids.checks import UNUSED_QUANTITIES
from hello_agents.agents.text import render
from hello_agents.agents.tool_call_strategies import NEXT_STEP_HINT, JsonSchemaToolCalls
from hello_agents.agents.tool_support import ToolUsingAgent
from hello_agents.local import stop_embedded_server

pytestmark = [pytest.mark.integration, pytest.mark.local_model]

PENCILS = "A shop sells pencils at 37 cents each. How many cents do 48 pencils cost?"
CONFIG = Config(temperature=0, max_tokens=300)


@pytest.fixture(scope="module")
def llm() -> Iterator[HelloAgentsLLM]:
    model = HelloAgentsLLM(provider="embedded", timeout=240)
    model.prepare()
    yield model
    model.close()
    stop_embedded_server()  # later modules start (and count) their own servers


@pytest.fixture
def registry() -> ToolRegistry:
    tools = ToolRegistry()
    tools.register_tool(CalculatorTool())
    return tools


def tools_called(agent: ToolUsingAgent) -> list[str]:
    called: list[str] = []
    agent.hooks.on("tool_start", lambda event: called.append(event.data["tool"]))
    return called


def test_embedded_default_is_used_without_any_configuration(llm: HelloAgentsLLM) -> None:
    assert llm.provider == "embedded"
    assert llm.base_url is not None and llm.base_url.startswith("http://127.0.0.1:")
    assert "".join(llm.think([{"role": "user", "content": "Say OK."}])).strip()


def test_react_agent_uses_the_calculator(llm: HelloAgentsLLM, registry: ToolRegistry) -> None:
    agent = ReActAgent("react", llm, registry, config=CONFIG)
    called = tools_called(agent)
    assert "1776" in agent.run(PENCILS)
    assert "python_calculator" in called


def test_function_call_agent_uses_the_calculator(
    llm: HelloAgentsLLM, registry: ToolRegistry
) -> None:
    agent = FunctionCallAgent("function", llm, config=CONFIG, tool_registry=registry)
    called = tools_called(agent)
    assert "1776" in agent.run(PENCILS)
    assert "python_calculator" in called


def test_the_server_holds_a_reply_to_a_call_that_passes_the_unused_number(
    llm: HelloAgentsLLM,
) -> None:
    # The schema FunctionCallAgent sends after "the question gives 20 ... unused":
    # whatever the model would rather write, llama.cpp's grammar allows only
    # multiply with 20 and 45 (const and enum inside anyOf, as the server reads them).
    tools = ToolRegistry()

    @tools.tool
    def fruit_price(fruit: str) -> int:
        """The price of one piece of fruit, in cents.

        Args:
            fruit: The fruit.
        """
        return 45

    @tools.tool
    def multiply(a: float, b: float) -> float:
        """Multiply two numbers.

        Args:
            a: The first number.
            b: The second number.
        """
        return a * b

    strategy = JsonSchemaToolCalls()
    held = strategy.passing_options(tools, ["20"], [20.0, 45.0])
    assert held is not None
    price_call = '{"name": "fruit_price", "arguments": {"fruit": "apple"}}'
    messages = [
        {"role": "system", "content": strategy.system_prompt("You are helpful.", tools)},
        {"role": "user", "content": "What do 20 apples cost at the fruit stand, in cents?"},
        {"role": "assistant", "content": price_call},
        {"role": "user", "content": f"Result of fruit_price: 45\n{NEXT_STEP_HINT}"},
        {"role": "assistant", "content": '{"answer": "45"}'},
        {"role": "user", "content": render(UNUSED_QUANTITIES, quantities="20")},
    ]
    call = json.loads(llm.invoke(messages, temperature=0, max_tokens=80, **held))
    assert call["name"] == "multiply"
    assert sorted(call["arguments"].values()) == [20, 45]


def test_simple_agent_uses_the_text_protocol(llm: HelloAgentsLLM, registry: ToolRegistry) -> None:
    agent = SimpleAgent("simple", llm, config=CONFIG, tool_registry=registry)
    called = tools_called(agent)
    answer = agent.run(PENCILS)
    assert "1776" in answer and "TOOL_CALL" not in answer
    assert "python_calculator" in called


def test_reflection_agent_returns_an_approved_or_refined_draft(llm: HelloAgentsLLM) -> None:
    agent = ReflectionAgent("reflection", llm, config=CONFIG, max_iterations=1)
    answer = agent.run("Write one short sentence describing the sea. Reply with the sentence only.")
    assert "sea" in answer.lower() and "VERDICT" not in answer
    assert agent.last_result is not None and agent.last_result.drafts


def test_plan_and_solve_agent_plans_and_solves(llm: HelloAgentsLLM) -> None:
    agent = PlanAndSolveAgent("plan", llm, config=CONFIG)
    answer = agent.run(
        "Tom has 3 boxes with 4 apples in each box. How many apples does Tom have? "
        "Give the final number."
    )
    assert "12" in answer
    assert agent.last_result is not None and len(agent.last_result.plan) >= 1


def test_a_call_longer_than_its_timeout_is_not_cut_while_the_model_works(
    llm: HelloAgentsLLM,
) -> None:
    # A fresh prompt of about 700 tokens takes this CPU several seconds to read and
    # the answer more to write; with timeout=2 a whole-answer deadline would cut it.
    # The call is streamed on the wire, so the limit follows llama.cpp's progress.
    words = " ".join(f"item{index}-{time.time_ns() % 9973}" for index in range(140))
    quick = HelloAgentsLLM(provider="embedded", timeout=2.0)
    started = time.monotonic()
    answer = quick.invoke(
        [{"role": "user", "content": f"{words}\n\nCount from 1 to 20, separated by commas."}],
        temperature=0,
        max_tokens=80,
    )
    elapsed = time.monotonic() - started
    quick.close()
    assert "1, 2, 3" in answer
    assert elapsed > 2.0, f"the call took {elapsed:.1f}s: it proves nothing about the limit"


def test_cli_run_prints_the_steps_and_the_answer() -> None:
    env = {**os.environ, "HELLO_AGENTS_NO_DOTENV": "1", "TEMPERATURE": "0"}
    for name in ("OPENAI_API_KEY", "LLM_API_KEY", "LLM_BASE_URL"):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "-m", "hello_agents", "run", PENCILS],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "→ python_calculator(" in done.stdout
    assert "answer: " in done.stdout and "1776" in done.stdout.split("answer: ")[-1]


def test_cli_run_answers_a_question_that_needs_no_tool() -> None:
    env = {**os.environ, "HELLO_AGENTS_NO_DOTENV": "1", "TEMPERATURE": "0"}
    for name in ("OPENAI_API_KEY", "LLM_API_KEY", "LLM_BASE_URL"):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, "-m", "hello_agents", "run", "What is the capital of Australia?"],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Canberra" in done.stdout.split("answer: ")[-1]
