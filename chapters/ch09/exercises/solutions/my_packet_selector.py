"""Exercise 1, a model answer: greedy selection by relevance under a token budget."""

from __future__ import annotations

from collections.abc import Callable

from hello_agents.context import ContextPacket


def my_select_packets(
    packets: list[ContextPacket],
    budget: int,
    count_tokens: Callable[[str], int],
    min_relevance: float = 0.0,
) -> list[ContextPacket]:
    """The most relevant packets that fit in ``budget`` tokens, most relevant first."""
    relevant = [p for p in packets if (p.relevance_score or 0.0) >= min_relevance]
    relevant.sort(key=lambda p: (p.relevance_score or 0.0, p.timestamp), reverse=True)
    chosen: list[ContextPacket] = []
    used = 0
    for packet in relevant:
        cost = count_tokens(packet.content)
        if used + cost > budget:
            continue  # too big for the room left; a smaller one may still fit
        chosen.append(packet)
        used += cost
    return chosen


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("packet_selector", my_select_packets))
