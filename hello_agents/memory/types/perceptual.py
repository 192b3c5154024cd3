"""Perceptual memory: what was seen or heard, stored as text about it.

An image, a recording or a file is remembered by a description (a caption, a
transcript, a summary: the item's ``content``) plus ``metadata["modality"]`` and,
when there is one, ``metadata["file_path"]``. Searching the description finds
the file; filtering by ``modality`` keeps to one kind of input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hello_agents.memory.base import StoredMemory
from hello_agents.memory.errors import MemoryException
from hello_agents.memory.item import MemoryItem


class PerceptualMemory(StoredMemory):
    """Descriptions of images, sounds, videos and documents, with their file references."""

    memory_type = "perceptual"

    def before_add(self, item: MemoryItem) -> None:
        modality = str(item.metadata.get("modality") or "text")
        allowed = self.config.perceptual_memory_modalities
        if modality not in allowed:
            raise MemoryException(f"unknown modality {modality!r}: use one of {', '.join(allowed)}")
        item.metadata["modality"] = modality
        file_path = item.metadata.get("file_path")
        if file_path and not item.content.strip():
            # Without a caption, the file's name is the only description there is.
            item.content = f"{modality} file {Path(str(file_path)).name}"

    def accepts(self, item: MemoryItem, filters: dict[str, Any]) -> bool:
        if "target_modality" in filters:
            filters["modality"] = filters.pop("target_modality")
        return super().accepts(item, filters)

    def stats(self) -> dict[str, Any]:
        modalities: dict[str, int] = {}
        for item in self.all():
            modality = str(item.metadata.get("modality", "text"))
            modalities[modality] = modalities.get(modality, 0) + 1
        return {**super().stats(), "modalities": modalities}


__all__ = ["PerceptualMemory"]
