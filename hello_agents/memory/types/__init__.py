"""The four kinds of memory the chapter teaches."""

from hello_agents.memory.types.episodic import EpisodicMemory
from hello_agents.memory.types.perceptual import PerceptualMemory
from hello_agents.memory.types.semantic import SemanticMemory
from hello_agents.memory.types.working import WorkingMemory

__all__ = ["EpisodicMemory", "PerceptualMemory", "SemanticMemory", "WorkingMemory"]
