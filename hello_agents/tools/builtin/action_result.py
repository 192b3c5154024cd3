"""The outcome of one action of an action-style tool (``memory``, ``rag``).

``str(result)`` is the text the model reads; ``data`` holds the same facts for
code (memory ids, search hits with scores, counts), so nobody parses the text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ActionResult:
    """What one action did.

    Attributes:
        action: The action that was asked for.
        ok: False when the call was refused or failed (``text`` then says why and how to fix it).
        text: The message for the model.
        data: Structured results: ``{"memory_id": ...}``, ``{"results": [...]}``, stats ...
    """

    action: str
    ok: bool
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text

    @classmethod
    def failure(cls, action: str, text: str) -> ActionResult:
        """A refused or failed action whose ``text`` tells the model what to change."""
        return cls(action=action, ok=False, text=f"Error: {text}")


def missing(action: str, name: str, example: str) -> ActionResult:
    """The failure for a required argument that was not given."""
    return ActionResult.failure(
        action, f"action '{action}' needs the argument '{name}'. Example: {example}"
    )


__all__ = ["ActionResult", "missing"]
