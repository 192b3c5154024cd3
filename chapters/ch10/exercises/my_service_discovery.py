"""Exercise 1: MyServiceDiscovery, the registry at the heart of ANP's discovery step.

Services are :class:`~hello_agents.protocols.ServiceInfo` records (``service_id``,
``service_type``, ``capabilities``, ``endpoint``, ``metadata`` ...). Your class
keeps them and answers "who can do X?".

Fill in the TODOs, then check your class:

    python chapters/ch10/exercises/my_service_discovery.py

A model answer is in solutions/my_service_discovery.py: try first.
"""

from __future__ import annotations

import sys

from hello_agents.protocols import ServiceInfo


class MyServiceDiscovery:
    """Services by id, searchable by type and capability."""

    def __init__(self) -> None:
        self.services: dict[str, ServiceInfo] = {}

    def register_service(self, service: ServiceInfo) -> ServiceInfo:
        """TODO 1: store the service under its id (a second registration replaces the first)."""
        raise NotImplementedError("TODO: register_service")

    def unregister_service(self, service_id: str) -> bool:
        """TODO 2: remove a service; return whether it was registered."""
        raise NotImplementedError("TODO: unregister_service")

    def get_service(self, service_id: str) -> ServiceInfo | None:
        """TODO 3: the service with this id, or None."""
        raise NotImplementedError("TODO: get_service")

    def list_all_services(self) -> list[ServiceInfo]:
        """TODO 4: every service, in the order they were first registered."""
        raise NotImplementedError("TODO: list_all_services")

    def discover_services(
        self, service_type: str | None = None, capability: str | None = None
    ) -> list[ServiceInfo]:
        """TODO 5: the services passing every filter given (None: no filter).

        - ``service_type``: keep services whose ``service_type`` equals it;
        - ``capability``: keep services whose ``capabilities`` list contains it.
        """
        raise NotImplementedError("TODO: discover_services")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    sys.exit(report("service_discovery", MyServiceDiscovery))
