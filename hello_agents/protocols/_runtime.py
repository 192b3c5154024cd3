"""Plumbing shared by the protocol servers and clients.

* :class:`~hello_agents._loopback.LoopbackServer` (imported here): an ASGI app served
  by uvicorn from a daemon thread.
* :func:`run_sync`: run a coroutine to completion from synchronous code, on one
  shared background event loop, so sync calls also work inside Jupyter (whose
  own loop is already running) and keep their HTTP connections between calls.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from hello_agents._loopback import LoopbackServer

ResultT = TypeVar("ResultT")


class _BackgroundLoop:
    """One event loop in a daemon thread, started on first use."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None

    def get(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None or self._loop.is_closed():
                loop = asyncio.new_event_loop()
                threading.Thread(
                    target=loop.run_forever, name="hello-agents-protocols", daemon=True
                ).start()
                self._loop = loop
            return self._loop


_background = _BackgroundLoop()


def background_loop() -> asyncio.AbstractEventLoop:
    """The shared background event loop (started on first use)."""
    return _background.get()


def run_sync(coroutine: Coroutine[Any, Any, ResultT]) -> ResultT:
    """Run a coroutine on the shared background loop and wait for its result.

    Time limits belong inside the coroutine (``asyncio.wait_for``), so that a
    timeout cancels the work instead of leaving it running.

    Raises:
        RuntimeError: Called from the background loop itself (it would wait for itself).
    """
    loop = background_loop()
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        coroutine.close()
        raise RuntimeError("a blocking protocol call was made on its own event loop; await it")
    return asyncio.run_coroutine_threadsafe(coroutine, loop).result()


__all__ = ["LoopbackServer", "background_loop", "run_sync"]
