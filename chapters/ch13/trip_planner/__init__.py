"""Chapter 13's travel assistant on hello-agents (the tutorial's ``backend/app``).

* :mod:`trip_planner.models`: the data model, bottom-up (``Location`` ... ``TripPlan``);
* :mod:`trip_planner.map_service`: the map server's answers as places with coordinates;
* :mod:`trip_planner.planner`: ``MultiAgentTripPlanner``: three lookup agents at once,
  then the planner agent, whose choices are validated and turned into a plan in code;
* :mod:`trip_planner.itinerary`: what code computes (dates, weather per day, routes, budget);
* :mod:`trip_planner.server`: the FastAPI backend and the web page.
"""

from trip_planner.models import (
    Attraction,
    Budget,
    DayPlan,
    Hotel,
    Location,
    Meal,
    TripPlan,
    TripPlanResponse,
    TripRequest,
    WeatherInfo,
)
from trip_planner.planner import MultiAgentTripPlanner, TripPlanningError

__all__ = [
    "Attraction",
    "Budget",
    "DayPlan",
    "Hotel",
    "Location",
    "Meal",
    "MultiAgentTripPlanner",
    "TripPlan",
    "TripPlanResponse",
    "TripPlanningError",
    "TripRequest",
    "WeatherInfo",
]
