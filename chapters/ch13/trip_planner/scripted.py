"""A scripted travel model: deterministic replies written from each prompt, offline.

``--scripted`` (and the tests) run the app on it. It plays the four agents by
reading the first line of their system prompt:

* the lookup agents call their map tool with the city (and keyword) of the query,
  then say in a sentence that they did;
* the planner takes the listed places in order: two sights a day, a restaurant
  for lunch and the next for dinner, the first hotel whose kind matches the
  requested accommodation.

A real model chooses better; this one makes every run the same.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hello_agents.testing import ScriptedLLM

_FIELD = re.compile(r"^(城市|关键词|天数|住宿): (.+)$", re.MULTILINE)
_PLACE = re.compile(r"^([AHR]\d+) (.+?) \((.*?);", re.MULTILINE)


def travel_reply(request: dict[str, Any]) -> str:
    """The reply to one chat request of a planning run."""
    messages = request.get("messages", [])
    system = next((m.get("content", "") for m in messages if m.get("role") == "system"), "")
    first_user = next((m.get("content", "") for m in messages if m.get("role") == "user"), "")
    answered = any(m.get("role") == "assistant" for m in messages)
    fields = dict(_FIELD.findall(first_user))
    city = fields.get("城市", "").strip()
    if "(attraction agent)" in system or "（attraction agent）" in system:
        keyword = fields.get("关键词", "景点").strip()
        call = f"[TOOL_CALL:amap_maps_text_search:keywords={keyword},city={city}]"
        return f"我找到了{city}的景点。" if answered else call
    if "（weather agent）" in system:
        call = f"[TOOL_CALL:amap_maps_weather:city={city}]"
        return f"已查询{city}的天气。" if answered else call
    if "（hotel agent）" in system:
        call = f"[TOOL_CALL:amap_maps_text_search:keywords=酒店,city={city}]"
        return f"我找到了{city}的酒店。" if answered else call
    if "（planner agent）" in system:
        return _plan(first_user, int(fields.get("天数", "1")), fields.get("住宿", ""))
    return "I can only play the travel agents' roles."


def scripted_travel_llm(calls: int = 2000) -> ScriptedLLM:
    """A ScriptedLLM answering up to ``calls`` requests with :func:`travel_reply`."""
    return ScriptedLLM([travel_reply] * calls, model="scripted-travel", temperature=0.0)


def _plan(prompt: str, days: int, accommodation: str) -> str:
    places = _PLACE.findall(prompt)
    sights = [key for key, _, _ in places if key.startswith("A")]
    food = [key for key, _, _ in places if key.startswith("R")]
    names = {key: name for key, name, _ in places}
    hotels = [(key, kind) for key, _, kind in places if key.startswith("H")]
    wanted = accommodation[:2]
    hotel = next((key for key, kind in hotels if wanted and wanted in kind), None)
    hotel = hotel or (hotels[0][0] if hotels else None)
    per_day = 2 if len(sights) >= 2 * days else 1
    plan_days = []
    for day in range(days):
        chosen = sights[day * per_day : (day + 1) * per_day] or sights[:1]
        plan_days.append(
            {
                "description": "、".join(names[key] for key in chosen) + "。",
                "attractions": chosen,
                "lunch": food[(2 * day) % len(food)] if food else None,
                "dinner": food[(2 * day + 1) % len(food)] if food else None,
            }
        )
    plan = {
        "hotel": hotel,
        "days": plan_days,
        "overall_suggestions": "出门前看一眼天气预报；热门景点提前预约门票。",
    }
    return json.dumps(plan, ensure_ascii=False)
