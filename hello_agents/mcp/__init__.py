"""mcp/: the Model Context Protocol bridge, both directions.

* :mod:`~hello_agents.mcp.client` (with :mod:`~hello_agents.mcp.session` and
  :mod:`~hello_agents.mcp.transports`): a persistent session with a server over
  stdio, streamable HTTP or SSE, from sync or async code; :mod:`~hello_agents.mcp.group`
  for several servers with one lifecycle;
* :mod:`~hello_agents.mcp.tools` and :mod:`~hello_agents.mcp.schema`: a server's
  tools as registry tools, their JSON Schemas compiled to pydantic models;
* :mod:`~hello_agents.mcp.server`: any ToolRegistry served over stdio or HTTP;
* :mod:`~hello_agents.mcp.cli`: ``mcp serve`` and ``mcp list``;
* :mod:`~hello_agents.mcp.amap_offline`: an offline map server with the tools of
  ``amap-mcp-server`` (chapter 13), run as ``python -m hello_agents.mcp.amap_offline``.

Importing this package does not import the ``mcp`` SDK; connecting or serving
does, and says ``pip install "hello-agents[mcp]"`` when it is missing.
"""

from hello_agents.mcp import errors
from hello_agents.mcp.client import MCPClient
from hello_agents.mcp.errors import *  # noqa: F403 - as errors.__all__ lists them
from hello_agents.mcp.group import MCPServers
from hello_agents.mcp.schema import SchemaTranslationError, model_from_schema
from hello_agents.mcp.server import BackgroundHttpServer, RegistryServer
from hello_agents.mcp.tools import MCPTool, MCPToolLoad, extract_result, register_tools
from hello_agents.mcp.transports import HttpServer, ServerSpec, SseServer, StdioServer, parse_server

__all__ = [
    "BackgroundHttpServer",
    "HttpServer",
    "MCPClient",
    "MCPServers",
    "MCPTool",
    "MCPToolLoad",
    "RegistryServer",
    "SchemaTranslationError",
    "ServerSpec",
    "SseServer",
    "StdioServer",
    "extract_result",
    "model_from_schema",
    "parse_server",
    "register_tools",
]
__all__ += errors.__all__
