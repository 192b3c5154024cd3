"""Ten trip requests: how many plans validate, and whether any place is invented.

    python chapters/ch13/examples/04_measure_plans.py [--requests N]

Each request goes through the whole app (four agents, the offline map). A plan counts
when it validates as TripPlan; every named place of it (sights, meals, hotels, route
stops) is then looked up in the offline map's data, name and coordinates. A request
that yields no plan must fail with TripPlanningError, saying which step failed.
On the embedded 1.5B model a request takes a few minutes on two cores.
"""

from __future__ import annotations

import argparse
import time
from datetime import date, timedelta

import _setup
from trip_planner import MultiAgentTripPlanner, TripPlan, TripPlanningError, TripRequest

from hello_agents.mcp.amap_offline import OfflineMap

TRIPS = [  # city, days, preferences, accommodation, transportation
    ("杭州", 2, ["历史文化"], "经济型酒店", "公共交通"),
    ("北京", 3, ["博物馆"], "舒适型酒店", "公共交通"),
    ("成都", 2, ["美食"], "经济型酒店", "出租车"),
    ("杭州", 3, ["自然风光"], "豪华型酒店", "步行"),
    ("北京", 2, ["公园"], "经济型酒店", "公共交通"),
    ("成都", 3, ["亲子"], "舒适型酒店", "公共交通"),
    ("杭州", 1, ["博物馆"], "经济型酒店", "步行"),
    ("北京", 2, ["历史文化"], "豪华型酒店", "出租车"),
    ("成都", 2, ["历史文化"], "经济型酒店", "公共交通"),
    ("杭州", 2, ["美食", "购物"], "舒适型酒店", "公共交通"),
]


def invented(plan: TripPlan, known: dict[str, str]) -> list[str]:
    """The named places of the plan that the map does not have at those coordinates."""
    wrong = []
    for day in plan.days:
        items = [*day.attractions, *day.meals, *([day.hotel] if day.hotel else []), *day.route]
        for item in items:
            where = item.location
            at = f"{where.longitude:.6f},{where.latitude:.6f}" if where else None
            if known.get(item.name) != at:
                wrong.append(item.name)
    return wrong


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=len(TRIPS))
    count = parser.parse_args().requests
    known = {poi["name"]: poi["location"] for c in OfflineMap().cities for poi in c["pois"]}
    planner = MultiAgentTripPlanner(_setup.example_llm())
    start = date.today() + timedelta(days=1)
    plans = places = fake = repairs = 0
    failures: list[str] = []
    started = time.perf_counter()
    try:
        for number, (city, days, likes, stay, move) in enumerate(TRIPS[:count], start=1):
            request = TripRequest(
                city=city,
                start_date=start.isoformat(),
                end_date=(start + timedelta(days=days - 1)).isoformat(),
                preferences=likes,
                accommodation=stay,
                transportation=move,
            )
            stats: dict[str, int] = {}
            began = time.perf_counter()
            try:
                plan = planner.plan_trip(
                    request, progress=lambda _, data, seen=stats: seen.update(data)
                )
            except TripPlanningError as error:
                failures.append(f"{error.stage}: {str(error)[:400]}")
                print(
                    f"{number:2d} {city} {days}d: no plan ({error.stage}) "
                    f"in {time.perf_counter() - began:.0f}s: {str(error)[:400]}"
                )
                continue
            TripPlan.model_validate(plan.model_dump())
            wrong = invented(plan, known)
            plans += 1
            places += sum(
                len(d.attractions) + len(d.meals) + bool(d.hotel) + len(d.route) for d in plan.days
            )
            fake += len(wrong)
            repairs += stats.get("repairs", 0)
            sights = " | ".join(", ".join(a.name for a in d.attractions) for d in plan.days)
            print(
                f"{number:2d} {city} {days}d: plan in {time.perf_counter() - began:.0f}s, "
                f"{stats.get('repairs', 0)} repair(s), invented {wrong or 'none'}: {sights}"
            )
    finally:
        planner.amap_tool.close()
    print(
        f"plans: {plans} of {count} validated as TripPlan; failures: {len(failures)} "
        f"(each a TripPlanningError)"
    )
    print(
        f"places: {places} named, {fake} not from the map; repair turns: {repairs}; "
        f"{(time.perf_counter() - started) / max(count, 1):.0f}s per request"
    )
    return 0 if fake == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
