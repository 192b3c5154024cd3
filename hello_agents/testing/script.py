"""Scripted model replies, shared by the scripted LLM and the fake server.

A script is a list of items, one per model call, consumed in order:

* a ``str``: the model answers that text;
* a :class:`ScriptedReply`: text and/or tool calls, with optional stream chunks;
* an exception instance: the call raises it (``ScriptedLLM`` only);
* a :class:`Fault`: an HTTP-level failure (``FakeOpenAIServer`` only);
* a callable taking the request body (a dict) and returning any of the above,
  for replies that depend on what was sent.
"""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from hello_agents.core.message import LLMResponse, TokenUsage, ToolCall, parse_completion

_call_ids = itertools.count(1)


@dataclass(frozen=True)
class ScriptedReply:
    """One scripted answer.

    Attributes:
        content: The text of the answer.
        tool_calls: Native tool calls the model makes.
        finish_reason: Defaults to ``"tool_calls"`` when there are tool calls,
            otherwise ``"stop"``.
        chunks: How the text is split when streamed (default: word by word).
        usage: Token counts to report.
        reasoning_content: A thinking model's reasoning, sent beside the answer
            (streamed word by word before the text).
    """

    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None
    chunks: tuple[str, ...] | None = None
    usage: TokenUsage | None = None
    reasoning_content: str | None = None

    @property
    def final_reason(self) -> str:
        """The finish reason the reply ends with."""
        return self.finish_reason or ("tool_calls" if self.tool_calls else "stop")

    def stream_chunks(self) -> list[Any]:
        """The text pieces a stream delivers (they join to ``content``).

        Content that is not a string (a test scripting a hostile server) is
        sent as one piece, as it is.
        """
        if self.chunks is not None:
            return list(self.chunks)
        content: Any = self.content
        if not isinstance(content, str):
            return [content]
        return re.findall(r"\s*\S+\s*$|\s*\S+", self.content) or (
            [self.content] if self.content else []
        )

    def completion_body(self, model: str | None) -> dict[str, Any]:
        """This reply as a chat-completion JSON body, exactly as a server sends it.

        Tool-call fields are sent as scripted, even when they are not strings
        (``arguments`` as an object, a ``None`` name): that is how a test
        scripts a hostile server.
        """
        message: dict[str, Any] = {"role": "assistant", "content": self.content}
        if self.reasoning_content is not None:
            message["reasoning_content"] = self.reasoning_content
        if self.tool_calls:
            message["tool_calls"] = [call.to_dict() for call in self.tool_calls]
            message["content"] = self.content or None
        body: dict[str, Any] = {
            "id": "chatcmpl-scripted",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": self.final_reason}],
        }
        if self.usage is not None:
            body["usage"] = {
                "prompt_tokens": self.usage.prompt_tokens,
                "completion_tokens": self.usage.completion_tokens,
                "total_tokens": self.usage.total_tokens,
            }
        return body

    def chunk_bodies(self, model: str | None) -> list[dict[str, Any]]:
        """This reply as the JSON bodies of its SSE chunks: the role, the text
        pieces, each tool call in two parts (string arguments are split in
        half; other values are sent whole), then the finish reason."""

        def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
            return {
                "id": "chatcmpl-scripted",
                "object": "chat.completion.chunk",
                "created": int(time.time()),
                "model": model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
            }

        chunks = [chunk({"role": "assistant", "content": ""})]
        thinking = re.findall(r"\s*\S+", self.reasoning_content or "")
        chunks += [chunk({"reasoning_content": piece}) for piece in thinking]
        chunks += [chunk({"content": piece}) for piece in self.stream_chunks()]
        for index, call in enumerate(self.tool_calls):
            arguments: Any = call.arguments
            head_arguments, tail_arguments = arguments, ""
            if isinstance(arguments, str):
                half = len(arguments) // 2
                head_arguments, tail_arguments = arguments[:half], arguments[half:]
            head = {"index": index, "id": call.id, "type": "function"}
            head["function"] = {"name": call.name, "arguments": head_arguments}
            chunks.append(chunk({"tool_calls": [head]}))
            if tail_arguments:
                tail = {"index": index, "function": {"arguments": tail_arguments}}
                chunks.append(chunk({"tool_calls": [tail]}))
        chunks.append(chunk({}, self.final_reason))
        return chunks

    def to_response(self, model: str | None) -> LLMResponse:
        """This reply as the response record a client returns.

        It goes through the same validation as a server's answer
        (:func:`~hello_agents.core.message.parse_completion`), so a hostile
        scripted reply behaves as it would over HTTP.

        Raises:
            LLMResponseError: The scripted reply is malformed (e.g. a tool call
                without a name).
        """
        return parse_completion(self.completion_body(model))


def reply(
    content: str = "", *, chunks: list[str] | None = None, reasoning_content: str | None = None
) -> ScriptedReply:
    """A text answer, optionally streamed in the given ``chunks``, optionally with a
    thinking model's ``reasoning_content``."""
    return ScriptedReply(
        content=content,
        chunks=tuple(chunks) if chunks is not None else None,
        reasoning_content=reasoning_content,
    )


def tool_call(
    name: str, arguments: dict[str, Any] | str | None = None, id: str | None = None
) -> ToolCall:
    """A native tool call; dict arguments are encoded as JSON, strings kept verbatim
    (so a test can script invalid JSON)."""
    text = arguments if isinstance(arguments, str) else json.dumps(arguments or {})
    return ToolCall(id=id or f"call_{next(_call_ids)}", name=name, arguments=text)


def tool_calls(
    *calls: ToolCall, content: str = "", reasoning_content: str | None = None
) -> ScriptedReply:
    """An answer that calls the given tools (and may also carry text, and a thinking
    model's ``reasoning_content``)."""
    return ScriptedReply(content=content, tool_calls=calls, reasoning_content=reasoning_content)


@dataclass(frozen=True)
class Fault:
    """An HTTP-level failure the fake server produces instead of a reply.

    Build one with the class methods: :meth:`status`, :meth:`rate_limit`,
    :meth:`delay`, :meth:`cut_stream`, :meth:`malformed_json`, :meth:`raw`.
    """

    kind: str
    status_code: int = 500
    message: str = ""
    retry_after: float | None = None
    seconds: float = 0.0
    after_chunks: int = 0
    clean: bool = False
    then: ScriptedReply | None = None
    body: Any = None
    raw_chunks: tuple[Any, ...] | None = None

    @classmethod
    def status(cls, code: int, message: str = "injected failure") -> Fault:
        """Answer with HTTP ``code`` and an OpenAI-style error body."""
        return cls("status", status_code=code, message=message)

    @classmethod
    def rate_limit(cls, retry_after: float | None = 0.05) -> Fault:
        """Answer 429 with a ``Retry-After`` of ``retry_after`` seconds."""
        return cls("status", status_code=429, message="rate limited", retry_after=retry_after)

    @classmethod
    def delay(cls, seconds: float, then: ScriptedReply | str = "") -> Fault:
        """Wait ``seconds`` before answering ``then`` (past a client timeout, nothing arrives)."""
        return cls("delay", seconds=seconds, then=_as_reply(then))

    @classmethod
    def cut_stream(
        cls,
        after_chunks: int = 2,
        then: ScriptedReply | str = "one two three four",
        *,
        clean: bool = False,
    ) -> Fault:
        """Stream ``then`` but stop after ``after_chunks`` chunks (the first chunk
        carries only the role). By default the connection drops mid-body; with
        ``clean=True`` the body ends properly, just without a finish reason."""
        return cls("cut_stream", after_chunks=after_chunks, clean=clean, then=_as_reply(then))

    @classmethod
    def malformed_json(cls) -> Fault:
        """Answer 200 with a body that is not JSON (or, streaming, a broken chunk)."""
        return cls("malformed_json")

    @classmethod
    def raw(
        cls, body: Any = None, *, chunks: list[Any] | None = None, status_code: int = 200
    ) -> Fault:
        """Answer exactly what is given, for hostile-server tests.

        A non-streaming request gets ``body`` JSON-encoded (``bytes`` are sent
        as they are). A streaming request gets each of ``chunks`` as one SSE
        event (JSON-encoded unless ``bytes``), then ``data: [DONE]``; without
        ``chunks`` it gets ``body`` as one event.
        """
        return cls(
            "raw",
            status_code=status_code,
            body=body,
            raw_chunks=tuple(chunks) if chunks is not None else None,
        )


ScriptItem = str | ScriptedReply | Fault | BaseException | Callable[[dict[str, Any]], Any]


def _as_reply(item: ScriptedReply | str) -> ScriptedReply:
    return item if isinstance(item, ScriptedReply) else ScriptedReply(content=item)


def resolve_item(
    item: ScriptItem, request: dict[str, Any]
) -> ScriptedReply | Fault | BaseException:
    """Turn a script item into a reply, a fault or an exception for ``request``."""
    if isinstance(item, (ScriptedReply, Fault, BaseException)):
        return item
    if isinstance(item, str):
        return ScriptedReply(content=item)
    if callable(item):
        return resolve_item(item(request), request)
    raise TypeError(f"not a script item: {item!r}")


ScriptedT = TypeVar("ScriptedT", bound="Scripted")


class Scripted:
    """What the scripted LLM and the fake server share: a script, consumed in order.

    A subclass calls :meth:`_load_script` in its ``__init__``.
    """

    _script: deque[ScriptItem]

    def _load_script(self, items: Iterable[ScriptItem]) -> None:
        self._script = deque(items)
        self._script_lock = threading.Lock()  # the fake server's handlers run in threads

    def add(self: ScriptedT, *items: ScriptItem) -> ScriptedT:
        """Append items to the script; returns self, for chaining."""
        with self._script_lock:
            self._script.extend(items)
        return self

    @property
    def remaining(self) -> int:
        """Script items not used yet."""
        return len(self._script)

    def _take(self) -> ScriptItem | None:
        """The next script item, or None when the script is used up."""
        with self._script_lock:
            return self._script.popleft() if self._script else None


__all__ = [
    "Fault",
    "ScriptItem",
    "Scripted",
    "ScriptedReply",
    "reply",
    "resolve_item",
    "tool_call",
    "tool_calls",
]
