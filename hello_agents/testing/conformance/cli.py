"""Running a check from the command line or from an exercise file."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.testing.conformance.agents import check_react_agent, check_simple_agent
from hello_agents.testing.conformance.ch08 import (
    check_chunker,
    check_memory_tool_action,
    check_retriever,
    check_working_memory,
)
from hello_agents.testing.conformance.ch09 import (
    check_command_allowlist,
    check_note_store,
    check_packet_selector,
)
from hello_agents.testing.conformance.ch10 import check_a2a_tool, check_service_discovery
from hello_agents.testing.conformance.ch11 import (
    check_accuracy_reward,
    check_dataset_formatter,
    check_group_advantages,
)
from hello_agents.testing.conformance.ch12 import (
    check_ast_matcher,
    check_normalizer,
    check_win_rate,
)
from hello_agents.testing.conformance.ch13 import (
    check_json_repair,
    check_mcp_place_search,
    check_weather_model,
)
from hello_agents.testing.conformance.ch14 import (
    check_citation_check,
    check_plan_parser,
    check_search_backend,
)
from hello_agents.testing.conformance.ch15 import (
    check_affinity_level,
    check_affinity_rule,
    check_chatter_batcher,
)
from hello_agents.testing.conformance.ch16 import check_readme_sections, check_secret_scan
from hello_agents.testing.conformance.function_call import check_function_call_agent
from hello_agents.testing.conformance.llm import check_llm_subclass
from hello_agents.testing.conformance.plan_and_solve import check_plan_and_solve_agent
from hello_agents.testing.conformance.reflection import check_reflection_quality_stop
from hello_agents.testing.conformance.registry import check_tool_registry
from hello_agents.testing.conformance.runner import (
    ConformanceReport,
    ProgressPrinter,
    case_timeout_from_environment,
    reporting_progress,
)
from hello_agents.testing.conformance.tools import (
    check_async_executor,
    check_calculator,
    check_tool_chain,
)

# ---- the command line --------------------------------------------------------------

CHECKS: dict[str, Callable[..., ConformanceReport]] = {
    "llm_subclass": check_llm_subclass,
    "simple_agent": check_simple_agent,
    "react_agent": check_react_agent,
    "calculator": check_calculator,
    "tool_chain": check_tool_chain,
    "async_executor": check_async_executor,
    "reflection_quality_stop": check_reflection_quality_stop,
    "working_memory": check_working_memory,
    "chunker": check_chunker,
    "retriever": check_retriever,
    "memory_tool_action": check_memory_tool_action,
    "packet_selector": check_packet_selector,
    "note_store": check_note_store,
    "command_allowlist": check_command_allowlist,
    "service_discovery": check_service_discovery,
    "a2a_tool": check_a2a_tool,
    "accuracy_reward": check_accuracy_reward,
    "group_advantages": check_group_advantages,
    "dataset_formatter": check_dataset_formatter,
    "ast_matcher": check_ast_matcher,
    "normalizer": check_normalizer,
    "win_rate": check_win_rate,
    "weather_model": check_weather_model,
    "json_repair": check_json_repair,
    "mcp_place_search": check_mcp_place_search,
    "plan_parser": check_plan_parser,
    "citation_check": check_citation_check,
    "search_backend": check_search_backend,
    "affinity_rule": check_affinity_rule,
    "affinity_level": check_affinity_level,
    "chatter_batcher": check_chatter_batcher,
    "plan_and_solve_agent": check_plan_and_solve_agent,
    "function_call_agent": check_function_call_agent,
    "tool_registry": check_tool_registry,
    "secret_scan": check_secret_scan,
    "readme_sections": check_readme_sections,
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
    if location.endswith(".py"):
        path = Path(location).resolve()
        if not path.is_file():
            raise HelloAgentsException(f"no such file: {path}")
        # The file's folder goes on the path so that it can import its neighbours.
        if str(path.parent) not in sys.path:
            sys.path.insert(0, str(path.parent))
        module_spec = importlib.util.spec_from_file_location(path.stem, path)
        if module_spec is None or module_spec.loader is None:
            raise HelloAgentsException(f"cannot import {path}")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[path.stem] = module
        module_spec.loader.exec_module(module)
    else:
        module = importlib.import_module(location)
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
