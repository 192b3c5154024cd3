"""Exercise 1: MyWeatherInfo, a pydantic model whose validators clean what models write.

Weather from a model or a map server comes as text: "16°C", "16℃", "16.4", and dates
that may not be YYYY-MM-DD. Write a model that keeps `date` only when it is YYYY-MM-DD,
reads both temperatures as integers from any of those forms (and refuses a text that is
no number), and gives the four text fields a default of "". (The app's own version is
trip_planner/models.py: WeatherInfo.)

Fill in the TODOs, then check your class:

    python chapters/ch13/exercises/my_weather_model.py

A model answer is in solutions/my_weather_model.py: try first.
"""

from __future__ import annotations

from pydantic import BaseModel


class MyWeatherInfo(BaseModel):
    """TODO 1: the fields: date (str), day_weather, night_weather, wind_direction and
    wind_power (str, default ""), day_temp and night_temp (int).

    TODO 2: a field_validator for "date" that raises ValueError unless the text is a
    YYYY-MM-DD date (datetime.date.fromisoformat helps; then compare its isoformat()).

    TODO 3: a field_validator("day_temp", "night_temp", mode="before") that turns a text
    into an int: strip "°C", "℃" and "°", round(float(...)); raise ValueError when that fails.
    """

    date: str


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("weather_model", MyWeatherInfo))
