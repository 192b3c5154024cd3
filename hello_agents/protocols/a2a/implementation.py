"""The module path the tutorial imports A2A from (``protocols.a2a.implementation``).

``A2A_AVAILABLE`` says whether the official ``a2a-sdk`` is installed.
"""

import importlib.util

from hello_agents.protocols.a2a.client import A2AClient
from hello_agents.protocols.a2a.network import AgentNetwork
from hello_agents.protocols.a2a.server import A2AServer, Skill

A2A_AVAILABLE = importlib.util.find_spec("a2a") is not None

__all__ = ["A2A_AVAILABLE", "A2AClient", "A2AServer", "AgentNetwork", "Skill"]
