"""An offline map server with the tools of the PyPI ``amap-mcp-server``, over fixture data.

Chapter 13 plans trips over Amap's MCP server (``uvx amap-mcp-server``), which
needs a key and the network. This server has the same 16 tools, with the same
names and argument schemas and answers of the same shape, over the data in
``data/amap_cities.json`` (Beijing, Hangzhou and Chengdu: sights, hotels and
restaurants with coordinates, and each city's climate). Routes and distances are
computed from the coordinates; forecasts from the climate, for the four days
from today, as Amap gives them. Start it the way the chapter starts its server::

    MCPTool(name="amap", server_command=[sys.executable, "-m", "hello_agents.mcp.amap_offline"],
            auto_expand=True)

Environment: ``AMAP_OFFLINE_DATA`` (another data file with the same layout),
``AMAP_OFFLINE_TODAY`` (``YYYY-MM-DD``: the first forecast day, for repeatable
runs). ``AMAP_MAPS_API_KEY`` is accepted and ignored. Failures come back as
``{"error": ...}``, as the real server returns them.
"""

from __future__ import annotations

import json
import math
import os
import sys
from datetime import date, timedelta
from functools import cached_property
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).resolve().parent / "data" / "amap_cities.json"
WEEKDAYS = "1234567"
# How much longer than the straight line a route is, and how fast it goes (m/s).
DETOUR = {"walking": 1.25, "bicycling": 1.3, "driving": 1.4, "transit": 1.35}
SPEED = {"walking": 1.2, "bicycling": 4.0, "driving": 8.0, "transit": 6.0}
LIMIT_METERS = {"walking": 100_000, "bicycling": 500_000}
GENERIC_WORDS = {
    "attraction": {"景点", "景区", "旅游景点", "名胜", "attraction", "attractions", "sights"},
    "hotel": {"酒店", "宾馆", "住宿", "hotel", "hotels"},
    "restaurant": {"美食", "餐厅", "餐馆", "饭店", "restaurant", "restaurants", "food"},
}


def distance_meters(origin: tuple[float, float], destination: tuple[float, float]) -> float:
    """Great-circle distance between two (longitude, latitude) points."""
    (lng1, lat1), (lng2, lat2) = origin, destination
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    dphi, dlmb = phi2 - phi1, math.radians(lng2 - lng1)
    a = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlmb / 2) ** 2
    return 2 * 6_371_000 * math.asin(math.sqrt(a))


def parse_point(text: str) -> tuple[float, float]:
    """``"116.397,39.918"`` as (longitude, latitude).

    Raises:
        ValueError: Not two numbers, or outside the valid ranges.
    """
    parts = [part.strip() for part in str(text).split(",")]
    if len(parts) != 2:
        raise ValueError(f"coordinates must be 'longitude,latitude', got {text!r}")
    lng, lat = float(parts[0]), float(parts[1])
    if not (-180 <= lng <= 180 and -90 <= lat <= 90):
        raise ValueError(f"coordinates out of range: {text!r}")
    return lng, lat


def _bearing(origin: tuple[float, float], destination: tuple[float, float]) -> str:
    east, north = destination[0] - origin[0], destination[1] - origin[1]
    names = ["东", "东北", "北", "西北", "西", "西南", "南", "东南"]
    return names[round(math.degrees(math.atan2(north, east)) / 45) % 8]


class OfflineMap:
    """The fixture data and every query the tools answer (no MCP here: easy to test).

    Args:
        data_file: The JSON file of cities (``AMAP_OFFLINE_DATA`` or the bundled one).
        today: The first forecast day (``AMAP_OFFLINE_TODAY`` or the real date).
    """

    def __init__(self, data_file: str | Path | None = None, today: date | None = None) -> None:
        path = Path(data_file or os.environ.get("AMAP_OFFLINE_DATA") or DATA_FILE)
        self.cities: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))["cities"]
        pinned = os.environ.get("AMAP_OFFLINE_TODAY")
        self.today = today or (date.fromisoformat(pinned) if pinned else date.today())

    @cached_property
    def pois(self) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
        """POI id -> (poi, its city)."""
        return {poi["id"]: (poi, city) for city in self.cities for poi in city["pois"]}

    # ---------------------------------------------------------------- lookups

    def city(self, name: str | None) -> dict[str, Any] | None:
        """A city by name (``北京``, ``北京市``, ``Beijing``), adcode or citycode."""
        wanted = (name or "").strip().lower()
        if not wanted:
            return None
        for city in self.cities:
            names = {city["name"], city["adcode"], city["citycode"], *city["aliases"]}
            if wanted in {value.lower() for value in names}:
                return city
        return None

    def nearest_city(self, point: tuple[float, float]) -> dict[str, Any]:
        return min(self.cities, key=lambda c: distance_meters(point, parse_point(c["center"])))

    def search(
        self, keywords: str, city: str = "", citylimit: bool = False
    ) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """POIs whose name, tags or type contain a keyword, best rated first."""
        found = self.city(city)
        if found is None and citylimit and city:
            return [], None
        scope = [found] if found is not None else self.cities
        words = [word.lower() for word in keywords.replace("|", " ").replace(",", " ").split()]
        scored = [(self._score(poi, words), poi) for c in scope for poi in c["pois"]]
        hits = sorted(
            (item for item in scored if item[0] > 0), key=lambda i: (-i[0], -i[1]["rating"])
        )
        return [poi for _, poi in hits], found

    @staticmethod
    def _score(poi: dict[str, Any], words: list[str]) -> int:
        """How well a POI matches: a keyword found in its name, type or tags counts 2;
        each of its tags found inside a keyword (``经济型`` in ``经济型酒店``) counts 1."""
        text = " ".join([poi["name"], poi["type"], *poi["tags"]]).lower()
        tags = {tag.lower() for tag in poi["tags"]} | GENERIC_WORDS.get(poi["kind"], set())
        score = 0
        for word in words:
            score += 2 if word in text or word in GENERIC_WORDS.get(poi["kind"], set()) else 0
            score += sum(1 for tag in tags if len(tag) >= 2 and tag != word and tag in word)
        return score

    def geocode(self, address: str, city: str | None = None) -> dict[str, Any] | None:
        """A POI or a city named in ``address`` (a POI first), as Amap's geocode entry."""
        scope = [c for c in [self.city(city)] if c] or self.cities
        for c in scope:
            for poi in c["pois"]:
                if poi["name"] in address or address in poi["name"] or poi["address"] in address:
                    return self._geocode_entry(c, poi["district"], poi["location"], "兴趣点")
        for c in scope:
            if any(name in address for name in [c["name"], *c["aliases"]]):
                return self._geocode_entry(c, "", c["center"], "市")
        return None

    @staticmethod
    def _geocode_entry(
        city: dict[str, Any], district: str, location: str, level: str
    ) -> dict[str, Any]:
        return {
            "country": "中国",
            "province": city["province"],
            "city": city["name"],
            "citycode": city["citycode"],
            "district": district,
            "street": None,
            "number": None,
            "adcode": city["adcode"],
            "location": location,
            "level": level,
        }

    def forecasts(self, city: dict[str, Any]) -> list[dict[str, str]]:
        """Four days from :attr:`today`, from the city's climate and weather cycle."""
        casts = []
        for offset in range(4):
            day = self.today + timedelta(days=offset)
            ordinal = day.toordinal()
            month = day.month - 1
            swing = (-1, 0, 2, 1, -2, 0, 1)[ordinal % 7]
            cycle = city["weather_cycle"]
            high = city["climate"]["day"][month] + swing
            low = city["climate"]["night"][month] + swing
            wind = city["wind"][ordinal % len(city["wind"])]
            casts.append(
                {
                    "date": day.isoformat(),
                    "week": WEEKDAYS[day.weekday()],
                    "dayweather": cycle[ordinal % len(cycle)],
                    "nightweather": cycle[(ordinal + 3) % len(cycle)],
                    "daytemp": str(high),
                    "nighttemp": str(low),
                    "daywind": wind,
                    "nightwind": wind,
                    "daypower": "1-3",
                    "nightpower": "1-3",
                    "daytemp_float": f"{high:.1f}",
                    "nighttemp_float": f"{low:.1f}",
                }
            )
        return casts

    def route(self, mode: str, origin: str, destination: str) -> dict[str, Any]:
        """Distance (m) and duration (s) of a route, computed from the coordinates."""
        start, end = parse_point(origin), parse_point(destination)
        meters = distance_meters(start, end) * DETOUR[mode]
        limit = LIMIT_METERS.get(mode)
        if limit is not None and meters > limit:
            raise ValueError(f"{mode} routes go up to {limit // 1000} km; this one is longer")
        seconds = meters / SPEED[mode]
        heading = _bearing(start, end)
        steps = [
            {
                "instruction": f"向{heading}出发,行驶{round(meters)}米到达终点",
                "road": None,
                "distance": str(round(meters)),
                "orientation": heading,
                "duration": str(round(seconds)),
            }
        ]
        return {
            "origin": origin,
            "destination": destination,
            "distance": str(round(meters)),
            "duration": str(round(seconds)),
            "steps": steps,
        }

    def detail(self, poi_id: str) -> dict[str, Any] | None:
        """A POI's details in the shape of Amap's place detail (``biz_ext`` merged in)."""
        entry = self.pois.get(poi_id)
        if entry is None:
            return None
        poi, city = entry
        result = {
            "id": poi["id"],
            "name": poi["name"],
            "location": poi["location"],
            "address": poi["address"],
            "business_area": poi["district"],
            "city": city["name"],
            "type": poi["type"],
            "alias": None,
            "rating": str(poi.get("rating", "")),
            "cost": str(poi.get("ticket", poi.get("price", poi.get("cost", "")))),
        }
        if "opentime" in poi:
            result["opentime2"] = poi["opentime"]
        if "star" in poi:
            result["hotel_ordering"] = poi["star"]
        return result


def _brief(poi: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": poi["id"],
        "name": poi["name"],
        "address": poi["address"],
        "typecode": poi["typecode"],
    }


def build_server(offline: OfflineMap | None = None) -> Any:
    """The MCP server (official SDK) with the 16 tools of ``amap-mcp-server``."""
    from mcp.server.mcpserver import MCPServer

    data = offline or OfflineMap()
    server = MCPServer("amap-maps")

    def failure(what: str, error: Exception | str) -> dict[str, Any]:
        return {"error": f"{what} failed: {error}"}

    def by_address(
        mode: str,
        origin_address: str,
        destination_address: str,
        origin_city: str | None,
        destination_city: str | None,
    ) -> dict[str, Any]:
        start = data.geocode(origin_address, origin_city)
        if start is None:
            return {"error": "No geocoding results found for origin address"}
        end = data.geocode(destination_address, destination_city)
        if end is None:
            return {"error": "No geocoding results found for destination address"}
        routed = by_coordinates(mode, start["location"], end["location"])
        return with_addresses(routed, origin_address, start, destination_address, end)

    def with_addresses(
        routed: dict[str, Any],
        origin_address: str,
        start: dict[str, Any],
        destination_address: str,
        end: dict[str, Any],
    ) -> dict[str, Any]:
        """A route planned from geocoded addresses names them, as Amap's answer does."""
        if "error" not in routed:
            routed["addresses"] = {
                "origin": {"address": origin_address, "coordinates": start["location"]},
                "destination": {"address": destination_address, "coordinates": end["location"]},
            }
        return routed

    def address_route_tool(name: str, mode: str, description: str) -> None:
        """Register ``name``: a ``mode`` route between two addresses (bicycling, walking,
        driving: the three share one signature)."""

        def route(
            origin_address: str,
            destination_address: str,
            origin_city: str | None = None,
            destination_city: str | None = None,
        ) -> dict[str, Any]:
            return by_address(
                mode, origin_address, destination_address, origin_city, destination_city
            )

        route.__name__ = name
        server.add_tool(route, name=name, description=description)

    def coordinates_route_tool(name: str, mode: str, description: str) -> None:
        """Register ``name``: a ``mode`` route between two points (walking, driving)."""

        def route(origin: str, destination: str) -> dict[str, Any]:
            return by_coordinates(mode, origin, destination)

        route.__name__ = name
        server.add_tool(route, name=name, description=description)

    def by_coordinates(mode: str, origin: str, destination: str) -> dict[str, Any]:
        try:
            route = data.route(mode, origin, destination)
        except ValueError as error:
            return failure(f"Direction {mode}", error)
        path = {key: route[key] for key in ("distance", "duration", "steps")}
        if mode == "driving":
            path = {"path": None, **path}
        key = "data" if mode == "bicycling" else "route"
        return {key: {"origin": origin, "destination": destination, "paths": [path]}}

    @server.tool()
    def maps_regeocode(location: str) -> dict[str, Any]:
        """Turn an Amap coordinate pair ("longitude,latitude") into province, city and district."""
        try:
            point = parse_point(location)
        except ValueError as error:
            return failure("RGeocoding", error)
        city = data.nearest_city(point)
        pois = sorted(
            city["pois"], key=lambda p: distance_meters(point, parse_point(p["location"]))
        )
        return {"province": city["province"], "city": city["name"], "district": pois[0]["district"]}

    @server.tool()
    def maps_geo(address: str, city: str | None = None) -> dict[str, Any]:
        """Turn an address or a landmark's name into coordinates ("longitude,latitude")."""
        found = data.geocode(address, city)
        return {"return": [found] if found else []}

    @server.tool()
    def maps_ip_location(ip: str) -> dict[str, Any]:
        """Locate an IP address (the offline map knows none: empty fields, as Amap for LAN IPs)."""
        return {"province": [], "city": [], "adcode": [], "rectangle": []}

    @server.tool()
    def maps_weather(city: str) -> dict[str, Any]:
        """The weather forecast of a city (by name or adcode) for the next four days."""
        found = data.city(city)
        if found is None:
            return {"error": "No forecast data available"}
        return {"city": found["name"], "forecasts": data.forecasts(found)}

    address_route_tool(
        "maps_bicycling_by_address",
        "bicycling",
        "Plan a bicycle route between two addresses (up to 500 km).",
    )

    @server.tool()
    def maps_bicycling_by_coordinates(
        origin_coordinates: str, destination_coordinates: str
    ) -> dict[str, Any]:
        """Plan a bicycle route between two "longitude,latitude" points (up to 500 km)."""
        return by_coordinates("bicycling", origin_coordinates, destination_coordinates)

    for mode, reach in (("walking", " (up to 100 km)"), ("driving", "")):
        address_route_tool(
            f"maps_direction_{mode}_by_address",
            mode,
            f"Plan a {mode} route between two addresses{reach}.",
        )
        coordinates_route_tool(
            f"maps_direction_{mode}_by_coordinates",
            mode,
            f'Plan a {mode} route between two "longitude,latitude" points{reach}.',
        )

    @server.tool()
    def maps_direction_transit_integrated_by_address(
        origin_address: str, destination_address: str, origin_city: str, destination_city: str
    ) -> dict[str, Any]:
        """Plan a public-transport route between two addresses (cities required)."""
        start = data.geocode(origin_address, origin_city)
        end = data.geocode(destination_address, destination_city)
        if start is None or end is None:
            return {"error": "No geocoding results found for origin or destination address"}
        routed = maps_direction_transit_integrated_by_coordinates(
            start["location"], end["location"], origin_city, destination_city
        )
        return with_addresses(routed, origin_address, start, destination_address, end)

    @server.tool()
    def maps_direction_transit_integrated_by_coordinates(
        origin: str, destination: str, city: str, cityd: str
    ) -> dict[str, Any]:
        """Plan a public-transport route between two points; give both cities when they differ."""
        try:
            route = data.route("transit", origin, destination)
        except ValueError as error:
            return failure("Direction Transit Integrated", error)
        walk = min(800, int(route["distance"]) // 5)
        crosses = (data.city(city) or {}).get("adcode") != (data.city(cityd) or {}).get("adcode")
        line = {
            "name": "公交/地铁(离线估算)",
            "departure_stop": {"name": None},
            "arrival_stop": {"name": None},
            "distance": route["distance"],
            "duration": route["duration"],
            "via_stops": [],
        }
        segment = {
            "walking": {
                "origin": origin,
                "destination": None,
                "distance": str(walk),
                "duration": str(round(walk / SPEED["walking"])),
                "steps": [],
            },
            "bus": {"buslines": [] if crosses else [line]},
            "entrance": {"name": None},
            "exit": {"name": None},
            "railway": {"name": "城际铁路(离线估算)" if crosses else None, "trip": None},
        }
        transit = {
            "duration": route["duration"],
            "walking_distance": str(walk),
            "segments": [segment],
        }
        return {
            "route": {
                "origin": origin,
                "destination": destination,
                "distance": route["distance"],
                "transits": [transit],
            }
        }

    @server.tool()
    def maps_distance(origins: str, destination: str, type: str = "1") -> dict[str, Any]:
        """Distance from one or more origins ("lng,lat|lng,lat") to a destination.

        type: "0" straight line, "1" driving, "3" walking.
        """
        mode = {"0": None, "1": "driving", "3": "walking"}.get(type, "driving")
        try:
            end = parse_point(destination)
            results = []
            for index, origin in enumerate(origins.split("|"), start=1):
                straight = distance_meters(parse_point(origin), end)
                meters = straight * DETOUR[mode] if mode else straight
                seconds = meters / SPEED[mode] if mode else 0
                results.append(
                    {
                        "origin_id": str(index),
                        "dest_id": "1",
                        "distance": str(round(meters)),
                        "duration": str(round(seconds)),
                    }
                )
        except ValueError as error:
            return failure("Direction Distance", error)
        return {"results": results}

    @server.tool()
    def maps_text_search(keywords: str, city: str = "", citylimit: str = "false") -> dict[str, Any]:
        """Search places by keyword (sights, hotels, restaurants ...), in a city if given."""
        hits, found = data.search(keywords, city, citylimit.lower() == "true")
        cities = [] if found or not city else [{"name": c["name"]} for c in data.cities]
        return {
            "suggestion": {"keywords": None, "cities": cities},
            "pois": [_brief(poi) for poi in hits],
        }

    @server.tool()
    def maps_around_search(
        location: str, radius: str = "1000", keywords: str = ""
    ) -> dict[str, Any]:
        """Places within ``radius`` meters of "longitude,latitude", matching the keywords."""
        try:
            point, limit = parse_point(location), float(radius)
        except ValueError as error:
            return failure("Around Search", error)
        words = keywords.split()
        near = [
            poi
            for poi, _city in data.pois.values()
            if distance_meters(point, parse_point(poi["location"])) <= limit
            and (not words or OfflineMap._score(poi, [word.lower() for word in words]) > 0)
        ]
        near.sort(key=lambda poi: distance_meters(point, parse_point(poi["location"])))
        return {"pois": [_brief(poi) for poi in near]}

    @server.tool()
    def maps_search_detail(id: str) -> dict[str, Any]:
        """The details of a place found by a search (coordinates, rating, cost ...)."""
        found = data.detail(id)
        return found if found is not None else {"error": "No POI found"}

    return server


UVX_SHIM = """#!/bin/sh
# A `uvx` that starts hello-agents' offline map server in place of `uvx amap-mcp-server`,
# so code that starts Amap's server that way runs unchanged, offline. Written by
#   python -m hello_agents.mcp.amap_offline --uvx-shim DIR
if [ "$1" != "amap-mcp-server" ]; then
  echo "this uvx only starts the offline amap-mcp-server (hello-agents), not: $*" >&2
  exit 2
fi
shift
PYTHONPATH="{root}${{PYTHONPATH:+:$PYTHONPATH}}"
export PYTHONPATH
exec "{python}" -m hello_agents.mcp.amap_offline "$@"
"""


def write_uvx_shim(folder: str | Path) -> Path:
    """Write ``folder/uvx``: ``uvx amap-mcp-server`` then starts this offline server.

    Put ``folder`` first on ``PATH`` and code that starts Amap's server with
    ``server_command=["uvx", "amap-mcp-server"]`` (the tutorial's chapter-13 backend)
    gets this one, unchanged. Any other ``uvx`` command fails with a message. POSIX
    shells only (Linux, macOS); on Windows, give ``server_command`` this module instead.

    Returns:
        The script's path.
    """
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    shim = target / "uvx"
    root = Path(__file__).resolve().parents[2]  # the folder holding hello_agents/
    shim.write_text(UVX_SHIM.format(root=root, python=sys.executable), encoding="utf-8")
    shim.chmod(0o755)
    return shim


def main(argv: list[str] | None = None) -> None:
    """``python -m hello_agents.mcp.amap_offline [stdio|sse|streamable-http]``, or
    ``--uvx-shim DIR`` to write a ``uvx`` that starts this server (:func:`write_uvx_shim`)."""
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["--uvx-shim"]:
        if len(arguments) != 2:
            raise SystemExit("usage: python -m hello_agents.mcp.amap_offline --uvx-shim DIR")
        shim = write_uvx_shim(arguments[1])
        sys.stdout.write(f"wrote {shim}; put its folder first on PATH: PATH={shim.parent}:$PATH\n")
        return
    transport = arguments[0] if arguments else "stdio"
    if transport not in ("stdio", "sse", "streamable-http"):
        raise SystemExit(f"transport must be stdio, sse or streamable-http, not {transport!r}")
    build_server().run(transport=transport)


if __name__ == "__main__":
    main()


__all__ = [
    "DATA_FILE",
    "OfflineMap",
    "build_server",
    "distance_meters",
    "main",
    "parse_point",
    "write_uvx_shim",
]
