"""Structured output: a pydantic model in, a validated instance out, or a clear error.

    python chapters/ch13/examples/02_structured_output.py

The model writes JSON; pydantic validates it; a reply that does not validate is sent
back once or twice with the validation errors quoted; when none validates,
StructuredOutputError says why. On a llama.cpp server (the embedded model) the JSON
Schema also goes out as response_format, so the model cannot write another shape.
"""

from __future__ import annotations

import json

import _setup
from trip_planner.models import WeatherInfo

from hello_agents.core.structured import StructuredOutputError, generate_structured, structured_mode
from hello_agents.testing import ScriptedLLM

FORECAST = "杭州 2026-05-02: 白天阴，28°C；夜里中雨，19°C；东南风 1-3 级。"
QUESTION = f"把这条天气预报写成 WeatherInfo：{FORECAST}"

if _setup.example_mode() == "scripted":
    # The first reply forgets the date; the repair turn quotes that error.
    first = {"day_weather": "阴", "night_weather": "中雨", "day_temp": "28°C", "night_temp": 19}
    llm = ScriptedLLM([json.dumps(first), json.dumps({**first, "date": "2026-05-02"})])
else:
    llm = _setup.example_llm()

print(f"mode: {structured_mode(llm)}")
try:
    weather = generate_structured(llm, QUESTION, WeatherInfo)
except StructuredOutputError as error:
    print(f"no valid answer: {error}")
    raise SystemExit(1) from None
calls = getattr(llm, "calls", None)
if calls is not None and len(calls) > 1:
    print("repair turn sent:", calls[-1].last_user_message.splitlines()[1])
print(f"validated: {weather!r}")
