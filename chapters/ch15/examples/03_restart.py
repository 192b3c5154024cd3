"""Nothing is lost on a restart: memories, affinities, their log, the conversation.

The town keeps everything in its data folder (SQLite files): close it, open a new
one on the same folder, and the NPC still knows the player, likes them as much, and
goes on with the conversation where it stopped.
"""

from __future__ import annotations

from _setup import town_config
from cyber_town import Town

config = town_config()
town = Town(config)
town.chat("钱七", "Thanks a lot for organising the board-game night!", "carol")
town.chat("钱七", "My favourite game is Go.", "carol")
before = town.get_npc_affinity("钱七", "carol")
town.close()
print("closed the town; data in", config.data_dir)

town = Town(config)  # a new process would do the same
after = town.get_npc_affinity("钱七", "carol")
print(f"affinity before {before['affinity']:.0f}, after the restart {after['affinity']:.0f}")
episodes = town.get_npc_memories("钱七", player_id="carol")
print("remembered:", [episode["metadata"]["player_message"] for episode in episodes])
result = town.chat("钱七", "What was my favourite game again?", "carol")
print("钱七:", result.message)
history = town.conversation("钱七", "carol").agent.get_history()
print(f"the conversation holds {len(history) // 2} exchanges, 2 of them from before the restart")
print("restart: nothing lost" if after == before and len(episodes) == 2 else "restart: LOST DATA")
town.close()
