"""The two records of context building: a candidate piece of context, and the settings."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hello_agents.core.exceptions import ConfigException


@dataclass
class ContextPacket:
    """One candidate piece of context: a memory, a document chunk, a note, a turn.

    ``ContextPacket(content, timestamp, token_count, relevance_score, metadata)``
    as the tutorial writes it. The builder recounts tokens itself (a packet's
    ``token_count`` is often an estimate such as ``len(content) // 4``), and
    scores relevance itself when ``relevance_score`` is left as ``None``.

    Attributes:
        content: The text.
        timestamp: When it was written (recency).
        token_count: Tokens, as the caller estimated them (informative).
        relevance_score: Relevance to the query in ``[0, 1]`` (clamped), or
            ``None`` for "let the builder score it".
        metadata: Free data; ``metadata["type"]`` picks the section it goes to
            (``"rag_result"``/``"knowledge"`` -> [Evidence], ``"note"``/``"task_state"``
            -> [State], anything else -> [Context]).
    """

    content: str
    timestamp: datetime = field(default_factory=datetime.now)
    token_count: int = 0
    relevance_score: float | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        raw_metadata: object = self.metadata
        if raw_metadata is None:  # the tutorial passes metadata=None
            self.metadata = {}
        if self.relevance_score is not None:
            self.relevance_score = max(0.0, min(1.0, float(self.relevance_score)))
        raw_timestamp: object = self.timestamp
        if isinstance(raw_timestamp, str):  # an ISO text, as notes store it
            self.timestamp = datetime.fromisoformat(raw_timestamp)

    @property
    def type(self) -> str:
        """``metadata["type"]``, or ``"general"``."""
        return str(self.metadata.get("type", "general"))


@dataclass
class ContextConfig:
    """How the builder chooses and fits context.

    Attributes:
        max_tokens: The model's context window (or the share of it you give the builder).
        reserve_ratio: Share of ``max_tokens`` kept free for the model's answer; the
            built context never exceeds ``max_tokens * (1 - reserve_ratio)`` tokens.
        min_relevance: Packets scoring below this are left out (the most recent
            ``keep_recent_turns`` history messages are exempt).
        enable_compression: When candidates do not all fit, summarise the ones
            left out into a short [Context] summary instead of dropping them silently.
        enable_mmr: Pick packets by Maximal Marginal Relevance (relevant *and* not
            redundant with what is already picked) instead of by score alone.
        mmr_lambda: MMR's balance: 1.0 is score only, 0.0 is diversity only.
        relevance_weight: Weight of relevance in a packet's score.
        recency_weight: Weight of recency; the two weights must add up to 1.
        keep_recent_turns: History messages always considered, relevant or not.
        summary_ratio: Share of the packet budget a summary may use.
        output_instructions: The [Output] section's text (empty: no section).

    Raises:
        ConfigException: A value is out of range.
    """

    max_tokens: int = 3000
    reserve_ratio: float = 0.2
    min_relevance: float = 0.1
    enable_compression: bool = True
    enable_mmr: bool = True
    mmr_lambda: float = 0.7
    relevance_weight: float = 0.7
    recency_weight: float = 0.3
    keep_recent_turns: int = 4
    summary_ratio: float = 0.25
    output_instructions: str = (
        "Answer the task using the information above; say so when it is not enough."
    )

    def __post_init__(self) -> None:
        if self.max_tokens <= 0:
            raise ConfigException(f"max_tokens must be positive, got {self.max_tokens}")
        for name in ("reserve_ratio", "min_relevance", "mmr_lambda", "summary_ratio"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ConfigException(f"{name} must be between 0 and 1, got {value}")
        if self.reserve_ratio >= 1.0:
            raise ConfigException("reserve_ratio must leave some room: use a value below 1")
        if abs(self.relevance_weight + self.recency_weight - 1.0) > 1e-6:
            raise ConfigException(
                "relevance_weight + recency_weight must equal 1, got "
                f"{self.relevance_weight} + {self.recency_weight}"
            )
        if self.keep_recent_turns < 0:
            raise ConfigException("keep_recent_turns cannot be negative")

    @property
    def budget(self) -> int:
        """The most tokens a built context may have."""
        return int(self.max_tokens * (1 - self.reserve_ratio))


__all__ = ["ContextConfig", "ContextPacket"]
