"""One progress line a person can follow, for the command line's slow work.

The library reports progress as events (:mod:`hello_agents.local.progress`);
this module draws them, and only the command line uses it:

* on a terminal, one line rewritten in place (``\\r``) as the work advances, and
  kept (or erased, when ``transient``) once it is done;
* anywhere else (a pipe, a CI log, a file), a few whole lines: one each time a
  quarter of the work is done, so a 1 GB assembly is five lines, not 149.

    bar = ProgressBar()                      # standard error, live if a terminal
    llm.prepare(progress=bar)                # a ProgressCallback for the model
    bar.update("Running tasks", 3, 20, "3 correct")
    bar.note("[ 3/20] ✓ simple_2 ...")       # a line of its own, above the bar
    bar.finish()
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from hello_agents.local.progress import ProgressEvent

BAR_WIDTH = 24
"""Characters between the brackets of a live bar."""

CLEAR_TO_END = "\033[K"
"""The terminal code that erases the rest of the line."""

REDRAW_INTERVAL = 0.1
"""Seconds between two redraws of a live bar whose whole percent has not changed (a
bar is always drawn when it starts, ends or moves by a percent)."""


class ProgressBar:
    """Draws progress on one line of a terminal, or as a few lines elsewhere.

    Args:
        stream: Where to write (standard error by default).
        live: Rewrite one line in place; by default when ``stream`` is a terminal.
        transient: On a terminal, erase a finished bar instead of keeping it
            (for work whose outcome is reported by the next line anyway).
        clock: Seconds from an arbitrary start (``time.monotonic``); the shown
            durations are read from it.
    """

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        live: bool | None = None,
        transient: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.live = _is_terminal(self.stream) if live is None else live
        self.transient = transient
        self.clock = clock
        self._lock = threading.RLock()
        self._label: str | None = None
        self._started = 0.0
        self._shown = ""  # the text on the open terminal line, if any
        self._drawn = -REDRAW_INTERVAL  # when it was drawn
        self._drawn_percent = -1  # the whole percent it showed
        self._quarter = -1  # the last quarter written as a line (not live)
        self._state: tuple[float, float | None, str] = (0, None, "")

    # ---- what callers report ---------------------------------------------------------

    def __call__(self, event: ProgressEvent) -> None:
        """Draw an event of the embedded model (a :data:`ProgressCallback`)."""
        if event.total:
            self.update(event.message, event.completed, event.total, _sizes(event))
        elif event.stage == "ready":
            self.finish(event.message)
        else:
            self.update(event.message, 0, None)

    def update(self, label: str, completed: float, total: float | None, detail: str = "") -> None:
        """Show that ``completed`` of ``total`` units of the work called ``label`` are done.

        Args:
            label: What is being done, e.g. ``"Assembling qwen2.5-coder-1.5b"``.
                A new label ends the bar of the previous one.
            completed: Work done so far.
            total: All the work, or ``None`` when unknown (then the label is shown
                with the time it has taken).
            detail: A short note after the figures, e.g. ``"0.5/1.1 GB"``.
        """
        with self._lock:
            if label != self._label:
                self._end_line()
                self._label, self._started, self._quarter = label, self.clock(), -1
                self._drawn = -REDRAW_INTERVAL  # a new bar is drawn at once
            self._state = (completed, total, detail)
            finished = bool(total) and completed >= (total or 0)
            percent = int(100 * completed / total) if total else -1
            if self.live:
                moved = percent != self._drawn_percent
                if finished or moved or self.clock() - self._drawn >= REDRAW_INTERVAL:
                    self._draw(self._render())
                    self._drawn_percent = percent
            elif total:
                quarter = int(4 * min(1.0, completed / total))
                if quarter > self._quarter:
                    self._quarter = quarter
                    self._write_line(self._render())
            elif self._quarter < 0:
                self._quarter = 0
                self._write_line(self._render())
            if finished:
                self._finish_bar()

    def note(self, text: str) -> None:
        """Write ``text`` as a line of its own; a live bar is redrawn below it."""
        with self._lock:
            shown = self._shown
            if shown:
                self.stream.write("\r" + CLEAR_TO_END)
            self.stream.write(text + "\n")
            if shown:
                self.stream.write(shown)
            self.stream.flush()

    def finish(self, message: str | None = None) -> None:
        """End the current bar; ``message`` (e.g. "Model ready") replaces it, on its own line."""
        with self._lock:
            if self._label is not None and self.live and message is None:
                self._draw(self._render())
            self._finish_bar(message)

    @contextmanager
    def ticking(self, interval: float = 1.0) -> Iterator[ProgressBar]:
        """Within the block, a live bar is redrawn every ``interval`` seconds, so that
        its clock moves even while no work finishes; when the block ends, early or not,
        a bar still open is ended (its line kept), so what is written next starts on a
        line of its own."""
        stop = threading.Event()

        def tick() -> None:
            while not stop.wait(interval):
                with self._lock:
                    if self._label is not None and self._shown:
                        self._draw(self._render())

        ticker = threading.Thread(target=tick, name="progress-bar", daemon=True)
        if self.live:
            ticker.start()
        try:
            yield self
        finally:
            stop.set()
            if ticker.is_alive():
                ticker.join()
            with self._lock:
                self._end_line()

    # ---- drawing ---------------------------------------------------------------------

    def _render(self) -> str:
        """``  label [####....]  45%  detail  3 s`` live, ``  label: 45%  detail  3 s`` not."""
        completed, total, detail = self._state
        figures = []
        if total:
            fraction = min(1.0, completed / total)
            if self.live:
                filled = round(fraction * BAR_WIDTH)
                figures.append(f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}]")
            figures.append(f"{fraction:.0%}")
        figures += [detail, f"{self.clock() - self._started:.0f} s"]
        separator = (" " if self.live else ": ") if total else " ...  "
        return f"  {self._label}{separator}" + "  ".join(figure for figure in figures if figure)

    def _draw(self, text: str) -> None:
        if text != self._shown:
            self.stream.write("\r" + text + CLEAR_TO_END)
            self.stream.flush()
            self._shown, self._drawn = text, self.clock()

    def _write_line(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()

    def _finish_bar(self, message: str | None = None) -> None:
        if self.live and self._shown:
            if self.transient and message is None:
                self.stream.write("\r" + CLEAR_TO_END)
            else:
                self.stream.write(("\r  " + message + CLEAR_TO_END if message else "") + "\n")
            self.stream.flush()
        elif message:
            self._write_line(f"  {message}")
        self._label, self._shown = None, ""

    def _end_line(self) -> None:
        """Close the bar of a label that ends without reaching its total."""
        if self._label is not None:
            self._finish_bar()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _sizes(event: ProgressEvent) -> str:
    """Bytes done and in all, for people: ``0.50/1.12 GB``."""
    total = event.total or 0
    scale, unit = (1e9, "GB") if total >= 1e9 else (1e6, "MB")
    return f"{event.completed / scale:.2f}/{total / scale:.2f} {unit}"


__all__ = ["ProgressBar"]
