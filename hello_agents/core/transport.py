"""Reading a model's HTTP answer under deadlines.

The ``openai`` SDK's ``timeout`` limits each read from the socket, so a
server that sends one byte every half second is never "too slow" for it.
:class:`HelloAgentsLLM` therefore reads the raw body itself, here, and holds
each attempt to :class:`Limits`: a deadline for the whole answer (or, for a
stream, for its first chunk), a longest silence between stream chunks, and the
retry policy's total budget. While a llama.cpp server reports its progress
through a long prompt (``prompt_progress`` chunks), the silence allowed is sized
to the prompt tokens it still has to read, at the speed it has shown. The SSE
framing is decoded by :class:`SSEDecoder`; what the chunks mean is decided in
:mod:`hello_agents.core.message`.

In a synchronous call a blocking read cannot be interrupted from the same
thread, so a :class:`Watchdog` (one thread of the process watches them all)
shuts the socket down when a limit passes; in an async call each read is
awaited with a timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import threading
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from hello_agents.core.exceptions import LLMResponseError

# A body or one SSE line larger than this is not an answer (a runaway or hostile server).
MAX_BODY_BYTES = 64 * 1024 * 1024

ASSUMED_PROMPT_RATE = 20.0
"""Prompt tokens per second assumed of a server that has not shown its speed yet
(a small model on a slow, busy CPU reads about this many)."""

SILENCE_FACTOR = 3.0
"""While a server reads a prompt, the silence allowed is this many times the time
the tokens left should take at its speed (its speed varies with load)."""

MEASURED_PROMPT_TOKENS = 64
"""A call's ``timings`` teach a server's prompt speed only from this many prompt
tokens up (one or two tokens read after a cache hit say little about it)."""

PROGRESS_READ_LIMIT = 3600.0
"""The socket's read limit in a stream whose silences are sized to its progress."""

_prompt_rates: dict[str, float] = {}
_rates_lock = threading.Lock()


def remembered_prompt_rate(key: str | None) -> float | None:
    """The prompt speed (tokens/s) a server at ``key`` showed last, if any."""
    with _rates_lock:
        return None if key is None else _prompt_rates.get(key)


def remember_prompt_rate(key: str | None, rate: float) -> None:
    """Keep the prompt speed a server at ``key`` showed, for its next calls."""
    if key is not None and rate > 0:
        with _rates_lock:
            _prompt_rates[key] = rate


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
        rate_key: Names the server whose prompt speed is remembered between calls.
        prompt_total: Prompt tokens of this call, once the server reported them.
        prompt_left: Prompt tokens the server reported it still has to read.
        prompt_rate: Its prompt speed (tokens/s) as this call's reports show it.
    """

    answer_by: float
    budget_end: float | None
    idle: float | None
    timeout: float
    stream: bool
    rate_key: str | None = None
    last_chunk: float | None = None
    on_change: Callable[[], None] | None = None
    prompt_total: int = 0
    prompt_left: int = 0
    prompt_rate: float | None = None

    def allowed_silence(self) -> float | None:
        """The longest silence allowed now: ``idle``, or longer while the server
        still has prompt tokens to read (sized to them, see :data:`SILENCE_FACTOR`)."""
        if self.idle is None or self.prompt_left <= 0:
            return self.idle
        rate = self.prompt_rate or remembered_prompt_rate(self.rate_key) or ASSUMED_PROMPT_RATE
        return max(self.idle, SILENCE_FACTOR * self.prompt_left / rate)

    def progress(self, report: Any) -> None:
        """Take in a llama.cpp ``prompt_progress`` report (``total``, ``cache``,
        ``processed``, ``time_ms``); anything malformed is ignored."""
        if not isinstance(report, dict):
            return
        numbers = [report.get(key) for key in ("total", "cache", "processed", "time_ms")]
        if not all(isinstance(n, (int, float)) and not isinstance(n, bool) for n in numbers):
            return
        total, cache, processed, elapsed_ms = (float(n) for n in numbers)  # type: ignore[arg-type]
        self.prompt_total = int(total)
        self.prompt_left = max(0, int(total - processed))
        read = processed - cache
        if read > 0 and elapsed_ms > 0:
            self.prompt_rate = read / (elapsed_ms / 1000)

    def timings(self, report: Any) -> None:
        """Take in the ``timings`` a llama.cpp server sends with its last chunk:
        its prompt speed is remembered for the next calls to it."""
        if not isinstance(report, dict):
            return
        count, rate = report.get("prompt_n"), report.get("prompt_per_second")
        measured = isinstance(count, int) and count >= MEASURED_PROMPT_TOKENS
        if measured and isinstance(rate, (int, float)):
            remember_prompt_rate(self.rate_key, float(rate))

    def next_limit(self) -> tuple[float, DeadlineExceeded]:
        """The nearest instant at which this attempt must give up, and why."""
        if self.stream and self.last_chunk is not None:
            silence = self.allowed_silence()
            limit = float("inf") if silence is None else self.last_chunk + silence
            if self.prompt_left > 0:
                error = DeadlineExceeded(
                    f"reported no progress for {silence:.0f}s while reading the prompt "
                    f"({self.prompt_left} of {self.prompt_total} tokens left)"
                )
            else:
                error = DeadlineExceeded(
                    f"sent nothing for {self.idle:g}s in the middle of the stream"
                )
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
    timeout that a trickling server keeps resetting. One thread of the process
    (:class:`_WatchThread`) watches every open response, so a call starts no
    thread of its own.
    """

    def __init__(self, response: Any, limits: Limits) -> None:
        stream = getattr(response, "extensions", {}).get("network_stream")
        self._socket: socket.socket | None = (
            stream.get_extra_info("socket") if stream is not None else None
        )
        self.limits = limits
        self.fired = False

    def __enter__(self) -> Watchdog:
        if self._socket is not None:
            self.limits.on_change = self.rearm
            _WATCH_THREAD.watch(self)
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.limits.on_change = None
        _WATCH_THREAD.forget(self)

    def rearm(self) -> None:
        """The limits changed (a chunk arrived): look at them again."""
        _WATCH_THREAD.rearm(self.limits.next_limit()[0])

    def fire(self) -> None:
        """The limit passed: interrupt the reader."""
        self.fired = True
        with contextlib.suppress(OSError):  # already closed: nothing to interrupt
            self._socket.shutdown(socket.SHUT_RDWR)  # type: ignore[union-attr]


class _WatchThread:
    """One daemon thread that sleeps until the nearest limit of the watched
    responses, fires the watchdogs whose limit passed, and sleeps again."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Watch nothing, with no thread yet (also in a forked child, which has none)."""
        self._changed = threading.Condition()
        self._watched: set[Watchdog] = set()
        self._wake_at = float("inf")
        self._thread: threading.Thread | None = None

    def watch(self, watchdog: Watchdog) -> None:
        with self._changed:
            self._watched.add(watchdog)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="hello-agents-llm-watchdog", daemon=True
                )
                self._thread.start()
        # The thread wakes only if it would sleep past this limit: waking it for
        # every request costs each call a thread switch on a busy machine.
        self.rearm(watchdog.limits.next_limit()[0])

    def forget(self, watchdog: Watchdog) -> None:
        with self._changed:
            self._watched.discard(watchdog)

    def rearm(self, limit: float) -> None:
        """A watched limit moved to ``limit``: wake the thread if it sleeps past it."""
        with self._changed:
            if limit < self._wake_at:
                self._changed.notify()

    def _run(self) -> None:
        with self._changed:
            while True:
                now, nearest = time.monotonic(), float("inf")
                for watchdog in list(self._watched):
                    limit = watchdog.limits.next_limit()[0]
                    if limit <= now:
                        self._watched.discard(watchdog)
                        watchdog.fire()
                    else:
                        nearest = min(nearest, limit)
                self._wake_at = nearest
                self._changed.wait(None if nearest == float("inf") else nearest - now)


_WATCH_THREAD = _WatchThread()
if hasattr(os, "register_at_fork"):  # a forked child has the state but not the thread
    os.register_at_fork(after_in_child=_WATCH_THREAD.reset)


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


def sdk_timeout(limits: Limits) -> float:
    """The SDK's per-read timeout for an attempt: never past its limits, never 0
    (a zero timeout makes a socket non-blocking rather than expired).

    Raises:
        DeadlineExceeded: A limit has already passed.
    """
    limits.check()
    if limits.stream and limits.rate_key is not None:
        # A server reporting its progress may stay silent longer than `timeout`
        # while it reads a long prompt (Limits.allowed_silence). The watchdog (sync)
        # and the awaited reads (async) hold the attempt to its limits; the
        # socket's own read limit only backs them up.
        return PROGRESS_READ_LIMIT
    read_limit = max(limits.timeout, limits.idle or 0.0)
    remaining = limits.remaining()
    return read_limit if remaining is None else max(0.001, min(read_limit, remaining))


def is_sse(response: Any) -> bool:
    """False when a server ignored ``stream=true`` and sent one JSON body."""
    content_type = str(response.headers.get("content-type", "")).lower()
    return not content_type.startswith("application/json")


def as_chunk(payload: Any) -> Any:
    """A whole completion sent to a streaming request, as one chunk."""
    if not isinstance(payload, dict) or not isinstance(payload.get("choices"), list):
        return payload
    choices = []
    for choice in payload["choices"]:
        if isinstance(choice, dict):
            delta = choice.get("message")
            if isinstance(delta, dict) and isinstance(delta.get("tool_calls"), list):
                calls = [
                    {"index": index, **call} if isinstance(call, dict) else call
                    for index, call in enumerate(delta["tool_calls"])
                ]
                delta = {**delta, "tool_calls": calls}
            choice = {**choice, "delta": delta}
        choices.append(choice)
    return {**payload, "choices": choices}


class PayloadReader:
    """Turns body pieces into decoded JSON payloads: SSE chunks as they complete,
    or one whole body at the end."""

    def __init__(self, response: Any, limits: Limits) -> None:
        self.limits = limits
        self.sse = limits.stream and is_sse(response)
        self.done = False
        self._decoder = SSEDecoder()
        self._body = BodyCollector()

    def feed(self, piece: bytes) -> list[Any]:
        """Payloads completed by ``piece`` (sets :attr:`done` at ``[DONE]``)."""
        if not self.sse:
            self._body.add(piece)
            return []
        return self._events(self._decoder.feed(piece))

    def finish(self) -> list[Any]:
        """Payloads left when the body ended."""
        if self.sse:
            return self._events(self._decoder.close())
        payload = decode_json(self._body.body(), "a body")
        return [as_chunk(payload) if self.limits.stream else payload]

    def _events(self, events: list[str]) -> list[Any]:
        payloads = []
        for data in events:
            if self.done or data.strip() == "[DONE]":
                self.done = True
                break
            payload = decode_json(data, "a stream chunk")
            if isinstance(payload, dict):
                if "prompt_progress" in payload:
                    self.limits.progress(payload["prompt_progress"])
                if "timings" in payload:
                    self.limits.timings(payload["timings"])
            self.limits.chunk_arrived()
            payloads.append(payload)
        return payloads


def _read_timeouts() -> tuple[type[BaseException], ...]:
    import httpx2
    import openai

    return (openai.APITimeoutError, httpx2.TimeoutException)


def _which_limit(limits: Limits, error: BaseException) -> BaseException:
    """A read timeout the SDK raised, as the limit that set it (e.g. the budget)."""
    limit, exceeded = limits.next_limit()
    # The SDK's read timeout was cut to the nearest limit; allow for clock slack.
    return exceeded if time.monotonic() >= limit - 0.05 else error


def payloads_sync(send: Callable[[], Any], limits: Limits) -> Iterator[Any]:
    """Send the request (``send()`` returns the unread HTTP response) and yield its
    payloads within ``limits``."""
    try:
        response = send()
        try:
            reader = PayloadReader(response, limits)
            for piece in read_body_sync(response, limits):
                yield from reader.feed(piece)
                if reader.done:
                    return
            yield from reader.finish()
        finally:
            response.close()
    except _read_timeouts() as error:
        translated = _which_limit(limits, error)
        if translated is error:
            raise
        raise translated from error


async def payloads_async(
    send: Callable[[], Awaitable[Any]], limits: Limits
) -> AsyncGenerator[Any, None]:
    """Async twin of :func:`payloads_sync`; sending the request is timed too."""
    try:
        response = await asyncio.wait_for(send(), limits.remaining())
    except asyncio.TimeoutError:
        raise limits.next_limit()[1] from None
    except _read_timeouts() as error:
        translated = _which_limit(limits, error)
        if translated is error:
            raise
        raise translated from error
    try:
        reader = PayloadReader(response, limits)
        async for piece in read_body_async(response, limits):
            for payload in reader.feed(piece):
                yield payload
            if reader.done:
                return
        for payload in reader.finish():
            yield payload
    finally:
        with contextlib.suppress(Exception):
            await response.aclose()


__all__ = [
    "MAX_BODY_BYTES",
    "BodyCollector",
    "DeadlineExceeded",
    "Limits",
    "PayloadReader",
    "SSEDecoder",
    "Watchdog",
    "as_chunk",
    "decode_json",
    "is_sse",
    "payloads_async",
    "payloads_sync",
    "read_body_async",
    "read_body_sync",
    "remember_prompt_rate",
    "remembered_prompt_rate",
    "sdk_timeout",
]
