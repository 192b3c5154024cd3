"""Many players at once, over HTTP: nobody gets someone else's answer.

Starts the town's API on this machine and lets PLAYERS players (50 by default) talk to
the five NPCs at the same time, each message carrying its own token. It counts the
replies that do not answer their own message (crossed) and checks that no request to
the model carried two players' words. On the scripted model this takes seconds; on a
real model, pass fewer players (``04_many_players.py 5``).
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import sys
import threading
import time

import httpx
import uvicorn
from _setup import town_config
from cyber_town import NPC_ROLES, Town
from cyber_town.server import create_app

PLAYERS = int(sys.argv[1]) if len(sys.argv) > 1 else 50
ROUNDS = 2
town = Town(town_config())
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
settings = uvicorn.Config(create_app(town), port=port, log_level="warning", timeout_keep_alive=600)
server = uvicorn.Server(settings)
threading.Thread(target=server.run, daemon=True).start()
while not server.started:
    time.sleep(0.02)


async def converse(client: httpx.AsyncClient, player: str, npc: str) -> list[bool]:
    answered = []
    for turn in range(ROUNDS):
        token = f"tok-{player}-{list(NPC_ROLES).index(npc)}-{turn}"
        reply = await client.post(
            "/chat", json={"npc_name": npc, "message": f"Hello! {token}", "player_id": player}
        )
        reply.raise_for_status()
        answered.append(token in reply.json()["message"])
    return answered


async def everyone() -> list[list[bool]]:
    limits = httpx.Limits(max_connections=PLAYERS * len(NPC_ROLES))
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", timeout=600, limits=limits
    ) as client:
        jobs = [converse(client, f"p{n:02d}", npc) for n in range(PLAYERS) for npc in NPC_ROLES]
        return await asyncio.gather(*jobs)


started = time.perf_counter()
results = [ok for conversation in asyncio.run(everyone()) for ok in conversation]
seconds = time.perf_counter() - started
server.should_exit = True
mixed = 0
for call in getattr(town.llm, "calls", []):
    if len(set(re.findall(r"tok-(p\d\d)-", json.dumps(call.messages)))) > 1:
        mixed += 1
print(f"{PLAYERS} players x {len(NPC_ROLES)} NPCs x {ROUNDS} messages = {len(results)} replies "
      f"in {seconds:.1f}s")  # fmt: skip
if hasattr(town.llm, "calls"):
    print(f"crossed: {results.count(False)} replies; model requests mixing players: {mixed}")
else:  # a real model may not quote the message back: only the requests are checked here
    print(f"replies quoting their own token: {results.count(True)} of {len(results)}")
print(f"open conversations: {town.open_conversations}")
town.close()
