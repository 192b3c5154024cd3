"""An MCP server (official SDK) that starts and answers, but offers no tools."""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer

server = MCPServer("empty-server")

if __name__ == "__main__":
    server.run()
