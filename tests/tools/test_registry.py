"""ToolRegistry: registration, discovery, and execution through the guard."""

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from hello_agents.core.exceptions import ToolException
from hello_agents.tools.base import Tool, ToolParameter
from hello_agents.tools.registry import NO_TOOLS_DESCRIPTION, ToolRegistry
from hello_agents.tools.typed import tool


class Upper(Tool):
    """A tutorial-style Tool object with one ``input`` parameter."""

    def __init__(self, name: str = "upper") -> None:
        super().__init__(name, "Upper-case the input.")

    def get_parameters(self) -> list[ToolParameter]:
        return [ToolParameter(name="input", type="string", description="Text")]

    def run(self, parameters: dict[str, Any]) -> str:
        return str(parameters["input"]).upper()


def my_calculate(expression):  # type: ignore[no-untyped-def]
    # the tutorial's Callable[[str], str], untyped on purpose
    return str(sum(int(part) for part in expression.split("+")))


@pytest.fixture
def registry() -> ToolRegistry:
    registry = ToolRegistry()
    registry.register_tool(Upper())
    registry.register_function("my_calculator", "Add integers: 1+2", my_calculate)
    return registry


def test_register_tool_and_function_are_both_listed_and_found(registry: ToolRegistry) -> None:
    assert registry.list_tools() == ["upper", "my_calculator"]
    assert isinstance(registry.get_tool("upper"), Upper)
    assert registry.get_tool("my_calculator") is not None
    assert registry.get_tool("missing") is None
    assert "upper" in registry and len(registry) == 2


def test_function_and_object_tools_are_executed_the_same_way(registry: ToolRegistry) -> None:
    assert registry.execute_tool("upper", "abc") == "ABC"
    assert registry.execute_tool("my_calculator", "1+2+3") == "6"
    assert registry.execute_tool("my_calculator", {"expression": "4+4"}) == "8"


def test_name_collision_is_an_error_unless_replace(registry: ToolRegistry) -> None:
    with pytest.raises(ToolException, match="already registered"):
        registry.register_tool(Upper())
    with pytest.raises(ToolException, match="already registered"):
        registry.register_function("upper", "Other.", my_calculate)
    replacement = Upper()
    registry.register_tool(replacement, replace=True)
    assert registry.get_tool("upper") is replacement


def test_invalid_tool_name_is_refused() -> None:
    with pytest.raises(ToolException, match="not valid"):
        ToolRegistry().register_tool(Upper("bad name:with colon"))


def test_unregister_reports_whether_something_was_removed(registry: ToolRegistry) -> None:
    assert registry.unregister("upper") is True
    assert registry.unregister("upper") is False
    assert registry.list_tools() == ["my_calculator"]


def test_register_function_generates_a_schema_for_typed_functions() -> None:
    registry = ToolRegistry()

    def convert(amount: float, currency: str = "EUR") -> str:
        return f"{amount:.2f} {currency}"

    registry.register_function("convert", "Convert money.", convert)
    schema = registry.to_openai_schema()[0]["function"]["parameters"]
    assert schema["properties"]["amount"] == {"type": "number"}
    assert schema["properties"]["currency"] == {"type": "string", "default": "EUR"}
    assert registry.execute_tool("convert", "amount=3, currency=USD") == "3.00 USD"


@pytest.mark.parametrize(
    ("written", "received"),
    [
        ('{"a": 2, "b": 3}', '{"a": 2, "b": 3}'),  # JSON the function reads itself
        ("a=2, b=3", "a=2, b=3"),
        ('{"a": 2', '{"a": 2'),  # not even JSON: still the function's business
        ("2 + 3", "2 + 3"),
        ("", ""),
        ('{"text": "2 + 3"}', "2 + 3"),  # the parameter named: its value
        ("text=2 + 3", "2 + 3"),
    ],
)
def test_a_tutorial_text_function_receives_the_call_text_as_written(
    written: str, received: str
) -> None:
    registry = ToolRegistry()
    registry.register_function("add", "Add two numbers given as JSON.", lambda text: repr(text))
    assert registry.execute_tool("add", written) == repr(received)


def test_a_native_call_to_a_text_function_still_names_its_parameter() -> None:
    registry = ToolRegistry()
    registry.register_function("echo", "Echo the text.", lambda text: text)
    assert registry.execute_tool("echo", {"text": "hi"}) == "hi"
    failed = registry.execute("echo", {"a": 2, "b": 3})
    assert not failed.ok and "a: unknown field" in failed.content


def test_only_a_one_string_parameter_function_takes_text_as_written() -> None:
    registry = ToolRegistry()

    def convert(amount: float, currency: str = "EUR") -> str:
        return f"{amount:.2f} {currency}"

    def count(number: int) -> str:
        return str(number)

    registry.register_function("convert", "Convert money.", convert)
    registry.register_function("count", "Count.", count)
    assert registry.get_tool("convert").text_parameter is None  # type: ignore[union-attr]
    assert registry.get_tool("count").text_parameter is None  # type: ignore[union-attr]
    assert not registry.execute("count", '{"n": 1, "m": 2}').ok


def test_decorator_forms_register_typed_functions() -> None:
    registry = ToolRegistry()

    @registry.tool
    def greet(name: str) -> str:
        """Greet someone."""
        return f"Hello {name}"

    @registry.tool(name="farewell", group="polite")
    def bye(name: str) -> str:
        """Say goodbye."""
        return f"Bye {name}"

    assert registry.list_tools() == ["greet", "farewell"]
    assert registry.group_of("farewell") == "polite"
    assert registry.execute_tool("farewell", "Ann") == "Bye Ann"
    assert greet("Bo") == "Hello Bo"


def test_groups_are_listed_in_order_of_first_use() -> None:
    registry = ToolRegistry()
    registry.register_tool(Upper("a"), group="text")
    registry.register_tool(Upper("b"), group="math")
    registry.register_tool(Upper("c"), group="text")
    assert registry.list_groups() == ["text", "math"]
    assert [t.name for t in registry.tools_in_group("text")] == ["a", "c"]
    assert registry.group_of("b") == "math" and registry.group_of("zzz") is None


def test_tools_description_lists_each_tool_on_one_line(registry: ToolRegistry) -> None:
    assert registry.get_tools_description() == (
        "- upper: Upper-case the input.\n- my_calculator: Add integers: 1+2"
    )
    assert ToolRegistry().get_tools_description() == NO_TOOLS_DESCRIPTION


def test_openai_schema_has_one_function_entry_per_tool(registry: ToolRegistry) -> None:
    schemas = registry.to_openai_schema()
    assert [s["type"] for s in schemas] == ["function", "function"]
    assert schemas[0]["function"] == {
        "name": "upper",
        "description": "Upper-case the input.",
        "parameters": {
            "type": "object",
            "properties": {"input": {"type": "string", "description": "Text"}},
            "required": ["input"],
        },
    }
    assert schemas[1]["function"]["parameters"]["required"] == ["expression"]


def test_execute_returns_a_result_with_structured_data() -> None:
    registry = ToolRegistry()

    @registry.tool
    def stats(values: list[float]) -> dict[str, float]:
        """Min and max of some numbers."""
        return {"min": min(values), "max": max(values)}

    result = registry.execute("stats", '{"values": [3, 1, 2]}')
    assert result.ok and result.error_kind is None
    assert result.data == {"min": 1.0, "max": 3.0}
    assert result.content == '{"min": 1.0, "max": 3.0}'


def test_tool_name_whitespace_is_ignored(registry: ToolRegistry) -> None:
    assert registry.execute(" upper ", "x").content == "X"


def test_tool_exception_becomes_an_execution_error(caplog: pytest.LogCaptureFixture) -> None:
    registry = ToolRegistry()

    @registry.tool
    def divide(a: float, b: float) -> float:
        """Divide a by b."""
        return a / b

    with caplog.at_level(logging.INFO, logger="hello_agents.tools.registry"):
        result = registry.execute("divide", {"a": 1, "b": 0})
    assert not result.ok and result.error_kind == "execution_error"
    assert "Tool 'divide' failed: ZeroDivisionError: float division by zero" in result.content
    assert "divide" in caplog.text


def test_a_tools_own_timeout_error_is_an_execution_error_not_a_timeout() -> None:
    registry = ToolRegistry()

    @registry.tool(timeout=30)
    def fetch(url: str) -> str:
        """Fetch a URL."""
        raise TimeoutError("upstream server took too long")

    result = registry.execute("fetch", "http://example.invalid")
    assert result.error_kind == "execution_error"
    assert "upstream server took too long" in result.content


def test_output_is_truncated_with_a_visible_marker() -> None:
    registry = ToolRegistry(max_output_chars=10)
    registry.register_function("long", "Long output.", lambda text: text * 50)
    result = registry.execute("long", "ab")
    assert result.ok and result.truncated
    assert result.content.startswith("ababababab\n")
    assert result.content.endswith("[output truncated: showing the first 10 of 100 characters]")


def test_short_output_is_not_marked_truncated() -> None:
    registry = ToolRegistry(max_output_chars=100)
    registry.register_function("echo", "Echo.", lambda text: text)
    result = registry.execute("echo", "short")
    assert result.content == "short" and not result.truncated


def test_non_positive_limits_are_developer_errors(registry: ToolRegistry) -> None:
    with pytest.raises(ToolException):
        ToolRegistry(default_timeout=0)
    with pytest.raises(ToolException):
        ToolRegistry(max_output_chars=0)
    with pytest.raises(ToolException, match="positive"):
        registry.execute("upper", "x", timeout=0)


def test_sync_tool_timeout_gives_a_timeout_result() -> None:
    release = threading.Event()
    registry = ToolRegistry()

    @registry.tool(timeout=0.2)
    def stuck() -> str:
        """Wait until released."""
        release.wait(30)
        return "released"

    try:
        result = registry.execute("stuck")
    finally:
        release.set()
    assert not result.ok and result.error_kind == "timeout"
    assert "did not finish within 0.2 seconds" in result.content


def test_call_timeout_overrides_the_tools_own() -> None:
    release = threading.Event()
    registry = ToolRegistry()

    @registry.tool(timeout=60)
    def stuck() -> str:
        """Wait until released."""
        release.wait(30)
        return "released"

    try:
        result = registry.execute("stuck", timeout=0.2)
    finally:
        release.set()
    assert result.error_kind == "timeout"


def test_registry_default_timeout_applies_to_async_tools() -> None:
    registry = ToolRegistry(default_timeout=0.2)

    @registry.tool
    async def sleepy() -> str:
        """Sleep for a long time."""
        await asyncio.sleep(30)
        return "woke"

    assert registry.execute("sleepy").error_kind == "timeout"
    assert asyncio.run(registry.aexecute("sleepy")).error_kind == "timeout"


def test_async_tool_is_awaited_natively_by_aexecute() -> None:
    registry = ToolRegistry()
    seen: list[bool] = []

    @registry.tool
    async def where() -> str:
        """Report whether it runs on the caller's event loop thread."""
        seen.append(threading.current_thread() is threading.main_thread())
        return "ok"

    assert asyncio.run(registry.aexecute("where")).ok
    assert seen == [True]


def test_sync_tool_runs_in_the_given_executor() -> None:
    registry = ToolRegistry()
    names: list[str] = []

    @registry.tool
    def where() -> str:
        """Report the thread it runs in."""
        names.append(threading.current_thread().name)
        return "ok"

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="custom-pool") as pool:
        result = asyncio.run(registry.aexecute("where", executor=pool))
    assert result.ok and names[0].startswith("custom-pool")


def test_aexecute_reports_guard_errors_and_exceptions() -> None:
    registry = ToolRegistry()

    @registry.tool
    async def fail(reason: str) -> str:
        """Always fail."""
        raise RuntimeError(reason)

    async def run_all() -> list[str | None]:
        results = await asyncio.gather(
            registry.aexecute("fail", {"reason": "boom"}),
            registry.aexecute("fail", {}),
            registry.aexecute("nope", {}),
        )
        return [r.error_kind for r in results]

    assert asyncio.run(run_all()) == ["execution_error", "invalid_arguments", "unknown_tool"]


def test_sync_execute_runs_async_tools_even_inside_a_running_loop() -> None:
    registry = ToolRegistry()

    @registry.tool
    async def answer() -> int:
        """The answer."""
        return 42

    async def caller() -> str:
        return registry.execute_tool("answer")

    assert registry.execute_tool("answer") == "42"
    assert asyncio.run(caller()) == "42"


def test_tool_decorator_and_registry_work_together() -> None:
    @tool
    def shout(text: str) -> str:
        """Shout the text."""
        return text.upper()

    registry = ToolRegistry()
    registry.register_tool(shout)
    assert registry.execute_tool("shout", "text=hey") == "HEY"


def test_return_values_are_rendered_for_the_model() -> None:
    registry = ToolRegistry()

    @registry.tool
    def nothing() -> None:
        """Do something with side effects only."""

    @registry.tool
    def models() -> list[Any]:
        """Return models, sets and numbers."""
        return [Upper().get_parameters()[0], {3}, 1.5]

    assert registry.execute_tool("nothing") == "(no output)"
    assert registry.execute("models").content == (
        '[{"name": "input", "type": "string", "description": "Text", "required": true, '
        '"default": null, "enum": null, "items": null}, [3], 1.5]'
    )
