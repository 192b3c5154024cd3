"""Chapter-10 checks: a service discovery registry (ANP) and an A2A tool.

* :func:`check_service_discovery`: a class with ``register_service(ServiceInfo)``,
  ``unregister_service(id)``, ``get_service(id)``, ``list_all_services()`` and
  ``discover_services(service_type=None, capability=None)``, as
  :class:`~hello_agents.protocols.ANPDiscovery` has;
* :func:`check_a2a_tool`: a :class:`~hello_agents.tools.Tool` subclass built as
  ``MyA2ATool(agent_url, name=..., description=...)`` whose ``run`` asks a remote A2A
  agent (``action="ask"``) or describes it (``action="get_info"``), and turns every
  failure into text starting with ``Error:``. The check starts a real A2A agent on
  a loopback port for it, and stops it afterwards.

Every case runs under the runner's time limit: a case that does not return in time
fails, so a hanging implementation cannot stall the check.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    run_cases,
    short,
)

# ---------------------------------------------------------------------- service discovery


def check_service_discovery(
    discovery_class: type[Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a service-discovery registry class against ANPDiscovery's behaviour.

    Args:
        discovery_class: The class; it is built with no arguments, once per case.
        raise_on_failure: Raise :class:`ConformanceError` when a case fails.
    """
    from hello_agents.protocols.anp import ServiceInfo

    def services() -> list[Any]:
        return [
            ServiceInfo("nlp_1", "NLP A", "nlp", ["translation", "summary"], "http://a"),
            ServiceInfo("nlp_2", "NLP B", "nlp", ["summary"], "http://b"),
            ServiceInfo("calc", "Calculator", "math", ["arithmetic"], "http://c"),
        ]

    def filled() -> Any:
        registry = discovery_class()
        for service in services():
            registry.register_service(service)
        return registry

    def ids(found: Any) -> list[str]:
        return [service.service_id for service in found]

    def lists_in_order() -> None:
        got = ids(filled().list_all_services())
        expect(got == ["nlp_1", "nlp_2", "calc"], "['nlp_1', 'nlp_2', 'calc']", short(got))

    def by_type() -> None:
        got = ids(filled().discover_services(service_type="nlp"))
        expect(got == ["nlp_1", "nlp_2"], "['nlp_1', 'nlp_2'] for service_type='nlp'", short(got))

    def by_capability() -> None:
        got = ids(filled().discover_services(capability="translation"))
        expect(got == ["nlp_1"], "['nlp_1'] for capability='translation'", short(got))

    def both_filters() -> None:
        got = ids(filled().discover_services(service_type="math", capability="summary"))
        expect(got == [], "[] (no math service offers 'summary')", short(got))

    def no_filter() -> None:
        got = ids(filled().discover_services())
        expect(len(got) == 3, "all 3 services when no filter is given", short(got))

    def replaces() -> None:
        registry = filled()
        registry.register_service(ServiceInfo("calc", "Calculator 2", "math", [], "http://d"))
        got = ids(registry.list_all_services())
        expect(got.count("calc") == 1, "one 'calc' after registering it twice", short(got))
        service = registry.get_service("calc")
        expect(
            service is not None and service.endpoint == "http://d",
            "the second registration to win (endpoint 'http://d')",
            short(service),
        )

    def unregisters() -> None:
        registry = filled()
        first, second = registry.unregister_service("nlp_2"), registry.unregister_service("nlp_2")
        expect(
            (first, second) == (True, False),
            "True, then False for a second unregister",
            short((first, second)),
        )
        got = ids(registry.discover_services(service_type="nlp"))
        expect(got == ["nlp_1"], "['nlp_1'] left", short(got))

    def unknown_is_none() -> None:
        got = filled().get_service("ghost")
        expect(got is None, "None for an unknown id", short(got))

    cases = [
        Case(
            "registered services are listed in order",
            lists_in_order,
            "keep the services in a dict by service_id and list its values.",
            expected=(
                "list_all_services() returns the ids ['nlp_1', 'nlp_2', 'calc'] in registration "
                "order"
            ),
        ),
        Case(
            "service_type filters",
            by_type,
            "keep only services whose service_type equals the one given.",
            expected="discover_services(service_type='nlp') returns ['nlp_1', 'nlp_2']",
        ),
        Case(
            "capability filters",
            by_capability,
            "keep only services with `capability in service.capabilities`.",
            expected="discover_services(capability='translation') returns ['nlp_1']",
        ),
        Case(
            "filters combine",
            both_filters,
            "a service must pass every filter given.",
            expected="discover_services(service_type='math', capability='summary') returns []",
        ),
        Case(
            "no filter lists everything",
            no_filter,
            "treat a filter that is None as 'do not filter'.",
            expected="discover_services() with no filter returns all 3 services",
        ),
        Case(
            "registering an id again replaces it",
            replaces,
            "store by service_id so a second registration overwrites the first.",
            expected=(
                "after registering 'calc' again, it is listed once and "
                "get_service('calc').endpoint is 'http://d'"
            ),
        ),
        Case(
            "unregister removes and says whether it did",
            unregisters,
            "pop the id from the dict and return whether it was there.",
            expected=(
                "unregister_service('nlp_2') returns True then False, and only 'nlp_1' is left of "
                "type 'nlp'"
            ),
        ),
        Case(
            "an unknown id gives None",
            unknown_is_none,
            "look the id up with dict.get so a missing one gives None.",
            expected="get_service('ghost') returns None",
        ),
    ]
    return run_cases("service_discovery", discovery_class, cases, raise_on_failure=raise_on_failure)


# ---------------------------------------------------------------------- A2A tool


@contextmanager
def _remote_agent() -> Iterator[str]:
    """A real A2A agent on a loopback port: skills ``answer`` and ``fail``."""
    from hello_agents.protocols.a2a import A2AServer

    server = A2AServer("helper", "Answers questions about protocols")

    @server.skill("answer")
    def answer(text: str) -> str:
        """Answer a question."""
        return f"answer to: {text}"

    @server.skill("fail")
    def fail(text: str) -> str:
        """Always fails."""
        raise RuntimeError("the helper is out of office")

    with server.start() as running:
        yield running.url


def _dead_url() -> str:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


def check_a2a_tool(tool_class: type[Any], *, raise_on_failure: bool = True) -> ConformanceReport:
    """Check an A2A tool class against A2ATool's behaviour, on a real local A2A agent.

    Args:
        tool_class: Built as ``tool_class(agent_url, name=..., description=...)``.
        raise_on_failure: Raise :class:`ConformanceError` when a case fails.
    """
    from hello_agents.tools import Tool, ToolRegistry

    with _remote_agent() as url:

        def make(agent_url: str = url) -> Any:
            return tool_class(agent_url, name="helper", description="A helpful remote agent")

        def is_a_tool() -> None:
            tool = make()
            expect(isinstance(tool, Tool), "an instance of hello_agents.tools.Tool", short(tool))
            expect(tool.name == "helper", "name='helper' as given", short(tool.name))

        def asks() -> None:
            got = make().run({"action": "ask", "question": "what is A2A?"})
            expect(got == "answer to: what is A2A?", "the remote agent's answer", short(got))

        def names_a_skill() -> None:
            got = make().run({"action": "ask", "question": "x", "skill": "fail"})
            expect(
                isinstance(got, str) and got.startswith("Error:") and "out of office" in got,
                "text starting with 'Error:' that gives the remote failure's reason",
                short(got),
                "a failed task is A2ATaskError from A2AClient.ask; return its text",
            )

        def describes() -> None:
            got = make().run({"action": "get_info"})
            expect(
                isinstance(got, str) and "helper" in got and "answer" in got,
                "text naming the agent ('helper') and its skills ('answer')",
                short(got),
                "A2AClient.get_info() returns the card as a dict",
            )

        def unreachable() -> None:
            got = make(_dead_url()).run({"action": "ask", "question": "anyone?"})
            expect(
                isinstance(got, str) and got.startswith("Error:"),
                "text starting with 'Error:' when the agent cannot be reached",
                short(got),
                "catch HelloAgentsException (A2AConnectionError) and return its text",
            )

        def empty_question() -> None:
            got = make().run({"action": "ask", "question": "  "})
            expect(
                isinstance(got, str) and got.startswith("Error:"),
                "text starting with 'Error:' for an empty question",
                short(got),
            )

        def unknown_action() -> None:
            got = make().run({"action": "dance"})
            expect(
                isinstance(got, str) and got.startswith("Error:") and "ask" in got,
                "text starting with 'Error:' that lists the actions (ask, get_info)",
                short(got),
            )

        def in_a_registry() -> None:
            registry = ToolRegistry()
            registry.register_tool(make())
            got = registry.execute_tool("helper", {"action": "ask", "question": "hi"})
            expect(
                got == "answer to: hi",
                "the answer through ToolRegistry.execute_tool",
                short(got),
                "get_parameters() must declare action, question and skill",
            )

        cases = [
            Case(
                "it is a Tool with the given name",
                is_a_tool,
                "subclass hello_agents.tools.Tool and call super().__init__(name, description).",
                expected=(
                    "tool_class(url, name='helper', ...) is a hello_agents.tools.Tool named "
                    "'helper'"
                ),
            ),
            Case(
                "ask returns the remote answer",
                asks,
                "for action 'ask', return A2AClient(agent_url).ask(question).",
                expected=(
                    "run({'action': 'ask', 'question': 'what is A2A?'}) returns 'answer to: what "
                    "is A2A?'"
                ),
            ),
            Case(
                "a failed remote task is error text",
                names_a_skill,
                "pass skill= to ask and turn A2ATaskError into 'Error: ...' text.",
                expected=(
                    "asking skill 'fail' returns text starting with 'Error:' that contains 'out of"
                    " office'"
                ),
            ),
            Case(
                "get_info describes the agent",
                describes,
                "for action 'get_info', read the agent card with A2AClient.get_info() and describe"
                " it as text.",
                expected=(
                    "run({'action': 'get_info'}) returns text naming 'helper' and its skill "
                    "'answer'"
                ),
            ),
            Case(
                "an unreachable agent is error text",
                unreachable,
                "never raise from run: catch HelloAgentsException and return 'Error: ...'.",
                expected="asking an agent on a closed port returns text starting with 'Error:'",
            ),
            Case(
                "an empty question is error text",
                empty_question,
                "check the question before sending and return 'Error: ...' when it is blank.",
                expected=(
                    "run({'action': 'ask', 'question': '  '}) returns text starting with 'Error:'"
                ),
            ),
            Case(
                "an unknown action is error text",
                unknown_action,
                "return 'Error: ...' that lists the valid actions (ask, get_info).",
                expected=(
                    "run({'action': 'dance'}) returns text starting with 'Error:' that mentions "
                    "'ask'"
                ),
            ),
            Case(
                "it works inside a ToolRegistry",
                in_a_registry,
                "declare action, question and skill in get_parameters().",
                expected=(
                    "ToolRegistry.execute_tool('helper', {'action': 'ask', 'question': 'hi'}) "
                    "returns 'answer to: hi'"
                ),
            ),
        ]
        # In threads: the A2A client's background event loop does not survive a fork.
        in_threads = [dataclasses.replace(case, fork=False) for case in cases]
        return run_cases("a2a_tool", tool_class, in_threads, raise_on_failure=raise_on_failure)


__all__ = ["check_a2a_tool", "check_service_discovery"]
