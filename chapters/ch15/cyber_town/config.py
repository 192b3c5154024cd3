"""The town's settings, from the environment (``.env``) or from code.

The tutorial's names stay (``NPC_UPDATE_INTERVAL``, ``LLM_*``); the rest are what
this version adds: where the data lives, how long a conversation's history is,
which judge moves affinity, and the chatter's model-call budget.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

LLM_MODES = ("auto", "scripted", "embedded", "configured")
JUDGES = ("rules", "model")
EMBEDDERS = ("tfidf", "local", "auto")


@dataclass(frozen=True)
class TownConfig:
    """Settings of the town.

    Attributes:
        data_dir: Where memories (one folder per NPC) and affinities (``affinity.db``)
            live; they survive a restart.
        npc_update_interval: Seconds between two chatter ticks (0: only on request,
            ``POST /npcs/status/refresh``).
        chatter_calls_per_tick: The most model calls one chatter tick may make.
        chatter_pairs_per_call: NPC pairs written by one model call.
        chatter_lines_per_pair: Lines each pair says per tick.
        history_turns: Exchanges of one (player, NPC) conversation sent with each
            message (older ones stay in memory and come back when relevant).
        memory_limit: Memories recalled into the prompt per message.
        memory_embedder: How memories are recalled: ``tfidf`` (by words; no model to
            load), ``local`` (by meaning too: chapter 8's embedded embedding model and
            vector store, the ``ch08`` extra) or ``auto`` (``local`` when installed).
        max_sessions: (player, NPC) conversations kept in the process; the least
            recently used one is dropped first and rebuilt from memory when it comes back.
        affinity_judge: ``rules`` (keywords, no model call) or ``model`` (a JSON
            judgement from the model, rules when it writes anything else).
        affinity_start: The score of a player an NPC has not met.
        affinity_max_step: The largest change one exchange can make.
        reply_max_tokens: The longest NPC reply.
        llm_mode: ``auto`` (a configured provider, else the embedded model),
            ``scripted`` (fixed replies from each prompt; tests and demos),
            ``embedded`` or ``configured``.
        llm_timeout: Seconds a model call may take (``None``: the client's default).
        cors_allow_origins: Origins allowed to call the API (comma-separated).
    """

    data_dir: str = "./town_data"
    npc_update_interval: float = 30.0
    chatter_calls_per_tick: int = 1
    chatter_pairs_per_call: int = 3
    chatter_lines_per_pair: int = 2
    history_turns: int = 6
    memory_limit: int = 3
    memory_embedder: str = "tfidf"
    max_sessions: int = 1000
    affinity_judge: str = "rules"
    affinity_start: float = 50.0
    affinity_max_step: float = 10.0
    reply_max_tokens: int = 200
    llm_mode: str = "auto"
    llm_timeout: float | None = None
    cors_allow_origins: str = "*"

    def __post_init__(self) -> None:
        if self.llm_mode not in LLM_MODES:
            raise ValueError(f"llm_mode={self.llm_mode!r}: choose one of {', '.join(LLM_MODES)}")
        if self.memory_embedder not in EMBEDDERS:
            raise ValueError(
                f"MEMORY_EMBEDDER={self.memory_embedder!r}: choose one of {', '.join(EMBEDDERS)}"
            )
        if self.affinity_judge not in JUDGES:
            raise ValueError(
                f"AFFINITY_JUDGE={self.affinity_judge!r}: choose one of {', '.join(JUDGES)}"
            )
        for name in ("chatter_pairs_per_call", "chatter_lines_per_pair", "history_turns",
                     "max_sessions", "reply_max_tokens"):  # fmt: skip
            if getattr(self, name) < 1:
                raise ValueError(f"{name.upper()} must be at least 1, got {getattr(self, name)}")
        for name in ("chatter_calls_per_tick", "memory_limit", "npc_update_interval"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name.upper()} must not be negative, got {getattr(self, name)}")
        if not 0 <= self.affinity_start <= 100:
            raise ValueError(f"AFFINITY_START must be between 0 and 100, got {self.affinity_start}")
        if self.affinity_max_step <= 0:
            raise ValueError(f"AFFINITY_MAX_STEP must be positive, got {self.affinity_max_step}")

    @property
    def data_path(self) -> Path:
        """``data_dir`` as a path."""
        return Path(self.data_dir)

    @classmethod
    def from_env(
        cls, overrides: Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None
    ) -> TownConfig:
        """Settings from environment variables (upper-case field names), then ``overrides``.

        ``HELLO_AGENTS_EXAMPLE_LLM`` sets ``llm_mode`` when ``LLM_MODE`` is not set.

        Raises:
            ValueError: A value that cannot be read or is out of range.
        """
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        for field in fields(cls):
            raw = env.get(field.name.upper(), "").strip()
            if raw:
                values[field.name] = _read(field.name, raw, field.default)
        if "llm_mode" not in values and env.get("HELLO_AGENTS_EXAMPLE_LLM", "").strip():
            mode = env["HELLO_AGENTS_EXAMPLE_LLM"].strip().lower()
            values["llm_mode"] = "auto" if mode == "configured" else mode
        return cls(**{**values, **(overrides or {})})

    def with_overrides(self, **changes: Any) -> TownConfig:
        """A copy with some settings changed."""
        return replace(self, **changes)

    def allowed_origins(self) -> list[str]:
        """``cors_allow_origins`` as a list."""
        return [origin.strip() for origin in self.cors_allow_origins.split(",") if origin.strip()]


def _read(name: str, raw: str, default: Any) -> Any:
    """An environment string as the type of the field's default."""
    try:
        if isinstance(default, bool):
            return raw.lower() in ("1", "true", "yes", "on")
        if isinstance(default, int):
            return int(raw)
        if isinstance(default, float) or name == "llm_timeout":
            return float(raw)
    except ValueError:
        raise ValueError(f"{name.upper()}={raw!r} is not a number") from None
    return raw.lower() if name in ("llm_mode", "affinity_judge", "memory_embedder") else raw


__all__ = ["EMBEDDERS", "JUDGES", "LLM_MODES", "TownConfig"]
