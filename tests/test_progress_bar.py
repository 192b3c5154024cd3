"""The command line's progress: one line rewritten on a terminal, a few lines elsewhere."""

from __future__ import annotations

import io
import itertools
import threading
from pathlib import Path

import pytest

from hello_agents.evaluation.cli import TaskProgress
from hello_agents.evaluation.execution import TaskResult
from hello_agents.evaluation.runner import Progress
from hello_agents.local.progress import ProgressEvent
from hello_agents.local.weights import file_sha256
from hello_agents.progress_bar import ProgressBar


def seconds(step: float = 1.0) -> itertools.count[float]:
    """A clock that moves ``step`` seconds each time it is read."""
    return itertools.count(0.0, step)


def big_file(tmp_path: Path, megabytes: int = 120) -> Path:
    """A sparse file, hashed in 15 reads of 8 MB (15 progress events)."""
    path = tmp_path / "weights.bin"
    with path.open("wb") as handle:
        handle.truncate(megabytes * 1024 * 1024)
    return path


def test_on_a_terminal_the_work_is_one_line_rewritten_in_place(tmp_path: Path) -> None:
    out = io.StringIO()
    clock = seconds()
    file_sha256(big_file(tmp_path), ProgressBar(out, live=True, clock=lambda: next(clock)))
    text = out.getvalue()
    assert text.count("\n") == 1 and text.endswith("\n")  # one line, ended once done
    drawn = [part for part in text.split("\r") if part]
    assert len(drawn) >= 10  # it moved
    assert drawn[-1].startswith("  Verifying weights.bin [########################]  100%")
    assert "125.83/125.83 MB" in drawn[-1]


def test_fast_work_on_a_terminal_is_drawn_once_per_percent(tmp_path: Path) -> None:
    out = io.StringIO()
    bar = ProgressBar(out, live=True, clock=lambda: 0.0)
    for done in range(0, 1001):  # a thousand events in the same instant
        bar.update("Assembling", done, 1000)
    drawn = [part for part in out.getvalue().split("\r") if part]
    assert len(drawn) == 101  # 0% to 100%
    assert out.getvalue().count("\n") == 1


def test_elsewhere_a_line_for_each_quarter_of_the_work(tmp_path: Path) -> None:
    out = io.StringIO()
    file_sha256(big_file(tmp_path), ProgressBar(out, live=False))
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue()
    assert [line.split(": ")[1].split()[0] for line in lines] == ["7%", "27%", "53%", "80%", "100%"]
    assert all(line.startswith("  Verifying weights.bin: ") for line in lines)


def test_loading_the_model_is_one_line_replaced_by_ready() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, live=True, clock=lambda: 0.0)
    bar(ProgressEvent("start", "Loading tiny.gguf"))
    bar(ProgressEvent("ready", "Model ready at http://127.0.0.1:1/v1 (2.0 s)"))
    assert out.getvalue() == (
        "\r  Loading tiny.gguf ...  0 s\033[K"
        "\r  Model ready at http://127.0.0.1:1/v1 (2.0 s)\033[K\n"
    )


def test_a_transient_bar_is_erased_when_done() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, live=True, transient=True, clock=lambda: 0.0)
    bar.update("Assembling", 5, 10)
    bar.update("Assembling", 10, 10)
    assert out.getvalue().endswith("\r\033[K")
    assert "\n" not in out.getvalue()


def test_a_note_is_written_above_the_bar_which_is_drawn_again() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, live=True, clock=lambda: 0.0)
    bar.update("tasks", 1, 4)
    before = out.getvalue()
    bar.note("[1/4] ✓ t1")
    shown = before.removeprefix("\r").removesuffix("\033[K")
    assert out.getvalue() == before + "\r\033[K[1/4] ✓ t1\n" + shown


def test_a_ticking_bar_shows_the_time_passing_while_nothing_finishes() -> None:
    redrawn = threading.Event()

    class Watched(io.StringIO):
        def write(self, text: str) -> int:
            if self.getvalue():  # a second drawing, with no update in between
                redrawn.set()
            return super().write(text)

    out = Watched()
    clock = seconds()
    bar = ProgressBar(out, live=True, clock=lambda: next(clock))
    with bar.ticking(interval=0.01):
        bar.update("tasks", 0, 4, "starting")
        assert redrawn.wait(timeout=10)
    first, second = [part for part in out.getvalue().split("\r") if part][:2]
    assert first.startswith("  tasks [") and second.startswith("  tasks [") and first != second


def test_work_that_fails_midway_leaves_the_next_line_on_a_line_of_its_own() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, live=True, clock=lambda: 0.0)
    with pytest.raises(OSError), bar.ticking():
        bar.update("Assembling", 3, 10)
        raise OSError("disk full")
    assert out.getvalue().endswith("30%  0 s\033[K\n")


def task_done(number: int, correct: bool) -> Progress:
    result = TaskResult(
        f"t{number}", "answer", "sums", None, correct, float(correct), "2", "2", "2", 0.5
    )
    return Progress(number, 3, number if correct else number - 1, result)


def test_evaluation_tasks_are_lines_above_a_bar_of_the_run() -> None:
    out = io.StringIO()
    progress = TaskProgress(out, live=True)
    with progress.running(3):
        progress.task_done(task_done(1, True))
        progress.task_done(task_done(2, False))
    text = out.getvalue()
    assert "[1/3] ✓ t1 (sums) 0.50s · 1/1 correct\n" in text
    assert "[2/3] ✗ t2 (sums) 0.50s · 1/2 correct\n" in text
    assert text.startswith("\r  tasks [") and "starting" in text
    assert "67%  1 correct" in text


def test_evaluation_tasks_in_a_log_are_lines_only() -> None:
    out = io.StringIO()
    progress = TaskProgress(out, live=False)
    with progress.running(3):
        progress.task_done(task_done(1, True))
    assert out.getvalue() == "[1/3] ✓ t1 (sums) 0.50s · 1/1 correct\n"
