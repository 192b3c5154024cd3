"""The map server as the chapter starts it, offline: 16 tools, one server process.

    python chapters/ch13/examples/01_offline_map.py

MCPTool(auto_expand=True) becomes the server's tools, named amap_<tool>; every agent
given it shares the one server. The offline server has the tools of the PyPI
amap-mcp-server (same names, same arguments) over data for Beijing, Hangzhou and Chengdu.
"""

from __future__ import annotations

import json
import sys

import _setup  # noqa: F401  (the app's package on the path)

from hello_agents import SimpleAgent
from hello_agents.testing import ScriptedLLM
from hello_agents.tools import MCPTool

amap = MCPTool(
    name="amap",
    description="高德地图服务",
    server_command=[sys.executable, "-m", "hello_agents.mcp.amap_offline"],
    auto_expand=True,
)
with amap:
    agent = SimpleAgent("景点搜索专家", ScriptedLLM([]))
    agent.add_tool(amap)
    print(f"map: {len(agent.list_tools())} tools, e.g. {', '.join(agent.list_tools()[:3])}")

    def call(tool: str, **arguments: str) -> dict:
        text = amap.run({"action": "call_tool", "tool_name": tool, "arguments": arguments})
        return json.loads(text)

    pois = call("maps_text_search", keywords="博物馆", city="杭州", citylimit="true")["pois"]
    print("search 博物馆 in 杭州:", ", ".join(poi["name"] for poi in pois))
    detail = call("maps_search_detail", id=pois[0]["id"])
    print(f"detail: {detail['name']} at {detail['location']}, rating {detail['rating']}")
    weather = call("maps_weather", city="杭州")["forecasts"][0]
    low, high = weather["nighttemp"], weather["daytemp"]
    print(f"weather {weather['date']}: {weather['dayweather']} {low}~{high}°C")
    walk = call(
        "maps_direction_walking_by_address",
        origin_address="西湖风景名胜区",
        destination_address="浙江省博物馆(孤山馆区)",
        origin_city="杭州",
    )
    print(f"walk: {walk['route']['paths'][0]['distance']} m")
