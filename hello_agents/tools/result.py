"""The outcome of one tool execution.

Every execution path (text protocol, native tool calls, chains, the parallel
executor, MCP) produces a :class:`ToolResult`. It always says whether the tool
succeeded; ``str(result)`` is the text the tutorial's agents feed back to the
model, so code written against plain strings keeps working.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import BaseModel

ToolErrorKind = Literal[
    "unknown_tool",  # no tool with that name (or not loaded yet)
    "invalid_json",  # the arguments were not parseable
    "invalid_arguments",  # parsed, but failed the tool's schema
    "execution_error",  # the tool raised
    "timeout",  # the tool did not finish in time
]


@dataclass(frozen=True)
class ToolResult:
    """What one tool call produced.

    Attributes:
        tool_name: The tool that was asked for.
        ok: True when the tool ran and returned normally.
        content: The text for the model: the tool's output, or an actionable
            error message that says what was wrong and how to fix the call.
        error_kind: Why it failed, when ``ok`` is False.
        data: The tool's structured return value, when it had one and its
            text fitted the registry's ``max_output_chars``. A larger value is
            not kept (``data`` is None, ``metadata["data_dropped"]`` is True), so
            a result never holds more than its truncated text in memory.
        truncated: True when ``content`` was cut to the configured size.
        metadata: Free extra data (timings, call ids ...).
    """

    tool_name: str
    ok: bool
    content: str
    error_kind: ToolErrorKind | None = None
    data: Any = None
    truncated: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.content

    @classmethod
    def success(cls, tool_name: str, content: str, data: Any = None) -> ToolResult:
        """A successful result."""
        return cls(tool_name=tool_name, ok=True, content=content, data=data)

    @classmethod
    def failure(cls, tool_name: str, kind: ToolErrorKind, message: str) -> ToolResult:
        """A failed result whose ``message`` is written for the model."""
        return cls(tool_name=tool_name, ok=False, content=message, error_kind=kind)

    @classmethod
    def from_value(cls, tool_name: str, value: Any) -> ToolResult:
        """A successful result from whatever the tool returned.

        Args:
            tool_name: The tool that ran.
            value: Its return value: text is kept as it is, anything else is
                rendered as JSON and also kept in ``data``.

        Returns:
            The result, with ``content`` ready for the model; a failed result
            (``execution_error``) when the value cannot be turned into text at
            all (an integer of thousands of digits, an object whose ``__str__``
            raises, a structure nested thousands deep).
        """
        if isinstance(value, str):
            return cls.success(tool_name, value)
        try:
            content = render_value(value)
        except Exception as error:
            return cls.failure(
                tool_name,
                "execution_error",
                f"Tool {tool_name!r} returned a value of type {type(value).__name__} "
                f"that cannot be shown as text ({type(error).__name__}: {_safe_text(error)}). "
                "The tool should return text, a number, or JSON-like data.",
            )
        return cls.success(tool_name, content, data=value)

    def truncated_to(self, max_chars: int | None) -> ToolResult:
        """This result with ``content`` cut to ``max_chars`` and a visible marker.

        Args:
            max_chars: The largest content to keep; ``None`` keeps everything.

        Returns:
            ``self`` when it fits, else a copy with ``truncated=True`` whose content
            ends with a line saying how much was cut.
        """
        if max_chars is None or len(self.content) <= max_chars:
            return self
        marker = (
            f"\n[output truncated: showing the first {max_chars} of {len(self.content)} characters]"
        )
        metadata = self.metadata if self.data is None else {**self.metadata, "data_dropped": True}
        return replace(
            self,
            content=self.content[:max_chars] + marker,
            truncated=True,
            data=None,  # the full value would keep what the text was cut to spare alive
            metadata=metadata,
        )


def render_value(value: Any) -> str:
    """Turn a tool's return value into text for the model.

    Args:
        value: A string, a pydantic model, or anything JSON can represent.

    Returns:
        The string itself, the model's JSON, JSON for other values (unknown
        objects fall back to ``str``), or ``"(no output)"`` for ``None``, so the
        model never reads an empty observation after an action with side effects.
    """
    if value is None:
        return "(no output)"
    if isinstance(value, str):
        return value
    if isinstance(value, BaseModel):
        return value.model_dump_json()
    try:
        return json.dumps(value, ensure_ascii=False, default=_json_fallback)
    except (TypeError, ValueError, RecursionError):  # circular structures and the like
        return str(value)


def _json_fallback(value: Any) -> Any:
    """How ``json.dumps`` renders values it does not know (models, dates, sets ...)."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


def _safe_text(error: BaseException) -> str:
    """``str(error)``, or a placeholder when even that fails."""
    try:
        return str(error)[:200]
    except Exception:
        return "(the error message itself could not be shown)"


__all__ = ["ToolErrorKind", "ToolResult", "render_value"]
