"""Chapter 15.3-15.4: talking to the NPCs, with memory and affinity.

Two players talk to 张三 (the tutorial's Python engineer). Each has a conversation of
their own: the NPC remembers what *this* player said, its affinity towards each player
moves with what they say (bounded, logged with a reason), and every exchange is kept as
an episode in the NPC's memory.
"""

from __future__ import annotations

from _setup import town_config
from cyber_town import Town

town = Town(town_config())
for player, message in [
    ("alice", "你好！我叫 Alice，最近在学 Python 的 asyncio。"),
    ("bob", "Hi, what are you working on today?"),
    ("alice", "Thank you so much! Which framework do you like best?"),
    ("bob", "Your code is boring."),
]:
    result = town.chat("张三", message, player)
    change = result.affinity["change_amount"]
    print(f"{player} -> 张三: {message}")
    print(f"  张三: {result.message}")
    print(f"  affinity {result.affinity['new_affinity']:.0f} ({result.affinity['new_level']}), "
          f"{change:+.0f}: {result.affinity['reason']}")  # fmt: skip

for player in ("alice", "bob"):
    episodes = town.get_npc_memories("张三", player_id=player)
    print(f"张三 remembers {len(episodes)} exchanges with {player}")
print("log:", [change.reason for change in town.relationships.history("张三", "bob")])
town.close()
