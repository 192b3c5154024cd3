"""Chapter 10.4: ANP service discovery, an agent network, a scheduler agent, and DID identity.

Run:  python chapters/ch10/examples/08_anp_discovery.py
"""

import importlib.util

from example_llm import banner, make_llm

from hello_agents import SimpleAgent
from hello_agents.protocols import (
    ANPDiscovery,
    ANPIdentity,
    ANPNetwork,
    discover_service,
    register_service,
)
from hello_agents.tools import ANPTool

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
        '[TOOL_CALL:service_discovery:{"action": "discover_services", "service_type": "nlp"}]',
        "nlp_agent_1: it offers text_analysis and has the lowest load (0.3).",
    ]
)
print(banner(llm))
scheduler = SimpleAgent("scheduler", llm, system_prompt="You pick the best service for a task.")
scheduler.add_tool(ANPTool(name="service_discovery", discovery=discovery))
print("->", scheduler.run("Which NLP service should analyse this text? Prefer low load."))

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
