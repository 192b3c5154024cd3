"""``MultiAgentTripPlanner``: four agents over one map server, and code for the rest.

One request, five steps::

    attraction agent ┐
    weather agent    ├─ at once (threads), each with the map tool it needs
    hotel agent      │
    restaurant search┘  (a plain map call: no choice to make)
    -> details of every place found (coordinates, rating, cost), at once
    -> planner agent: chooses among those places by key, validated (pydantic,
       repair turns quoting the errors)
    -> code: dates, weather per day, routes, budget -> a validated TripPlan

Agents are made for each request, so no history passes from one traveller to the
next; the model client and the map server (one process) are shared. Every place
in a plan is one the map server returned; when a step fails the request fails
with :class:`TripPlanningError`, never with a made-up plan.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model, model_validator

import hello_agents
from hello_agents import SimpleAgent
from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.core.llm import BaseLLM
from hello_agents.core.structured import (
    StructuredAttempt,
    StructuredOutputError,
    run_structured,
)
from hello_agents.tools import MCPTool
from trip_planner import itinerary
from trip_planner.map_service import MapService, MapServiceError, Place, searched_pois, tool_answers
from trip_planner.models import TripPlan, TripRequest
from trip_planner.prompts import (
    ATTRACTION_AGENT_PROMPT,
    ATTRACTION_QUERY,
    HOTEL_AGENT_PROMPT,
    HOTEL_QUERY,
    PLANNER_AGENT_PROMPT,
    PLANNER_QUERY,
    WEATHER_AGENT_PROMPT,
    WEATHER_QUERY,
)

logger = logging.getLogger(__name__)

OFFLINE_MAP_COMMAND = [sys.executable, "-m", "hello_agents.mcp.amap_offline"]
REAL_MAP_COMMAND = ["uvx", "amap-mcp-server"]
MAX_PLACES = {"attraction": 10, "hotel": 5, "restaurant": 6}
Progress = Callable[[str, dict[str, Any]], None]


class TripPlanningError(HelloAgentsException):
    """No plan could be made; ``stage`` says where (``map``, ``attractions``, ``plan`` ...)."""

    def __init__(self, stage: str, message: str) -> None:
        super().__init__(message)
        self.stage = stage


def map_tool(api_key: str | None = None, command: list[str] | None = None) -> MCPTool:
    """The map server as the chapter makes it: the real Amap server when given a key,
    else the offline one (same tools, fixture data), run from the same hello_agents as
    this process (its folder on the server's ``PYTHONPATH``, for a clone not installed)."""
    if command is None:
        command = REAL_MAP_COMMAND if api_key else OFFLINE_MAP_COMMAND
    if api_key:
        env = {"AMAP_MAPS_API_KEY": api_key}
    else:
        env = {"PYTHONPATH": str(Path(hello_agents.__file__).resolve().parents[1])}
        if os.environ.get("AMAP_OFFLINE_TODAY"):
            env["AMAP_OFFLINE_TODAY"] = os.environ["AMAP_OFFLINE_TODAY"]
    return MCPTool(
        name="amap", description="高德地图服务", server_command=command, env=env, auto_expand=True
    )


class MultiAgentTripPlanner:
    """The chapter's planner: three lookup agents, a planner agent, one shared map server.

    Args:
        llm: The model every agent talks to.
        amap_tool: The map server (``map_tool()`` by default: offline unless a key is given).
        max_repairs: Repair turns the planner agent gets when its choice does not validate.
        max_tool_iterations: Tool rounds each lookup agent may take.

    Raises:
        MCPConnectionError / MCPNoToolsError: The map server cannot start or lists no tools
            (raised here, at start-up, not at the first traveller's request).
    """

    def __init__(
        self,
        llm: BaseLLM,
        amap_tool: MCPTool | None = None,
        *,
        max_repairs: int = 2,
        max_tool_iterations: int = 2,
    ) -> None:
        self.llm = llm
        self.amap_tool = amap_tool or map_tool()
        self.map_tools = {tool.name: tool for tool in self.amap_tool.expanded_tools()}
        self.maps = MapService(self.amap_tool)
        self.max_repairs = max_repairs
        self.max_tool_iterations = max_tool_iterations

    # ------------------------------------------------------------------ agents

    def make_agent(self, name: str, prompt: str, tools: tuple[str, ...] = ()) -> SimpleAgent:
        """A fresh agent (no history) with only the map tools it needs."""
        agent = SimpleAgent(name, self.llm, system_prompt=prompt)
        for tool in tools:
            agent.add_tool(self.map_tools[tool])
        return agent

    def agent_tools(self) -> dict[str, list[str]]:
        """Which map tools each agent gets (for the health check)."""
        return {
            "attraction": ["amap_maps_text_search"],
            "weather": ["amap_maps_weather"],
            "hotel": ["amap_maps_text_search"],
            "planner": [],
        }

    # ------------------------------------------------------------------ one request

    def plan_trip(self, request: TripRequest, progress: Progress | None = None) -> TripPlan:
        """Plan one trip.

        ``progress(stage, data)`` is called as the work goes on: ``lookups`` (the three
        agents start), ``lookup`` (one has its answer: ``{"agent": ...}``), ``places``
        (how many of each were found), ``planner`` (the planner agent starts),
        ``planned`` (its choice validated: ``{"repairs": n}``) and ``done``.

        Raises:
            TripPlanningError: A step failed; the message says which and why.
        """
        report = progress or (lambda stage, data: None)
        started = time.perf_counter()
        report("lookups", {"agents": ["attraction", "weather", "hotel"]})
        try:
            city = self.maps.city_name(request.city)
        except MapServiceError as error:
            raise TripPlanningError("city", str(error)) from error
        try:
            found = self._look_up(request, report)
        except (MapServiceError, HelloAgentsException) as error:
            raise TripPlanningError("lookups", f"a lookup failed: {error}") from error
        attractions, hotels, restaurants = self._places(request, found, city)
        report(
            "places",
            {
                "attractions": len(attractions),
                "hotels": len(hotels),
                "restaurants": len(restaurants),
            },
        )
        weather = itinerary.weather_for_dates(found["forecasts"], request.dates)
        report("planner", {"weather_days": len(weather)})
        refused: list[StructuredAttempt] = []
        draft = self._choose(request, attractions, hotels, restaurants, weather, refused)
        report("planned", {"repairs": len(refused)})
        plan = self._build(request, draft, attractions, hotels, restaurants, weather)
        report("done", {"seconds": round(time.perf_counter() - started, 1)})
        return plan

    def _look_up(self, request: TripRequest, report: Progress) -> dict[str, Any]:
        """The three agents and the restaurant search, at once (each agent reported as it ends)."""
        city = request.city
        keywords = request.preferences[0] if request.preferences else "景点"
        attraction_agent = self.make_agent(
            "景点搜索专家", ATTRACTION_AGENT_PROMPT, ("amap_maps_text_search",)
        )
        weather_agent = self.make_agent(
            "天气查询专家", WEATHER_AGENT_PROMPT, ("amap_maps_weather",)
        )
        hotel_agent = self.make_agent(
            "酒店推荐专家", HOTEL_AGENT_PROMPT, ("amap_maps_text_search",)
        )
        runs = {
            "attraction": (attraction_agent, ATTRACTION_QUERY.format(city=city, keywords=keywords)),
            "weather": (weather_agent, WEATHER_QUERY.format(city=city)),
            "hotel": (hotel_agent, HOTEL_QUERY.format(city=city, keywords=request.accommodation)),
        }
        tools = {
            "attraction": "maps_text_search",
            "weather": "maps_weather",
            "hotel": "maps_text_search",
        }
        with ThreadPoolExecutor(max_workers=4) as pool:
            futures = {
                pool.submit(self._look_up_with, agent, query, tools[role]): role
                for role, (agent, query) in runs.items()
            }
            restaurants = pool.submit(self.maps.search, "美食", city)
            steps: dict[str, list[Any]] = {}
            for future in as_completed(futures):
                steps[futures[future]] = future.result()
                report("lookup", {"agent": futures[future]})
            food = restaurants.result()
        forecasts: list[dict[str, Any]] = []
        for answer in tool_answers(steps["weather"], "maps_weather"):
            forecasts.extend(answer.get("forecasts") or [])
        return {
            "attractions": searched_pois(steps["attraction"]),
            "hotels": searched_pois(steps["hotel"]),
            "restaurants": food,
            "forecasts": forecasts,
        }

    def _look_up_with(self, agent: SimpleAgent, query: str, tool: str) -> list[Any]:
        """Run a lookup agent until its tool has answered (its tool rounds, in order).

        Its job ends there: the app reads what the map said, so the model is not
        asked to retell it (which would cost a model call and could only add errors).
        A call that failed (bad arguments ...) goes back to the model, which may try
        again, up to ``max_tool_iterations`` rounds.
        """
        steps = []
        for step in agent.iter_steps(query, max_tool_iterations=self.max_tool_iterations):
            steps.append(step)
            if tool_answers([step], tool):
                break
        return steps

    def _places(
        self, request: TripRequest, found: dict[str, Any], city: str
    ) -> tuple[list[Place], list[Place], list[Place]]:
        """Every place found, with its details; at least as many sights as days."""
        days = request.travel_days or 1
        limit = MAX_PLACES["attraction"]
        with ThreadPoolExecutor(max_workers=3) as pool:
            sights = pool.submit(self.maps.places, found["attractions"], "attraction", limit, city)
            stays = pool.submit(
                self.maps.places, found["hotels"], "hotel", MAX_PLACES["hotel"], city
            )
            meals = pool.submit(
                self.maps.places, found["restaurants"], "restaurant", MAX_PLACES["restaurant"], city
            )
            attractions, hotels, restaurants = sights.result(), stays.result(), meals.result()
        if len(attractions) < days:
            # Too few sights for the trip (or no search made): the app also looks up the
            # city's sights; the agent's finds stay first.
            logger.info(
                "%d sights found for %d days; adding a search for 景点", len(attractions), days
            )
            pois = [*found["attractions"], *self.maps.search("景点", request.city)]
            attractions = self.maps.places(pois, "attraction", limit, city)
        if not attractions:
            raise TripPlanningError(
                "attractions",
                f"the map server knows no sights in {request.city!r}; nothing to plan",
            )
        return attractions, hotels, restaurants

    def _choose(
        self,
        request: TripRequest,
        attractions: list[Place],
        hotels: list[Place],
        restaurants: list[Place],
        weather: list[Any],
        refused: list[StructuredAttempt],
    ) -> BaseModel:
        """The planner agent's choice, validated against a model of the allowed keys."""
        draft_model = choice_model(request.travel_days or 1, attractions, hotels, restaurants)
        query = PLANNER_QUERY.format(
            city=request.city,
            start_date=request.start_date,
            end_date=request.end_date,
            days=request.travel_days,
            transportation=request.transportation,
            accommodation=request.accommodation,
            preferences=", ".join(request.preferences) or "无",
            free_text=request.free_text_input or "无",
            attractions="\n".join(place.line() for place in attractions),
            hotels="\n".join(place.line() for place in hotels) or "(none found)",
            restaurants="\n".join(place.line() for place in restaurants) or "(none found)",
            weather="\n".join(
                f"{w.date}: {w.day_weather} {w.night_temp}~{w.day_temp}°C" for w in weather
            )
            or "(no forecast for these dates)",
        )
        planner_agent = self.make_agent("行程规划专家", PLANNER_AGENT_PROMPT)
        try:
            return run_structured(
                planner_agent, query, draft_model, max_repairs=self.max_repairs, refused=refused
            )
        except StructuredOutputError as error:
            raise TripPlanningError(
                "plan", f"the planner agent's plan is unusable: {error}"
            ) from error

    def _build(
        self,
        request: TripRequest,
        draft: Any,
        attractions: list[Place],
        hotels: list[Place],
        restaurants: list[Place],
        weather: list[Any],
    ) -> TripPlan:
        by_key = {place.key: place for place in [*attractions, *hotels, *restaurants]}
        base = by_key.get(draft.hotel) if draft.hotel else None
        days = [
            itinerary.build_day(
                request,
                index,
                choice.description,
                [by_key[key] for key in choice.attractions],
                by_key.get(choice.lunch) if choice.lunch else None,
                by_key.get(choice.dinner) if choice.dinner else None,
                base,
            )
            for index, choice in enumerate(draft.days)
        ]
        return itinerary.assemble_plan(request, days, weather, draft.overall_suggestions)


def choice_model(
    day_count: int, attractions: list[Place], hotels: list[Place], restaurants: list[Place]
) -> type[BaseModel]:
    """The shape of the planner's answer, with the allowed keys as enums.

    A server that enforces JSON Schema (llama.cpp ...) then cannot even write a key
    that is not on the list; the validators add what a schema cannot say.
    """
    sight = Literal[tuple(place.key for place in attractions)]  # type: ignore[valid-type]
    nothing: Any = type(None)
    food: Any = Literal[tuple(p.key for p in restaurants)] | None if restaurants else nothing
    stay: Any = Literal[tuple(p.key for p in hotels)] | None if hotels else nothing
    distinct = len(attractions) >= day_count

    day_model = create_model(
        "DayChoice",
        description=(str, Field(min_length=1, max_length=200)),
        attractions=(list[sight], Field(min_length=1, max_length=3)),  # type: ignore[valid-type]
        lunch=(food, None),
        dinner=(food, None),
    )

    class PlanChoice(BaseModel):
        hotel: stay = None  # type: ignore[valid-type]
        days: list[day_model] = Field(min_length=day_count, max_length=day_count)  # type: ignore[valid-type]
        overall_suggestions: str = Field(min_length=1, max_length=600)

        @model_validator(mode="after")
        def each_sight_once(self) -> PlanChoice:
            if distinct:
                seen: list[str] = []
                for day in self.days:
                    seen.extend(day.attractions)
                repeated = sorted({key for key in seen if seen.count(key) > 1})
                if repeated:
                    raise ValueError(f"each sight once: {', '.join(repeated)} appear on two days")
            return self

    return PlanChoice
