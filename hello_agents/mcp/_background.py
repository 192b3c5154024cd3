"""One event loop in a daemon thread, where sync code's MCP sessions live.

The tutorial's agents are synchronous, but an MCP session is a set of asyncio
tasks that must stay on one loop for its whole life. A client connected from
sync code runs its session on this shared loop; every sync call is handed to
it with ``asyncio.run_coroutine_threadsafe``.
"""

from __future__ import annotations

import asyncio
import threading

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def background_loop() -> asyncio.AbstractEventLoop:
    """The shared background loop, started on first use.

    Returns:
        A running event loop owned by the daemon thread ``hello-agents-mcp``.
    """
    global _loop
    with _lock:
        if _loop is None or _loop.is_closed():
            loop = asyncio.new_event_loop()
            started = threading.Event()

            def run() -> None:
                asyncio.set_event_loop(loop)
                loop.call_soon(started.set)
                loop.run_forever()

            threading.Thread(target=run, name="hello-agents-mcp", daemon=True).start()
            started.wait()
            _loop = loop
        return _loop


__all__ = ["background_loop"]
