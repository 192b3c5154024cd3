"""Model answer to exercise 1: MyServiceDiscovery.

python chapters/ch10/exercises/solutions/my_service_discovery.py
"""

from __future__ import annotations

import sys

from hello_agents.protocols import ServiceInfo


class MyServiceDiscovery:
    """Services by id, searchable by type and capability."""

    def __init__(self) -> None:
        # A dict keeps insertion order, and replacing a key keeps its first position.
        self.services: dict[str, ServiceInfo] = {}

    def register_service(self, service: ServiceInfo) -> ServiceInfo:
        self.services[service.service_id] = service
        return service

    def unregister_service(self, service_id: str) -> bool:
        return self.services.pop(service_id, None) is not None

    def get_service(self, service_id: str) -> ServiceInfo | None:
        return self.services.get(service_id)

    def list_all_services(self) -> list[ServiceInfo]:
        return list(self.services.values())

    def discover_services(
        self, service_type: str | None = None, capability: str | None = None
    ) -> list[ServiceInfo]:
        return [
            service
            for service in self.services.values()
            if (service_type is None or service.service_type == service_type)
            and (capability is None or capability in service.capabilities)
        ]


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    sys.exit(report("service_discovery", MyServiceDiscovery))
