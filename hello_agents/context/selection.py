"""Choosing packets under a token budget: greedy by score, or MMR for diversity."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hello_agents.context.packet import ContextPacket


def select_within_budget(
    packets: Sequence[ContextPacket],
    budget: int,
    count_tokens: Callable[[str], int],
    min_relevance: float = 0.0,
) -> list[ContextPacket]:
    """The most relevant packets whose contents fit in ``budget`` tokens together.

    Highest ``relevance_score`` first (newer first on ties); a packet too big for
    the room left is skipped and smaller ones after it are still considered.
    Packets scoring below ``min_relevance`` (or unscored) are left out.

    Args:
        packets: The candidates.
        budget: The most tokens the chosen contents may add up to.
        count_tokens: Counts the tokens of one text.
        min_relevance: The lowest score kept.

    Returns:
        The chosen packets, most relevant first.
    """
    ranked = sorted(
        (p for p in packets if (p.relevance_score or 0.0) >= min_relevance and p.relevance_score),
        key=lambda p: (p.relevance_score or 0.0, p.timestamp),
        reverse=True,
    )
    chosen, used = [], 0
    for packet in ranked:
        cost = count_tokens(packet.content)
        if used + cost <= budget:
            chosen.append(packet)
            used += cost
    return chosen


def mmr_select(
    scores: Sequence[float],
    costs: Sequence[int],
    similarity: Callable[[int, int], float],
    budget: int,
    balance: float = 0.7,
) -> list[int]:
    """Maximal Marginal Relevance under a budget: indices of the chosen items, in order.

    Each step takes the item maximising ``balance * score - (1 - balance) *
    (its highest similarity to an item already chosen)`` among those that still
    fit, so a near-duplicate of a chosen item loses to a different one.

    Args:
        scores: Each item's score in ``[0, 1]``.
        costs: Each item's tokens.
        similarity: Similarity in ``[0, 1]`` of items ``i`` and ``j``.
        budget: The most tokens the chosen items may add up to.
        balance: 1.0 ranks by score only; lower values favour diversity.
    """
    remaining = set(range(len(scores)))
    closest = [0.0] * len(scores)  # highest similarity to anything chosen so far
    chosen: list[int] = []
    room = budget
    while remaining:
        fitting = [i for i in remaining if costs[i] <= room]
        if not fitting:
            break
        best = max(fitting, key=lambda i: (balance * scores[i] - (1 - balance) * closest[i], -i))
        chosen.append(best)
        remaining.discard(best)
        room -= costs[best]
        for i in remaining:
            closest[i] = max(closest[i], similarity(best, i))
    return chosen


__all__ = ["mmr_select", "select_within_budget"]
