"""Solution: MyToolChain, tools run one after another through a shared context.

Check it:  python chapters/ch07/exercises/solutions/my_tool_chain.py
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hello_agents import ToolRegistry


class ChainStepError(RuntimeError):
    """A step of the chain failed; the message names the step."""


@dataclass(frozen=True)
class Step:
    tool_name: str
    input_template: str
    output_key: str


class MyToolChain:
    """A named list of steps; each step's output is stored under its ``output_key``."""

    def __init__(self, name: str, description: str) -> None:
        self.name = name
        self.description = description
        self.steps: list[Step] = []

    def add_step(self, tool_name: str, input_template: str, output_key: str | None = None) -> None:
        key = output_key or f"step_{len(self.steps)}_result"
        self.steps.append(Step(tool_name, input_template, key))

    def execute(
        self, registry: ToolRegistry, initial_input: str, context: Mapping[str, Any] | None = None
    ) -> str:
        """Run every step; return the last output. Raises ChainStepError at the first failure."""
        values = {**(context or {}), "input": initial_input}  # a copy: the caller's dict is kept
        output = ""
        for number, step in enumerate(self.steps, start=1):
            try:
                tool_input = step.input_template.format(**values)
            except KeyError as missing:
                raise ChainStepError(
                    f"step {number} ({step.tool_name}): the template uses "
                    f"{{{missing.args[0]}}}, but no context value or earlier output has that name"
                ) from None
            result = registry.execute(step.tool_name, tool_input)
            if not result.ok:  # never feed an error message to the next step
                raise ChainStepError(f"step {number} ({step.tool_name}) failed: {result.content}")
            output = values[step.output_key] = result.content
        return output


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("tool_chain", MyToolChain))
