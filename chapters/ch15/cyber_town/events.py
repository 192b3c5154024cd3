"""Pushing the town's news to its clients (server-sent events).

Any thread may :meth:`EventHub.publish`; each subscriber (one open ``GET /events``)
reads its own queue in the server's event loop. An event addressed to a player
(an affinity change) reaches only that player's subscriptions; the others (chatter)
reach everyone. A subscriber that does not keep up loses its oldest events, never
slows the town down.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from dataclasses import dataclass, field
from typing import Any

Event = dict[str, Any]


@dataclass(eq=False)
class Subscription:
    """One client's queue of events."""

    player_id: str | None
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[Event] = field(default_factory=lambda: asyncio.Queue(maxsize=200))
    dropped: int = 0

    def offer(self, event: Event) -> None:
        """Queue an event (in the subscriber's loop), dropping the oldest when full."""
        if self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
                self.dropped += 1
        self.queue.put_nowait(event)


class EventHub:
    """Fan-out of events to subscriptions, safe to call from any thread."""

    def __init__(self) -> None:
        self._subscriptions: set[Subscription] = set()
        self._lock = threading.Lock()
        self.published = 0

    def subscribe(self, player_id: str | None = None) -> Subscription:
        """A new subscription (call it from the event loop that will read it)."""
        subscription = Subscription(player_id, asyncio.get_running_loop())
        with self._lock:
            self._subscriptions.add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        """Stop delivering to a subscription."""
        with self._lock:
            self._subscriptions.discard(subscription)

    @property
    def subscribers(self) -> int:
        """Open subscriptions."""
        with self._lock:
            return len(self._subscriptions)

    def publish(self, event: Event, player_id: str | None = None) -> None:
        """Send ``event`` to every subscription, or to ``player_id``'s only."""
        with self._lock:
            targets = [
                sub
                for sub in self._subscriptions
                if player_id is None or sub.player_id == player_id
            ]
            self.published += 1
        for subscription in targets:
            with contextlib.suppress(RuntimeError):  # its loop has closed
                subscription.loop.call_soon_threadsafe(subscription.offer, event)


__all__ = ["Event", "EventHub", "Subscription"]
