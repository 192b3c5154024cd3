"""How the builtin tools declare the arguments a model may leave out."""

from __future__ import annotations

from typing import Any

from hello_agents.tools.base import ToolParameter


def optional(name: str, kind: str, description: str, **extra: Any) -> ToolParameter:
    """A :class:`ToolParameter` with ``required=False``.

    Args:
        name: The argument's name.
        kind: Its JSON type (``string``, ``integer``, ``number``, ``boolean``, ``array``,
            ``object``).
        description: What it is for, as the model reads it.
        **extra: Other fields of :class:`ToolParameter` (``enum``, ``default`` ...).
    """
    return ToolParameter(name=name, type=kind, description=description, required=False, **extra)


__all__ = ["optional"]
