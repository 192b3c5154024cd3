"""DaemonWorkers: tool calls reuse idle daemon threads, and a hung call holds only its own."""

from __future__ import annotations

import contextvars
import multiprocessing
import os
import threading
from typing import Any

import pytest

from hello_agents.tools.registry import DaemonWorkers, ToolRegistry


def run_and_wait(workers: DaemonWorkers, name: str) -> threading.Thread:
    """Start a job that records its thread, and wait until it ran."""
    ran: list[threading.Thread] = []
    done = threading.Event()

    def job() -> None:
        ran.append(threading.current_thread())
        done.set()

    workers.start(name, job)
    assert done.wait(10)
    return ran[0]


def wait_until_idle(workers: DaemonWorkers, count: int) -> None:
    """Wait until ``count`` workers wait for a job (a worker counts itself idle
    just after its job returns)."""
    for _ in range(1000):
        if workers._idle == count:
            return
        threading.Event().wait(0.01)
    raise AssertionError(f"{workers._idle} idle workers, expected {count}")


def test_a_second_call_runs_in_the_thread_the_first_one_left_idle() -> None:
    workers = DaemonWorkers()
    first = run_and_wait(workers, "job-1")
    wait_until_idle(workers, 1)
    second = run_and_wait(workers, "job-2")
    assert second is first
    assert second.daemon
    assert second.name == "job-2"


def test_a_hung_call_keeps_its_thread_and_the_next_call_gets_another() -> None:
    workers = DaemonWorkers()
    release = threading.Event()
    hung: list[threading.Thread] = []
    started = threading.Event()

    def hang() -> None:
        hung.append(threading.current_thread())
        started.set()
        release.wait(30)

    workers.start("hung", hang)
    assert started.wait(10)
    other = run_and_wait(workers, "next")
    assert other is not hung[0]
    release.set()


def test_an_idle_worker_ends_after_its_idle_time() -> None:
    workers = DaemonWorkers()
    workers.idle_seconds = 0.05
    thread = run_and_wait(workers, "short")
    thread.join(10)
    assert not thread.is_alive()
    assert workers._idle == 0
    assert run_and_wait(workers, "after") is not thread  # a new worker takes the next call


def test_registry_calls_in_a_row_do_not_start_a_thread_each() -> None:
    registry = ToolRegistry()
    registry.register_function("name", "The thread's name.", lambda text: "ok")
    before = threading.active_count()
    results = [registry.execute("name", "x") for _ in range(50)]
    assert all(result.ok for result in results)
    assert threading.active_count() <= before + 1


def _call_in_child(results: Any) -> None:
    registry = ToolRegistry()
    registry.register_function("echo", "Echo.", lambda text: f"child {text}")
    results.put(str(registry.execute("echo", "ok")))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_starts_its_own_workers() -> None:
    registry = ToolRegistry()
    registry.register_function("echo", "Echo.", lambda text: text)
    assert registry.execute("echo", "parent").ok  # the parent now has an idle worker
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    child = context.Process(target=_call_in_child, args=(results,))
    child.start()
    child.join(30)
    assert child.exitcode == 0
    assert results.get(timeout=5) == "child ok"


def test_a_job_sees_no_context_variable_an_earlier_job_set() -> None:
    workers = DaemonWorkers()
    marker: contextvars.ContextVar[str] = contextvars.ContextVar("marker", default="unset")
    seen: list[str] = []
    first_done, second_done = threading.Event(), threading.Event()

    def first() -> None:
        marker.set("left by the first job")
        first_done.set()

    def second() -> None:
        seen.append(marker.get())
        second_done.set()

    workers.start("first", first)
    assert first_done.wait(10)
    wait_until_idle(workers, 1)
    workers.start("second", second)
    assert second_done.wait(10)
    assert seen == ["unset"]
