"""A cap on the model calls of one research run, shared by its agents and threads."""

from __future__ import annotations

import threading


class BudgetExhausted(RuntimeError):
    """The run has made all the model calls it may make."""


class ModelCallBudget:
    """Counts model calls against a limit.

    Args:
        limit: Calls allowed in the run.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self._lock = threading.Lock()

    def take(self, purpose: str) -> None:
        """Spend one call.

        Args:
            purpose: What the call is for (named in the error).

        Raises:
            BudgetExhausted: None is left.
        """
        with self._lock:
            if self.used >= self.limit:
                raise BudgetExhausted(
                    f"no model call left for {purpose} (MAX_MODEL_CALLS={self.limit} used)"
                )
            self.used += 1

    @property
    def remaining(self) -> int:
        """Calls left."""
        with self._lock:
            return self.limit - self.used


__all__ = ["BudgetExhausted", "ModelCallBudget"]
