"""A model answer to exercise 3 (find_places)."""

from __future__ import annotations

import json
from typing import Any

from hello_agents.tools import MCPTool


def call(amap: MCPTool, tool: str, **arguments: str) -> dict[str, Any]:
    text = amap.run({"action": "call_tool", "tool_name": tool, "arguments": arguments})
    if text.startswith("Error:"):
        raise RuntimeError(text)
    return json.loads(text)


def find_places(amap: MCPTool, keywords: str, city: str) -> list[dict[str, Any]]:
    found = call(amap, "maps_text_search", keywords=keywords, city=city, citylimit="true")
    places = []
    for poi in found.get("pois") or []:
        detail = call(amap, "maps_search_detail", id=poi["id"])
        longitude, latitude = (float(part) for part in detail["location"].split(","))
        places.append({"id": poi["id"], "name": detail["name"],
                       "longitude": longitude, "latitude": latitude})  # fmt: skip
    return places


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("mcp_place_search", find_places))
