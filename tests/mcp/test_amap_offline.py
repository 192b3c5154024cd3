"""The offline map server: the tools of the PyPI ``amap-mcp-server``, over fixture data.

The schemas below were read from ``amap-mcp-server`` 0.1.11 (the tool names, argument
names, types, defaults and required arguments it lists); the offline server must list
exactly these, so code written for the real server runs unchanged on it.
"""

from __future__ import annotations

import json
import sys
from datetime import date

import pytest

from hello_agents.mcp.amap_offline import OfflineMap, distance_meters, parse_point
from hello_agents.tools import MCPTool

AMAP_SCHEMAS = {
    "maps_regeocode": {"required": ["location"], "properties": {"location": {"type": "string"}}},
    "maps_geo": {
        "required": ["address"],
        "properties": {
            "address": {"type": "string"},
            "city": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
    },
    "maps_ip_location": {"required": ["ip"], "properties": {"ip": {"type": "string"}}},
    "maps_weather": {"required": ["city"], "properties": {"city": {"type": "string"}}},
    "maps_bicycling_by_address": {
        "required": ["origin_address", "destination_address"],
        "properties": {
            "origin_address": {"type": "string"},
            "destination_address": {"type": "string"},
            "origin_city": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "destination_city": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
    },
    "maps_bicycling_by_coordinates": {
        "required": ["origin_coordinates", "destination_coordinates"],
        "properties": {
            "origin_coordinates": {"type": "string"},
            "destination_coordinates": {"type": "string"},
        },
    },
    "maps_direction_walking_by_address": {
        "required": ["origin_address", "destination_address"],
        "properties": {
            "origin_address": {"type": "string"},
            "destination_address": {"type": "string"},
            "origin_city": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "destination_city": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
    },
    "maps_direction_walking_by_coordinates": {
        "required": ["origin", "destination"],
        "properties": {"origin": {"type": "string"}, "destination": {"type": "string"}},
    },
    "maps_direction_driving_by_address": {
        "required": ["origin_address", "destination_address"],
        "properties": {
            "origin_address": {"type": "string"},
            "destination_address": {"type": "string"},
            "origin_city": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "destination_city": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        },
    },
    "maps_direction_driving_by_coordinates": {
        "required": ["origin", "destination"],
        "properties": {"origin": {"type": "string"}, "destination": {"type": "string"}},
    },
    "maps_direction_transit_integrated_by_address": {
        "required": ["origin_address", "destination_address", "origin_city", "destination_city"],
        "properties": {
            "origin_address": {"type": "string"},
            "destination_address": {"type": "string"},
            "origin_city": {"type": "string"},
            "destination_city": {"type": "string"},
        },
    },
    "maps_direction_transit_integrated_by_coordinates": {
        "required": ["origin", "destination", "city", "cityd"],
        "properties": {
            "origin": {"type": "string"},
            "destination": {"type": "string"},
            "city": {"type": "string"},
            "cityd": {"type": "string"},
        },
    },
    "maps_distance": {
        "required": ["origins", "destination"],
        "properties": {
            "origins": {"type": "string"},
            "destination": {"type": "string"},
            "type": {"default": "1", "type": "string"},
        },
    },
    "maps_text_search": {
        "required": ["keywords"],
        "properties": {
            "keywords": {"type": "string"},
            "city": {"default": "", "type": "string"},
            "citylimit": {"default": "false", "type": "string"},
        },
    },
    "maps_around_search": {
        "required": ["location"],
        "properties": {
            "location": {"type": "string"},
            "radius": {"default": "1000", "type": "string"},
            "keywords": {"default": "", "type": "string"},
        },
    },
    "maps_search_detail": {"required": ["id"], "properties": {"id": {"type": "string"}}},
}

SERVER = [sys.executable, "-m", "hello_agents.mcp.amap_offline"]


@pytest.fixture(scope="module")
def amap() -> MCPTool:
    tool = MCPTool(
        name="amap",
        server_command=SERVER,
        env={"AMAP_MAPS_API_KEY": "unused-offline", "AMAP_OFFLINE_TODAY": "2026-05-01"},
        auto_expand=True,
    )
    yield tool
    tool.close()


def call(amap: MCPTool, tool: str, **arguments: object) -> dict:
    text = amap.run({"action": "call_tool", "tool_name": tool, "arguments": arguments})
    return json.loads(text)


def test_it_lists_the_16_tools_of_amap_mcp_server_with_their_schemas(amap: MCPTool) -> None:
    listed = {tool.name: tool.input_schema for tool in amap.client().list_tools()}
    assert list(listed) == list(AMAP_SCHEMAS)
    for name, contract in AMAP_SCHEMAS.items():
        schema = listed[name]
        assert schema.get("required", []) == contract["required"], name
        properties = {
            key: {k: v for k, v in value.items() if k != "title"}
            for key, value in schema["properties"].items()
        }
        assert properties == contract["properties"], name


def test_an_agent_gets_them_as_amap_prefixed_tools(amap: MCPTool) -> None:
    names = [tool.name for tool in amap.expanded_tools()]
    assert len(names) == 16
    assert "amap_maps_text_search" in names and "amap_maps_weather" in names


def test_text_search_then_detail_gives_places_with_coordinates(amap: MCPTool) -> None:
    found = call(amap, "maps_text_search", keywords="博物馆", city="杭州")
    names = [poi["name"] for poi in found["pois"]]
    assert "中国茶叶博物馆" in names
    assert set(found["pois"][0]) == {"id", "name", "address", "typecode"}  # as Amap: no location
    detail = call(amap, "maps_search_detail", id=found["pois"][0]["id"])
    longitude, latitude = parse_point(detail["location"])
    assert 119.9 < longitude < 120.4 and 30.1 < latitude < 30.4
    assert detail["city"] == "杭州市"


def test_generic_words_find_a_whole_kind(amap: MCPTool) -> None:
    hotels = call(amap, "maps_text_search", keywords="酒店", city="Chengdu")["pois"]
    assert len(hotels) == 5
    assert all(poi["typecode"].startswith("100") for poi in hotels)


def test_weather_gives_four_days_from_the_pinned_day(amap: MCPTool) -> None:
    weather = call(amap, "maps_weather", city="北京")
    assert weather["city"] == "北京市"
    assert [cast["date"] for cast in weather["forecasts"]] == [
        "2026-05-01",
        "2026-05-02",
        "2026-05-03",
        "2026-05-04",
    ]
    assert int(weather["forecasts"][0]["daytemp"]) > int(weather["forecasts"][0]["nighttemp"])


def test_unknown_places_are_error_dicts_as_the_real_server_returns(amap: MCPTool) -> None:
    assert call(amap, "maps_weather", city="Atlantis") == {"error": "No forecast data available"}
    assert call(amap, "maps_search_detail", id="nope") == {"error": "No POI found"}
    far = call(
        amap,
        "maps_direction_walking_by_coordinates",
        origin="116.397,39.918",
        destination="120.141,30.255",
    )
    assert "error" in far


def test_routes_and_distances_come_from_the_coordinates(amap: MCPTool) -> None:
    walk = call(
        amap,
        "maps_direction_walking_by_address",
        origin_address="故宫博物院",
        destination_address="景山公园",
        origin_city="北京",
    )
    path = walk["route"]["paths"][0]
    assert 800 < int(path["distance"]) < 2500
    assert walk["addresses"]["destination"]["coordinates"] == "116.396906,39.928144"
    straight = call(
        amap,
        "maps_distance",
        origins="116.397026,39.918058",
        destination="116.396906,39.928144",
        type="0",
    )
    assert 1000 < int(straight["results"][0]["distance"]) < 1300


def test_distance_meters_is_the_great_circle_distance() -> None:
    beijing, hangzhou = (116.407, 39.904), (120.155, 30.274)
    assert 1_100_000 < distance_meters(beijing, hangzhou) < 1_150_000


def test_forecasts_are_the_same_every_run() -> None:
    first = OfflineMap(today=date(2026, 7, 1))
    second = OfflineMap(today=date(2026, 7, 1))
    city = first.city("成都")
    assert city is not None
    assert first.forecasts(city) == second.forecasts(city)
