"""ToolChain and ToolChainManager on a real registry."""

from __future__ import annotations

import pytest

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.builtin.calculator import CalculatorTool
from hello_agents.tools.chain import (
    ToolChain,
    ToolChainError,
    ToolChainManager,
    render_template,
)
from hello_agents.tools.registry import ToolRegistry


def forecast(city: str, days: int) -> str:
    """Pretend weather forecast."""
    return f"{city}: sunny for {days} days"


def broken(text: str) -> str:
    """Always fails."""
    raise RuntimeError(f"cannot handle {text}")


@pytest.fixture
def registry() -> ToolRegistry:
    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    registry.register_function("shout", "Upper-case the text", lambda text: text.upper())
    registry.register_function("count_words", "Count words", lambda text: str(len(text.split())))
    registry.register_function("forecast", "Weather for a city", forecast)
    registry.register_function("broken", "Always fails", broken)
    return registry


def test_outputs_flow_from_step_to_step(registry: ToolRegistry) -> None:
    chain = ToolChain("words", "Shout, count, double")
    chain.add_step("shout", "{input}", output_key="loud")
    chain.add_step("count_words", "{loud}", output_key="count")
    chain.add_step("python_calculator", "{count} * 2")
    assert chain.execute(registry, "one two three") == "6"


def test_default_output_keys_are_numbered_from_one(registry: ToolRegistry) -> None:
    chain = ToolChain("numbers", "Two calculations")
    chain.add_step("python_calculator", "{input}")
    chain.add_step("python_calculator", "{step_0_result} + 1")
    result = chain.run(registry, "2 * 3")
    assert result.ok
    assert result.context["step_0_result"] == "6"
    assert result.context["step_1_result"] == "7"


def test_json_templates_with_literal_braces_work(registry: ToolRegistry) -> None:
    chain = ToolChain("weather", "JSON arguments")
    chain.add_step("forecast", '{"city": "{input}", "days": {days}}')
    assert chain.execute(registry, "Paris", context={"days": 3}) == "Paris: sunny for 3 days"


def test_render_template_rules() -> None:
    values = {"input": "x", "n": 2}
    assert render_template("{input}-{n}", values) == "x-2"
    assert render_template("{{input}} is literal", values) == "{input} is literal"
    assert render_template('{"a": [1, {"b": {n}}]}', values) == '{"a": [1, {"b": 2}]}'
    assert render_template("{ input } and {1} stay", values) == "{ input } and {1} stay"
    with pytest.raises(KeyError):
        render_template("{missing}", values)


def test_json_placeholders_quote_and_escape_the_value(registry: ToolRegistry) -> None:
    assert render_template("{input!json}", {"input": 'say "hi"'}) == '"say \\"hi\\""'
    chain = ToolChain("weather", "")
    chain.add_step("forecast", '{"city": {input!json}, "days": {days}}')
    assert chain.execute(registry, 'Pa"ris', {"days": 1}) == 'Pa"ris: sunny for 1 days'


def test_the_callers_context_is_not_modified(registry: ToolRegistry) -> None:
    context = {"days": 2}
    chain = ToolChain("weather", "")
    chain.add_step("forecast", '{"city": "{input}", "days": {days}}', output_key="report")
    result = chain.run(registry, "Oslo", context)
    assert context == {"days": 2}
    assert result.context == {"days": 2, "input": "Oslo", "report": "Oslo: sunny for 2 days"}


def test_a_failing_step_stops_the_chain_and_is_named(registry: ToolRegistry) -> None:
    chain = ToolChain("fragile", "")
    chain.add_step("shout", "{input}")
    chain.add_step("broken", "{step_0_result}")
    chain.add_step("shout", "{step_1_result}")
    result = chain.run(registry, "hello")
    assert not result.ok
    assert [step.number for step in result.steps] == [1, 2]  # step 3 never ran
    failed = result.failed_step
    assert failed is not None
    assert failed.number == 2
    assert failed.tool_input == "HELLO"
    assert failed.result.error_kind == "execution_error"
    assert result.output.startswith("Tool chain 'fragile' stopped at step 2 of 3 (broken): ")
    assert "cannot handle HELLO" in result.output
    assert "step_1_result" not in result.context


def test_execute_raises_a_typed_error_naming_the_step(registry: ToolRegistry) -> None:
    chain = ToolChain("math", "")
    chain.add_step("python_calculator", "{input}")
    with pytest.raises(ToolChainError, match=r"stopped at step 1 of 1 \(python_calculator\)") as e:
        chain.execute(registry, "1 / 0")
    failed = e.value.result.failed_step
    assert failed is not None
    assert "Division by zero" in failed.result.content


def test_unknown_tools_and_bad_arguments_stop_the_chain(registry: ToolRegistry) -> None:
    chain = ToolChain("typo", "")
    chain.add_step("serach", "{input}")
    result = chain.run(registry, "x")
    assert not result.ok
    assert result.steps[0].result.error_kind == "unknown_tool"

    chain = ToolChain("bad", "")
    chain.add_step("forecast", '{"city": "{input}", "days": "many"}')
    result = chain.run(registry, "Rome")
    assert not result.ok
    assert result.steps[0].result.error_kind == "invalid_arguments"


def test_a_placeholder_that_names_nothing_stops_the_chain(registry: ToolRegistry) -> None:
    chain = ToolChain("typo", "")
    chain.add_step("shout", "{input}", output_key="loud")
    chain.add_step("shout", "{lodu}")
    result = chain.run(registry, "hi")
    assert not result.ok
    failed = result.failed_step
    assert failed is not None
    assert failed.number == 2
    assert "{lodu}" in result.output
    assert "Available: input, loud" in result.output


def test_definition_errors_are_tool_exceptions(registry: ToolRegistry) -> None:
    with pytest.raises(ToolException, match="no steps"):
        ToolChain("empty", "").execute(registry, "x")
    with pytest.raises(ToolException, match="identifier"):
        ToolChain("c", "").add_step("shout", "{input}", output_key="not valid")
    with pytest.raises(ToolException, match="identifier"):
        ToolChain("c", "").add_step("shout", "{input}", output_key="input")


def test_manager_registers_lists_and_runs_chains(registry: ToolRegistry) -> None:
    manager = ToolChainManager(registry)
    chain = ToolChain("double", "Double a number").add_step("python_calculator", "{input} * 2")
    manager.register_chain(chain)
    assert manager.list_chains() == ["double"]
    assert manager.execute_chain("double", "21") == "42"
    assert manager.run_chain("double", "1 / 0").ok is False
    assert manager.get_chain_info("double") == {
        "name": "double",
        "description": "Double a number",
        "steps": 1,
        "step_details": [
            {
                "tool_name": "python_calculator",
                "input_template": "{input} * 2",
                "output_key": "step_0_result",
            }
        ],
    }
    assert manager.get_chain_info("nope") is None
    with pytest.raises(ToolException, match="already registered"):
        manager.register_chain(ToolChain("double", ""))
    with pytest.raises(ToolException, match="No chain named 'nope'"):
        manager.execute_chain("nope", "x")
