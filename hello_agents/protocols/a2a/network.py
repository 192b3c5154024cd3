"""``AgentNetwork``: named remote A2A agents, asked by name."""

from __future__ import annotations

from typing import Any

from hello_agents.protocols.a2a.client import A2AClient


class AgentNetwork:
    """A directory of remote A2A agents, each reached through its own :class:`A2AClient`.

    Args:
        name: A name for the network.
        timeout: The time limit given to each agent's client.
    """

    def __init__(self, name: str = "network", *, timeout: float = 60.0) -> None:
        self.name = name
        self.timeout = timeout
        self._agents: dict[str, A2AClient] = {}

    def add_agent(self, name: str, url: str) -> A2AClient:
        """Add (or replace) the agent ``name`` at ``url``; returns its client."""
        if name in self._agents:
            self._agents[name].close()
        client = A2AClient(url, timeout=self.timeout)
        self._agents[name] = client
        return client

    def remove_agent(self, name: str) -> bool:
        """Forget an agent (closing its connections); returns whether it was there."""
        client = self._agents.pop(name, None)
        if client is not None:
            client.close()
        return client is not None

    def get_agent(self, name: str) -> A2AClient:
        """The client of the agent ``name``.

        Raises:
            KeyError: No such agent (the message lists the known ones).
        """
        if name not in self._agents:
            known = ", ".join(self._agents) or "none"
            raise KeyError(f"No agent {name!r} in network {self.name!r}; known agents: {known}")
        return self._agents[name]

    def list_agents(self) -> list[str]:
        """The names of the agents, in the order they were added."""
        return list(self._agents)

    def ask(self, name: str, text: str, skill: str | None = None) -> str:
        """Ask the agent ``name`` (see :meth:`A2AClient.ask` for the errors)."""
        return self.get_agent(name).ask(text, skill)

    def execute_skill(self, name: str, skill: str, text: str) -> dict[str, Any]:
        """Run a skill of the agent ``name`` (the tutorial's dict result)."""
        return self.get_agent(name).execute_skill(skill, text)

    def close(self) -> None:
        """Close every agent's connections."""
        for client in self._agents.values():
            client.close()

    def __enter__(self) -> AgentNetwork:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"AgentNetwork({self.name!r}, agents={self.list_agents()})"


__all__ = ["AgentNetwork"]
