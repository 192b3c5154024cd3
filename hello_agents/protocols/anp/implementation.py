"""The module path the tutorial imports ANP from (``protocols.anp.implementation``)."""

from hello_agents.protocols.anp.discovery import (
    ANPDiscovery,
    ServiceInfo,
    discover_service,
    discover_services,
    register_service,
)
from hello_agents.protocols.anp.network import ANPNetwork

__all__ = [
    "ANPDiscovery",
    "ANPNetwork",
    "ServiceInfo",
    "discover_service",
    "discover_services",
    "register_service",
]
