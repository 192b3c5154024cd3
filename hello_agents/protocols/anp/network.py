"""``ANPNetwork``: agents as nodes, links between them, routes and statistics.

A small undirected graph with the tutorial's methods (``add_node``,
``connect_nodes``, ``get_network_stats``), plus what a router needs: neighbours
and the shortest route between two nodes (breadth-first).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hello_agents.protocols.errors import ANPError


@dataclass
class NetworkNode:
    """A node: an agent's id, its endpoint, and free-form metadata."""

    node_id: str
    endpoint: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)


class ANPNetwork:
    """An undirected network of agent nodes.

    Args:
        network_id: A name for the network.
    """

    def __init__(self, network_id: str = "default") -> None:
        self.network_id = network_id
        self._nodes: dict[str, NetworkNode] = {}
        self._links: dict[str, set[str]] = {}

    def add_node(
        self, node_id: str, endpoint: str = "", metadata: Mapping[str, Any] | None = None
    ) -> NetworkNode:
        """Add a node (or update its endpoint and metadata if it exists)."""
        if not node_id:
            raise ANPError("A node needs a non-empty id.")
        node = NetworkNode(node_id, endpoint, dict(metadata or {}))
        self._nodes[node_id] = node
        self._links.setdefault(node_id, set())
        return node

    def remove_node(self, node_id: str) -> bool:
        """Remove a node and its links; returns whether it existed."""
        if node_id not in self._nodes:
            return False
        for neighbour in self._links.pop(node_id):
            self._links[neighbour].discard(node_id)
        del self._nodes[node_id]
        return True

    def connect_nodes(self, first: str, second: str) -> None:
        """Link two existing nodes (both ways).

        Raises:
            ANPError: A node is unknown, or both ids are the same.
        """
        for node_id in (first, second):
            if node_id not in self._nodes:
                raise ANPError(
                    f"No node {node_id!r} in network {self.network_id!r}; add_node it first."
                )
        if first == second:
            raise ANPError(f"Cannot connect node {first!r} to itself.")
        self._links[first].add(second)
        self._links[second].add(first)

    def get_node(self, node_id: str) -> NetworkNode | None:
        """The node with this id, or None."""
        return self._nodes.get(node_id)

    def get_neighbors(self, node_id: str) -> list[str]:
        """The ids linked to ``node_id``, sorted."""
        return sorted(self._links.get(node_id, ()))

    def find_route(self, source: str, target: str) -> list[str] | None:
        """The shortest chain of node ids from ``source`` to ``target``, or None."""
        if source not in self._nodes or target not in self._nodes:
            return None
        previous: dict[str, str | None] = {source: None}
        queue = deque([source])
        while queue:
            current = queue.popleft()
            if current == target:
                route = [current]
                while (step := previous[route[-1]]) is not None:
                    route.append(step)
                return route[::-1]
            for neighbour in sorted(self._links[current]):
                if neighbour not in previous:
                    previous[neighbour] = current
                    queue.append(neighbour)
        return None

    def get_network_stats(self) -> dict[str, Any]:
        """Counts: nodes, connections, average degree, isolated nodes."""
        total_nodes = len(self._nodes)
        degrees = [len(links) for links in self._links.values()]
        total_connections = sum(degrees) // 2
        return {
            "network_id": self.network_id,
            "total_nodes": total_nodes,
            "total_connections": total_connections,
            "average_degree": (sum(degrees) / total_nodes) if total_nodes else 0.0,
            "isolated_nodes": sum(1 for degree in degrees if degree == 0),
        }

    def __repr__(self) -> str:
        stats = self.get_network_stats()
        return (
            f"ANPNetwork({self.network_id!r}, nodes={stats['total_nodes']}, "
            f"connections={stats['total_connections']})"
        )


__all__ = ["ANPNetwork", "NetworkNode"]
