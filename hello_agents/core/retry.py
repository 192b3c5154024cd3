"""When to try a failed model call again, and how long to wait.

Rate limits (429), server errors (5xx), dropped connections and timeouts are
usually temporary; bad requests and refused keys are not. :class:`RetryPolicy`
waits with exponential backoff and jitter, honours the server's
``Retry-After``, and never lets the whole call (attempts plus waits) run past
its total budget.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

RETRYABLE_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    """Retry settings for one model call.

    Attributes:
        max_retries: Attempts after the first one (0 disables retrying).
        initial_delay: Wait before the first retry, in seconds.
        max_delay: Cap on any single wait, including a server's Retry-After.
        total_budget: Cap on the whole call, attempts and waits together, in
            seconds; ``None`` for no cap beyond ``max_retries``.
    """

    max_retries: int = 2
    initial_delay: float = 0.5
    max_delay: float = 20.0
    total_budget: float | None = 120.0

    def __post_init__(self) -> None:
        if self.max_retries < 0:
            raise ValueError("max_retries must be >= 0")
        if self.initial_delay < 0 or self.max_delay < 0:
            raise ValueError("retry delays must be >= 0")
        if self.total_budget is not None and self.total_budget <= 0:
            raise ValueError("total_budget must be > 0 (or None)")

    def delay(self, retry_number: int, retry_after: float | None = None) -> float:
        """Seconds to wait before retry number ``retry_number`` (1-based).

        A server's ``Retry-After`` wins over backoff; either is capped by
        ``max_delay``. Backoff doubles each time, with up to 25% jitter so
        that many clients do not retry in step.
        """
        if retry_after is not None and retry_after >= 0:
            return min(retry_after, self.max_delay)
        backoff = self.initial_delay * 2.0 ** (retry_number - 1)
        jitter = 1 - 0.25 * random.random()
        return min(backoff * jitter, self.max_delay)

    def should_retry(self, retry_number: int, elapsed: float, wait: float) -> bool:
        """Whether retry number ``retry_number`` fits in the attempt and time budgets."""
        if retry_number > self.max_retries:
            return False
        return self.total_budget is None or elapsed + wait < self.total_budget


def parse_retry_after(headers: object) -> float | None:
    """Read ``retry-after-ms`` or ``retry-after`` (seconds) from response headers."""
    get = getattr(headers, "get", None)
    if get is None:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        raw: object = get(name)
        if raw is None:
            continue
        try:
            return max(0.0, float(str(raw)) * scale)
        except (TypeError, ValueError):
            continue  # an HTTP date: rare from APIs; fall back to backoff
    return None


__all__ = ["RETRYABLE_STATUS", "RetryPolicy", "parse_retry_after"]
