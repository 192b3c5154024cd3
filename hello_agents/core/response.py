"""What a model call returns: a full response, or a stream of small events.

:class:`LLMResponse` is the record behind ``llm.chat(...)``: text, tool calls,
finish reason and token usage. A streamed call yields :class:`TextDelta` and
:class:`ToolCallDelta` events as they arrive, then one :class:`StreamEnd`
holding the same :class:`LLMResponse`, assembled by :class:`StreamAccumulator`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hello_agents.core.exceptions import LLMStreamError
from hello_agents.core.message import Message, ToolCall


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
    """

    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None
    usage: TokenUsage | None = None
    model: str | None = None

    def to_message(self) -> Message:
        """This answer as an assistant :class:`Message` for the history."""
        return Message(self.content, "assistant", tool_calls=list(self.tool_calls) or None)


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
        )


__all__ = [
    "LLMResponse",
    "StreamAccumulator",
    "StreamEnd",
    "StreamEvent",
    "TextDelta",
    "TokenUsage",
    "ToolCallDelta",
]
