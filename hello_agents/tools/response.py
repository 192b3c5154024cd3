"""ToolResponse: a tool's answer as text plus data, in the form the tutorial's own tools use.

Chapter 8 of the tutorial ships stand-in ``MemoryTool``/``RAGTool`` classes of its
own, built on this package's ``Tool``; their actions return
``ToolResponse.success(text=..., data=...)`` or ``ToolResponse.error(code=..., message=...)``
and ``run`` returns ``response.text``. This is that record, so those files run
unchanged. Tools written here return plain text (or a
:class:`~hello_agents.tools.base.ToolResult` through the registry).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class ToolResponse:
    """What one tool action answered.

    Attributes:
        status: ``"success"`` or ``"error"``.
        text: What the model reads (``"Error: ..."`` for an error).
        data: Structured facts for code.
        error_code: A short code for an error (``"NOT_FOUND"``), else None.
    """

    status: Literal["success", "error"]
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    error_code: str | None = None

    @classmethod
    def success(cls, text: str, data: Mapping[str, Any] | None = None) -> ToolResponse:
        """A successful answer."""
        return cls("success", text, dict(data or {}))

    @classmethod
    def error(cls, code: str, message: str, data: Mapping[str, Any] | None = None) -> ToolResponse:
        """A failed answer; ``text`` is ``"Error: <message>"``."""
        return cls("error", f"Error: {message}", dict(data or {}), code)

    @property
    def ok(self) -> bool:
        """True for a successful answer."""
        return self.status == "success"

    def __str__(self) -> str:
        return self.text


__all__ = ["ToolResponse"]
