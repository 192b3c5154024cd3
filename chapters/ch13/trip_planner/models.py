"""The travel assistant's data model, built bottom-up as the chapter builds it.

``Location`` -> ``Attraction`` / ``Meal`` / ``Hotel`` / ``Budget`` -> ``DayPlan``
-> ``WeatherInfo`` -> ``TripPlan``; ``TripRequest`` is what the page sends and
``TripPlanResponse`` what the API returns. Field names are the tutorial's, so its
frontend types fit. The validators check what a plan must be to be usable:
coordinates in range, prices not negative, temperatures as numbers ("16°C" -> 16),
one day per date from the start to the end, a budget whose total is its sum.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

MAX_TRIP_DAYS = 7


def _iso_date(value: str) -> str:
    try:
        return date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"dates are written YYYY-MM-DD, got {value!r}") from None


class Location(BaseModel):
    """A point, as the map gives it (GCJ-02 longitude and latitude)."""

    longitude: float = Field(ge=-180, le=180)
    latitude: float = Field(ge=-90, le=90)


class Attraction(BaseModel):
    """A place to visit."""

    name: str = Field(min_length=1)
    address: str = ""
    location: Location
    visit_duration: int = Field(gt=0, description="minutes")
    description: str = ""
    category: str = "景点"
    rating: float | None = Field(default=None, ge=0, le=5)
    ticket_price: int = Field(default=0, ge=0)
    poi_id: str = ""


class Meal(BaseModel):
    """A meal: where, and what it costs a person."""

    type: Literal["breakfast", "lunch", "dinner", "snack"]
    name: str = Field(min_length=1)
    address: str | None = None
    location: Location | None = None
    description: str | None = None
    estimated_cost: int = Field(default=0, ge=0)
    poi_id: str = ""


class Hotel(BaseModel):
    """Where the night is spent."""

    name: str = Field(min_length=1)
    address: str = ""
    location: Location | None = None
    price_range: str = ""
    rating: str = ""
    distance: str = ""
    type: str = ""
    estimated_cost: int = Field(default=0, ge=0, description="one night")
    poi_id: str = ""


class Budget(BaseModel):
    """What the trip costs one person, in CNY; ``total`` is the sum of the rest."""

    total_attractions: int = Field(default=0, ge=0)
    total_hotels: int = Field(default=0, ge=0)
    total_meals: int = Field(default=0, ge=0)
    total_transportation: int = Field(default=0, ge=0)
    total: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def total_is_the_sum(self) -> Budget:
        parts = (
            self.total_attractions,
            self.total_hotels,
            self.total_meals,
            self.total_transportation,
        )
        if self.total != sum(parts):
            raise ValueError(f"total is {self.total}, but its parts add up to {sum(parts)}")
        return self


class Stop(BaseModel):
    """A point of a day's route, in the order it is reached (what the map draws)."""

    name: str
    kind: Literal["hotel", "attraction", "lunch", "dinner"]
    location: Location


class DayPlan(BaseModel):
    """One day: its sights in order, its meals, its hotel, and the distance covered."""

    date: str
    day_index: int = Field(ge=0)
    description: str
    transportation: str
    accommodation: str
    hotel: Hotel | None = None
    attractions: list[Attraction] = Field(min_length=1)
    meals: list[Meal] = Field(default_factory=list)
    route_km: float = Field(default=0, ge=0, description="the day's route, by road (km)")
    route_legs: int = Field(default=0, ge=0, description="moves along the day's route")
    route: list[Stop] = Field(default_factory=list)

    _check_date = field_validator("date")(_iso_date)


class WeatherInfo(BaseModel):
    """The forecast of one day."""

    date: str
    day_weather: str = ""
    night_weather: str = ""
    day_temp: int
    night_temp: int
    wind_direction: str = ""
    wind_power: str = ""

    _check_date = field_validator("date")(_iso_date)

    @field_validator("day_temp", "night_temp", mode="before")
    @classmethod
    def temperature_as_number(cls, value: object) -> object:
        """``"16°C"``, ``"16℃"`` and ``"16.0"`` are all 16."""
        if isinstance(value, str):
            cleaned = value.replace("°C", "").replace("℃", "").replace("°", "").strip()
            try:
                return round(float(cleaned))
            except ValueError:
                raise ValueError(f"a temperature is a number of °C, got {value!r}") from None
        return value


class TripPlan(BaseModel):
    """The whole trip: one ``DayPlan`` per date, the weather, suggestions, the budget."""

    city: str
    start_date: str
    end_date: str
    days: list[DayPlan] = Field(min_length=1)
    weather_info: list[WeatherInfo] = Field(default_factory=list)
    overall_suggestions: str
    budget: Budget | None = None

    _check_dates = field_validator("start_date", "end_date")(_iso_date)

    @model_validator(mode="after")
    def one_day_per_date(self) -> TripPlan:
        start = date.fromisoformat(self.start_date)
        expected = [(start + timedelta(days=i)).isoformat() for i in range(len(self.days))]
        if [day.date for day in self.days] != expected:
            raise ValueError(f"days must be dated {expected} in order")
        if expected[-1] != self.end_date:
            raise ValueError(f"the last day is {expected[-1]}, but end_date is {self.end_date}")
        if [day.day_index for day in self.days] != list(range(len(self.days))):
            raise ValueError("day_index must count 0, 1, 2 ... in order")
        outside = [w.date for w in self.weather_info if w.date not in expected]
        if outside:
            raise ValueError(f"weather for dates outside the trip: {outside}")
        return self


class TripRequest(BaseModel):
    """What the traveller asks for (the page's form)."""

    city: str = Field(min_length=1, max_length=40)
    start_date: str
    end_date: str
    travel_days: int | None = Field(default=None, ge=1, le=MAX_TRIP_DAYS)
    transportation: str = "公共交通"
    accommodation: str = "经济型酒店"
    preferences: list[str] = Field(default_factory=list, max_length=8)
    free_text_input: str = Field(default="", max_length=500)

    _check_dates = field_validator("start_date", "end_date")(_iso_date)

    @model_validator(mode="after")
    def days_match_the_dates(self) -> TripRequest:
        days = (date.fromisoformat(self.end_date) - date.fromisoformat(self.start_date)).days + 1
        if days < 1:
            raise ValueError("end_date is before start_date")
        if days > MAX_TRIP_DAYS:
            raise ValueError(f"a trip is at most {MAX_TRIP_DAYS} days; this one is {days}")
        if self.travel_days is None:
            self.travel_days = days
        elif self.travel_days != days:
            raise ValueError(
                f"travel_days is {self.travel_days}, but {self.start_date} to {self.end_date} "
                f"is {days} days"
            )
        return self

    @property
    def dates(self) -> list[str]:
        """Every date of the trip, in order."""
        start = date.fromisoformat(self.start_date)
        return [(start + timedelta(days=i)).isoformat() for i in range(self.travel_days or 1)]


class TripPlanResponse(BaseModel):
    """The API's answer: the plan, or why there is none."""

    success: bool
    message: str = ""
    data: TripPlan | None = None
