"""One trip, planned by the four agents over the offline map.

    python chapters/ch13/examples/03_plan_trip.py [CITY]

The attraction, weather and hotel agents look up the map at once; the planner agent
chooses among the places they found; code computes the dates, the weather of each
day, the routes and the budget. Every place printed comes from the map server.
"""

from __future__ import annotations

import sys
from datetime import date, timedelta

import _setup
from trip_planner import MultiAgentTripPlanner, TripPlanningError, TripRequest

city = sys.argv[1] if len(sys.argv) > 1 else "杭州"
start = date.today() + timedelta(days=1)
request = TripRequest(
    city=city,
    start_date=start.isoformat(),
    end_date=(start + timedelta(days=1)).isoformat(),
    preferences=["历史文化"],
)
planner = MultiAgentTripPlanner(_setup.example_llm())
try:
    plan = planner.plan_trip(request, progress=lambda stage, data: print(f"[{stage}] {data}"))
except TripPlanningError as error:
    print(f"no plan ({error.stage}): {error}")
    raise SystemExit(1) from None
finally:
    planner.amap_tool.close()
for day in plan.days:
    sights = " -> ".join(sight.name for sight in day.attractions)
    print(f"day {day.day_index + 1} {day.date}: {sights} ({day.route_km} km)")
    print(f"  {day.description}")
weather = ", ".join(f"{w.date} {w.day_weather} {w.day_temp}°C" for w in plan.weather_info)
print(f"weather: {weather or 'no forecast for these dates'}")
assert plan.budget is not None
print(
    f"budget: {plan.budget.total} CNY per person (tickets {plan.budget.total_attractions}, "
    f"hotel {plan.budget.total_hotels}, meals {plan.budget.total_meals}, "
    f"transport {plan.budget.total_transportation})"
)
print(f"suggestions: {plan.overall_suggestions}")
