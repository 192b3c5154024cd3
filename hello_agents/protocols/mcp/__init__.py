"""MCP as chapter 10 names it (``MCPClient``, ``MCPServer``), over :mod:`hello_agents.mcp`."""

from hello_agents.protocols.mcp.client import MCPClient, result_text, server_spec
from hello_agents.protocols.mcp.demo import demo_server
from hello_agents.protocols.mcp.server import MCPServer

__all__ = ["MCPClient", "MCPServer", "demo_server", "result_text", "server_spec"]
