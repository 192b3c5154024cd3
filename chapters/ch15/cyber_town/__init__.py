"""The cyber town of chapter 15: AI NPCs with memory, affinity and chatter, over HTTP.

* :mod:`cyber_town.town`: :class:`Town` (the NPCs, one conversation per player and NPC)
  and :class:`NPCStateManager` (the chatter ticks);
* :mod:`cyber_town.affinity`: scores, levels, judges and the change log;
* :mod:`cyber_town.memory`: each NPC's memory on chapter 8's ``MemoryManager``;
* :mod:`cyber_town.chatter`: NPC-to-NPC chatter, batched under a model-call budget;
* :mod:`cyber_town.server`: the FastAPI app (the tutorial's routes, server-sent events
  and the web client);
* :mod:`cyber_town.scripted`: the offline model for tests and demos.
"""

from cyber_town.affinity import RelationshipManager, affinity_level, apply_change
from cyber_town.chatter import ChatterBatcher, parse_chatter, plan_batches
from cyber_town.config import TownConfig
from cyber_town.npcs import NPC_ROLES
from cyber_town.town import NPCStateManager, Town

__all__ = [
    "NPC_ROLES",
    "ChatterBatcher",
    "NPCStateManager",
    "RelationshipManager",
    "Town",
    "TownConfig",
    "affinity_level",
    "apply_change",
    "parse_chatter",
    "plan_batches",
]
