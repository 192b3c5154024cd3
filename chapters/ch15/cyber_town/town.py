"""The town: NPC agents, their memories, affinities and chatter, for any number of players.

:class:`Town` is the tutorial's ``NPCAgentManager`` done so that players never mix:

* one conversation per (player, NPC), each its own ``SimpleAgent`` whose history is
  bounded (``history_turns`` exchanges) and guarded by its own lock, so two players
  talking to the same NPC at once each get the answer to their own message;
* each turn the NPC's system prompt is rebuilt from its persona, its affinity level
  towards this player, what this player and the NPC talked about before (recalled
  from memory) and what the NPC said lately in the chatter;
* after the reply a judge moves the affinity (bounded, logged) and the exchange is
  stored as an episode of this player's;
* after a restart everything comes back from the data folder: affinities, memories,
  and each conversation's last turns.

The chatter between NPCs is :class:`NPCStateManager`'s (the tutorial's name): a tick
every ``npc_update_interval`` seconds, batched under a model-call budget.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cyber_town.affinity import ModelJudge, RelationshipManager, RuleJudge, affinity_level
from cyber_town.chatter import ChatterBatcher, ChatterTick
from cyber_town.config import TownConfig
from cyber_town.events import EventHub
from cyber_town.memory import NPCMemory, format_recalled, memory_to_dict
from cyber_town.npcs import NPC_ROLES, NPCRole, persona_prompt
from hello_agents import Config, HelloAgentsLLM, SimpleAgent
from hello_agents.core.llm import BaseLLM
from hello_agents.core.message import Message
from hello_agents.tracing import TraceRecorder, trace_run

logger = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 500
PLAYER_ID = re.compile(r"^[\w.-]{1,64}$")
EMBEDDED_TIMEOUT = 600.0

MEMORY_SECTION = """

What you remember from earlier talks with this player:
{memories}"""
CHATTER_SECTION = """

What you said to colleagues a moment ago:
{lines}"""


class TownError(Exception):
    """Something the town cannot do; the message says why."""


class UnknownNPCError(TownError):
    """No NPC has this name."""


class BadRequestError(TownError):
    """A message or player id the town does not accept."""


class ChatFailedError(TownError):
    """The model could not answer (the NPC says nothing rather than a canned line)."""


@dataclass(frozen=True)
class ChatResult:
    """One answered message."""

    npc_name: str
    npc_title: str
    player_id: str
    message: str
    affinity: dict[str, Any]
    recalled: int
    timestamp: str


@dataclass
class Conversation:
    """One player's conversation with one NPC."""

    npc_name: str
    player_id: str
    agent: SimpleAgent
    lock: threading.Lock = field(default_factory=threading.Lock)
    last_trace: TraceRecorder | None = None


def make_llm(config: TownConfig) -> BaseLLM:
    """The model ``config.llm_mode`` asks for (started now, not on the first message)."""
    if config.llm_mode == "scripted":
        from cyber_town.scripted import scripted_town_llm

        return scripted_town_llm()
    options: dict[str, Any] = {"temperature": 0.7}
    if config.llm_mode == "embedded":
        options["provider"] = "embedded"
    if config.llm_timeout is not None:
        options["timeout"] = config.llm_timeout
    llm = HelloAgentsLLM(**options)
    if llm.provider == "embedded" and config.llm_timeout is None:
        llm = HelloAgentsLLM(**options, timeout=EMBEDDED_TIMEOUT)
    llm.prepare()
    return llm


class Town:
    """The NPCs and everything they keep.

    Args:
        config: The settings (``TownConfig.from_env()`` by default).
        llm: The model every NPC, the judge and the chatter share (by default the
            one ``config.llm_mode`` names).
        roles: The NPCs (the five of :data:`~cyber_town.npcs.NPC_ROLES` by default).
    """

    def __init__(
        self,
        config: TownConfig | None = None,
        llm: BaseLLM | None = None,
        roles: dict[str, NPCRole] | None = None,
    ) -> None:
        self.config = config or TownConfig.from_env()
        self.roles = dict(roles or NPC_ROLES)
        self.llm = llm if llm is not None else make_llm(self.config)
        data = self.config.data_path
        data.mkdir(parents=True, exist_ok=True)
        judge = ModelJudge(self.llm) if self.config.affinity_judge == "model" else RuleJudge()
        self.relationships = RelationshipManager(
            data / "affinity.db",
            judge=judge,
            start=self.config.affinity_start,
            max_step=self.config.affinity_max_step,
        )
        self.memories = {
            name: NPCMemory(
                name,
                data / "memory" / name,
                max_players=self.config.max_sessions,
                embedder=self.config.memory_embedder,
            )
            for name in self.roles
        }
        self.events = EventHub()
        self.state = NPCStateManager(self)
        self._sessions: OrderedDict[tuple[str, str], Conversation] = OrderedDict()
        self._sessions_lock = threading.Lock()

    # ---- chat ------------------------------------------------------------------------

    def chat(self, npc_name: str, message: str, player_id: str = "player") -> ChatResult:
        """Answer one player's message to one NPC.

        Raises:
            UnknownNPCError: No NPC has this name.
            BadRequestError: An empty or too long message, or a bad player id.
            ChatFailedError: The model failed.
        """
        role = self.role(npc_name)
        message = message.strip()
        if not message:
            raise BadRequestError("the message is empty: say something to the NPC")
        if len(message) > MAX_MESSAGE_CHARS:
            raise BadRequestError(f"the message is longer than {MAX_MESSAGE_CHARS} characters")
        if not PLAYER_ID.match(player_id):
            raise BadRequestError("player_id must be 1 to 64 letters, digits, '_', '-' or '.'")
        conversation = self.conversation(npc_name, player_id)
        memory = self.memories[npc_name]
        with conversation.lock:
            score = self.relationships.get_affinity(npc_name, player_id)
            recalled = self._recall(memory, player_id, message)
            conversation.agent.system_prompt = self.system_prompt(role, score, recalled, memory)
            try:
                # the turn's trace (prompt, reply, tokens, time): GET /npcs/{name}/trace
                with trace_run(conversation.agent) as recorder:
                    conversation.last_trace = recorder
                    reply = conversation.agent.run(message, max_tokens=self.config.reply_max_tokens)
            except Exception as error:
                logger.warning("%s could not answer %s: %s", npc_name, player_id, error)
                raise ChatFailedError(f"{npc_name} could not answer: {error}") from error
            reply = reply.strip()
            if not reply:
                raise ChatFailedError(f"{npc_name} answered nothing")
            affinity = self.relationships.analyze_and_update_affinity(
                npc_name, message, reply, player_id
            )
            memory.remember_exchange(player_id, message, reply, affinity)
        self.events.publish(
            {"type": "affinity", "npc_name": npc_name, "player_id": player_id, **affinity},
            player_id=player_id,
        )
        return ChatResult(
            npc_name=npc_name,
            npc_title=role.title,
            player_id=player_id,
            message=reply,
            affinity=affinity,
            recalled=len(recalled),
            timestamp=datetime.now().isoformat(timespec="seconds"),
        )

    def system_prompt(
        self, role: NPCRole, score: float, recalled: list[str], memory: NPCMemory
    ) -> str:
        """The NPC's prompt for one turn: persona, relationship, memories, recent chatter."""
        level = affinity_level(score)
        relationship = (
            f"Your relationship with this player: {level.name} ({level.english}, "
            f"affinity {score:.0f}/100). {level.style}"
        )
        prompt = persona_prompt(role, relationship)
        if recalled:
            prompt += MEMORY_SECTION.format(memories="\n".join(recalled))
        chatter = memory.recent_chatter(2)
        if chatter:
            prompt += CHATTER_SECTION.format(lines="\n".join(item.content for item in chatter))
        return prompt

    def _recall(self, memory: NPCMemory, player_id: str, message: str) -> list[str]:
        """Past exchanges related to ``message``, leaving out those already in the history."""
        recent = {
            item.id for item in memory.with_player(player_id).all()[-self.config.history_turns :]
        }
        matches = [
            match
            for match in memory.recall(player_id, message, self.config.memory_limit + len(recent))
            if match.item.id not in recent
        ][: self.config.memory_limit]
        return format_recalled(matches).splitlines() if matches else []

    def conversation(self, npc_name: str, player_id: str) -> Conversation:
        """The (player, NPC) conversation, rebuilt from memory if it is not open."""
        key = (npc_name, player_id)
        with self._sessions_lock:
            found = self._sessions.get(key)
            if found is not None:
                self._sessions.move_to_end(key)
                return found
            role = self.roles[npc_name]
            agent = SimpleAgent(
                name=f"{npc_name}-{role.title}",
                llm=self.llm,
                system_prompt=persona_prompt(role, ""),
                config=Config(max_history_length=2 * self.config.history_turns),
            )
            turns = self.memories[npc_name].recent_exchanges(player_id, self.config.history_turns)
            for player_message, reply in turns:
                agent.add_message(Message(player_message, "user"))
                agent.add_message(Message(reply, "assistant"))
            conversation = Conversation(npc_name, player_id, agent)
            self._sessions[key] = conversation
            while len(self._sessions) > self.config.max_sessions:
                self._sessions.popitem(last=False)
            return conversation

    def last_turn_trace(self, npc_name: str, player_id: str = "player") -> str | None:
        """The HTML trace of the player's latest message to the NPC (None: none yet)."""
        self.role(npc_name)
        with self._sessions_lock:
            conversation = self._sessions.get((npc_name, player_id))
        if conversation is None or conversation.last_trace is None:
            return None
        return conversation.last_trace.to_html(title=f"{npc_name} and {player_id}: the last turn")

    @property
    def open_conversations(self) -> int:
        """Conversations held in the process."""
        with self._sessions_lock:
            return len(self._sessions)

    # ---- the tutorial's NPCAgentManager methods -------------------------------------

    def role(self, npc_name: str) -> NPCRole:
        """The NPC's role.

        Raises:
            UnknownNPCError: No NPC has this name.
        """
        role = self.roles.get(npc_name)
        if role is None:
            raise UnknownNPCError(
                f"NPC {npc_name!r} does not exist; the NPCs are {', '.join(self.roles)}"
            )
        return role

    def get_npc_info(self, npc_name: str) -> dict[str, Any]:
        """Name, title, location, activity, availability and place in the town."""
        role = self.role(npc_name)
        return {
            "name": role.name,
            "title": role.title,
            "location": role.location,
            "activity": role.activity,
            "available": True,
            "position": list(role.position),
        }

    def get_all_npcs(self) -> list[dict[str, Any]]:
        """Every NPC's info."""
        return [self.get_npc_info(name) for name in self.roles]

    def get_npc_memories(
        self, npc_name: str, limit: int = 10, player_id: str | None = None,
        memory_type: str | None = None,
    ) -> list[dict[str, Any]]:  # fmt: skip
        """The NPC's newest memories (with one player when ``player_id`` is given)."""
        self.role(npc_name)
        items = self.memories[npc_name].list_memories(limit, memory_type, player_id)
        return [memory_to_dict(item) for item in items]

    def clear_npc_memory(self, npc_name: str, memory_type: str | None = None) -> int:
        """Forget an NPC's memories of one kind or all; closes its conversations."""
        self.role(npc_name)
        if memory_type not in (None, "working", "episodic"):
            raise BadRequestError("memory_type must be working or episodic (or left out: all)")
        removed = self.memories[npc_name].clear(memory_type)
        with self._sessions_lock:
            for key in [key for key in self._sessions if key[0] == npc_name]:
                del self._sessions[key]
        return removed

    def get_npc_affinity(self, npc_name: str, player_id: str = "player") -> dict[str, Any]:
        """The NPC's affinity towards the player: score, level, style, exchanges."""
        self.role(npc_name)
        return self.relationships.describe(npc_name, player_id)

    def get_all_affinities(self, player_id: str = "player") -> dict[str, dict[str, Any]]:
        """Every NPC's affinity towards the player."""
        return self.relationships.get_all_affinities(player_id, list(self.roles))

    def set_npc_affinity(
        self, npc_name: str, affinity: float, player_id: str = "player"
    ) -> dict[str, Any]:
        """Set an affinity by hand (logged); returns the new state.

        Raises:
            UnknownNPCError: No NPC has this name.
            BadRequestError: ``affinity`` is outside 0..100.
        """
        self.role(npc_name)
        try:
            change = self.relationships.set_affinity(npc_name, affinity, player_id)
        except ValueError as error:
            raise BadRequestError(str(error)) from error
        self.events.publish(
            {"type": "affinity", "player_id": player_id, **change.to_dict(),
             "new_affinity": change.new, "changed": change.change_amount != 0},
            player_id=player_id,
        )  # fmt: skip
        return self.get_npc_affinity(npc_name, player_id)

    def close(self) -> None:
        """Close every file (the town is unusable afterwards)."""
        self.relationships.close()
        for memory in self.memories.values():
            memory.close()


class NPCStateManager:
    """The tutorial's state manager: chatter ticks, the NPCs' current lines, the countdown.

    Args:
        town: The town whose NPCs chatter.
    """

    def __init__(self, town: Town) -> None:
        self.town = town
        config = town.config
        self.update_interval = config.npc_update_interval
        self.batcher = ChatterBatcher(
            town.llm,
            town.roles,
            calls_per_tick=config.chatter_calls_per_tick,
            pairs_per_call=config.chatter_pairs_per_call,
            lines_per_pair=config.chatter_lines_per_pair,
        )
        self.current_dialogues: dict[str, str] = {}
        self.last_update: datetime | None = None
        self.last_tick: ChatterTick | None = None
        self.recent_lines: list[dict[str, str]] = []
        self._tick_lock = threading.Lock()
        self._task: asyncio.Task[None] | None = None

    def tick(self, now: datetime | None = None) -> ChatterTick:
        """One chatter tick (blocking: run it in a thread from async code)."""
        with self._tick_lock:
            result = self.batcher.tick(now)
            for line in result.lines:
                self.current_dialogues[line.speaker] = line.text
                self.town.memories[line.speaker].remember_chatter(line.listener, line.text)
            self.recent_lines = ([line.to_dict() for line in result.lines] + self.recent_lines)[:30]
            self.last_update = result.at
            self.last_tick = result
        self.town.events.publish(
            {"type": "chatter", **self.get_current_state(), "tick": result.to_dict()}
        )
        return result

    def get_current_state(self) -> dict[str, Any]:
        """``dialogues`` (each NPC's latest line), ``last_update``, ``next_update_in`` ..."""
        if self.last_update is not None and self.update_interval > 0:
            elapsed = (datetime.now() - self.last_update).total_seconds()
            next_update_in = max(0, int(self.update_interval - elapsed))
        else:
            next_update_in = int(self.update_interval)
        tick = self.last_tick
        return {
            "dialogues": dict(self.current_dialogues),
            "last_update": self.last_update.isoformat(timespec="seconds")
            if self.last_update
            else None,
            "next_update_in": next_update_in,
            "chatter": list(self.recent_lines),
            "budget": {
                "calls_per_tick": self.batcher.calls_per_tick,
                "pairs_per_call": self.batcher.pairs_per_call,
                "last_tick_calls": tick.model_calls if tick else 0,
                "ticks": self.batcher.ticks,
                "total_calls": self.batcher.total_calls,
            },
        }

    def get_npc_dialogue(self, npc_name: str) -> str | None:
        """The NPC's latest chatter line."""
        return self.current_dialogues.get(npc_name)

    async def force_update(self) -> ChatterTick:
        """A tick now, off the event loop."""
        return await asyncio.to_thread(self.tick)

    async def start(self) -> None:
        """Tick every ``update_interval`` seconds in the background (not when it is 0)."""
        if self.update_interval > 0 and self._task is None:
            self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        """Stop the background ticks."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _loop(self) -> None:
        while True:
            try:
                await self.force_update()
            except Exception:  # one failed tick must not end the town's chatter
                logger.exception("a chatter tick failed")
            await asyncio.sleep(self.update_interval)


__all__ = [
    "BadRequestError",
    "ChatFailedError",
    "ChatResult",
    "Conversation",
    "NPCStateManager",
    "Town",
    "TownError",
    "UnknownNPCError",
    "make_llm",
]
