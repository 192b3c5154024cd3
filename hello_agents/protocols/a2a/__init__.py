"""A2A (Agent-to-Agent) on the official ``a2a-sdk``: serve agents, call remote agents.

Importing this package does not import the SDK; serving or calling does, and
says ``pip install "hello-agents[a2a]"`` when it is missing.
"""

from hello_agents.protocols.a2a.client import A2AClient
from hello_agents.protocols.a2a.network import AgentNetwork
from hello_agents.protocols.a2a.server import A2AServer, Skill

__all__ = ["A2AClient", "A2AServer", "AgentNetwork", "Skill"]
