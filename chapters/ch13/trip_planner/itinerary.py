"""What code computes, not the model: dates, weather per day, routes and the budget.

The planner agent only chooses (which sights on which day, which hotel, where to
eat) and writes the words. Everything that can be counted is counted here, from
the request and from what the map server said, so it is right every time.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from hello_agents.mcp.amap_offline import distance_meters
from trip_planner.map_service import Place
from trip_planner.models import (
    Attraction,
    Budget,
    DayPlan,
    Hotel,
    Location,
    Meal,
    Stop,
    TripPlan,
    TripRequest,
    WeatherInfo,
)

ROAD_FACTOR = 1.3  # a route in town is about this much longer than the straight line
BREAKFAST_COST = 25  # at the hotel, one person


def weather_for_dates(
    forecasts: Sequence[dict[str, Any]], dates: Sequence[str]
) -> list[WeatherInfo]:
    """The forecasts (Amap's ``casts``) of the trip's dates; days without one are left out."""
    by_date = {str(cast.get("date")): cast for cast in forecasts}
    weather = []
    for day in dates:
        cast = by_date.get(day)
        if cast is None:
            continue
        weather.append(
            WeatherInfo(
                date=day,
                day_weather=str(cast.get("dayweather") or ""),
                night_weather=str(cast.get("nightweather") or ""),
                day_temp=cast.get("daytemp"),
                night_temp=cast.get("nighttemp"),
                wind_direction=str(cast.get("daywind") or ""),
                wind_power=str(cast.get("daypower") or ""),
            )
        )
    return weather


def route_km(points: Sequence[Place]) -> float:
    """The length of a route through ``points`` in order, by road (estimated), in km."""
    meters = sum(
        distance_meters((a.longitude, a.latitude), (b.longitude, b.latitude))
        for a, b in itertools.pairwise(points)
    )
    return round(meters * ROAD_FACTOR / 1000, 1)


def transport_cost(km: float, legs: int, transportation: str) -> int:
    """One person's fares for a day: by taxi, by public transport, or nothing on foot."""
    if legs == 0 or any(word in transportation for word in ("步行", "walk")):
        return 0
    if any(word in transportation for word in ("出租", "打车", "自驾", "taxi", "car")):
        per_leg = km / legs
        return round(legs * (13 + max(0.0, per_leg - 3) * 2.5))
    return round(legs * 2 + km * 0.3)  # bus and metro


def _location(place: Place) -> Location:
    return Location(longitude=place.longitude, latitude=place.latitude)


def attraction(place: Place, description: str = "") -> Attraction:
    return Attraction(
        name=place.name,
        address=place.address,
        location=_location(place),
        visit_duration=place.visit_minutes,
        description=description,
        category=place.category.split(";")[-1] or "景点",
        rating=place.rating,
        ticket_price=place.cost,
        poi_id=place.poi_id,
    )


def hotel(place: Place, accommodation: str) -> Hotel:
    return Hotel(
        name=place.name,
        address=place.address,
        location=_location(place),
        price_range=f"{place.cost} CNY / night",
        rating="" if place.rating is None else f"{place.rating:.1f}",
        type=place.category.split(";")[-1] or accommodation,
        estimated_cost=place.cost,
        poi_id=place.poi_id,
    )


def meal(kind: str, place: Place) -> Meal:
    return Meal(
        type=kind,  # type: ignore[arg-type]
        name=place.name,
        address=place.address,
        location=_location(place),
        description="酒店早餐" if kind == "breakfast" else place.category.split(";")[-1],
        estimated_cost=place.cost if kind != "breakfast" else BREAKFAST_COST,
        poi_id=place.poi_id,
    )


def build_day(
    request: TripRequest,
    index: int,
    description: str,
    sights: Sequence[Place],
    lunch: Place | None,
    dinner: Place | None,
    base: Place | None,
) -> DayPlan:
    """One day. Its route: the hotel (``base``), the first sight, lunch, the other
    sights, dinner, and back to the hotel unless it is the last day. Breakfast is at
    the hotel after a night there."""
    night = base is not None and index < len(request.dates) - 1
    first, rest = list(sights[:1]), list(sights[1:])
    stops = [*first, *([lunch] if lunch else []), *rest, *([dinner] if dinner else [])]
    route = [*([base] if base else []), *stops, *([base] if night and base else [])]
    kinds = {id(lunch): "lunch", id(dinner): "dinner", id(base): "hotel"}
    meals = [meal("breakfast", base)] if base and index > 0 else []
    meals += [meal(kind, place) for kind, place in (("lunch", lunch), ("dinner", dinner)) if place]
    return DayPlan(
        date=request.dates[index],
        day_index=index,
        description=description,
        transportation=request.transportation,
        accommodation=request.accommodation,
        hotel=hotel(base, request.accommodation) if night and base else None,
        attractions=[attraction(place) for place in sights],
        meals=meals,
        route_km=route_km(route),
        route_legs=max(0, len(route) - 1),
        route=[
            Stop(name=p.name, kind=kinds.get(id(p), "attraction"), location=_location(p))  # type: ignore[arg-type]
            for p in route
        ],
    )


def budget(days: Sequence[DayPlan], transportation: str) -> Budget:
    """The sums, from the prices on the plan: tickets, nights, meals and fares."""
    nights = sum(day.hotel.estimated_cost for day in days if day.hotel)
    tickets = sum(sight.ticket_price for day in days for sight in day.attractions)
    meals = sum(item.estimated_cost for day in days for item in day.meals)
    fares = sum(transport_cost(day.route_km, day.route_legs, transportation) for day in days)
    return Budget(
        total_attractions=tickets,
        total_hotels=nights,
        total_meals=meals,
        total_transportation=fares,
        total=tickets + nights + meals + fares,
    )


def assemble_plan(
    request: TripRequest,
    days: Sequence[DayPlan],
    weather: Sequence[WeatherInfo],
    suggestions: str,
) -> TripPlan:
    """The plan, validated against :class:`TripPlan` (dates, days, budget) as it is built."""
    return TripPlan(
        city=request.city,
        start_date=request.start_date,
        end_date=request.end_date,
        days=list(days),
        weather_info=list(weather),
        overall_suggestions=suggestions,
        budget=budget(days, request.transportation),
    )
