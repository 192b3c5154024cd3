"""Running a check from the command line or from an exercise file."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from hello_agents._lazy import import_module_or_file
from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.testing.conformance import (
    agents,
    ch08,
    ch09,
    ch10,
    ch11,
    ch12,
    ch13,
    ch14,
    ch15,
    ch16,
    function_call,
    llm,
    plan_and_solve,
    reflection,
    registry,
    tools,
)
from hello_agents.testing.conformance.runner import (
    ConformanceReport,
    ProgressPrinter,
    case_timeout_from_environment,
    reporting_progress,
)

# ---- the command line --------------------------------------------------------------

CHECKS: dict[str, Callable[..., ConformanceReport]] = {
    "llm_subclass": llm.check_llm_subclass,
    "simple_agent": agents.check_simple_agent,
    "react_agent": agents.check_react_agent,
    "calculator": tools.check_calculator,
    "tool_chain": tools.check_tool_chain,
    "async_executor": tools.check_async_executor,
    "reflection_quality_stop": reflection.check_reflection_quality_stop,
    "working_memory": ch08.check_working_memory,
    "chunker": ch08.check_chunker,
    "retriever": ch08.check_retriever,
    "memory_tool_action": ch08.check_memory_tool_action,
    "packet_selector": ch09.check_packet_selector,
    "note_store": ch09.check_note_store,
    "command_allowlist": ch09.check_command_allowlist,
    "service_discovery": ch10.check_service_discovery,
    "a2a_tool": ch10.check_a2a_tool,
    "accuracy_reward": ch11.check_accuracy_reward,
    "group_advantages": ch11.check_group_advantages,
    "dataset_formatter": ch11.check_dataset_formatter,
    "ast_matcher": ch12.check_ast_matcher,
    "normalizer": ch12.check_normalizer,
    "win_rate": ch12.check_win_rate,
    "weather_model": ch13.check_weather_model,
    "json_repair": ch13.check_json_repair,
    "mcp_place_search": ch13.check_mcp_place_search,
    "plan_parser": ch14.check_plan_parser,
    "citation_check": ch14.check_citation_check,
    "search_backend": ch14.check_search_backend,
    "affinity_rule": ch15.check_affinity_rule,
    "affinity_level": ch15.check_affinity_level,
    "chatter_batcher": ch15.check_chatter_batcher,
    "plan_and_solve_agent": plan_and_solve.check_plan_and_solve_agent,
    "function_call_agent": function_call.check_function_call_agent,
    "tool_registry": registry.check_tool_registry,
    "secret_scan": ch16.check_secret_scan,
    "readme_sections": ch16.check_readme_sections,
}
"""Every check, by the name the command line uses."""


def load_target(spec: str) -> Any:
    """Load ``path/to/file.py:Name`` or ``package.module:Name``.

    Raises:
        HelloAgentsException: The file, module or name does not exist.
    """
    location, _, name = spec.rpartition(":")
    if not location or not name:
        raise HelloAgentsException(f"expected FILE.py:NAME or MODULE:NAME, got {spec!r}")
    try:
        module = import_module_or_file(location)
    except ImportError as error:
        raise HelloAgentsException(f"cannot import {location}: {error}") from error
    if not hasattr(module, name):
        raise HelloAgentsException(f"{location} defines no {name!r}")
    return getattr(module, name)


def report(check: str | Callable[..., ConformanceReport], subject: Any) -> int:
    """Run one check, print its report case by case, and return a process exit
    code (0 = passed, 1 = failed).

    This is what an exercise file calls under ``if __name__ == "__main__":``.
    Each case's lines are printed (and flushed) as soon as it finishes. If the
    reader of the output goes away (``... | head -3``), the rest is dropped
    quietly, as CPython's documentation recommends for ``BrokenPipeError``.
    """
    function = CHECKS[check] if isinstance(check, str) else check
    try:
        with reporting_progress(ProgressPrinter()):
            result = function(subject, raise_on_failure=False)
    except BrokenPipeError:
        silence_stdout()
        return 1
    return 0 if result.ok else 1


def silence_stdout() -> None:
    """Point stdout at ``os.devnull``: the reader closed the pipe, and Python's
    final flush must not raise ``BrokenPipeError`` again at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # a stdout without a file descriptor
        pass
    finally:
        os.close(devnull)


def main(argv: list[str] | None = None) -> int:
    """``python -m hello_agents.testing.conformance CHECK FILE.py:NAME``.

    Prints the report case by case; each case may take ``HELLO_AGENTS_CASE_TIMEOUT``
    seconds (default 10). Exit code 0: passed; 1: failed; 2: bad arguments.
    """
    arguments = sys.argv[1:] if argv is None else argv
    if len(arguments) != 2 or arguments[0] not in CHECKS:
        usage = (
            "usage: python -m hello_agents.testing.conformance CHECK FILE.py:NAME\n"
            f"checks: {', '.join(CHECKS)}"
        )
        print(usage, file=sys.stderr)  # noqa: T201
        return 2
    check, spec = arguments
    try:
        case_timeout_from_environment()
        subject = load_target(spec)
    except (HelloAgentsException, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)  # noqa: T201
        return 2
    return report(check, subject)


__all__ = ["CHECKS", "load_target", "main", "report"]
