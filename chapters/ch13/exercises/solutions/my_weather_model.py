"""A model answer to exercise 1 (MyWeatherInfo)."""

from __future__ import annotations

from datetime import date as calendar_date

from pydantic import BaseModel, field_validator


class MyWeatherInfo(BaseModel):
    date: str
    day_weather: str = ""
    night_weather: str = ""
    day_temp: int
    night_temp: int
    wind_direction: str = ""
    wind_power: str = ""

    @field_validator("date")
    @classmethod
    def iso_date(cls, value: str) -> str:
        try:
            parsed = calendar_date.fromisoformat(value)
        except ValueError:
            raise ValueError(f"write dates as YYYY-MM-DD, not {value!r}") from None
        if parsed.isoformat() != value:
            raise ValueError(f"write dates as YYYY-MM-DD, not {value!r}")
        return value

    @field_validator("day_temp", "night_temp", mode="before")
    @classmethod
    def degrees(cls, value: object) -> object:
        if isinstance(value, str):
            text = value.replace("°C", "").replace("℃", "").replace("°", "").strip()
            try:
                return round(float(text))
            except ValueError:
                raise ValueError(f"a temperature is a number, not {value!r}") from None
        return value


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("weather_model", MyWeatherInfo))
