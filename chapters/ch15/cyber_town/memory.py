"""What each NPC remembers, on chapter 8's memory, in files that survive a restart.

Each NPC has the tutorial's ``MemoryManager(config=MemoryConfig(...), user_id=npc_name,
enable_working=True, enable_episodic=True, ...)`` in its own folder under the data
folder (``memories.db``, SQLite). Its **working** memory holds what the NPC itself
said lately in the town's chatter (in the process only, as working memory is).

Conversations with players are its episodes, each player's kept apart: the
exchanges of one (NPC, player) live in an :class:`EpisodicMemory` of their own
(``user_id = "<npc>|<player>"``), in the same SQLite file. A player's message
recalls only that player's past with the NPC, never another player's, and after a
restart the conversation's last turns are read back from it.

Recall is by words (BM25 over the SQLite records) unless an embedder is chosen
(``MEMORY_EMBEDDER``): ``local`` is chapter 8's embedded model (multilingual-e5-small,
the ``ch08`` extra) with its embedded vector store (Qdrant in a folder beside
``memories.db``, one collection per NPC and player), so "my cat" recalls "I adopted
a kitten"; ``auto`` takes ``local`` when the ``ch08`` extra is installed, else words.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime
from pathlib import Path
from typing import Any

from hello_agents.memory import EpisodicMemory, MemoryConfig, MemoryItem, MemoryManager
from hello_agents.memory.embedding import Embedder, create_embedder
from hello_agents.memory.item import ScoredMemory
from hello_agents.memory.storage.vector_store import QdrantVectorStore, safe_name

EXCHANGE_IMPORTANCE = 0.6
CHATTER_IMPORTANCE = 0.4


def pair_user_id(npc_name: str, player_id: str) -> str:
    """The memory owner of one NPC's exchanges with one player."""
    return f"{npc_name}|{player_id}"


class NPCMemory:
    """One NPC's memory: its own (working, episodic) and one episodic memory per player.

    Args:
        npc_name: The NPC.
        storage_path: Its folder (created).
        max_players: Per-player memories kept open at once (least recently used closed first;
            the records stay on disk).
        embedder: ``tfidf`` (recall by words, no model to load), ``local`` (chapter 8's
            embedded embedding model and vector store) or ``auto`` (``local`` when the
            ``ch08`` extra is installed, else ``tfidf``); or an embedder object.

    Raises:
        MissingExtraError: ``local`` without the ``ch08`` extra.
    """

    def __init__(
        self,
        npc_name: str,
        storage_path: str | Path,
        max_players: int = 1000,
        embedder: str | Embedder = "tfidf",
    ) -> None:
        self.npc_name = npc_name
        if isinstance(embedder, str):
            chosen = embedder.strip().lower()
            self.embedder = create_embedder(None if chosen == "auto" else chosen)
        else:
            self.embedder = embedder
        self.config = MemoryConfig(
            storage_path=str(storage_path),
            working_memory_capacity=10,
            working_memory_tokens=2000,
            max_capacity=1000,
            importance_threshold=0.3,
            decay_factor=0.95,
        )
        self.manager = MemoryManager(
            config=self.config,
            user_id=npc_name,
            enable_working=True,
            enable_episodic=True,
            enable_semantic=False,
            enable_perceptual=False,
            embedder=self.embedder,
        )
        self.max_players = max_players
        self._players: OrderedDict[str, EpisodicMemory] = OrderedDict()
        self._lock = threading.Lock()
        # working memory is a plain dict: chatter writes it while chats read it
        self._working_lock = threading.Lock()

    def with_player(self, player_id: str) -> EpisodicMemory:
        """The episodic memory of this NPC's exchanges with ``player_id``."""
        with self._lock:
            memory = self._players.get(player_id)
            if memory is None:
                owner = pair_user_id(self.npc_name, player_id)
                memory = EpisodicMemory(
                    config=self.config,
                    user_id=owner,
                    documents=self.manager.documents,
                    embedder=self.embedder,
                    vectors=self._vectors(owner),
                )
                memory.session_id = player_id
                self._players[player_id] = memory
                while len(self._players) > self.max_players:
                    self._players.popitem(last=False)
            self._players.move_to_end(player_id)
            return memory

    def _vectors(self, owner: str) -> QdrantVectorStore | None:
        """The vector collection of one (NPC, player) conversation (None: recall by words)."""
        if self.embedder is None:
            return None
        name = f"memories__{safe_name(owner)}__episodic__{safe_name(self.embedder.name)}"
        path = Path(self.config.storage_path) / "qdrant"
        return QdrantVectorStore(name, self.embedder.dimension, path=path)

    @property
    def recall_kind(self) -> str:
        """How memories are recalled: by words, or by the embedder's vectors and words."""
        if self.embedder is None:
            return "words (BM25)"
        return f"meaning ({self.embedder.name}) and words"

    def remember_exchange(
        self, player_id: str, player_message: str, npc_reply: str, affinity: dict[str, Any]
    ) -> str:
        """Store one exchange as an episode of this player's; returns its id."""
        item = MemoryItem(
            content=f"The player said: {player_message}\nI replied: {npc_reply}",
            importance=EXCHANGE_IMPORTANCE,
            metadata={
                "speaker": "player",
                "player_id": player_id,
                "player_message": player_message,
                "npc_reply": npc_reply,
                "affinity": affinity.get("new_affinity"),
                "affinity_change": affinity.get("change_amount", 0),
                "sentiment": affinity.get("sentiment", "neutral"),
                "context": {"interaction_type": "dialogue", "npc_name": self.npc_name},
            },
        )
        return self.with_player(player_id).add(item)

    def recall(self, player_id: str, query: str, limit: int = 3) -> list[ScoredMemory]:
        """This player's past exchanges most related to ``query``, best first."""
        if limit <= 0 or not query.strip():
            return []
        return self.with_player(player_id).search(query, limit=limit, min_importance=0.3)

    def recent_exchanges(self, player_id: str, turns: int) -> list[tuple[str, str]]:
        """The last ``turns`` (message, reply) pairs with this player, oldest first."""
        episodes = self.with_player(player_id).all()[-turns:] if turns > 0 else []
        return [
            (str(item.metadata.get("player_message", "")), str(item.metadata.get("npc_reply", "")))
            for item in episodes
            if item.metadata.get("player_message")
        ]

    def remember_chatter(self, listener: str, text: str) -> None:
        """Note in working memory something this NPC said to a colleague."""
        with self._working_lock:
            self.manager.add_memory(
                content=f"I said to {listener}: {text}",
                memory_type="working",
                importance=CHATTER_IMPORTANCE,
                metadata={"speaker": self.npc_name, "listener": listener, "kind": "chatter"},
            )

    def recent_chatter(self, limit: int = 2) -> list[MemoryItem]:
        """What this NPC said lately in the chatter, oldest first."""
        if limit <= 0:
            return []
        with self._working_lock:
            return self.manager.memory("working").all()[-limit:]

    def list_memories(
        self, limit: int = 10, memory_type: str | None = None, player_id: str | None = None
    ) -> list[MemoryItem]:
        """The newest memories of this NPC: its own and its exchanges (one player's when given)."""
        items: list[MemoryItem] = []
        if player_id is not None:
            items += self.with_player(player_id).all()
        else:
            items += [
                item
                for item in self.manager.documents.select(memory_type="episodic")
                if item.user_id == self.npc_name or item.user_id.startswith(self.npc_name + "|")
            ]
        if player_id is None:
            with self._working_lock:
                items += self.manager.memory("working").all()
        if memory_type is not None:
            items = [item for item in items if item.memory_type == memory_type]
        items.sort(key=lambda item: item.timestamp, reverse=True)
        return items[:limit]

    def clear(self, memory_type: str | None = None) -> int:
        """Forget the NPC's memories of one kind (``working`` or ``episodic``) or all."""
        removed = 0
        if memory_type in (None, "working"):
            with self._working_lock:
                working = self.manager.memory("working")
                removed += len(working.all())
                working.clear()
        if memory_type in (None, "episodic"):
            episodes = self.manager.documents.select(memory_type="episodic")
            removed += self.manager.documents.delete([item.id for item in episodes])
            with self._lock:
                self._players.clear()  # their word indexes are stale now
        return removed

    def close(self) -> None:
        """Close the files."""
        self.manager.close()


def memory_to_dict(item: MemoryItem) -> dict[str, Any]:
    """A memory as the tutorial's ``/npcs/{name}/memories`` lists it."""
    return {
        "id": item.id,
        "content": item.content,
        "type": item.memory_type,
        "importance": item.importance,
        "timestamp": item.timestamp.isoformat(timespec="seconds"),
        "metadata": item.metadata,
    }


def format_recalled(memories: list[ScoredMemory], now: datetime | None = None) -> str:
    """Recalled exchanges as lines for the prompt (``[HH:MM] ...``)."""
    return "\n".join(
        f"[{match.item.timestamp.strftime('%H:%M')}] {' / '.join(match.item.content.splitlines())}"
        for match in memories
    )


__all__ = ["NPCMemory", "format_recalled", "memory_to_dict", "pair_user_id"]
