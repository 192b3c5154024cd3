"""ANP service discovery, in process: who offers what, and where.

The Agent Network Protocol's discovery step ("find an agent that can do X") as a
small registry the chapter's code calls: :class:`ANPDiscovery` holds
:class:`ServiceInfo` records; :func:`register_service` and :func:`discover_service`
are the tutorial's function forms. Identity (DIDs) and the meta-protocol are
out of scope here; see docs/protocols.md for why.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from hello_agents.protocols.errors import ANPError


@dataclass
class ServiceInfo:
    """One registered service.

    Attributes:
        service_id: Unique id in its discovery registry.
        service_name: A readable name (the id by default).
        service_type: A category callers filter on (``"nlp"``, ``"compute"`` ...).
        capabilities: What it can do (``["translation", ...]``).
        endpoint: Where to reach it (an A2A URL, say).
        metadata: Anything else (load, price, version ...); callers may update it.
        registered_at: When it was registered (seconds since the epoch).
        did_document: The service's public DID document, when it has an identity
            (see :class:`~hello_agents.protocols.anp.identity.ANPIdentity`).
    """

    service_id: str
    service_name: str = ""
    service_type: str = "generic"
    capabilities: list[str] = field(default_factory=list)
    endpoint: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)
    registered_at: float = field(default_factory=time.time)
    did_document: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if not self.service_id or not str(self.service_id).strip():
            raise ANPError("A service needs a non-empty service_id.")
        self.service_name = self.service_name or self.service_id

    def to_dict(self) -> dict[str, Any]:
        """The record as plain data (what ANPTool shows the model)."""
        return asdict(self)


class ANPDiscovery:
    """A thread-safe registry of services, searchable by type, capability and metadata."""

    def __init__(self) -> None:
        self._services: dict[str, ServiceInfo] = {}
        self._lock = threading.Lock()

    def register_service(self, service: ServiceInfo, *, replace: bool = True) -> ServiceInfo:
        """Add (or, with ``replace``, update) a service.

        Raises:
            ANPError: The id is taken and ``replace`` is False.
        """
        with self._lock:
            if service.service_id in self._services and not replace:
                raise ANPError(f"A service {service.service_id!r} is already registered.")
            self._services[service.service_id] = service
        return service

    def unregister_service(self, service_id: str) -> bool:
        """Remove a service; returns whether it was there."""
        with self._lock:
            return self._services.pop(service_id, None) is not None

    def get_service(self, service_id: str) -> ServiceInfo | None:
        """The service with this id, or None."""
        with self._lock:
            return self._services.get(service_id)

    def list_all_services(self) -> list[ServiceInfo]:
        """Every service, in registration order."""
        with self._lock:
            return list(self._services.values())

    def discover_services(
        self,
        service_type: str | None = None,
        capability: str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> list[ServiceInfo]:
        """Services matching every filter given (none given: all of them).

        Args:
            service_type: Keep services of this type.
            capability: Keep services listing this capability.
            metadata: Keep services whose metadata has these exact values.
        """
        wanted = dict(metadata or {})
        return [
            service
            for service in self.list_all_services()
            if (service_type is None or service.service_type == service_type)
            and (capability is None or capability in service.capabilities)
            and all(service.metadata.get(key) == value for key, value in wanted.items())
        ]

    def verify_service(self, service_id: str, auth_header: str, service_domain: str) -> bool:
        """Whether a request's DID header was signed by the registered service ``service_id``.

        The header must be signed with a key of the DID document the service
        registered with, for ``service_domain``. A service without a DID
        document, or an unknown one, is never verified.
        """
        from hello_agents.protocols.anp.identity import verify_auth_header

        service = self.get_service(service_id)
        if service is None or service.did_document is None:
            return False
        return verify_auth_header(auth_header, service.did_document, service_domain)

    def __len__(self) -> int:
        return len(self._services)

    def __repr__(self) -> str:
        return f"ANPDiscovery(services={len(self)})"


def register_service(
    discovery: ANPDiscovery,
    service_id: str,
    service_name: str | None = None,
    service_type: str = "generic",
    capabilities: Sequence[str] | None = None,
    endpoint: str = "",
    metadata: Mapping[str, Any] | None = None,
    did_document: Mapping[str, Any] | None = None,
) -> ServiceInfo:
    """Register a service in ``discovery`` (the tutorial's function form)."""
    service = ServiceInfo(
        service_id=service_id,
        service_name=service_name or service_id,
        service_type=service_type,
        capabilities=list(capabilities or []),
        endpoint=endpoint,
        metadata=dict(metadata or {}),
        did_document=dict(did_document) if did_document is not None else None,
    )
    return discovery.register_service(service)


def discover_service(
    discovery: ANPDiscovery,
    service_type: str | None = None,
    capability: str | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> list[ServiceInfo]:
    """Find services in ``discovery`` (the tutorial's function form)."""
    return discovery.discover_services(service_type, capability, metadata)


discover_services = discover_service

__all__ = [
    "ANPDiscovery",
    "ServiceInfo",
    "discover_service",
    "discover_services",
    "register_service",
]
