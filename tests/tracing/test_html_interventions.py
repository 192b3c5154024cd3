"""The HTML trace shows what the small-model aids did, where they did it."""

from __future__ import annotations

import html
from pathlib import Path

from _tracing_runs import HOSTILE, LOOKUP, QUESTION, Page, office_agent

from hello_agents.agents.aids import SmallModelAids
from hello_agents.agents.function_call_agent import FunctionCallAgent
from hello_agents.agents.react_agent import ReActAgent
from hello_agents.testing import ScriptedLLM, tool_call, tool_calls
from hello_agents.tools.builtin.calculator import CalculatorTool
from hello_agents.tools.builtin.search import SAMPLE_CORPUS, SearchTool
from hello_agents.tools.registry import ToolRegistry
from hello_agents.tracing import trace_run, write_html_trace
from hello_agents.tracing.html import SCRIPT

TIMELINE = ("model-call", "tool-call", "parse-error", "intervention")


def test_each_intervention_is_marked_where_it_happened_with_the_models_reply() -> None:
    # told the result once (unused_result), the model still ignores it (kept_result)
    agent = office_agent([LOOKUP, "Ana's office.", "Ana's office."], aids=True)
    with trace_run(agent) as recorder:
        answer = agent.run(QUESTION)
    run = recorder.last_run
    assert run is not None and agent.last_result is not None
    assert [(done.check, done.action) for done in run.interventions] == [
        ("unused_result", "sent_back"),
        ("kept_result", "replaced"),
    ]
    assert [done.reply for done in run.interventions] == ["Ana's office.", "Ana's office."]
    assert run.interventions[1].replacement == answer == agent.last_result.answer
    text = recorder.to_html()
    page = Page(text)
    timeline = [kind for kind in page.kinds if kind in TIMELINE]
    assert timeline == [
        "model-call",
        "tool-call",
        "model-call",
        "intervention",
        "model-call",
        "intervention",
    ]
    assert "aid: unused_result sent the answer back" in text
    assert "aid: kept_result replaced the answer" in text
    assert '<pre data-kind="kept-reply">Ana&#x27;s office.</pre>' in text
    assert f'<pre data-kind="replacement">{html.escape(answer)}</pre>' in text
    assert HOSTILE not in text and page.scripts == [SCRIPT] and page.urls == []
    assert "on: small_model_aids=True · 2 interventions" in text


def test_a_react_answer_sent_back_shows_what_the_model_was_told() -> None:
    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    script = [
        "Action: python_calculator[34 * 18]",
        "Action: Finish[612]",
        "Action: python_calculator[1000 - 612]",
        "Action: Finish[388]",
    ]
    agent = ReActAgent("react", ScriptedLLM(script), registry, small_model_aids=True)
    question = "What is left of a voucher of 1000 dollars after 34 books at 18 dollars?"
    with trace_run(agent) as recorder:
        assert agent.run(question) == "388"
    run = recorder.last_run
    assert run is not None
    [told] = run.interventions
    text = recorder.to_html()
    assert "aid: unused_quantities sent the answer back" in text
    assert '<pre data-kind="kept-reply">Action: Finish[612]</pre>' in text
    assert f'<pre data-kind="aid-message">{html.escape(told.message)}</pre>' in text
    assert "1 intervention<" in text
    assert Page(text).kinds.count("intervention") == 1


def test_a_run_without_interventions_shows_no_marker() -> None:
    agent = office_agent([LOOKUP, "Ana's office."], aids=False)
    with trace_run(agent) as recorder:
        assert agent.run(QUESTION) == "Ana's office."
    text = recorder.to_html()
    assert 'data-kind="intervention"' not in text and "small-model aids" not in text
    assert "sent the answer back" not in text and "replaced the answer" not in text


def test_aids_that_were_on_and_did_nothing_are_said_to_be_on() -> None:
    agent = office_agent([LOOKUP, "Room B-12."], aids=SmallModelAids())
    with trace_run(agent) as recorder:
        assert agent.run(QUESTION) == "Room B-12."
    text = recorder.to_html()
    assert "on: a SmallModelAids policy was given · 0 interventions" in text
    assert 'data-kind="intervention"' not in text


def test_write_html_trace_from_an_agent_shows_its_interventions(tmp_path: Path) -> None:
    agent = office_agent([LOOKUP, "Ana's office.", "Ana's office."], aids=True)
    agent.run(QUESTION)
    text = write_html_trace(agent, tmp_path / "run.html").read_text(encoding="utf-8")
    assert Page(text).kinds.count("intervention") == 2
    assert "2 interventions" in text and HOSTILE not in text


def test_a_structured_search_result_shows_its_query_titles_and_urls_one_per_line() -> None:
    tools = ToolRegistry()
    tools.register_tool(SearchTool(backend="local", corpus_dir=SAMPLE_CORPUS))
    search = tool_call("search", {"input": "tides", "mode": "structured"})
    agent = FunctionCallAgent("f", ScriptedLLM([tool_calls(search), "Tides."]), tool_registry=tools)
    with trace_run(agent) as recorder:
        agent.run("Why does the sea have tides?")
    text = recorder.to_html()
    assert "\n  &quot;query&quot;: &quot;tides&quot;,\n" in text
    assert "\n      &quot;title&quot;: &quot;Why the sea has tides&quot;,\n" in text
    assert "&quot;url&quot;: &quot;file://" in text


def test_a_reply_held_to_a_call_says_which_tools() -> None:
    registry = ToolRegistry()

    @registry.tool
    def fruit_price(fruit: str) -> int:
        """The price of one piece of fruit at the stand, in cents.

        Args:
            fruit: The fruit.
        """
        return 45

    script = [
        '{"answer": "30 cents"}',
        '{"name": "fruit_price", "arguments": {"fruit": "kiwi"}}',
        '{"answer": "45 cents"}',
    ]
    agent = FunctionCallAgent(
        "fc",
        ScriptedLLM(script),
        tool_registry=registry,
        tool_call_strategy="json_schema",
        small_model_aids=True,
    )
    with trace_run(agent) as recorder:
        assert agent.run("What does one kiwi cost at the fruit stand?") == "45 cents"
    run = recorder.last_run
    assert run is not None
    [told] = run.interventions
    assert (told.check, told.held_to) == ("ungrounded_numbers", ("fruit_price",))
    assert "next reply held to a call of: fruit_price</div>" in recorder.to_html()
