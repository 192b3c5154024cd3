"""ToolChain: run tools one after another, each step reading earlier outputs.

A chain is a list of steps. Each step names a tool, an input template and the
key its output is stored under. Running the chain keeps a context of values:
``input`` (the chain's input), whatever the caller passed in, and every
step's output. A step's template is filled from that context, the tool runs,
and its output joins the context for the steps after it::

    chain = ToolChain("research", "Search, then compute")
    chain.add_step("search", "{input}", output_key="facts")
    chain.add_step("python_calculator", "{facts_number} * 2")

Template rule: ``{name}``, where ``name`` is an identifier, is replaced by the
context value ``name`` as text, and ``{name!json}`` by the value as a JSON
literal (quoted and escaped, safe inside JSON); ``{{name}}`` writes a literal
``{name}``; every other brace is left as it is, so JSON templates such as
``{"city": {input!json}}`` work. A ``{name}`` that names no value stops the
chain (it is almost always a typo).

A failing step stops the chain: its error is never fed to the next step.
:meth:`ToolChain.run` returns a :class:`ChainResult` with every step's
:class:`~hello_agents.tools.base.ToolResult`; :meth:`ToolChain.execute`
returns the final text and raises :class:`ToolChainError` naming the failed step.
The caller's context dict is never modified.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hello_agents.core.exceptions import HelloAgentsException, ToolException
from hello_agents.tools.base import ToolResult
from hello_agents.tools.registry import ToolRegistry

logger = logging.getLogger(__name__)

_PLACEHOLDER = re.compile(r"\{\{([A-Za-z_]\w*)\}\}|\{([A-Za-z_]\w*)(!json)?\}")


@dataclass(frozen=True)
class ChainStep:
    """One step of a chain.

    Attributes:
        tool_name: The tool to run.
        input_template: The tool's input, with ``{name}`` placeholders.
        output_key: The context key the step's output is stored under.
    """

    tool_name: str
    input_template: str
    output_key: str


@dataclass(frozen=True)
class StepResult:
    """What one step did.

    Attributes:
        number: The step's position, from 1.
        step: The step itself.
        tool_input: The input it sent (the raw template if it could not be filled).
        result: The tool's result.
    """

    number: int
    step: ChainStep
    tool_input: str
    result: ToolResult


@dataclass(frozen=True)
class ChainResult:
    """The outcome of a whole chain.

    Attributes:
        chain_name: The chain that ran.
        ok: True when every step succeeded.
        output: The last step's output, or the message saying which step failed.
        steps: The steps that ran, in order (the failed one last).
        context: The final context: the caller's values, ``input`` and every output.
    """

    chain_name: str
    ok: bool
    output: str
    steps: tuple[StepResult, ...]
    context: dict[str, Any]

    @property
    def failed_step(self) -> StepResult | None:
        """The step that stopped the chain, or None when it succeeded."""
        return None if self.ok else self.steps[-1]

    def __str__(self) -> str:
        return self.output


class ToolChainError(HelloAgentsException):
    """A chain stopped at a failing step.

    Attributes:
        result: The chain's result; ``result.failed_step`` is the step that failed.
    """

    def __init__(self, result: ChainResult) -> None:
        super().__init__(result.output)
        self.result = result


def render_template(template: str, values: Mapping[str, Any]) -> str:
    """Fill ``{name}`` placeholders from ``values``; leave other braces alone.

    Args:
        template: Text with ``{name}`` placeholders; ``{name!json}`` inserts the value
            as a JSON literal (quoted and escaped); ``{{name}}`` is a literal ``{name}``.
        values: The values by name.

    Returns:
        The filled text.

    Raises:
        KeyError: A ``{name}`` placeholder names no value (the key is the name).
    """

    def substitute(match: re.Match[str]) -> str:
        escaped, name, as_json = match.groups()
        if escaped is not None:
            return "{" + escaped + "}"
        if name not in values:
            raise KeyError(name)
        return json.dumps(values[name], ensure_ascii=False) if as_json else str(values[name])

    return _PLACEHOLDER.sub(substitute, template)


class ToolChain:
    """A named, linear pipeline of tool calls.

    Args:
        name: The chain's name.
        description: What the chain does.
    """

    def __init__(self, name: str, description: str) -> None:
        self.name = name
        self.description = description
        self.steps: list[ChainStep] = []

    def add_step(
        self, tool_name: str, input_template: str, output_key: str | None = None
    ) -> ToolChain:
        """Append a step.

        Args:
            tool_name: The tool to run.
            input_template: Its input, e.g. ``"{input}"`` or ``'{"query": "{input}"}'``.
            output_key: Where to store its output; by default ``step_<i>_result``
                with ``i`` the step's index from 0 (``{step_0_result}`` is the first
                step's output), as the tutorial's chain names them.

        Returns:
            The chain, so calls can be chained.

        Raises:
            ToolException: ``output_key`` is not an identifier (so no template could
                refer to it) or is ``input``.
        """
        key = output_key or f"step_{len(self.steps)}_result"
        if not key.isidentifier() or key == "input":
            raise ToolException(
                f"output_key {key!r} must be an identifier other than 'input', "
                "so later templates can refer to it as {" + key + "}."
            )
        self.steps.append(ChainStep(tool_name, input_template, key))
        return self

    def run(
        self,
        registry: ToolRegistry,
        initial_input: str,
        context: Mapping[str, Any] | None = None,
    ) -> ChainResult:
        """Run every step, stopping at the first failure.

        Args:
            registry: Where the tools are.
            initial_input: The chain's input, available as ``{input}``.
            context: Extra starting values; copied, never modified.

        Returns:
            The structured outcome, successful or not.

        Raises:
            ToolException: The chain has no steps.
        """
        if not self.steps:
            raise ToolException(f"Tool chain {self.name!r} has no steps; call add_step first.")
        values: dict[str, Any] = {**(context or {}), "input": initial_input}
        done: list[StepResult] = []
        for number, step in enumerate(self.steps, start=1):
            try:
                tool_input = render_template(step.input_template, values)
            except KeyError as missing:
                message = (
                    f"The template {step.input_template!r} uses {{{missing.args[0]}}}, "
                    f"but no value has that name. Available: {', '.join(sorted(values))}. "
                    "Write {{name}} for literal braces."
                )
                failure = ToolResult.failure(step.tool_name, "invalid_arguments", message)
                done.append(StepResult(number, step, step.input_template, failure))
                return self._stopped(done, values)
            result = registry.execute(step.tool_name, tool_input)
            done.append(StepResult(number, step, tool_input, result))
            if not result.ok:
                return self._stopped(done, values)
            values[step.output_key] = result.content
            logger.debug("chain %r step %d (%s) done", self.name, number, step.tool_name)
        return ChainResult(self.name, True, done[-1].result.content, tuple(done), values)

    def execute(
        self,
        registry: ToolRegistry,
        initial_input: str,
        context: Mapping[str, Any] | None = None,
    ) -> str:
        """Run the chain (the arguments are :meth:`run`'s) and return the last step's
        output, as the tutorial does.

        Returns:
            The last step's output.

        Raises:
            ToolChainError: A step failed; the message names it and gives its error.
            ToolException: The chain has no steps.
        """
        result = self.run(registry, initial_input, context)
        if not result.ok:
            raise ToolChainError(result)
        return result.output

    def _stopped(self, done: list[StepResult], values: dict[str, Any]) -> ChainResult:
        failed = done[-1]
        message = (
            f"Tool chain {self.name!r} stopped at step {failed.number} of {len(self.steps)} "
            f"({failed.step.tool_name}): {failed.result.content}"
        )
        logger.info("%s", message)
        return ChainResult(self.name, False, message, tuple(done), values)

    def __repr__(self) -> str:
        return f"ToolChain(name={self.name!r}, steps={len(self.steps)})"


class ToolChainManager:
    """Chains by name, all running on one registry.

    Args:
        registry: Where the chains' tools are.
    """

    def __init__(self, registry: ToolRegistry) -> None:
        self.registry = registry
        self.chains: dict[str, ToolChain] = {}

    def register_chain(self, chain: ToolChain, *, replace: bool = False) -> None:
        """Add a chain.

        Args:
            chain: The chain.
            replace: Allow replacing a chain of the same name.

        Raises:
            ToolException: The name is taken and ``replace`` is False.
        """
        if chain.name in self.chains and not replace:
            raise ToolException(
                f"A chain named {chain.name!r} is already registered; pass replace=True."
            )
        self.chains[chain.name] = chain

    def run_chain(
        self, chain_name: str, input_data: str, context: Mapping[str, Any] | None = None
    ) -> ChainResult:
        """Run a chain and return its structured result (see :meth:`ToolChain.run`).

        Raises:
            ToolException: No chain has that name, or it has no steps.
        """
        return self._chain(chain_name).run(self.registry, input_data, context)

    def execute_chain(
        self, chain_name: str, input_data: str, context: Mapping[str, Any] | None = None
    ) -> str:
        """Run a chain and return its output (see :meth:`ToolChain.execute`).

        Raises:
            ToolChainError: A step failed.
            ToolException: No chain has that name, or it has no steps.
        """
        return self._chain(chain_name).execute(self.registry, input_data, context)

    def list_chains(self) -> list[str]:
        """The registered chain names, in registration order."""
        return list(self.chains)

    def get_chain_info(self, chain_name: str) -> dict[str, Any] | None:
        """A plain description of a chain, or None if there is none by that name."""
        chain = self.chains.get(chain_name)
        if chain is None:
            return None
        return {
            "name": chain.name,
            "description": chain.description,
            "steps": len(chain.steps),
            "step_details": [
                {
                    "tool_name": step.tool_name,
                    "input_template": step.input_template,
                    "output_key": step.output_key,
                }
                for step in chain.steps
            ],
        }

    def _chain(self, chain_name: str) -> ToolChain:
        chain = self.chains.get(chain_name)
        if chain is None:
            known = ", ".join(self.chains) or "none"
            raise ToolException(f"No chain named {chain_name!r}; registered: {known}.")
        return chain


__all__ = [
    "ChainResult",
    "ChainStep",
    "StepResult",
    "ToolChain",
    "ToolChainError",
    "ToolChainManager",
    "render_template",
]
