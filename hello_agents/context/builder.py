"""ContextBuilder: gather, select, structure and compress what the model sees.

One call, :meth:`ContextBuilder.build`, turns a query, the conversation so far,
system instructions and any extra packets (notes, terminal output ...) into
one context text that never exceeds the budget::

    gather     history turns, memory_tool / rag_tool search results, your packets
    select     score relevance (BM25, or your embedder) and recency; drop what is
               below min_relevance; pick under the budget (MMR: relevant and varied)
    compress   what did not fit is summarised (the LLM, else an extract) into the room
               kept for it, instead of vanishing
    structure  [Role & Policies] [Task] [State] [Evidence] [Context] [Output]

The memory and RAG tools are optional and duck-typed: anything whose
``run({"action": "search", "query": ..., "limit": ...})`` returns text, JSON or
a list of dicts works (the chapter-8 ``MemoryTool`` and ``RAGTool`` do). A tool
that fails is logged and skipped; the context is built from the rest.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from hello_agents.context.compression import summarize, truncate_to_tokens
from hello_agents.context.packet import ContextConfig, ContextPacket
from hello_agents.context.relevance import BM25Scorer, Embedder, EmbeddingScorer, RelevanceScorer
from hello_agents.context.selection import mmr_select
from hello_agents.context.sources import parse_search_results
from hello_agents.core.message import Message
from hello_agents.core.tokens import TokenCounter

logger = logging.getLogger(__name__)

SECTION_TITLES = {
    "system": "[Role & Policies]",
    "task": "[Task]",
    "state": "[State]",
    "evidence": "[Evidence]",
    "context": "[Context]",
    "output": "[Output]",
}
"""The skeleton every built context follows, in this order."""

STATE_TYPES = {"note", "task_state", "state", "blocker", "action", "task_plan"}
EVIDENCE_TYPES = {"rag_result", "knowledge", "evidence", "document"}
HISTORY = "conversation_history"
MMR_POOL = 300  # MMR compares candidates pairwise: consider the best few hundred only


@dataclass
class BuiltContext:
    """One build's result and how it was reached.

    Attributes:
        text: The context.
        tokens: Its tokens, counted by the builder's counter.
        budget: The most tokens it was allowed.
        selected: The packets it holds (summary included).
        left_out: Candidates that did not make it (below relevance or no room).
        summary_method: ``"llm"``, ``"extract"``, or ``None`` when nothing was summarised.
        candidates: How many packets were gathered.
    """

    text: str
    tokens: int
    budget: int
    selected: list[ContextPacket] = field(default_factory=list)
    left_out: list[ContextPacket] = field(default_factory=list)
    summary_method: str | None = None
    candidates: int = 0


class ContextBuilder:
    """Builds the context for one model call under a token budget.

    Args:
        memory_tool: Optional; searched with ``run({"action": "search", ...})``.
        rag_tool: Optional; searched the same way, its results go to [Evidence].
        config: Budget and selection settings (default :class:`ContextConfig`).
        llm: Optional model for compression summaries (``invoke(messages) -> str``);
            without one, summaries are deterministic extracts.
        embedder: Optional ``texts -> vectors`` callable (or an object with an
            ``embed_documents``, ``embed`` or ``encode`` method); relevance is then
            cosine similarity of embeddings instead of BM25.
        scorer: A complete :class:`RelevanceScorer` (overrides ``embedder``).
        model: The model name, so token counts use its vocabulary.
        memory_limit: Results asked from each tool.
    """

    def __init__(
        self,
        memory_tool: Any = None,
        rag_tool: Any = None,
        config: ContextConfig | None = None,
        *,
        llm: Any = None,
        embedder: Embedder | Any = None,
        scorer: RelevanceScorer | None = None,
        model: str | None = None,
        memory_limit: int = 10,
    ) -> None:
        self.memory_tool = memory_tool
        self.rag_tool = rag_tool
        self.config = config or ContextConfig()
        self.llm = llm
        self.scorer: RelevanceScorer = scorer or (
            EmbeddingScorer(embedder) if embedder is not None else BM25Scorer()
        )
        self.counter = TokenCounter(model)
        self.memory_limit = memory_limit
        self.last_result: BuiltContext | None = None

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` (exact with the ``tokens`` extra, else an estimate)."""
        return self.counter.count_text(text)

    # ---- the pipeline ----------------------------------------------------------------

    def build(
        self,
        user_query: str,
        conversation_history: Sequence[Message | dict[str, Any]] | None = None,
        system_instructions: str | None = None,
        additional_packets: Sequence[ContextPacket] | None = None,
        *,
        custom_packets: Sequence[ContextPacket] | None = None,
    ) -> str:
        """The context text for ``user_query``; never over ``config.budget`` tokens.

        Args:
            user_query: The task.
            conversation_history: Earlier messages (``Message`` or ``{"role", "content"}``).
            system_instructions: The role and policies, always kept.
            additional_packets: Extra candidates (notes, terminal output ...).
            custom_packets: The same, under the name some chapter text uses.
        """
        return self.build_result(
            user_query,
            conversation_history,
            system_instructions,
            additional_packets,
            custom_packets=custom_packets,
        ).text

    def build_result(
        self,
        user_query: str,
        conversation_history: Sequence[Message | dict[str, Any]] | None = None,
        system_instructions: str | None = None,
        additional_packets: Sequence[ContextPacket] | None = None,
        *,
        custom_packets: Sequence[ContextPacket] | None = None,
    ) -> BuiltContext:
        """Like :meth:`build`, with what was selected, left out and summarised."""
        extra = [*(additional_packets or []), *(custom_packets or [])]
        candidates = self.gather(user_query, conversation_history, extra)
        scored = self.score(user_query, candidates)
        budget = self.config.budget
        system = self._fit_system(system_instructions or "", user_query, budget)
        room = budget - self.count_tokens(self.structure([], user_query, system, ""))
        room -= self.count_tokens("\n\n".join(SECTION_TITLES[k] for k in ("state", "evidence")))
        room -= self.count_tokens(SECTION_TITLES["context"]) + 8  # separators
        eligible = [item for item in scored if item[2]]
        wanted = sum(self.count_tokens(packet.content) + 2 for packet, _, _ in eligible)
        summary_text, method = "", None
        if self.config.enable_compression and wanted > room > 0:
            # Not everything fits: keep room for a summary of what will be left out.
            summary_room = int(room * self.config.summary_ratio)
            chosen = self.select(eligible, room - summary_room)
            picked = {id(packet) for packet, _, _ in chosen}
            dropped = [packet for packet, _, _ in eligible if id(packet) not in picked]
            summary_text, method = self.compress(dropped, user_query, summary_room)
        else:
            chosen = self.select(eligible, max(0, room))
        selected = [packet for packet, _, _ in chosen]
        text = self.structure(selected, user_query, system, summary_text)
        tokens = self.count_tokens(text)
        while tokens > budget and chosen:  # token counts of parts do not add up exactly
            chosen.remove(min(chosen, key=lambda item: item[1]))
            selected = [packet for packet, _, _ in chosen]
            text = self.structure(selected, user_query, system, summary_text)
            tokens = self.count_tokens(text)
        if tokens > budget:  # only the fixed parts are left, and they are too long
            text = truncate_to_tokens(text, budget, self.count_tokens)
            tokens = self.count_tokens(text)
        if summary_text:
            selected.append(ContextPacket(summary_text, metadata={"type": "summary"}))
        picked = {id(packet) for packet in selected}
        result = BuiltContext(
            text=text,
            tokens=tokens,
            budget=budget,
            selected=selected,
            left_out=[packet for packet, _, _ in scored if id(packet) not in picked],
            summary_method=method,
            candidates=len(candidates),
        )
        logger.debug(
            "context: %d candidates, %d selected, %d/%d tokens",
            len(candidates),
            len(selected),
            tokens,
            budget,
        )
        self.last_result = result
        return result

    def gather(
        self,
        user_query: str,
        conversation_history: Sequence[Message | dict[str, Any]] | None,
        packets: Sequence[ContextPacket],
    ) -> list[ContextPacket]:
        """Every candidate: history turns, tool search results, the given packets."""
        candidates: list[ContextPacket] = []
        history = list(conversation_history or [])
        for position, message in enumerate(history):
            role, content, timestamp = _message_parts(message)
            if not content.strip():
                continue
            candidates.append(
                ContextPacket(
                    f"{role}: {content}",
                    timestamp,
                    metadata={"type": HISTORY, "role": role, "turns_ago": len(history) - position},
                )
            )
        candidates += self._search(self.memory_tool, user_query, "memory", "Memory: ")
        candidates += self._search(self.rag_tool, user_query, "rag_result", "")
        candidates += [packet for packet in packets if packet.content.strip()]
        return candidates

    def score(
        self, user_query: str, packets: list[ContextPacket]
    ) -> list[tuple[ContextPacket, float, bool]]:
        """``(packet, combined score, eligible)`` for each packet.

        Packets without a relevance score get one from the scorer. The combined
        score mixes relevance and recency by the config's weights; a packet is
        eligible when its relevance reaches ``min_relevance`` (or it is one of the
        most recent history turns).
        """
        unscored = [packet for packet in packets if packet.relevance_score is None]
        if unscored:
            scores = self.scorer.score(user_query, [packet.content for packet in unscored])
            for packet, relevance in zip(unscored, scores, strict=True):
                packet.relevance_score = max(0.0, min(1.0, relevance))
        config, now = self.config, datetime.now()
        scored = []
        for packet in packets:
            relevance = packet.relevance_score or 0.0
            turns_ago = packet.metadata.get("turns_ago")
            if packet.type == HISTORY and isinstance(turns_ago, int):
                recency = math.exp(-(turns_ago - 1) / 10)
                recent = turns_ago <= config.keep_recent_turns
            else:
                age_hours = max(0.0, (now - packet.timestamp).total_seconds() / 3600)
                recency = max(0.1, math.exp(-0.1 * age_hours / 24))
                recent = False
            combined = config.relevance_weight * relevance + config.recency_weight * recency
            scored.append((packet, combined, relevance >= config.min_relevance or recent))
        return scored

    def select(
        self, scored: list[tuple[ContextPacket, float, bool]], room: int
    ) -> list[tuple[ContextPacket, float, bool]]:
        """The packets to keep within ``room`` tokens (MMR or greedy by score)."""
        if room <= 0 or not scored:
            return []
        pool = sorted(scored, key=lambda item: item[1], reverse=True)
        costs = [self.count_tokens(packet.content) + 2 for packet, _, _ in pool]
        if not self.config.enable_mmr:
            chosen, used = [], 0
            for item, cost in zip(pool, costs, strict=True):
                if used + cost <= room:
                    chosen.append(item)
                    used += cost
            return chosen
        # Only what could fit at all enters MMR's pairwise comparisons.
        fits = [i for i, cost in enumerate(costs) if cost <= room][:MMR_POOL]
        similar = self.scorer.similarity([pool[i][0].content for i in fits])
        picked = mmr_select(
            [pool[i][1] for i in fits],
            [costs[i] for i in fits],
            similar,
            room,
            self.config.mmr_lambda,
        )
        chosen = [pool[fits[i]] for i in picked]
        used = sum(costs[fits[i]] for i in picked)
        for index in range(len(pool)):  # beyond the pool: greedy fill of what is left
            if index not in fits and used + costs[index] <= room:
                chosen.append(pool[index])
                used += costs[index]
        return chosen

    def compress(
        self, packets: list[ContextPacket], user_query: str, room: int
    ) -> tuple[str, str | None]:
        """Summarise ``packets`` (oldest first) into at most ``room`` tokens.

        Returns:
            ``(summary text, "llm" or "extract")``, or ``("", None)`` when there is
            nothing to summarise or no room for it.
        """
        title = "Earlier context, summarised: "
        room -= self.count_tokens(title) + 2
        if not packets or room <= 10:
            return "", None
        ordered = sorted(packets, key=_chronological)
        summary, method = summarize(
            [packet.content for packet in ordered], user_query, room, self.count_tokens, self.llm
        )
        return (title + summary, method) if summary else ("", None)

    def structure(
        self, packets: list[ContextPacket], user_query: str, system: str, summary: str
    ) -> str:
        """The sectioned context text."""
        state = [p for p in packets if p.type in STATE_TYPES]
        evidence = [p for p in packets if p.type in EVIDENCE_TYPES]
        rest = [p for p in packets if p.type not in STATE_TYPES | EVIDENCE_TYPES]
        sections: list[tuple[str, str]] = []
        if system.strip():
            sections.append(("system", system.strip()))
        sections.append(("task", user_query.strip()))
        if state:
            sections.append(("state", "\n\n".join(p.content for p in state)))
        if evidence:
            sections.append(("evidence", "\n---\n".join(p.content for p in evidence)))
        context_lines = [summary] if summary else []
        context_lines += [p.content for p in sorted(rest, key=_chronological)]
        if context_lines:
            sections.append(("context", "\n".join(context_lines)))
        if self.config.output_instructions:
            sections.append(("output", self.config.output_instructions))
        return "\n\n".join(f"{SECTION_TITLES[key]}\n{body}" for key, body in sections)

    # ---- helpers ---------------------------------------------------------------------

    def _fit_system(self, system: str, user_query: str, budget: int) -> str:
        """The system instructions, cut if they alone would break the budget."""
        fixed = self.count_tokens(self.structure([], user_query, "", "")) + 8
        if self.count_tokens(system) + fixed <= budget:
            return system
        logger.warning("system instructions exceed the context budget; they were cut")
        return truncate_to_tokens(system, max(0, budget - fixed), self.count_tokens)

    def _search(self, tool: Any, query: str, kind: str, prefix: str) -> list[ContextPacket]:
        if tool is None:
            return []
        try:
            raw = tool.run({"action": "search", "query": query, "limit": self.memory_limit})
        except Exception as error:  # one failing source must not stop the build
            logger.warning("%s search failed (%s); building without it", kind, error)
            return []
        packets = []
        for content, score, metadata in parse_search_results(raw):
            packets.append(
                ContextPacket(
                    prefix + content,
                    relevance_score=score,
                    metadata={"type": kind, "source": type(tool).__name__, **metadata},
                )
            )
        return packets


def _message_parts(message: Message | dict[str, Any]) -> tuple[str, str, datetime]:
    if isinstance(message, Message):
        return message.role, message.content, message.timestamp
    timestamp = message.get("timestamp")
    when = timestamp if isinstance(timestamp, datetime) else datetime.now()
    return str(message.get("role", "user")), str(message.get("content") or ""), when


def _chronological(packet: ContextPacket) -> tuple[int, datetime]:
    turns_ago = packet.metadata.get("turns_ago")
    # History sorts by position (timestamps of one batch may be equal); others by time.
    order = -turns_ago if isinstance(turns_ago, int) else -(10**9)
    return order, packet.timestamp


__all__ = ["SECTION_TITLES", "BuiltContext", "ContextBuilder"]
