"""What the checks share: a calculator registry, recording tools, request text."""

from __future__ import annotations

from hello_agents.testing.scripted_llm import RecordedCall
from hello_agents.tools.registry import ToolRegistry


def request_text(call: RecordedCall) -> str:
    """Every message of one request, joined, to search for what was sent."""
    return "\n".join(str(message.get("content") or "") for message in call.messages)


def calculator_registry() -> ToolRegistry:
    """A registry holding the framework's calculator (``python_calculator``)."""
    from hello_agents.tools.builtin.calculator import CalculatorTool

    registry = ToolRegistry()
    registry.register_tool(CalculatorTool())
    return registry


class RecordingTools:
    """A registry whose tools record their inputs, for chain and executor checks."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []
        self.registry = ToolRegistry()
        self.registry.register_function("shout", "Upper-case a text", self._shout)
        self.registry.register_function("count_words", "Count the words", self._count)
        self.registry.register_function("explode", "Always fails", self._explode)

    def _shout(self, text: str) -> str:
        self.calls.append(("shout", text))
        return text.upper()

    def _count(self, text: str) -> str:
        self.calls.append(("count_words", text))
        return str(len(text.split()))

    def _explode(self, text: str) -> str:
        self.calls.append(("explode", text))
        raise RuntimeError("the explode tool always fails")
