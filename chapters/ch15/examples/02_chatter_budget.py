"""Chapter 15.5: NPC-to-NPC chatter, batched under a model-call budget.

Each tick the next pairs of NPCs (in turn) speak; one model call writes several
pairs' lines (``CHATTER_PAIRS_PER_CALL``), and a tick never makes more than
``CHATTER_CALLS_PER_TICK`` calls. Five NPCs make ten pairs: with one call of three
pairs per tick, every pair has spoken after four ticks, for four model calls.
"""

from __future__ import annotations

from _setup import town_config
from cyber_town import Town

town = Town(town_config(chatter_calls_per_tick=1, chatter_pairs_per_call=3))
spoken: set[frozenset[str]] = set()
for _ in range(4):
    tick = town.state.tick()
    spoken |= {frozenset(pair) for pair in tick.pairs}
    print(f"tick {tick.number}: {tick.model_calls} call(s) for {len(tick.pairs)} pairs, "
          f"{len(tick.fallback_pairs)} from presets")  # fmt: skip
    for line in tick.lines:
        print(f"  {line.speaker} -> {line.listener}: {line.text}")
state = town.state.get_current_state()
print(f"budget: {state['budget']['total_calls']} calls in {state['budget']['ticks']} ticks; "
      f"{len(spoken)} of 10 pairs have spoken")  # fmt: skip
print("what each NPC says now:", state["dialogues"])
town.close()
