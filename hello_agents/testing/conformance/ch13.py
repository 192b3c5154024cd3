"""The checks for chapter 13's exercises: a validated model, the repair turn, an MCP call.

* ``weather_model``: a pydantic class like chapter 13's ``WeatherInfo``: ``date``
  (``YYYY-MM-DD``, refused otherwise), ``day_temp`` and ``night_temp`` as integers read
  from ``16``, ``"16"``, ``"16°C"``, ``"16℃"`` or ``"16.4"`` (a text that is no number
  refused), ``day_weather``, ``night_weather``, ``wind_direction`` and ``wind_power``
  (``""`` when missing);
* ``json_repair``: ``func(llm, question, model, max_repairs) -> instance``: the model's
  JSON (alone, in a code fence or between sentences) validated as ``model``; a reply
  that does not validate is followed by one more request whose last user message quotes
  the failing field; after ``max_repairs`` repairs, an exception, never a made-up value;
* ``mcp_place_search``: ``func(amap, keywords, city) -> list[dict]``: with the offline map
  server's ``MCPTool``, the places of ``maps_text_search`` in its order, each as
  ``{"id", "name", "longitude", "latitude"}`` (floats, from ``maps_search_detail``);
  ``[]`` when the search finds nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from hello_agents.testing.conformance.runner import (
    Case,
    ConformanceReport,
    expect,
    run_cases,
    short,
)

WEATHER = {"date": "2026-05-02", "day_weather": "晴", "night_weather": "多云",
           "day_temp": 25, "night_temp": 15}  # fmt: skip


def check_weather_model(model: type, *, raise_on_failure: bool = True) -> ConformanceReport:
    """Check a ``WeatherInfo``-like pydantic class."""
    from pydantic import ValidationError

    def accepts(changes: dict[str, Any], field: str, wanted: Any, what: str) -> None:
        try:
            got = getattr(model(**{**WEATHER, **changes}), field)
        except ValidationError as error:
            expect(False, what, f"ValidationError: {short(str(error))}")
        expect(got == wanted and type(got) is type(wanted), what, f"{field}={got!r}")

    def refuses(changes: dict[str, Any], what: str) -> None:
        try:
            made = model(**{**WEATHER, **changes})
        except ValidationError:
            return
        expect(False, what, f"accepted: {short(repr(made))}")

    def temperatures() -> None:
        for given in (16, "16", "16°C", "16℃", "16.4"):
            accepts({"day_temp": given}, "day_temp", 16, f"day_temp {given!r} read as 16")
        accepts({"night_temp": "-3°C"}, "night_temp", -3, "night_temp '-3°C' read as -3")

    def bad_temperature() -> None:
        refuses({"day_temp": "hot"}, "day_temp 'hot' refused with a ValidationError")

    def dates() -> None:
        accepts({}, "date", "2026-05-02", "a YYYY-MM-DD date kept as written")
        refuses({"date": "2026-5-2"}, "date '2026-5-2' refused")
        refuses({"date": "tomorrow"}, "date 'tomorrow' refused")

    def defaults() -> None:
        made = model(date="2026-05-02", day_temp=20, night_temp=10)
        got = {name: getattr(made, name, None) for name in ("day_weather", "wind_direction")}
        expect(got == {"day_weather": "", "wind_direction": ""},
               'day_weather and wind_direction default to ""', short(got))  # fmt: skip

    cases = [
        Case("temperatures as integers", temperatures,
             'a field_validator(mode="before") that strips °C / ℃ and rounds float(text).',
             expected="16 from each form, -3 from '-3°C'"),
        Case("a temperature that is no number", bad_temperature,
             "raise ValueError in the validator when float() fails.",
             expected="a ValidationError"),
        Case("dates YYYY-MM-DD", dates,
             "date.fromisoformat(value) in a validator; check the text is exactly YYYY-MM-DD.",
             expected="kept, and two bad dates refused"),
        Case("defaults", defaults, 'give the text fields a default of "".',
             expected="empty texts"),
    ]  # fmt: skip
    return run_cases("weather_model", model, cases, raise_on_failure=raise_on_failure)


def check_json_repair(
    func: Callable[..., Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check a structured-output function ``func(llm, question, model, max_repairs)``."""
    from pydantic import BaseModel, Field

    from hello_agents.testing import ScriptedLLM

    class Stop(BaseModel):
        name: str
        minutes: int = Field(gt=0)

    good = '{"name": "西湖", "minutes": 120}'

    def answered(replies: list[str], max_repairs: int = 2) -> tuple[Any, ScriptedLLM]:
        llm = ScriptedLLM(replies)
        return func(llm, "One stop in Hangzhou, as JSON.", Stop, max_repairs), llm

    def first_reply() -> None:
        got, llm = answered([good])
        calls = len(llm.calls)
        expect(got == Stop(name="西湖", minutes=120) and calls == 1,
               "the validated Stop after one call", f"{got!r} after {calls} call(s)")  # fmt: skip

    def fenced() -> None:
        got, _ = answered([f"Here you are:\n```json\n{good}\n```\nEnjoy!"])
        expect(got == Stop(name="西湖", minutes=120), "the Stop read from the fence", repr(got))

    def repaired() -> None:
        got, llm = answered(['{"name": "西湖", "minutes": 0}', good])
        expect(len(llm.calls) == 2, "a second request after the invalid reply",
               f"{len(llm.calls)} request(s)")  # fmt: skip
        last = llm.calls[-1].last_user_message or ""
        expect("minutes" in last, "the repair message names the failing field 'minutes'",
               short(last))  # fmt: skip
        roles = [message["role"] for message in llm.calls[-1].messages]
        expect("assistant" in roles, "the invalid reply sent back as the assistant's turn",
               short(roles))  # fmt: skip
        expect(got.minutes == 120, "the repaired Stop", repr(got))

    def not_json() -> None:
        got, llm = answered(["Visit the West Lake for two hours.", good])
        expect(got.name == "西湖" and len(llm.calls) == 2, "a repair turn after prose",
               f"{got!r} after {len(llm.calls)} call(s)")  # fmt: skip

    def gives_up() -> None:
        llm = ScriptedLLM(['{"name": "西湖"}'] * 5)
        try:
            made = func(llm, "One stop, as JSON.", Stop, 1)
        except Exception:  # any exception: what matters is that nothing is made up
            expect(len(llm.calls) == 2, "exactly 2 requests with max_repairs=1",
                   f"{len(llm.calls)} request(s)")  # fmt: skip
            return
        expect(False, "an exception after the repairs", f"returned {made!r}")

    cases = [
        Case("a valid first reply", first_reply,
             "json.loads the reply, then Model.model_validate it.", expected="one call"),
        Case("JSON in a code fence between sentences", fenced,
             "look for a ```json fence, else for the first '{' that "
             "json.JSONDecoder().raw_decode reads.",
             expected="the Stop"),
        Case("an invalid reply is repaired", repaired,
             "append the reply as an assistant message and a user message listing each error's loc "
             "and msg (ValidationError.errors()), then call the model again.",
             expected="two calls, the second quoting 'minutes'"),
        Case("a reply without JSON", not_json,
             "treat 'no JSON' like a validation error: say so and ask again.",
             expected="two calls"),
        Case("repairs are bounded", gives_up,
             "after max_repairs repair turns raise an exception; never return a guess.",
             expected="an exception after 2 calls"),
    ]  # fmt: skip
    return run_cases("json_repair", func, cases, raise_on_failure=raise_on_failure)


def check_mcp_place_search(
    func: Callable[..., Any], *, raise_on_failure: bool = True
) -> ConformanceReport:
    """Check ``func(amap, keywords, city)`` against the offline map server."""
    from hello_agents.mcp.amap_offline import OfflineMap
    from hello_agents.tools.builtin.protocol_tools import MCPTool

    offline = OfflineMap()
    command = [sys.executable, "-m", "hello_agents.mcp.amap_offline"]

    def wanted(keywords: str, city: str) -> list[dict[str, Any]]:
        hits, _ = offline.search(keywords, city, True)
        places = []
        for poi in hits:
            longitude, latitude = (float(part) for part in poi["location"].split(","))
            places.append({"id": poi["id"], "name": poi["name"],
                           "longitude": longitude, "latitude": latitude})  # fmt: skip
        return places

    def search(keywords: str, city: str) -> None:
        with MCPTool(name="amap", server_command=command) as amap:
            got = func(amap, keywords, city)
        want = wanted(keywords, city)
        expect(isinstance(got, list), "a list", type(got).__name__)
        expect(got == want, f"{len(want)} places: {short(want)}", short(got))

    def unknown() -> None:
        with MCPTool(name="amap", server_command=command) as amap:
            got = func(amap, "潜水艇", "杭州")
        expect(got == [], "[] for a search that finds nothing", short(got))

    cases = [
        Case("museums in Hangzhou", lambda: search("博物馆", "杭州"),
             "call maps_text_search (citylimit 'true'), then maps_search_detail for each id; "
             "split its 'location' ('lng,lat') into two floats.",
             expected="the map's museums with coordinates", fork=False, timeout=30),
        Case("hotels in Chengdu, in the search's order", lambda: search("酒店", "成都"),
             "keep the order maps_text_search gave.", expected="five hotels", fork=False,
             timeout=30),
        Case("a search that finds nothing", unknown,
             "no pois: return [] without calling maps_search_detail.", expected="[]",
             fork=False, timeout=30),
    ]  # fmt: skip
    return run_cases("mcp_place_search", func, cases, raise_on_failure=raise_on_failure)


__all__ = ["check_json_repair", "check_mcp_place_search", "check_weather_model"]
