"""Conformance checks: does your class behave like the framework's?

The tutorial asks learners to rewrite core pieces (``MyLLM``, ``MySimpleAgent``,
``MyReActAgent``, a calculator, ``ToolRegistry``, ``ToolChain``, ``AsyncToolExecutor``...) and then
"run the tests". These are those tests. Each check takes *your* class (or
function), drives it offline with :class:`~hello_agents.testing.ScriptedLLM`
(or a local fake server), and reports every behaviour it expected, what
happened instead, and a hint::

    from hello_agents.testing.conformance import check_react_agent
    check_react_agent(MyReActAgent)  # raises ConformanceError listing what is wrong

From a shell, point the checker at a file and a class::

    python -m hello_agents.testing.conformance react_agent my_react_agent.py:MyReActAgent

Each case runs under its own time limit (10 s, or ``HELLO_AGENTS_CASE_TIMEOUT``
seconds, or ``case_timeout=``), in a forked child process on Linux so that even a
runaway computation is stopped, and the command line prints each case as it
finishes (see :mod:`~hello_agents.testing.conformance.runner`).

The framework's own classes pass every check (the reflection check is for an
extension the framework does not ship), so a failure always means a real
difference in behaviour, never an API key or network problem.

One module per concern: ``runner`` (cases, time limits, the report, a hermetic
environment), ``fixtures`` (tools the checks share), ``llm``, ``agents``,
``plan_and_solve``, ``function_call``, ``tools``, ``registry`` and ``reflection``
(the checks), ``ch08``, ``ch09``, ``ch10``, ``ch11``, ``ch12``, ``ch13``, ``ch14``, ``ch15``
and ``ch16`` (the chapters' exercise checks), ``cli`` (the command line).
"""

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
from hello_agents.testing.conformance.cli import CHECKS, load_target, main, report
from hello_agents.testing.conformance.function_call import check_function_call_agent
from hello_agents.testing.conformance.llm import check_llm_subclass
from hello_agents.testing.conformance.plan_and_solve import check_plan_and_solve_agent
from hello_agents.testing.conformance.reflection import check_reflection_quality_stop
from hello_agents.testing.conformance.registry import check_tool_registry
from hello_agents.testing.conformance.runner import (
    CASE_TIMEOUT_VARIABLE,
    DEFAULT_CASE_TIMEOUT,
    Case,
    CaseOutcome,
    CheckProgress,
    ConformanceError,
    ConformanceReport,
    Expectation,
    ProgressPrinter,
    expect,
    hermetic_environment,
    reporting_progress,
    run_cases,
)
from hello_agents.testing.conformance.tools import (
    check_async_executor,
    check_calculator,
    check_tool_chain,
)

__all__ = [
    "CASE_TIMEOUT_VARIABLE",
    "CHECKS",
    "DEFAULT_CASE_TIMEOUT",
    "Case",
    "CaseOutcome",
    "CheckProgress",
    "ConformanceError",
    "ConformanceReport",
    "Expectation",
    "ProgressPrinter",
    "check_a2a_tool",
    "check_accuracy_reward",
    "check_affinity_level",
    "check_affinity_rule",
    "check_ast_matcher",
    "check_async_executor",
    "check_calculator",
    "check_chatter_batcher",
    "check_chunker",
    "check_citation_check",
    "check_command_allowlist",
    "check_dataset_formatter",
    "check_function_call_agent",
    "check_group_advantages",
    "check_json_repair",
    "check_llm_subclass",
    "check_mcp_place_search",
    "check_memory_tool_action",
    "check_normalizer",
    "check_note_store",
    "check_packet_selector",
    "check_plan_and_solve_agent",
    "check_plan_parser",
    "check_react_agent",
    "check_readme_sections",
    "check_reflection_quality_stop",
    "check_retriever",
    "check_search_backend",
    "check_secret_scan",
    "check_service_discovery",
    "check_simple_agent",
    "check_tool_chain",
    "check_tool_registry",
    "check_weather_model",
    "check_win_rate",
    "check_working_memory",
    "expect",
    "hermetic_environment",
    "load_target",
    "main",
    "report",
    "reporting_progress",
    "run_cases",
]
