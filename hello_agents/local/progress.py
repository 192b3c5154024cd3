"""Progress reports for slow first-time work (assembling weights, loading the model).

The library only *reports* progress: it logs a few lines and, when given a
callback, calls it with a :class:`ProgressEvent`. Rendering a bar is the CLI's
job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

ProgressStage = Literal["assemble", "verify", "start", "ready"]


@dataclass(frozen=True)
class ProgressEvent:
    """One step of slow work.

    Attributes:
        stage: ``"assemble"`` (joining weight chunks), ``"verify"`` (hashing a
            file), ``"start"`` (launching the server and loading the model) or
            ``"ready"`` (the server answers).
        message: A sentence a person can read.
        completed: Work done so far, in bytes for ``assemble``/``verify``.
        total: Total work in the same unit, or ``None`` when it is unknown.
    """

    stage: ProgressStage
    message: str
    completed: int = 0
    total: int | None = None

    @property
    def fraction(self) -> float | None:
        """The share of work done, between 0 and 1, or ``None`` when unknown."""
        if not self.total:
            return None
        return min(1.0, self.completed / self.total)


ProgressCallback = Callable[[ProgressEvent], None]


def report(callback: ProgressCallback | None, event: ProgressEvent) -> None:
    """Send ``event`` to ``callback`` when there is one."""
    if callback is not None:
        callback(event)


__all__ = ["ProgressCallback", "ProgressEvent", "ProgressStage", "report"]
