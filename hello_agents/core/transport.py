"""Reading a model's HTTP answer under deadlines.

The ``openai`` SDK's ``timeout`` limits each read from the socket, so a
server that sends one byte every half second is never "too slow" for it.
:class:`HelloAgentsLLM` therefore reads the raw body itself, here, and holds
each attempt to :class:`Limits`: a deadline for the whole answer (or, for a
stream, for its first chunk), a longest silence between stream chunks, and the
retry policy's total budget. The SSE framing is decoded by :class:`SSEDecoder`;
what the chunks mean is decided in :mod:`hello_agents.core.response`.

In a synchronous call a blocking read cannot be interrupted from the same
thread, so a small :class:`Watchdog` thread shuts the socket down when a limit
passes; in an async call each read is awaited with a timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from hello_agents.core.exceptions import LLMResponseError

# A body or one SSE line larger than this is not an answer (a runaway or hostile server).
MAX_BODY_BYTES = 64 * 1024 * 1024


class DeadlineExceeded(Exception):
    """Internal: an attempt ran past one of its limits (turned into LLMTimeoutError).

    Attributes:
        reason: What ran out, e.g. ``"sent nothing for 5s in the middle of the stream"``.
        retryable: False when the total budget is spent.
    """

    def __init__(self, reason: str, *, retryable: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retryable = retryable


@dataclass
class Limits:
    """The limits of one attempt, as ``time.monotonic()`` instants and seconds.

    Attributes:
        answer_by: The whole answer (non-streaming) or the first chunk
            (streaming) must arrive by then.
        budget_end: The retry policy's total budget ends then (``None``: no budget).
        idle: Longest silence allowed between two chunks of a stream.
        timeout: The configured per-call timeout, for messages.
        stream: Whether this is a streaming attempt.
    """

    answer_by: float
    budget_end: float | None
    idle: float | None
    timeout: float
    stream: bool
    last_chunk: float | None = None
    on_change: Callable[[], None] | None = None

    def next_limit(self) -> tuple[float, DeadlineExceeded]:
        """The nearest instant at which this attempt must give up, and why."""
        if self.stream and self.last_chunk is not None:
            limit = float("inf") if self.idle is None else self.last_chunk + self.idle
            error = DeadlineExceeded(f"sent nothing for {self.idle:g}s in the middle of the stream")
        elif self.stream:
            limit, error = (
                self.answer_by,
                DeadlineExceeded(f"sent no first chunk within {self.timeout:g}s"),
            )
        else:
            limit, error = (
                self.answer_by,
                DeadlineExceeded(f"did not answer within {self.timeout:g}s"),
            )
        if self.budget_end is not None and self.budget_end <= limit:
            return self.budget_end, DeadlineExceeded(
                "ran past the retry policy's total budget", retryable=False
            )
        return limit, error

    def remaining(self) -> float | None:
        """Seconds left before :meth:`next_limit` (``None``: no limit)."""
        limit, _ = self.next_limit()
        return None if limit == float("inf") else max(0.0, limit - time.monotonic())

    def check(self) -> None:
        """Raise :class:`DeadlineExceeded` when a limit has passed."""
        limit, error = self.next_limit()
        if time.monotonic() >= limit:
            raise error

    def chunk_arrived(self) -> None:
        """Note that a stream chunk arrived (re-arms the idle limit).

        Called per decoded SSE event, not per byte: a server trickling
        whitespace makes no progress and keeps no stream alive.
        """
        self.last_chunk = time.monotonic()
        if self.on_change is not None:
            self.on_change()


class SSEDecoder:
    """Splits a server-sent-events byte stream into the ``data`` of each event."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._data: list[str] = []

    def feed(self, piece: bytes) -> list[str]:
        """Take more bytes; return the data of every event they complete."""
        self._buffer += piece
        events: list[str] = []
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                break
            line = bytes(self._buffer[:end]).rstrip(b"\r").decode("utf-8", errors="replace")
            del self._buffer[: end + 1]
            if not line:
                if self._data:
                    events.append("\n".join(self._data))
                    self._data = []
            elif line.startswith("data:"):
                self._data.append(line[5:].removeprefix(" "))
            # "event:", "id:", "retry:" and ":" comment lines carry nothing we use
        if len(self._buffer) > MAX_BODY_BYTES:
            raise LLMResponseError("the server sent a stream line larger than 64 MB")
        return events

    def close(self) -> list[str]:
        """The data of a last event not followed by a blank line."""
        tail = self.feed(b"\n\n") if self._buffer or self._data else []
        return tail


def decode_json(text: str | bytes, what: str) -> Any:
    """``json.loads`` with a typed error naming what could not be read."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        preview = text[:120] if isinstance(text, str) else text[:120].decode("utf-8", "replace")
        raise LLMResponseError(
            f"the server sent {what} that is not valid JSON ({error.__class__.__name__}): "
            f"{preview!r}"
        ) from None


class Watchdog:
    """Shuts a response's socket down when its attempt's limit passes.

    A blocked ``recv`` in another thread is woken by ``shutdown``, so the
    synchronous reader gets an error at once instead of waiting for a read
    timeout that a trickling server keeps resetting.
    """

    def __init__(self, response: Any, limits: Limits) -> None:
        stream = getattr(response, "extensions", {}).get("network_stream")
        self._socket: socket.socket | None = (
            stream.get_extra_info("socket") if stream is not None else None
        )
        self._limits = limits
        self._changed = threading.Event()
        self._stopped = False
        self.fired = False
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Watchdog:
        self._limits.on_change = self.rearm
        if self._socket is not None:
            self._thread = threading.Thread(
                target=self._run, name="hello-agents-llm-watchdog", daemon=True
            )
            self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._limits.on_change = None
        self._stopped = True
        self._changed.set()

    def rearm(self) -> None:
        """The limits changed (a chunk arrived): look at them again."""
        self._changed.set()

    def _run(self) -> None:
        while not self._stopped:
            remaining = self._limits.remaining()
            if remaining is not None and remaining <= 0:
                self.fired = True
                with contextlib.suppress(OSError):  # already closed: nothing to interrupt
                    self._socket.shutdown(socket.SHUT_RDWR)  # type: ignore[union-attr]
                return
            self._changed.wait(remaining)
            self._changed.clear()


def read_body_sync(response: Any, limits: Limits) -> Iterator[bytes]:
    """The body of an httpx response, piece by piece, within ``limits``."""
    with Watchdog(response, limits) as watchdog:
        try:
            for piece in response.iter_bytes():
                limits.check()
                yield piece
        except DeadlineExceeded:
            raise
        except Exception:
            if watchdog.fired:
                raise limits.next_limit()[1] from None
            raise
        if watchdog.fired:
            raise limits.next_limit()[1]


async def read_body_async(response: Any, limits: Limits) -> AsyncIterator[bytes]:
    """Async twin of :func:`read_body_sync`: each read is awaited with a timeout."""
    pieces = response.aiter_bytes().__aiter__()
    while True:
        try:
            piece = await asyncio.wait_for(pieces.__anext__(), limits.remaining())
        except StopAsyncIteration:
            return
        except asyncio.TimeoutError:
            raise limits.next_limit()[1] from None
        yield piece


class BodyCollector:
    """Collects a non-streamed body, refusing runaway sizes."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []
        self._size = 0

    def add(self, piece: bytes) -> None:
        """Append ``piece``.

        Raises:
            LLMResponseError: The body passed 64 MB.
        """
        self._size += len(piece)
        if self._size > MAX_BODY_BYTES:
            raise LLMResponseError("the server sent a body larger than 64 MB")
        self._parts.append(piece)

    def body(self) -> bytes:
        """Everything collected."""
        return b"".join(self._parts)


__all__ = [
    "MAX_BODY_BYTES",
    "BodyCollector",
    "DeadlineExceeded",
    "Limits",
    "SSEDecoder",
    "Watchdog",
    "decode_json",
    "read_body_async",
    "read_body_sync",
]
