"""A weather MCP server (chapter 10.5), written with MCPServer, answering from a local table.

The tutorial's server asks wttr.in; this one needs no network, so its readings are
fixed sample values. Run it as an MCP server over stdio:

    python chapters/ch10/examples/weather_server.py
"""

import json

from hello_agents.protocols import MCPServer

READINGS = {
    "Beijing": {"temperature": 10.0, "humidity": 94, "condition": "light rain"},
    "Shanghai": {"temperature": 16.5, "humidity": 70, "condition": "cloudy"},
    "Shenzhen": {"temperature": 24.0, "humidity": 80, "condition": "sunny"},
}

server = MCPServer("weather-server", "Weather readings for a few Chinese cities (sample data)")


def get_weather(city: str) -> str:
    """Get the current weather of a city.

    Args:
        city: The city's name in English, e.g. Beijing.
    """
    if city not in READINGS:
        raise ValueError(f"unknown city {city!r}; use list_supported_cities")
    return json.dumps({"city": city, **READINGS[city]})


def list_supported_cities() -> str:
    """List the cities this server knows."""
    return json.dumps({"cities": sorted(READINGS), "count": len(READINGS)})


def get_server_info() -> str:
    """Describe this server: name, version and tools."""
    return json.dumps({"name": "Weather MCP Server", "version": "1.0.0", "tools": 3})


server.add_tool(get_weather).add_tool(list_supported_cities).add_tool(get_server_info)

if __name__ == "__main__":
    server.run()
