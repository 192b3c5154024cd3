"""Exercise 5: MyToolChain, tools run one after another through a shared context.

``add_step(tool_name, input_template, output_key=None)`` appends a step;
``execute(registry, initial_input, context=None)`` fills each template from a
context (``{input}``, the caller's values, earlier outputs), runs the tool and
stores its output under ``output_key`` (``step_<i>_result`` by default, i from 0).

The reference version has two bugs worth avoiding: it writes into the caller's
context dict, and it passes a failed step's error message on to the next step.

Fill in the TODOs, then check your class:

    python chapters/ch07/exercises/my_tool_chain.py

A model answer is in solutions/my_tool_chain.py: try first.
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
        """TODO 1: append a Step; the key defaults to ``step_<i>_result``, i counting from 0."""
        raise NotImplementedError("TODO: add_step")

    def execute(
        self, registry: ToolRegistry, initial_input: str, context: Mapping[str, Any] | None = None
    ) -> str:
        """TODO 2: run every step and return the last output.

        - work on a copy of ``context`` plus ``"input": initial_input``;
        - fill the template with ``step.input_template.format(**values)``; a KeyError
          means a misspelt name: raise ChainStepError naming it;
        - run the tool with ``registry.execute(name, text)``, which returns a ToolResult:
          when ``result.ok`` is false, raise ChainStepError naming the step; otherwise
          store ``result.content`` under the step's output_key.
        """
        raise NotImplementedError("TODO: execute")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("tool_chain", MyToolChain))
