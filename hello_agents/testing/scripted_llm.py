"""ScriptedLLM: a model that answers from a script, for tests without a network.

It implements the same interface as :class:`~hello_agents.core.llm.HelloAgentsLLM`
(it shares its request building through :class:`BaseLLM`), records every
request it receives, and fails loudly when a test calls it more often than the
script allows, or leaves scripted replies unused.

    llm = ScriptedLLM(["Thought: easy.\\nAction: Finish[4]"])
    agent = ReActAgent("demo", llm, registry)
    assert agent.run("2+2?") == "4"
    llm.assert_all_used()
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from hello_agents.core.llm import BaseLLM
from hello_agents.core.message import (
    LLMResponse,
    StreamAccumulator,
    StreamEnd,
    StreamEvent,
)
from hello_agents.testing.script import Fault, Scripted, ScriptedReply, ScriptItem, resolve_item


class ScriptExhaustedError(AssertionError):
    """The code under test called the model more often than the script allows."""


class UnusedScriptError(AssertionError):
    """The test ended with scripted replies that nobody asked for."""


@dataclass
class RecordedCall:
    """One request the scripted model received.

    Attributes:
        request: The whole request body (model, messages, temperature, tools ...).
        stream: Whether it was a streaming call.
    """

    request: dict[str, Any]
    stream: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The messages sent, in wire format."""
        return list(self.request.get("messages", []))

    @property
    def system_prompt(self) -> str | None:
        """The first system message's text, if any."""
        for message in self.messages:
            if message.get("role") == "system":
                return str(message.get("content", ""))
        return None

    @property
    def last_user_message(self) -> str | None:
        """The last user message's text, if any."""
        for message in reversed(self.messages):
            if message.get("role") == "user":
                return str(message.get("content", ""))
        return None


class ScriptedLLM(Scripted, BaseLLM):
    """An offline LLM that replays scripted answers.

    Args:
        script: The replies, one per call (see :mod:`hello_agents.testing.script`).
        model: The model name reported in responses.
        temperature: Default temperature recorded in requests.
        max_tokens: Default max_tokens recorded in requests.
        parameters: The model size it claims (``model_parameters()``), so a test
            can play a small model (agents then turn their small-model aids on).
    """

    provider = "scripted"

    def __init__(
        self,
        script: Iterable[ScriptItem] = (),
        *,
        model: str = "scripted-model",
        temperature: float = 0.7,
        max_tokens: int | None = None,
        parameters: int | None = None,
    ) -> None:
        self.model = model
        self.parameters = parameters
        self.temperature = temperature
        self.max_tokens = max_tokens
        self._load_script(script)
        self.calls: list[RecordedCall] = []

    def model_parameters(self) -> int | None:
        """The size given as ``parameters`` (``None``: unknown, as for a cloud model)."""
        return self.parameters

    @property
    def last_call(self) -> RecordedCall:
        """The most recent request (AssertionError when there was none)."""
        if not self.calls:
            raise AssertionError("the scripted LLM was never called")
        return self.calls[-1]

    def assert_all_used(self) -> None:
        """Fail when scripted replies were left unused."""
        if self._script:
            count = len(self._script)
            preview = ", ".join(repr(item)[:60] for item in list(self._script)[:3])
            noun = "reply was" if count == 1 else "replies were"
            raise UnusedScriptError(f"{count} scripted {noun} never requested (next: {preview})")

    def __enter__(self) -> ScriptedLLM:
        return self

    def __exit__(self, exc_type: object, *rest: object) -> None:
        if exc_type is None:
            self.assert_all_used()

    def __repr__(self) -> str:
        return (
            f"ScriptedLLM(model={self.model!r}, remaining={self.remaining}, "
            f"calls={len(self.calls)})"
        )

    # ---- transport -----------------------------------------------------------------

    def _next_reply(self, request: dict[str, Any], stream: bool) -> ScriptedReply:
        self.calls.append(RecordedCall(request=request, stream=stream))
        item = self._take()
        if item is None:
            last = self.calls[-1].last_user_message or ""
            raise ScriptExhaustedError(
                f"unexpected model call #{len(self.calls)}: the script is empty "
                f"(last user message: {last[:200]!r})"
            )
        outcome = resolve_item(item, request)
        if isinstance(outcome, Fault):
            raise TypeError("Fault items are for FakeOpenAIServer; script an exception instead")
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    def _complete(self, request: dict[str, Any]) -> LLMResponse:
        return self._next_reply(request, stream=False).to_response(self.model)

    def _stream(self, request: dict[str, Any]) -> Iterator[StreamEvent]:
        scripted = self._next_reply(request, stream=True)
        # The same chunks FakeOpenAIServer sends, validated as a client does.
        accumulator = StreamAccumulator()
        for body in scripted.chunk_bodies(self.model):
            yield from accumulator.add_chunk(body)
        accumulator.usage = accumulator.usage or scripted.usage
        accumulator.model = self.model
        yield StreamEnd(accumulator.finish())

    async def _acomplete(self, request: dict[str, Any]) -> LLMResponse:
        return self._complete(request)

    async def _astream(self, request: dict[str, Any]) -> AsyncIterator[StreamEvent]:
        for event in self._stream(request):
            yield event


__all__ = ["RecordedCall", "ScriptExhaustedError", "ScriptedLLM", "UnusedScriptError"]
