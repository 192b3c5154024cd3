"""What goes to a model and what comes back: messages, responses, stream events.

A :class:`Message` keeps what the framework needs (a timestamp, free metadata)
while :meth:`Message.to_dict` gives the API only the keys it understands.

:class:`LLMResponse` is the record behind ``llm.chat(...)``: text, tool calls,
finish reason and token usage. A streamed call yields :class:`TextDelta` and
:class:`ToolCallDelta` events as they arrive, then one :class:`StreamEnd`
holding the same :class:`LLMResponse`, assembled by :class:`StreamAccumulator`.

This module is also the one boundary where data from a server becomes typed
records: :func:`parse_completion` and :func:`parse_chunk` take the decoded
JSON exactly as it arrived and either return records whose fields have the
declared types (``ToolCall.name`` and ``ToolCall.arguments`` are ``str``) or
raise :class:`~hello_agents.core.exceptions.LLMResponseError`. Nothing else in
the framework reads a server's JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from hello_agents.core.exceptions import LLMResponseError, LLMStreamError

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
        reasoning_content: On an assistant message, the reasoning a thinking
            model returned beside its answer. It is sent back with the message:
            thinking models that call tools (DeepSeek's, Kimi's) need their
            reasoning returned with the tool calls of the same turn.
    """

    content: str
    role: MessageRole
    timestamp: datetime = Field(default_factory=datetime.now)
    metadata: dict[str, Any] = Field(default_factory=dict)
    tool_calls: list[ToolCall] | None = None
    tool_call_id: str | None = None
    reasoning_content: str | None = None

    def __init__(self, content: str | None, role: MessageRole, **data: Any) -> None:
        super().__init__(content="" if content is None else content, role=role, **data)

    def to_dict(self) -> dict[str, Any]:
        """The message as the chat-completions API expects it: ``role`` and ``content``,
        plus ``tool_calls``, ``tool_call_id`` or ``reasoning_content`` when they are
        set (timestamp and metadata stay inside the framework)."""
        wire: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.reasoning_content:
            wire["reasoning_content"] = self.reasoning_content
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
            reasoning_content=data.get("reasoning_content") or None,
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


@dataclass(frozen=True)
class TokenUsage:
    """Tokens counted by the provider for one call."""

    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens


@dataclass(frozen=True)
class LLMResponse:
    """One complete answer from the model.

    Attributes:
        content: The text (``""`` when the model only called tools).
        tool_calls: Native tool calls, in the order the model made them.
        finish_reason: ``"stop"``, ``"tool_calls"``, ``"length"`` ...
        usage: Token counts, when the provider reported them.
        model: The model that answered, as the provider named it.
        reasoning_content: A thinking model's reasoning, returned beside the
            answer (``reasoning_content``, or ``reasoning`` as some servers
            name it); ``None`` when there was none.
    """

    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None
    usage: TokenUsage | None = None
    model: str | None = None
    reasoning_content: str | None = None

    def to_message(self) -> Message:
        """This answer as an assistant :class:`Message` (reasoning included)."""
        return Message(
            self.content,
            "assistant",
            tool_calls=list(self.tool_calls) or None,
            reasoning_content=self.reasoning_content,
        )


class AnswerText(str):
    """What ``invoke`` returns: the answer's text, as a ``str`` that also has ``.content``.

    The tutorial reads the result both ways: chapter 7 uses it as a string,
    newer chapter-9 code as ``response.content``. ``response`` is the whole
    :class:`LLMResponse` (finish reason, token usage, model).
    """

    response: LLMResponse

    def __new__(cls, response: LLMResponse) -> AnswerText:
        text = super().__new__(cls, response.content)
        text.response = response
        return text

    @property
    def content(self) -> str:
        """The text itself, as a plain ``str``."""
        return str.__str__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (AnswerText, (self.response,))


@dataclass(frozen=True)
class TextDelta:
    """A piece of streamed text."""

    text: str


@dataclass(frozen=True)
class ToolCallDelta:
    """A piece of a streamed tool call; pieces with the same index belong together."""

    index: int
    id: str | None = None
    name: str | None = None
    arguments: str = ""


@dataclass(frozen=True)
class StreamEnd:
    """The last event of a stream: the whole answer, assembled."""

    response: LLMResponse


StreamEvent = TextDelta | ToolCallDelta | StreamEnd


@dataclass
class _PartialCall:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


class StreamAccumulator:
    """Assembles stream deltas into one :class:`LLMResponse`.

    Tool-call pieces are grouped by their ``index``: the first piece of a call
    carries its id and name, later ones only more argument text.
    """

    def __init__(self) -> None:
        self._text: list[str] = []
        self._reasoning: list[str] = []
        self._calls: dict[int, _PartialCall] = {}
        self.finish_reason: str | None = None
        self.usage: TokenUsage | None = None
        self.model: str | None = None

    def add(self, event: TextDelta | ToolCallDelta) -> None:
        """Take one delta into account."""
        if isinstance(event, TextDelta):
            self._text.append(event.text)
            return
        partial = self._calls.setdefault(event.index, _PartialCall())
        if event.id:
            partial.id = event.id
        if event.name:
            partial.name += event.name
        partial.arguments.append(event.arguments)

    def add_chunk(self, payload: object) -> list[TextDelta | ToolCallDelta]:
        """Validate one streamed chunk (:func:`parse_chunk`), take it into
        account, and return its deltas.

        Raises:
            LLMResponseError: The chunk is malformed.
        """
        record = parse_chunk(payload)
        self.model = self.model or record.model
        self.usage = record.usage or self.usage
        self.finish_reason = record.finish_reason or self.finish_reason
        if record.reasoning:
            self._reasoning.append(record.reasoning)
        for event in record.deltas:
            self.add(event)
        return list(record.deltas)

    def finish(self, *, require_finish_reason: bool = True) -> LLMResponse:
        """The assembled response.

        Raises:
            LLMStreamError: If the stream ended without a finish reason, i.e.
                it was cut before the model was done.
        """
        if require_finish_reason and self.finish_reason is None:
            received = "".join(self._text)
            raise LLMStreamError(
                "the stream ended before the model finished its answer "
                f"({len(received)} characters received)",
                retryable=True,
            )
        calls = tuple(
            ToolCall(
                id=partial.id or f"call_{index}",
                name=partial.name,
                arguments="".join(partial.arguments) or "{}",
            )
            for index, partial in sorted(self._calls.items())
        )
        return LLMResponse(
            content="".join(self._text),
            tool_calls=calls,
            finish_reason=self.finish_reason,
            usage=self.usage,
            model=self.model,
            reasoning_content="".join(self._reasoning) or None,
        )


# ---- the boundary: server JSON -> typed records ---------------------------------------


@dataclass(frozen=True)
class ChunkRecord:
    """What one streamed chunk carries, validated.

    Attributes:
        deltas: Text and tool-call pieces, in order.
        finish_reason: Set on the chunk that ends the answer.
        usage: Token counts, when this chunk reports them.
        model: The model name, when the chunk names it.
        reasoning: The piece of a thinking model's reasoning this chunk carries.
    """

    deltas: tuple[TextDelta | ToolCallDelta, ...] = ()
    finish_reason: str | None = None
    usage: TokenUsage | None = None
    model: str | None = None
    reasoning: str = ""


def _fail(problem: str) -> LLMResponseError:
    return LLMResponseError(f"the server sent a malformed response: {problem}")


def _object(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(f"{what} is {_kind(value)}, not an object")
    return value


def _kind(value: object) -> str:
    if value is None:
        return "null"
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}.get(
        type(value), "a number" if isinstance(value, (int, float)) else type(value).__name__
    )


def _check_error(data: dict[str, Any]) -> None:
    """Some servers answer 200 (or an SSE event) whose body is only an error."""
    error = data.get("error")
    if error is not None and not data.get("choices"):
        detail = error.get("message", error) if isinstance(error, dict) else error
        raise _fail(f"an error instead of an answer: {str(detail)[:300]}")


def _text(value: object, what: str) -> str:
    """Content as text: a string, null, a list of text parts, or a bare number."""
    if isinstance(value, str):
        return value
    return "" if value is None else _other_text(value, what)


def _other_text(value: object, what: str) -> str:
    if isinstance(value, bool):
        raise _fail(f"{what} is a boolean")
    if isinstance(value, (int, float)):
        return json.dumps(value)
    if isinstance(value, list):
        parts = []
        for part in value:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, dict) and isinstance(part.get("text", ""), str):
                parts.append(part.get("text", ""))
            else:
                raise _fail(f"a part of {what} is {_kind(part)} without text")
        return "".join(parts)
    raise _fail(f"{what} is {_kind(value)}")


def _optional_text(value: object, what: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    raise _fail(f"{what} is {_kind(value)}")


def _arguments(value: object) -> str:
    """Tool-call arguments as JSON text; an object or list sent as such is encoded."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError) as error:  # pragma: no cover - JSON values always encode
        raise _fail(f"tool-call arguments cannot be encoded: {error}") from None


def _usage(value: object) -> TokenUsage | None:
    if not isinstance(value, dict):
        return None
    counts = (value.get("prompt_tokens"), value.get("completion_tokens"))
    return TokenUsage(*(n if type(n) is int else 0 for n in counts))


def _choices(data: dict[str, Any], *, required: bool) -> list[dict[str, Any]]:
    choices = data.get("choices")
    if choices is None and not required:
        return []
    if not isinstance(choices, list) or (required and not choices):
        raise _fail("no choices" if not choices else f"choices is {_kind(choices)}")
    return [_object(choice, "a choice") for choice in choices]


def parse_completion(data: object) -> LLMResponse:
    """Validate a chat-completion body into an :class:`LLMResponse`; a body that is
    not a completion (no choices, a message that is not an object ...) raises
    :class:`LLMResponseError`. Arguments sent as an object, list or number become
    their JSON text; a numeric name or content becomes its text."""
    body = _object(data, "the body")
    _check_error(body)
    choice = _choices(body, required=True)[0]
    message = _object(choice.get("message"), "the message")
    raw_calls = message.get("tool_calls")
    return LLMResponse(
        content=_text(message.get("content"), "the content"),
        tool_calls=_tool_calls(raw_calls) if raw_calls else (),
        finish_reason=_optional_text(choice.get("finish_reason"), "finish_reason"),
        usage=_usage(body.get("usage")),
        model=_optional_text(body.get("model"), "the model name"),
        reasoning_content=_reasoning(message) or None,
    )


def _tool_calls(raw_calls: object) -> tuple[ToolCall, ...]:
    """The ``tool_calls`` of a completion's message, validated."""
    if not isinstance(raw_calls, list):
        raise _fail(f"tool_calls is {_kind(raw_calls)}")
    calls = []
    for index, raw in enumerate(raw_calls):
        call = _object(raw, f"tool call #{index}")
        function = _object(call.get("function"), f"the function of tool call #{index}")
        # A missing name stays "": the agent answers the model that the tool is unknown.
        name = _optional_text(function.get("name"), f"the name of tool call #{index}") or ""
        calls.append(
            ToolCall(
                id=_optional_text(call.get("id"), f"the id of tool call #{index}")
                or f"call_{index}",
                name=name,
                arguments=_arguments(function.get("arguments")) or "{}",
            )
        )
    return tuple(calls)


def _reasoning(message: dict[str, Any]) -> str:
    """The reasoning beside an answer or a delta: ``reasoning_content`` (DeepSeek,
    Kimi, vLLM, llama.cpp) or ``reasoning`` (Ollama, OpenRouter); ``""`` if none."""
    for key in ("reasoning_content", "reasoning"):
        text = message.get(key)
        if isinstance(text, str) and text:  # another shape is not ours to read: ignored
            return text
    return ""


def parse_chunk(data: object) -> ChunkRecord:
    """Validate one streamed chunk (the JSON of an SSE ``data:`` line).

    Raises:
        LLMResponseError: The chunk is not a chat-completion chunk.
    """
    chunk = _object(data, "a stream chunk")
    _check_error(chunk)
    deltas: list[TextDelta | ToolCallDelta] = []
    finish_reason = None
    reasoning = ""
    for choice in _choices(chunk, required=False):
        delta = choice.get("delta") or {}
        delta = _object(delta, "a delta")
        reasoning += _reasoning(delta)
        text = _text(delta.get("content"), "delta.content")
        if text:
            deltas.append(TextDelta(text))
        raw_calls = delta.get("tool_calls") or []
        if not isinstance(raw_calls, list):
            raise _fail(f"delta.tool_calls is {_kind(raw_calls)}")
        for position, raw in enumerate(raw_calls):
            call = _object(raw, "a tool-call delta")
            index = call.get("index", position)
            if not isinstance(index, int) or isinstance(index, bool) or index < 0:
                raise _fail(f"a tool-call delta's index is {_kind(index)}")
            function = call.get("function") or {}
            function = _object(function, "a tool-call delta's function")
            deltas.append(
                ToolCallDelta(
                    index=index,
                    id=_optional_text(call.get("id"), "a tool call's id"),
                    name=_optional_text(function.get("name"), "a tool call's name"),
                    arguments=_arguments(function.get("arguments")),
                )
            )
        reason = _optional_text(choice.get("finish_reason"), "finish_reason")
        finish_reason = reason or finish_reason
    return ChunkRecord(
        deltas=tuple(deltas),
        finish_reason=finish_reason,
        usage=_usage(chunk.get("usage")),
        model=_optional_text(chunk.get("model"), "the model name"),
        reasoning=reasoning,
    )


__all__ = [
    "AnswerText",
    "ChunkRecord",
    "LLMResponse",
    "Message",
    "MessageRole",
    "StreamAccumulator",
    "StreamEnd",
    "StreamEvent",
    "TextDelta",
    "TokenUsage",
    "ToolCall",
    "ToolCallDelta",
    "parse_chunk",
    "parse_completion",
    "to_wire_messages",
]
