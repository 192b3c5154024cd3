"""The travel assistant's HTTP API (the tutorial's routes) and its web page.

    POST /api/trip/plan          a TripRequest in, a TripPlanResponse out
    POST /api/trip/plan/stream   the same, as server-sent events: ``progress`` while
                                 the plan is made, then ``plan`` or ``error``
    GET  /api/trip/health        the agents, the map server and its tools
    GET  /                       the page (static/index.html)

A request the model cannot plan is answered ``502`` with ``success: false`` and
a message that says which step failed (on the stream: an ``error`` event with the
same fields); a bad request is ``422`` (FastAPI's validation). Planning runs in a
worker thread, so the server keeps answering.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
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
    from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
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

    @app.post("/api/trip/plan/stream")
    async def plan_trip_stream(request: TripRequest) -> StreamingResponse:
        logger.info(
            "plan (streamed): %s, %s to %s", request.city, request.start_date, request.end_date
        )
        return StreamingResponse(
            plan_events(planner, request),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

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


def sse(event: str, data: dict[str, Any]) -> str:
    """One server-sent event frame."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


async def plan_events(planner: MultiAgentTripPlanner, request: TripRequest) -> AsyncIterator[str]:
    """A plan's progress as SSE frames, then the plan (``plan``) or why there is none (``error``).

    The plan is made in a worker thread; its progress reports cross to the event
    loop through a queue. The last frame is always ``plan`` or ``error``.
    """
    loop = asyncio.get_running_loop()
    frames: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()

    def send(event: str, data: dict[str, Any]) -> None:
        loop.call_soon_threadsafe(frames.put_nowait, (event, data))

    def work() -> None:
        try:
            plan = planner.plan_trip(
                request, progress=lambda stage, data: send("progress", {"stage": stage, **data})
            )
        except TripPlanningError as error:
            logger.warning("no plan (%s): %s", error.stage, error)
            failure = TripPlanResponse(success=False, message=str(error)).model_dump(mode="json")
            send("error", {**failure, "stage": error.stage})
        except Exception as error:  # a broken stream would leave the page waiting
            logger.exception("planning failed")
            failure = TripPlanResponse(success=False, message=f"{type(error).__name__}: {error}")
            send("error", {**failure.model_dump(mode="json"), "stage": "internal"})
        else:
            answer = TripPlanResponse(success=True, message="旅行计划生成成功", data=plan)
            send("plan", answer.model_dump(mode="json"))

    job = loop.run_in_executor(None, work)
    while True:
        event, data = await frames.get()
        yield sse(event, data)
        if event != "progress":
            break
    await job
