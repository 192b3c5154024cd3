"""protocols/: how agents talk to tools and to each other (chapter 10).

* :mod:`~hello_agents.protocols.mcp`: MCP as the chapter names it (``MCPClient``,
  ``MCPServer``), a face over the MCP bridge in :mod:`hello_agents.mcp`;
* :mod:`~hello_agents.protocols.a2a`: A2A on the official ``a2a-sdk``
  (``A2AServer``, ``A2AClient``, ``AgentNetwork``);
* :mod:`~hello_agents.protocols.anp`: ANP discovery and networks, in process
  (``ANPDiscovery``, ``register_service``, ``discover_service``, ``ANPNetwork``).

The tool forms (``MCPTool``, ``A2ATool``, ``ANPTool``) live in
:mod:`hello_agents.tools.builtin.protocol_tools`. No SDK is imported until a
server starts or a client connects.
"""

from hello_agents.protocols.a2a import A2AClient, A2AServer, AgentNetwork, Skill
from hello_agents.protocols.anp import (
    ANPDiscovery,
    ANPIdentity,
    ANPNetwork,
    NetworkNode,
    ServiceInfo,
    discover_service,
    discover_services,
    register_service,
)
from hello_agents.protocols.errors import (
    A2AConnectionError,
    A2ATaskError,
    A2ATimeoutError,
    ANPError,
    ProtocolException,
)
from hello_agents.protocols.mcp import MCPClient, MCPServer, demo_server

__all__ = [
    "A2AClient",
    "A2AConnectionError",
    "A2AServer",
    "A2ATaskError",
    "A2ATimeoutError",
    "ANPDiscovery",
    "ANPError",
    "ANPIdentity",
    "ANPNetwork",
    "AgentNetwork",
    "MCPClient",
    "MCPServer",
    "NetworkNode",
    "ProtocolException",
    "ServiceInfo",
    "Skill",
    "demo_server",
    "discover_service",
    "discover_services",
    "register_service",
]
