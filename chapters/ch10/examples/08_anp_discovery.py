"""Chapter 10.4: ANP service discovery, an agent network, a scheduler agent, and DID identity.

The scheduler is a FunctionCallAgent whose first call must use its tool, at temperature 0:
as a SimpleAgent, the embedded 1.5B model wrote the call as Python text instead of calling
the tool, and guessed a service type that nothing was registered under. Told to list the
services, it reads their loads. If its answer names no registered service, the example
stops with exit code 1 and names the settings that work.

Run:  python chapters/ch10/examples/08_anp_discovery.py
"""

import importlib.util

from example_llm import banner, give_up, make_llm

from hello_agents import FunctionCallAgent
from hello_agents.protocols import (
    ANPDiscovery,
    ANPIdentity,
    ANPNetwork,
    discover_service,
    register_service,
)
from hello_agents.testing import tool_call, tool_calls
from hello_agents.tools import ANPTool, ToolRegistry

# 1. Register services, then discover them by type and pick the least loaded.
discovery = ANPDiscovery()
for number, (load, capabilities) in enumerate(
    [(0.3, ["text_analysis", "ner"]), (0.7, ["text_analysis", "translation"])], start=1
):
    register_service(
        discovery=discovery,
        service_id=f"nlp_agent_{number}",
        service_name=f"NLP expert {number}",
        service_type="nlp",
        capabilities=capabilities,
        endpoint=f"http://localhost:800{number}",
        metadata={"load": load},
    )
nlp_services = discover_service(discovery, service_type="nlp")
best = min(nlp_services, key=lambda service: service.metadata["load"])
print(f"{len(nlp_services)} NLP services; least loaded: {best.service_name}")

# 2. A network of those services.
network = ANPNetwork(network_id="ai_cluster")
for service in discovery.list_all_services():
    network.add_node(service.service_id, service.endpoint)
network.connect_nodes("nlp_agent_1", "nlp_agent_2")
print("network:", network.get_network_stats())

# 3. A scheduler agent that looks services up through ANPTool.
llm = make_llm(
    [
        tool_calls(tool_call("service_discovery", {"action": "list_services"})),
        "nlp_agent_1: it offers text_analysis and has the lowest load (0.3).",
    ],
    temperature=0,
)
print(banner(llm))
registry = ToolRegistry()
registry.register_tool(ANPTool(name="service_discovery", discovery=discovery))
scheduler = FunctionCallAgent(
    "scheduler",
    llm,
    system_prompt="You pick the best service for a task. Call service_discovery with action "
    "'list_services' to see every service with its capabilities and load, then name the best "
    "one by its service_id.",
    tool_registry=registry,
    default_tool_choice="required",  # the first call, then "auto"
    small_model_aids=False,  # the aids check arithmetic; this agent computes nothing
)
choice = scheduler.run("Which NLP service should analyse this text? Prefer low load.")
print("->", choice)
if not any(service.service_id in choice for service in nlp_services):
    give_up(f"its answer {choice[:80]!r} names no registered service")

# 4. Trust: a service registers with a DID document; requests signed with its key verify.
if importlib.util.find_spec("agent_connect"):
    identity = ANPIdentity.create("localhost", 8001, ["agents", "nlp_agent_3"])
    register_service(
        discovery, "nlp_agent_3", service_type="nlp", did_document=identity.did_document
    )
    header = identity.auth_header("localhost")
    print("DID:", identity.did)
    print("signed request verifies:", discovery.verify_service("nlp_agent_3", header, "localhost"))
    stranger = ANPIdentity.create("localhost", 8001, ["agents", "nlp_agent_3"])
    print(
        "a stranger's signature verifies:",
        discovery.verify_service("nlp_agent_3", stranger.auth_header("localhost"), "localhost"),
    )
else:
    print('DID identity needs agent-connect: pip install -e ".[anp]" (from the clone)')
