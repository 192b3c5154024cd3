"""Messages: rich inside the framework, minimal on the wire.

A :class:`Message` keeps what the framework needs (a timestamp, free metadata)
while :meth:`Message.to_dict` gives the API only the keys it understands.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

MessageRole = Literal["user", "assistant", "system", "tool"]


@dataclass(frozen=True)
class ToolCall:
    """One tool call requested by the model.

    Attributes:
        id: The call's id; the tool's reply must carry the same id.
        name: The tool the model wants to run.
        arguments: The arguments exactly as the model wrote them (a JSON text,
            possibly invalid: validation happens before the tool runs).
    """

    id: str
    name: str
    arguments: str = "{}"

    def to_dict(self) -> dict[str, Any]:
        """The OpenAI wire format of this call."""
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": self.name, "arguments": self.arguments},
        }


class Message(BaseModel):
    """One message of a conversation.

    ``Message("hi", "user")`` works positionally, as in the tutorial.

    Attributes:
        content: The text. ``None`` is stored as ``""`` (an assistant message
            that only calls tools has no text).
        role: ``"user"``, ``"assistant"``, ``"system"`` or ``"tool"``.
        timestamp: When the message was created.
        metadata: Free data for the framework or the user; never sent.
        tool_calls: On an assistant message, the tools it asked for.
        tool_call_id: On a tool message, the call it answers.
    """

    content: str
    role: MessageRole
    timestamp: datetime = Field(default_factory=datetime.now)
    metadata: dict[str, Any] = Field(default_factory=dict)
    tool_calls: list[ToolCall] | None = None
    tool_call_id: str | None = None

    def __init__(self, content: str | None, role: MessageRole, **data: Any) -> None:
        super().__init__(content=content, role=role, **data)

    @field_validator("content", mode="before")
    @classmethod
    def _none_is_empty(cls, value: object) -> object:
        return "" if value is None else value

    def to_dict(self) -> dict[str, Any]:
        """The message as the chat-completions API expects it.

        Only ``role`` and ``content``, plus ``tool_calls`` or ``tool_call_id``
        when they are set. Timestamp and metadata stay inside the framework.
        """
        wire: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.tool_calls:
            wire["tool_calls"] = [call.to_dict() for call in self.tool_calls]
        if self.tool_call_id is not None:
            wire["tool_call_id"] = self.tool_call_id
        return wire

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Message:
        """Build a message from the wire format (the inverse of :meth:`to_dict`)."""
        calls = [
            ToolCall(
                id=str(raw.get("id", "")),
                name=str(raw.get("function", {}).get("name", "")),
                arguments=str(raw.get("function", {}).get("arguments", "{}")),
            )
            for raw in data.get("tool_calls") or []
        ]
        return cls(
            data.get("content"),
            data["role"],
            tool_calls=calls or None,
            tool_call_id=data.get("tool_call_id"),
        )

    def __str__(self) -> str:
        return f"[{self.role}] {self.content}"


def to_wire_messages(messages: list[Message] | list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Normalise a list of :class:`Message` or plain dicts to wire dicts."""
    wire: list[dict[str, Any]] = []
    for message in messages:
        if isinstance(message, Message):
            wire.append(message.to_dict())
        elif isinstance(message, dict):
            wire.append(dict(message))
        else:
            raise TypeError(
                f"messages must be Message objects or dicts, got {type(message).__name__}"
            )
    return wire


__all__ = ["Message", "MessageRole", "ToolCall", "to_wire_messages"]
