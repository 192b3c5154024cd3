"""The calling interface every LLM client shares.

:class:`BaseLLM` defines what agents call (``invoke``, ``think``, ``chat``,
their streaming and async twins) on top of four transport methods that a
subclass implements. :class:`~hello_agents.core.llm.HelloAgentsLLM` sends the
requests over HTTP with the ``openai`` SDK;
:class:`~hello_agents.testing.ScriptedLLM` answers from a script. Both build
requests the same way, here.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from typing import Any

from hello_agents.core.message import (
    AnswerText,
    LLMResponse,
    Message,
    StreamEnd,
    StreamEvent,
    TextDelta,
    to_wire_messages,
)

logger = logging.getLogger(__name__)

# Chat-completions parameters a call may pass through; anything else is dropped
# with a warning instead of crashing the SDK (put provider-specific fields in
# ``extra_body``).
REQUEST_PARAMETERS = frozenset(
    {
        "temperature",
        "max_tokens",
        "top_p",
        "stop",
        "seed",
        "presence_penalty",
        "frequency_penalty",
        "logit_bias",
        "response_format",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "user",
        "extra_body",
        "extra_headers",
        "timeout",
    }
)

Messages = Sequence[Message] | Sequence[dict[str, Any]] | str
"""A conversation: Message objects or wire dicts; a plain string is one user message."""


class BaseLLM(ABC):
    """What every LLM client offers to agents.

    Attributes:
        provider: Provider name (``"openai"``, ``"ollama"``, ``"scripted"`` ...).
        model: Model name sent with every request.
        temperature: Default sampling temperature.
        max_tokens: Default cap on answer length (``None``: provider default).
    """

    provider: str
    model: str | None
    temperature: float
    max_tokens: int | None

    def server_kind(self) -> str | None:
        """The kind of server behind this client (``"llama.cpp"``, ``"ollama"``,
        ``"vllm"``, ``"lmstudio"``), or ``None`` when unknown or a cloud API.

        Agents use it to pick how they ask for tool calls; this base knows no server.
        """
        return None

    def model_parameters(self) -> int | None:
        """How many parameters the model has, when the server says (a llama.cpp or
        Ollama server does), else ``None``. Agents turn their small-model aids on
        for a small model; this base knows no server."""
        return None

    # ---- the calls agents make -------------------------------------------------

    def invoke(self, messages: Messages, **kwargs: Any) -> AnswerText:
        """Send ``messages`` and return the answer's text (a ``str`` with ``.content``)."""
        return AnswerText(self.chat(messages, **kwargs))

    def chat(self, messages: Messages, **kwargs: Any) -> LLMResponse:
        """Send ``messages`` and return the whole :class:`LLMResponse`.

        Keyword arguments are chat-completions parameters (``temperature``,
        ``max_tokens``, ``tools``, ``tool_choice``, ``response_format``,
        ``stop`` ...); unknown ones are dropped with a warning.
        """
        return self._complete(self.build_request(messages, kwargs))

    def stream_chat(self, messages: Messages, **kwargs: Any) -> Iterator[StreamEvent]:
        """Stream text and tool-call deltas, ending with one ``StreamEnd``."""
        return self._stream(self.build_request(messages, kwargs))

    def stream_invoke(self, messages: Messages, **kwargs: Any) -> Iterator[str]:
        """Stream the answer's text, chunk by chunk. Nothing is printed."""
        for event in self.stream_chat(messages, **kwargs):
            if isinstance(event, TextDelta) and event.text:
                yield event.text

    def think(self, messages: Messages, temperature: float | None = None) -> Iterator[str]:
        """The tutorial's streaming call: yields text chunks, prints nothing."""
        if temperature is None:
            return self.stream_invoke(messages)
        return self.stream_invoke(messages, temperature=temperature)

    async def ainvoke(self, messages: Messages, **kwargs: Any) -> AnswerText:
        """Async twin of :meth:`invoke`."""
        return AnswerText(await self.achat(messages, **kwargs))

    async def achat(self, messages: Messages, **kwargs: Any) -> LLMResponse:
        """Async twin of :meth:`chat`."""
        return await self._acomplete(self.build_request(messages, kwargs))

    def astream_chat(self, messages: Messages, **kwargs: Any) -> AsyncIterator[StreamEvent]:
        """Async twin of :meth:`stream_chat`."""
        return self._astream(self.build_request(messages, kwargs))

    async def astream(self, messages: Messages, **kwargs: Any) -> AsyncIterator[str]:
        """Async twin of :meth:`stream_invoke`: yields text chunks."""
        async for event in self.astream_chat(messages, **kwargs):
            if isinstance(event, TextDelta) and event.text:
                yield event.text

    # ---- building a request ----------------------------------------------------

    def build_request(self, messages: Messages, options: dict[str, Any]) -> dict[str, Any]:
        """The chat-completions request body for ``messages`` and call options.

        Call options win over the client's defaults; ``None`` values are left
        out so the provider's own defaults apply.
        """
        unknown = sorted(set(options) - REQUEST_PARAMETERS)
        if unknown:
            logger.warning(
                "ignoring unknown model parameters %s (use extra_body={...} for "
                "provider-specific fields)",
                ", ".join(unknown),
            )
        if isinstance(messages, str):  # llm.invoke("question"), as chapter 9 writes it
            messages = [{"role": "user", "content": messages}]
        request: dict[str, Any] = {
            "model": self.model,
            "messages": sendable(to_wire_messages(list(messages))),  # type: ignore[arg-type]
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }
        request.update({key: value for key, value in options.items() if key not in unknown})
        return {key: value for key, value in request.items() if value is not None}

    # ---- transport: what a subclass implements ---------------------------------

    @abstractmethod
    def _complete(self, request: dict[str, Any]) -> LLMResponse:
        """Send one non-streaming request."""

    @abstractmethod
    def _stream(self, request: dict[str, Any]) -> Iterator[StreamEvent]:
        """Send one streaming request; yield deltas, then exactly one StreamEnd."""

    @abstractmethod
    async def _acomplete(self, request: dict[str, Any]) -> LLMResponse:
        """Async twin of :meth:`_complete`."""

    @abstractmethod
    def _astream(self, request: dict[str, Any]) -> AsyncIterator[StreamEvent]:
        """Async twin of :meth:`_stream`."""


def sendable(value: Any) -> Any:
    """``value`` with lone surrogates in its strings replaced by U+FFFD.

    Such strings (from bytes decoded with ``surrogateescape``, or a tool that
    slices an emoji in half) cannot be encoded as UTF-8, so the request could
    not be sent at all. A surrogate pair written as two halves is joined.
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        return value
    if isinstance(value, dict):
        return {key: sendable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [sendable(item) for item in value]
    return value


def final_response(events: Iterable[StreamEvent]) -> LLMResponse:
    """Drain a stream and return the response carried by its ``StreamEnd``."""
    for event in events:
        if isinstance(event, StreamEnd):
            return event.response
    raise RuntimeError("stream ended without a StreamEnd event")


__all__ = ["REQUEST_PARAMETERS", "BaseLLM", "Messages", "final_response", "sendable"]
