"""The town's HTTP API (FastAPI), its event stream and its web client.

The tutorial's routes, with the bodies its Godot client sends and reads:

* ``POST /chat`` ``{npc_name, message, player_id?}`` → ``{npc_name, npc_title, message,
  success, timestamp}`` plus ``player_id``, ``affinity``, ``affinity_level``,
  ``affinity_change``, ``reason``; without ``player_id`` the player is ``"player"``,
  as in the tutorial's code;
* ``POST /dialogue`` ``{npc_id, player_name, player_message}`` → ``{npc_reply,
  affinity_score, affinity_level}`` (the chapter text's version of the same route);
* ``GET /npcs`` → ``{npcs: [{name, title, location, activity, available}], total}``;
* ``GET /npcs/status`` → ``{dialogues: {name: line}, last_update, next_update_in}``
  plus the latest ``chatter`` lines and the chatter ``budget``;
* ``POST /npcs/status/refresh``; ``GET /npcs/{name}``;
* ``GET|DELETE /npcs/{name}/memories`` (``limit``, ``player_id``, ``memory_type``);
* ``GET|PUT /npcs/{name}/affinity`` (``player_id``, ``affinity``); ``GET /affinities``;
  ``GET /npcs/{name}/affinity/log`` (every change with its reason);
* ``GET /npcs/{name}/trace?player_id=``: the HTML trace of that player's last turn (the
  exact prompt the NPC was given: persona, relationship, memories, chatter);
* ``GET /health``; ``GET /api`` (what the tutorial's ``GET /`` said);
* ``GET /events?player_id=`` : server-sent events, ``chatter`` for everyone and
  ``affinity`` for that player only;
* ``GET /``: the web client.

Errors: an unknown NPC is 404, a bad message or value 400 (422 for a malformed body),
a model that fails 502: an NPC never answers with a canned line in the model's place.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, HTMLResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from cyber_town.town import (
    BadRequestError,
    ChatFailedError,
    Town,
    TownError,
    UnknownNPCError,
)

STATIC = Path(__file__).resolve().parent / "static"
KEEP_ALIVE_SECONDS = 15.0


class ChatRequest(BaseModel):
    """The body of ``POST /chat`` (the Godot client sends the first two)."""

    npc_name: str = Field(..., min_length=1, max_length=64)
    message: str = Field(..., min_length=1, max_length=500)
    player_id: str = Field("player", min_length=1, max_length=64)


class ChatResponse(BaseModel):
    """The answer of ``POST /chat``."""

    npc_name: str
    npc_title: str
    message: str
    success: bool = True
    timestamp: str
    player_id: str
    affinity: float
    affinity_level: str
    affinity_change: float
    reason: str


class DialogueRequest(BaseModel):
    """The body of ``POST /dialogue`` (the chapter text's version)."""

    npc_id: str = Field(..., min_length=1, max_length=64)
    player_name: str = Field("player", min_length=1, max_length=64)
    player_message: str = Field(..., min_length=1, max_length=500)


class DialogueResponse(BaseModel):
    """The answer of ``POST /dialogue``."""

    npc_reply: str
    affinity_score: float
    affinity_level: str


def _http_error(error: TownError) -> HTTPException:
    if isinstance(error, UnknownNPCError):
        return HTTPException(status_code=404, detail=str(error))
    if isinstance(error, BadRequestError):
        return HTTPException(status_code=400, detail=str(error))
    if isinstance(error, ChatFailedError):
        return HTTPException(status_code=502, detail=str(error))
    return HTTPException(status_code=500, detail=str(error))


def create_app(town: Town, *, close_town: bool = False) -> FastAPI:
    """The app of ``town``.

    Args:
        town: The town it serves.
        close_town: Close the town's files when the app shuts down.
    """

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await town.state.start()
        try:
            yield
        finally:
            await town.state.stop()
            if close_town:
                town.close()

    app = FastAPI(title="hello-agents cyber town", lifespan=lifespan)
    app.add_middleware(
        CORSMiddleware,
        allow_origins=town.config.allowed_origins(),
        allow_methods=["GET", "POST", "PUT", "DELETE"],
        allow_headers=["*"],
    )
    app.state.town = town

    async def call(function: Any, *args: Any, **kwargs: Any) -> Any:
        """Run a blocking town method off the event loop, its errors as HTTP errors."""
        try:
            return await asyncio.to_thread(function, *args, **kwargs)
        except TownError as error:
            raise _http_error(error) from error

    @app.get("/api")
    def api() -> dict[str, Any]:
        return {
            "service": "hello-agents cyber town",
            "status": "running",
            "features": ["chat", "memory", "affinity", "batched chatter", "server-sent events"],
            "endpoints": {
                "docs": "/docs", "chat": "/chat", "npcs": "/npcs", "npcs_status": "/npcs/status",
                "npc_memories": "/npcs/{npc_name}/memories",
                "npc_affinity": "/npcs/{npc_name}/affinity", "all_affinities": "/affinities",
                "events": "/events",
            },
        }  # fmt: skip

    @app.get("/health")
    def health() -> dict[str, Any]:
        return {
            "status": "healthy",
            "timestamp": datetime.now().isoformat(timespec="seconds"),
            "model": getattr(town.llm, "model", None),
            "npcs": len(town.roles),
            "subscribers": town.events.subscribers,
        }

    @app.post("/chat", response_model=ChatResponse)
    async def chat(request: ChatRequest) -> ChatResponse:
        result = await call(town.chat, request.npc_name, request.message, request.player_id)
        return ChatResponse(
            npc_name=result.npc_name,
            npc_title=result.npc_title,
            message=result.message,
            timestamp=result.timestamp,
            player_id=result.player_id,
            affinity=result.affinity["new_affinity"],
            affinity_level=result.affinity["new_level"],
            affinity_change=result.affinity["change_amount"],
            reason=result.affinity["reason"],
        )

    @app.post("/dialogue", response_model=DialogueResponse)
    async def dialogue(request: DialogueRequest) -> DialogueResponse:
        result = await call(town.chat, request.npc_id, request.player_message, request.player_name)
        return DialogueResponse(
            npc_reply=result.message,
            affinity_score=result.affinity["new_affinity"],
            affinity_level=result.affinity["new_level"],
        )

    @app.get("/npcs")
    def list_npcs() -> dict[str, Any]:
        npcs = town.get_all_npcs()
        return {"npcs": npcs, "total": len(npcs)}

    @app.get("/npcs/status")
    def npcs_status() -> dict[str, Any]:
        return town.state.get_current_state()

    @app.post("/npcs/status/refresh")
    async def refresh_status() -> dict[str, Any]:
        tick = await town.state.force_update()
        state = town.state.get_current_state()
        return {"message": "the NPCs' status is refreshed", **state, "tick": tick.to_dict()}

    @app.get("/npcs/{npc_name}")
    async def npc_info(npc_name: str) -> dict[str, Any]:
        info = await call(town.get_npc_info, npc_name)
        return {**info, "current_dialogue": town.state.get_npc_dialogue(npc_name)}

    @app.get("/npcs/{npc_name}/memories")
    async def npc_memories(
        npc_name: str,
        limit: int = Query(10, ge=1, le=200),
        player_id: str | None = None,
        memory_type: str | None = None,
    ) -> dict[str, Any]:
        memories = await call(town.get_npc_memories, npc_name, limit, player_id, memory_type)
        return {"npc_name": npc_name, "memories": memories, "total": len(memories)}

    @app.delete("/npcs/{npc_name}/memories")
    async def clear_memories(npc_name: str, memory_type: str | None = None) -> dict[str, Any]:
        removed = await call(town.clear_npc_memory, npc_name, memory_type)
        return {
            "message": f"{npc_name}'s memories are cleared",
            "npc_name": npc_name,
            "memory_type": memory_type or "all",
            "removed": removed,
        }

    @app.get("/npcs/{npc_name}/affinity")
    async def npc_affinity(npc_name: str, player_id: str = "player") -> dict[str, Any]:
        info = await call(town.get_npc_affinity, npc_name, player_id)
        return {"npc_name": npc_name, "player_id": player_id, **info}

    @app.put("/npcs/{npc_name}/affinity")
    async def set_affinity(
        npc_name: str, affinity: float, player_id: str = "player"
    ) -> dict[str, Any]:
        info = await call(town.set_npc_affinity, npc_name, affinity, player_id)
        return {
            "message": f"{npc_name}'s affinity towards {player_id} is set",
            "npc_name": npc_name,
            "player_id": player_id,
            **info,
        }

    @app.get("/npcs/{npc_name}/affinity/log")
    async def affinity_log(
        npc_name: str, player_id: str | None = None, limit: int = Query(50, ge=1, le=500)
    ) -> dict[str, Any]:
        await call(town.role, npc_name)
        changes = town.relationships.history(npc_name, player_id, limit)
        return {"npc_name": npc_name, "changes": [change.to_dict() for change in changes]}

    @app.get("/npcs/{npc_name}/trace", response_class=HTMLResponse)
    async def last_turn_trace(npc_name: str, player_id: str = "player") -> HTMLResponse:
        page = await call(town.last_turn_trace, npc_name, player_id)
        if page is None:
            raise HTTPException(
                status_code=404, detail=f"{player_id} has not talked to {npc_name} since the start"
            )
        return HTMLResponse(page)

    @app.get("/affinities")
    def affinities(player_id: str = "player") -> dict[str, Any]:
        return {"player_id": player_id, "affinities": town.get_all_affinities(player_id)}

    @app.get("/events")
    async def events(request: Request, player_id: str | None = None) -> StreamingResponse:
        return StreamingResponse(
            _stream(town, request, player_id),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _stream(town: Town, request: Request, player_id: str | None) -> AsyncIterator[str]:
    """SSE frames: the current status first, then every event for this client."""
    subscription = town.events.subscribe(player_id)
    try:
        hello = {"type": "status", **town.state.get_current_state()}
        yield f"event: status\ndata: {json.dumps(hello, ensure_ascii=False)}\n\n"
        while True:
            try:
                event = await asyncio.wait_for(subscription.queue.get(), timeout=0.5)
            except asyncio.TimeoutError:
                if await request.is_disconnected():
                    break
                continue
            kind = str(event.get("type", "message"))
            yield f"event: {kind}\ndata: {json.dumps(event, ensure_ascii=False, default=str)}\n\n"
    finally:
        town.events.unsubscribe(subscription)


__all__ = ["ChatRequest", "ChatResponse", "DialogueRequest", "DialogueResponse", "create_app"]
