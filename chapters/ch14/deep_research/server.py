"""The HTTP API and the web page of the research app (FastAPI).

* ``GET /healthz``: ``{"status": "ok", ...}``;
* ``POST /research`` with ``{"topic", "search_api"?}``: the finished report, its
  tasks, sources and citation check, as JSON;
* ``POST /research/stream`` with the same body: the run's events as server-sent
  events, ``data: {json}`` each (see :mod:`deep_research.agent`); a closed
  connection stops the run;
* ``GET /``: the page, which starts a run with ``fetch`` and reads that stream
  (a browser's ``EventSource`` can only GET, so it cannot be used here).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, field_validator

from deep_research.agent import DeepResearchAgent, Event
from deep_research.config import Configuration
from hello_agents.core.llm import BaseLLM
from hello_agents.tools.builtin.search import BACKENDS

logger = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"
MAX_TOPIC_CHARS = 500


class ResearchRequest(BaseModel):
    """The body of ``POST /research`` and ``POST /research/stream``."""

    topic: str = Field(
        ..., description="What to research", min_length=1, max_length=MAX_TOPIC_CHARS
    )
    search_api: str | None = Field(None, description="Another search backend for this run")

    @field_validator("search_api")
    @classmethod
    def _known_backend(cls, value: str | None) -> str | None:
        if value is not None and value not in BACKENDS:
            raise ValueError(
                f"unknown search backend {value!r}; choose one of {', '.join(BACKENDS)}"
            )
        return value


class ResearchResponse(BaseModel):
    """The body of the answer to ``POST /research``."""

    report_markdown: str
    todo_items: list[dict[str, Any]]
    sources: list[dict[str, Any]]
    citations: dict[str, Any]
    model_calls: int
    trace_path: str | None = None


def create_app(
    config: Configuration | None = None, *, llm_factory: Callable[[], BaseLLM | None] | None = None
) -> FastAPI:
    """The app.

    Args:
        config: The settings of every run (``Configuration.from_env()`` by default).
        llm_factory: Gives each run its model; by default one model made on the first
            run and shared (a scripted model is made anew for each run).
    """
    settings = config or Configuration.from_env()
    active: set[DeepResearchAgent] = set()

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        for agent in list(active):  # shutting down (Ctrl-C): every run still going stops
            agent.cancel()

    app = FastAPI(title="hello-agents deep research", lifespan=lifespan)
    app.add_middleware(
        CORSMiddleware,
        allow_origins=settings.allowed_origins(),
        allow_methods=["GET", "POST"],
        allow_headers=["*"],
    )
    app.state.config = settings
    app.state.active = active
    shared: dict[str, BaseLLM] = {}
    lock = threading.Lock()

    def model_for_run() -> BaseLLM | None:
        if llm_factory is not None:
            return llm_factory()
        if settings.llm_mode == "scripted":
            return None  # each run makes its own scripted model
        with lock:
            if "llm" not in shared:
                shared["llm"] = DeepResearchAgent(settings).llm
            return shared["llm"]

    def new_agent(payload: ResearchRequest) -> DeepResearchAgent:
        run_config = settings
        if payload.search_api:
            run_config = settings.with_overrides(search_api=payload.search_api)
        return DeepResearchAgent(run_config, llm=model_for_run())

    @app.get("/healthz")
    def health() -> dict[str, Any]:
        return {
            "status": "ok",
            "search_api": settings.search_api,
            "llm_mode": settings.llm_mode,
        }

    @app.post("/research", response_model=ResearchResponse)
    def research(payload: ResearchRequest) -> ResearchResponse:
        agent = new_agent(payload)
        app.state.active.add(agent)
        try:
            output = agent.run(payload.topic)
        except RuntimeError as error:
            raise HTTPException(status_code=502, detail=str(error)) from error
        finally:
            app.state.active.discard(agent)
        return ResearchResponse(
            report_markdown=output.report_markdown,
            todo_items=[task.to_dict() for task in output.todo_items],
            sources=[source.to_dict() for source in output.sources],
            citations=output.citations.to_dict() if output.citations else {},
            model_calls=output.model_calls,
            trace_path=output.trace_path,
        )

    @app.post("/research/stream")
    async def research_stream(payload: ResearchRequest, request: Request) -> StreamingResponse:
        agent = new_agent(payload)
        return StreamingResponse(
            _sse(agent, payload.topic, request, app.state.active),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _sse(
    agent: DeepResearchAgent, topic: str, request: Request, active: set[DeepResearchAgent]
) -> AsyncIterator[str]:
    """The run's events as SSE frames; the run goes on in a thread and stops when the
    client goes away."""
    loop = asyncio.get_running_loop()
    events: asyncio.Queue[Event | None] = asyncio.Queue()

    def produce() -> None:
        try:
            for event in agent.run_stream(topic):
                loop.call_soon_threadsafe(events.put_nowait, event)
        except Exception as error:  # reported to the page, never a broken stream
            logger.exception("the research run failed")
            failure = {"type": "error", "detail": f"{type(error).__name__}: {error}"}
            loop.call_soon_threadsafe(events.put_nowait, failure)
        finally:
            loop.call_soon_threadsafe(events.put_nowait, None)

    active.add(agent)
    worker = threading.Thread(target=produce, name="research-run", daemon=True)
    worker.start()
    try:
        while True:
            try:
                event = await asyncio.wait_for(events.get(), timeout=0.5)
            except asyncio.TimeoutError:
                if await request.is_disconnected():
                    logger.info("the page went away: stopping the run")
                    break
                yield ": keep-alive\n\n"
                continue
            if event is None:
                break
            yield f"data: {json.dumps(event, ensure_ascii=False)}\n\n"
    finally:
        agent.cancel()
        active.discard(agent)
        await asyncio.to_thread(worker.join, 30)


__all__ = ["ResearchRequest", "ResearchResponse", "create_app"]
