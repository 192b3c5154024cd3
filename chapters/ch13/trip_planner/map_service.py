"""The map server's answers as places with coordinates.

``maps_text_search`` gives ids and names, no coordinates (the real Amap server
answers that way too); ``maps_search_detail`` gives the coordinates, the rating
and the cost. :class:`MapService` makes those calls (several at once) through
the shared ``MCPTool``, and turns the answers into :class:`Place` records: the
only places a plan is made of.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from hello_agents.tools import MCPTool

logger = logging.getLogger(__name__)

PlaceKind = Literal["attraction", "hotel", "restaurant"]
KEY_PREFIX: dict[str, str] = {"attraction": "A", "hotel": "H", "restaurant": "R"}
# Minutes a visit takes, by what the map says a place is (first match wins).
VISIT_MINUTES = (
    ("世界遗产", 240),
    ("博物馆", 150),
    ("游乐", 180),
    ("动物园", 180),
    ("公园", 90),
    ("寺庙", 90),
    ("商业街", 90),
    ("", 120),
)


class MapServiceError(RuntimeError):
    """The map server answered with an error, or with something that is not JSON."""


@dataclass(frozen=True)
class Place:
    """One place the map server knows, with what a plan needs of it.

    Attributes:
        key: Its short name in the planner's list (``A1``, ``H2``, ``R3``).
        poi_id: The map's id.
        kind: ``attraction``, ``hotel`` or ``restaurant``.
        cost: The ticket, one night, or one person's meal, in CNY (0 when unknown).
    """

    key: str
    poi_id: str
    kind: PlaceKind
    name: str
    address: str
    longitude: float
    latitude: float
    category: str
    rating: float | None
    cost: int
    opening_hours: str = ""

    @property
    def visit_minutes(self) -> int:
        return next(minutes for word, minutes in VISIT_MINUTES if word in self.category)

    def line(self) -> str:
        """How the planner agent reads it: one line."""
        cost = {"attraction": "ticket", "hotel": "per night", "restaurant": "per person"}
        label = self.category.split(";")[-1]
        return f"{self.key} {self.name} ({label}; {cost[self.kind]} {self.cost} CNY)"


def kind_of(detail: dict[str, Any]) -> PlaceKind:
    """What a place is, from the map's type (``住宿服务;...`` is a hotel ...)."""
    kind = str(detail.get("type") or "")
    if kind.startswith("住宿服务"):
        return "hotel"
    if kind.startswith("餐饮服务"):
        return "restaurant"
    return "attraction"


def _number(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


class MapService:
    """Calls to the map server's tools, outside any agent.

    Args:
        tool: The shared ``MCPTool`` (the same server process the agents use).
        workers: Detail look-ups sent at once.
    """

    def __init__(self, tool: MCPTool, workers: int = 6) -> None:
        self.tool = tool
        self.workers = workers

    def call(self, tool_name: str, **arguments: Any) -> dict[str, Any]:
        """One tool call, as the tutorial's services make it; its JSON answer.

        Raises:
            MapServiceError: The server answered an error (``{"error": ...}`` or a failed call).
        """
        text = self.tool.run(
            {"action": "call_tool", "tool_name": tool_name, "arguments": arguments}
        )
        if text.startswith("Error:"):
            raise MapServiceError(f"{tool_name}: {text[len('Error:') :].strip()}")
        try:
            answer = json.loads(text)
        except json.JSONDecodeError:
            raise MapServiceError(f"{tool_name} did not answer JSON: {text[:200]}") from None
        if isinstance(answer, dict) and "error" in answer:
            raise MapServiceError(f"{tool_name}: {answer['error']}")
        return answer if isinstance(answer, dict) else {"result": answer}

    def search(self, keywords: str, city: str) -> list[dict[str, Any]]:
        """``maps_text_search`` within the city: the POIs (id, name, address, typecode)."""
        answer = self.call("maps_text_search", keywords=keywords, city=city, citylimit="true")
        return list(answer.get("pois") or [])

    def city_name(self, city: str) -> str:
        """The map's name of a city (``杭州`` -> ``杭州市``), from ``maps_geo``.

        Raises:
            MapServiceError: The map server does not know the city.
        """
        found = self.call("maps_geo", address=city).get("return") or []
        name = found[0].get("city") if found else None
        if not name or not isinstance(name, str):
            raise MapServiceError(f"the map server does not know the city {city!r}")
        return name

    def places(
        self, pois: Iterable[dict[str, Any]], kind: PlaceKind, limit: int, city: str | None = None
    ) -> list[Place]:
        """The first ``limit`` distinct POIs with their details (looked up at once), as places.

        A POI whose details cannot be read, or that lies in another city than
        ``city`` (a search for an unknown city name searches the whole country),
        is left out and logged, never guessed.
        """
        wanted: list[str] = []
        for poi in pois:
            poi_id = str(poi.get("id") or "")
            if poi_id and poi_id not in wanted:
                wanted.append(poi_id)
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            details = list(pool.map(self._detail, wanted))
        found = [d for d in details if d is not None and kind_of(d) == kind]
        if city is not None:
            elsewhere = [d["name"] for d in found if d.get("city") and d.get("city") != city]
            if elsewhere:
                logger.info("left out places outside %s: %s", city, ", ".join(elsewhere))
            found = [d for d in found if not d.get("city") or d.get("city") == city]
        found = found[:limit]
        return [self._place(detail, kind, index) for index, detail in enumerate(found, start=1)]

    def _detail(self, poi_id: str) -> dict[str, Any] | None:
        try:
            detail = self.call("maps_search_detail", id=poi_id)
            if not detail.get("location"):
                raise MapServiceError(f"POI {poi_id} has no location")
            return detail
        except MapServiceError as error:
            logger.warning("left out a place: %s", error)
            return None

    @staticmethod
    def _place(detail: dict[str, Any], kind: PlaceKind, index: int) -> Place:
        longitude, latitude = (float(part) for part in str(detail["location"]).split(","))
        cost = _number(detail.get("cost"))
        return Place(
            key=f"{KEY_PREFIX[kind]}{index}",
            poi_id=str(detail.get("id") or ""),
            kind=kind,
            name=str(detail.get("name") or ""),
            address=str(detail.get("address") or ""),
            longitude=longitude,
            latitude=latitude,
            category=str(detail.get("type") or ""),
            rating=_number(detail.get("rating")),
            cost=round(cost) if cost is not None and cost >= 0 else 0,
            opening_hours=str(detail.get("opentime2") or ""),
        )


def searched_pois(steps: Iterable[Any], tool_suffix: str = "maps_text_search") -> list[dict]:
    """The POIs an agent's searches returned (from its run's tool rounds), in order.

    What the agent wrote about them afterwards is not used: only what the map said.
    """
    pois: list[dict[str, Any]] = []
    for answer in tool_answers(steps, tool_suffix):
        pois.extend(poi for poi in answer.get("pois") or [] if isinstance(poi, dict))
    return pois


def tool_answers(steps: Iterable[Any], tool_suffix: str) -> list[dict[str, Any]]:
    """The JSON answers of an agent's successful calls of a tool (by name suffix)."""
    answers = []
    for step in steps:
        for result in getattr(step, "results", ()):
            if not getattr(result, "ok", False) or not result.tool_name.endswith(tool_suffix):
                continue
            data = result.data
            if not isinstance(data, dict):
                try:
                    data = json.loads(result.content)
                except json.JSONDecodeError:
                    continue
            if isinstance(data, dict) and "error" not in data:
                answers.append(data)
    return answers
