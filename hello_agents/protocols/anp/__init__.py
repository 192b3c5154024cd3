"""ANP (Agent Network Protocol) as chapter 10 teaches it: discovery and networks, in process."""

from hello_agents.protocols.anp.discovery import (
    ANPDiscovery,
    ServiceInfo,
    discover_service,
    discover_services,
    register_service,
)
from hello_agents.protocols.anp.identity import ANPIdentity, verify_auth_header
from hello_agents.protocols.anp.network import ANPNetwork, NetworkNode

__all__ = [
    "ANPDiscovery",
    "ANPIdentity",
    "ANPNetwork",
    "NetworkNode",
    "ServiceInfo",
    "discover_service",
    "discover_services",
    "register_service",
    "verify_auth_header",
]
