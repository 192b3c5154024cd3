"""TripBudget: plans a trip budget: converts prices between currencies and adds them up.

Two tools, and a ``FunctionCallAgent`` that chooses between them:

* ``convert_currency(amount, from_currency, to_currency)``: a typed function tool,
  at the sample rates of ``data/rates.json`` (an unknown currency comes back to the
  model as an error naming the known ones);
* ``python_calculator``: hello-agents's calculator, for totals.

Entry points: ``build_agent(llm)``, ``ask(agent, question, trace_file=...)`` (one answer,
and an HTML trace of the run) and ``evaluate(make_llm)`` (accuracy on
``data/eval_tasks.jsonl``). ``choose_llm()`` picks the model from
``HELLO_AGENTS_EXAMPLE_LLM``: ``scripted`` (a stand-in, offline and instant),
``embedded`` (hello-agents's local model), or unset / ``configured`` (the provider in
``.env``, else the local model).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hello_agents import CalculatorTool, FunctionCallAgent, HelloAgentsLLM, ToolRegistry, tool
from hello_agents.evaluation import load_tasks, run_task, summary
from hello_agents.testing import ScriptedLLM, reply, tool_call, tool_calls
from hello_agents.tracing import trace_run

HERE = Path(__file__).resolve().parent
RATES = HERE / "data" / "rates.json"
EVAL_TASKS = HERE / "data" / "eval_tasks.jsonl"
TRACES = HERE / "outputs" / "traces"
MODEL_SETTING = "HELLO_AGENTS_EXAMPLE_LLM"
STAND_IN_CALLS = 500

SYSTEM_PROMPT = (
    "You are TripBudget, a travel budget assistant. You have two tools. For any conversion "
    "of money between currencies, call convert_currency (for 'How much is 120 EUR in CNY?': "
    "amount=120, from_currency=EUR, to_currency=CNY). For any sum, call python_calculator "
    "with the expression. Never compute numbers yourself and never give links. After the "
    "tool answers, reply in one sentence with its number and currency."
)


def load_rates(path: Path = RATES) -> dict[str, float]:
    """How many units of each currency one unit of the base currency buys."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {code.upper(): float(rate) for code, rate in data["rates"].items()}


def make_converter(rates: dict[str, float]) -> Any:
    """The ``convert_currency`` tool at ``rates``."""

    @tool
    def convert_currency(amount: float, from_currency: str, to_currency: str) -> str:
        """Convert an amount of money from one currency to another at the sample rates.

        Args:
            amount: How much money, e.g. 120.
            from_currency: The ISO code it is in, e.g. EUR.
            to_currency: The ISO code wanted, e.g. CNY.
        """
        source, target = from_currency.strip().upper(), to_currency.strip().upper()
        for code in (source, target):
            if code not in rates:
                known = ", ".join(sorted(rates))
                raise ValueError(f"unknown currency {code!r}: the known ones are {known}")
        converted = amount / rates[source] * rates[target]
        return f"{amount:g} {source} = {converted:.2f} {target}"

    return convert_currency


def build_tools(rates: dict[str, float] | None = None) -> ToolRegistry:
    """The converter and the calculator."""
    registry = ToolRegistry()
    registry.register_tool(make_converter(rates if rates is not None else load_rates()))
    registry.register_tool(CalculatorTool())
    return registry


def build_agent(llm: Any, tools: ToolRegistry | None = None) -> FunctionCallAgent:
    """The application's agent on ``llm``."""
    return FunctionCallAgent(
        "TripBudget",
        llm,
        system_prompt=SYSTEM_PROMPT,
        tool_registry=tools if tools is not None else build_tools(),
    )


def ask(agent: FunctionCallAgent, question: str, trace_file: Path | None = None) -> str:
    """Ask ``agent`` one question; with ``trace_file``, write the run as an HTML page."""
    with trace_run(agent) as recorder:
        answer = agent.run(question)
    if trace_file is not None:
        trace_file.parent.mkdir(parents=True, exist_ok=True)
        recorder.write_html(trace_file, title="TripBudget")
    return answer


def evaluate(make_llm: Callable[[], Any], tasks_path: Path = EVAL_TASKS) -> dict[str, Any]:
    """Run every task of ``tasks_path`` on a fresh agent and score the answers.

    Returns:
        hello-agents's summary: ``total``, ``correct``, ``accuracy``, latency, tokens.
    """
    results = [
        run_task(task, lambda task, tools: build_agent(make_llm(), tools), build_tools())
        for task in load_tasks(tasks_path)
    ]
    return summary(results)


# ---- which model answers ----------------------------------------------------------------

CONVERSION = re.compile(r"(\d+(?:\.\d+)?)\s*([A-Za-z]{3})\b.*?\b(?:in|to|into)\s+([A-Za-z]{3})\b")
SUM = re.compile(r"\d+(?:\.\d+)?(?:\s*\+\s*\d+(?:\.\d+)?)+")


def stand_in_reply(request: dict[str, Any]) -> Any:
    """What the scripted stand-in answers: a conversion question goes to
    ``convert_currency``, a sum to the calculator; a tool's result is the answer."""
    last = request["messages"][-1]
    if last["role"] == "tool":
        return reply(f"That comes to {last['content']}.")
    question = str(last.get("content", ""))
    conversion = CONVERSION.search(question)
    if conversion is not None:
        amount, source, target = conversion.groups()
        arguments = {"amount": float(amount), "from_currency": source, "to_currency": target}
        return tool_calls(tool_call("convert_currency", arguments))
    total = SUM.search(question)
    if total is not None:
        return tool_calls(tool_call("python_calculator", {"input": total.group(0)}))
    return reply("Ask me to convert an amount (120 EUR in CNY) or to add costs (35 + 18.5).")


def scripted_llm() -> ScriptedLLM:
    """The offline stand-in model (see :func:`stand_in_reply`)."""
    return ScriptedLLM([stand_in_reply] * STAND_IN_CALLS)


def choose_llm() -> Any:
    """The model ``HELLO_AGENTS_EXAMPLE_LLM`` asks for (see the module docstring)."""
    mode = os.environ.get(MODEL_SETTING, "").strip().lower() or "configured"
    if mode == "scripted":
        return scripted_llm()
    if mode == "embedded":
        return HelloAgentsLLM(provider="embedded")
    if mode == "configured":
        return HelloAgentsLLM()
    raise ValueError(f"{MODEL_SETTING}={mode!r}: choose scripted, embedded or configured")
