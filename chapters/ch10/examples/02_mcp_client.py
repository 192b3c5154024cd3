"""Chapter 10.2.2: the MCP client, as the chapter writes it (async with, await).

Run:  python chapters/ch10/examples/02_mcp_client.py
"""

import asyncio
import json
import sys
from pathlib import Path

from hello_agents.mcp import MCPToolError
from hello_agents.protocols import MCPClient

WEATHER_SERVER = [sys.executable, str(Path(__file__).with_name("weather_server.py"))]


async def discover_tools() -> None:
    # The server is started as a subprocess and spoken to over stdin/stdout (stdio).
    async with MCPClient(WEATHER_SERVER) as client:
        tools = await client.list_tools()
        print(f"The server offers {len(tools)} tools:")
        for tool in tools:
            print(f"- {tool['name']}: {tool['description']}")
            for name, spec in tool["inputSchema"].get("properties", {}).items():
                print(f"    {name} ({spec.get('type', 'any')}): {spec.get('description', '')}")


async def use_tools() -> None:
    async with MCPClient(WEATHER_SERVER) as client:
        info = json.loads(await client.call_tool("get_server_info", {}))
        print(f"Server: {info['name']} v{info['version']}")
        weather = json.loads(await client.call_tool("get_weather", {"city": "Beijing"}))
        print(f"Beijing: {weather['temperature']} C, {weather['condition']}")
        try:
            await client.call_tool("get_weather", {"city": "Atlantis"})
        except MCPToolError as error:  # the tool failed; the session stays usable
            print("Tool call failed:", str(error).splitlines()[0])


asyncio.run(discover_tools())
asyncio.run(use_tools())
