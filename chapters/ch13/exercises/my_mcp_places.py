"""Exercise 3: find_places, two MCP tool calls that give places with coordinates.

Amap's maps_text_search (and the offline map's) answers ids and names but no
coordinates; maps_search_detail gives a place's "location" as "longitude,latitude".
Write the function the app's map service is built on. (The app's own version is
trip_planner/map_service.py: MapService.)

Fill in the TODO, then check your function (it starts the offline map server):

    python chapters/ch13/exercises/my_mcp_places.py

A model answer is in solutions/my_mcp_places.py: try first.
"""

from __future__ import annotations

from typing import Any

from hello_agents.tools import MCPTool


def find_places(amap: MCPTool, keywords: str, city: str) -> list[dict[str, Any]]:
    """TODO: call amap.run({"action": "call_tool", "tool_name": "maps_text_search",
    "arguments": {"keywords": ..., "city": ..., "citylimit": "true"}}) (it returns JSON
    text), then maps_search_detail with {"id": ...} for each POI, in the search's order;
    return [{"id", "name", "longitude", "latitude"}] with the two coordinates as floats."""
    raise NotImplementedError("TODO: find_places")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("mcp_place_search", find_places))
