"""Exercise 1: my_select_packets, choosing context under a token budget.

The Select step of the chapter's GSSC pipeline: from candidate ContextPackets,
keep the most relevant ones whose contents fit in ``budget`` tokens together.
The tutorial's version stops at the first packet that does not fit; yours
should skip it and keep trying smaller ones.

Fill in the TODOs, then check your function:

    python chapters/ch09/exercises/my_packet_selector.py

A model answer is in solutions/my_packet_selector.py: try first.
"""

from __future__ import annotations

from collections.abc import Callable

from hello_agents.context import ContextPacket


def my_select_packets(
    packets: list[ContextPacket],
    budget: int,
    count_tokens: Callable[[str], int],
    min_relevance: float = 0.0,
) -> list[ContextPacket]:
    """The most relevant packets that fit in ``budget`` tokens, most relevant first.

    TODO 1: leave out packets whose ``relevance_score`` is below ``min_relevance``.
    TODO 2: sort the rest by ``relevance_score``, highest first; on a tie, the newer
            ``timestamp`` first.
    TODO 3: walk the sorted packets, adding each one whose ``count_tokens(content)``
            still fits; skip (do not stop at) one that does not.
    """
    raise NotImplementedError("TODO: my_select_packets")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("packet_selector", my_select_packets))
