"""ANP as the chapter teaches it: discovery, networks, the ANP tool, and DID identity."""

from __future__ import annotations

import json

import pytest

from hello_agents.agents.simple_agent import SimpleAgent
from hello_agents.protocols import (
    ANPDiscovery,
    ANPError,
    ANPIdentity,
    ANPNetwork,
    discover_service,
    register_service,
)
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import ANPTool


@pytest.fixture
def discovery() -> ANPDiscovery:
    found = ANPDiscovery()
    register_service(
        discovery=found,
        service_id="nlp_agent_1",
        service_name="NLP expert A",
        service_type="nlp",
        capabilities=["text_analysis", "sentiment_analysis"],
        endpoint="http://localhost:8001",
        metadata={"load": 0.3},
    )
    register_service(
        discovery=found,
        service_id="nlp_agent_2",
        service_type="nlp",
        capabilities=["text_analysis", "translation"],
        endpoint="http://localhost:8002",
        metadata={"load": 0.7},
    )
    register_service(found, "math_1", service_type="math", endpoint="http://localhost:8003")
    return found


def test_discovery_filters_by_type_capability_and_metadata(discovery: ANPDiscovery) -> None:
    nlp = discover_service(discovery, service_type="nlp")
    assert [service.service_id for service in nlp] == ["nlp_agent_1", "nlp_agent_2"]
    best = min(nlp, key=lambda service: service.metadata.get("load", 1.0))
    assert best.service_name == "NLP expert A"
    translators = discovery.discover_services(capability="translation")
    assert [service.service_id for service in translators] == ["nlp_agent_2"]
    assert discovery.discover_services(metadata={"load": 0.7})[0].service_id == "nlp_agent_2"
    assert len(discovery.discover_services()) == 3
    assert discovery.get_service("math_1").service_name == "math_1"  # name defaults to the id


def test_registration_is_checked_and_reversible(discovery: ANPDiscovery) -> None:
    with pytest.raises(ANPError, match="non-empty service_id"):
        register_service(discovery, " ")
    from hello_agents.protocols import ServiceInfo

    with pytest.raises(ANPError, match="already registered"):
        discovery.register_service(ServiceInfo("math_1"), replace=False)
    assert discovery.unregister_service("math_1")
    assert not discovery.unregister_service("math_1")
    assert discovery.get_service("math_1") is None


def test_network_routes_and_counts(discovery: ANPDiscovery) -> None:
    network = ANPNetwork(network_id="ai_cluster")
    for service in discovery.list_all_services():
        network.add_node(service.service_id, service.endpoint)
    network.connect_nodes("nlp_agent_1", "nlp_agent_2")
    network.connect_nodes("nlp_agent_2", "math_1")
    stats = network.get_network_stats()
    assert (stats["total_nodes"], stats["total_connections"]) == (3, 2)
    assert network.find_route("nlp_agent_1", "math_1") == ["nlp_agent_1", "nlp_agent_2", "math_1"]
    assert network.get_neighbors("nlp_agent_2") == ["math_1", "nlp_agent_1"]
    with pytest.raises(ANPError, match="add_node it first"):
        network.connect_nodes("nlp_agent_1", "ghost")
    assert network.remove_node("nlp_agent_2")
    assert network.find_route("nlp_agent_1", "math_1") is None
    assert network.get_network_stats()["isolated_nodes"] == 2


def test_anp_tool_registers_and_discovers_as_in_the_first_example() -> None:
    tool = ANPTool()
    answer = tool.run(
        {
            "action": "register_service",
            "service_id": "calculator",
            "service_type": "math",
            "endpoint": "http://localhost:8080",
        }
    )
    assert answer == "Registered service 'calculator' (math)."
    services = json.loads(tool.run({"action": "discover_services"}))
    assert services == [
        {
            "service_id": "calculator",
            "service_name": "calculator",
            "service_type": "math",
            "capabilities": [],
            "endpoint": "http://localhost:8080",
            "metadata": {},
            "did_document": None,
        }
    ]


def test_anp_tool_errors_are_text(discovery: ANPDiscovery) -> None:
    tool = ANPTool(discovery=discovery)
    assert tool.run({"action": "register_service"}) == (
        "Error: register_service needs 'service_id'."
    )
    assert tool.run({"action": "get_service", "service_id": "x"}).startswith("Error: no service")
    assert "Use one of: register_service" in tool.run({"action": "dance"})
    assert json.loads(tool.run({"action": "discover_services", "service_type": "none"})) == []


def test_anp_tool_keeps_a_network_in_step() -> None:
    network = ANPNetwork("cluster")
    tool = ANPTool(network=network)
    tool.run({"action": "register_service", "service_id": "a", "endpoint": "http://a"})
    assert network.get_node("a").endpoint == "http://a"
    tool.run({"action": "unregister_service", "service_id": "a"})
    assert network.get_node("a") is None


def test_a_scheduler_agent_picks_a_node_through_the_tool(discovery: ANPDiscovery) -> None:
    llm = ScriptedLLM(
        [
            '[TOOL_CALL:service_discovery:{"action": "discover_services", "service_type": "nlp"}]',
            "nlp_agent_1 has the lowest load (0.3).",
        ]
    )
    scheduler = SimpleAgent("scheduler", llm)
    scheduler.add_tool(ANPTool(name="service_discovery", discovery=discovery))
    assert scheduler.run("Pick the least loaded NLP node.").startswith("nlp_agent_1")
    assert '"load": 0.7' in llm.calls[1].last_user_message


def test_a_did_identity_signs_and_discovery_verifies() -> None:
    pytest.importorskip("agent_connect", reason='pip install "hello-agents[anp]"')
    writer = ANPIdentity.create("localhost", 9000, ["agents", "writer"])
    assert writer.did == "did:wba:localhost%3A9000:agents:writer"
    assert "PRIVATE KEY" not in repr(writer)  # the keys never show
    discovery = ANPDiscovery()
    register_service(discovery, "writer", service_type="writing", did_document=writer.did_document)
    header = writer.auth_header("localhost")
    assert discovery.verify_service("writer", header, "localhost")
    assert not discovery.verify_service("writer", header, "elsewhere.example")
    impostor = ANPIdentity.create("localhost", 9000, ["agents", "writer"])
    assert not discovery.verify_service("writer", impostor.auth_header("localhost"), "localhost")
    assert not discovery.verify_service("writer", "garbage", "localhost")
