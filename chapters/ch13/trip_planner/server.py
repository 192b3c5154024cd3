"""The travel assistant's HTTP API (the tutorial's routes) and its web page.

    POST /api/trip/plan     a TripRequest in, a TripPlanResponse out
    GET  /api/trip/health   the agents, the map server and its tools
    GET  /                  the page (static/index.html)

A request the model cannot plan is answered ``502`` with ``success: false`` and
a message that says which step failed; a bad request is ``422`` (FastAPI's
validation). Planning runs in a worker thread, so the server keeps answering.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from trip_planner.models import TripPlanResponse, TripRequest
from trip_planner.planner import MultiAgentTripPlanner, TripPlanningError

logger = logging.getLogger(__name__)
STATIC = Path(__file__).resolve().parent / "static"


def create_app(planner: MultiAgentTripPlanner) -> Any:
    """The FastAPI app over one planner (its model and map server are shared by requests)."""
    from fastapi import FastAPI
    from fastapi.concurrency import run_in_threadpool
    from fastapi.responses import FileResponse, JSONResponse
    from fastapi.staticfiles import StaticFiles

    app = FastAPI(title="HelloAgents 智能旅行助手", version="1.0.0")
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.post("/api/trip/plan", response_model=TripPlanResponse)
    async def plan_trip(request: TripRequest) -> Any:
        logger.info("plan: %s, %s to %s", request.city, request.start_date, request.end_date)
        try:
            plan = await run_in_threadpool(planner.plan_trip, request)
        except TripPlanningError as error:
            logger.warning("no plan (%s): %s", error.stage, error)
            body = TripPlanResponse(success=False, message=str(error)).model_dump()
            return JSONResponse({**body, "stage": error.stage}, status_code=502)
        return TripPlanResponse(success=True, message="旅行计划生成成功", data=plan)

    @app.get("/api/trip/health")
    async def health() -> dict[str, Any]:
        agents = planner.agent_tools()
        return {
            "status": "healthy",
            "service": "trip-planner",
            "agent_name": type(planner).__name__,
            "tools_count": len({name for names in agents.values() for name in names}),
            "agents": agents,
            "map_server": {
                "name": planner.amap_tool.name,
                "server": repr(planner.amap_tool),
                "tools_count": len(planner.map_tools),
            },
            "model": {
                "provider": getattr(planner.llm, "provider", None),
                "model": getattr(planner.llm, "model", None),
            },
        }

    return app
