"""The embedded model for real: llama.cpp via xllamacpp, serving the default GGUF.

Needs the ``local`` extra. Slow-ish (the first run assembles 1.1 GB of weights,
each server start loads the model in a few seconds), so marked ``integration``:
``pytest -m integration tests/local``. The cache directory is the user's
(``HELLO_AGENTS_LOCAL_CACHE_DIR`` overrides it) so the weights are assembled once.
Tests that start servers in subprocesses come first, so that at most one model
server runs at a time.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from openai import OpenAI

from hello_agents.local import (
    EmbeddedEndpoint,
    LocalSettings,
    ProgressEvent,
    detached_status,
    embedded_endpoint,
    start_detached,
    stop_detached,
    stop_embedded_server,
)
from hello_agents.local.server import process_is_alive

pytestmark = [pytest.mark.integration, pytest.mark.local_model]

START_SERVER_AND_PRINT_PID = (
    "import sys; from hello_agents.local import embedded_endpoint; "
    "print(embedded_endpoint().pid, flush=True); "
    "sys.stdin.read() if sys.argv[1:] == ['wait'] else None"
)


def wait_until_gone(pid: int, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while process_is_alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def start_in_subprocess(*arguments: str) -> tuple[subprocess.Popen[str], int]:
    program = subprocess.Popen(
        [sys.executable, "-c", START_SERVER_AND_PRINT_PID, *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert program.stdout is not None
    return program, int(program.stdout.readline())


def test_the_server_stops_when_the_program_exits() -> None:
    program, server_pid = start_in_subprocess()

    assert program.wait(timeout=60) == 0
    assert wait_until_gone(server_pid)


def test_the_server_stops_when_the_program_is_killed() -> None:
    program, server_pid = start_in_subprocess("wait")
    assert process_is_alive(server_pid)

    os.kill(program.pid, signal.SIGKILL)
    program.wait()

    assert wait_until_gone(server_pid)


def test_a_detached_server_serves_later_programs_until_stopped() -> None:
    settings = LocalSettings.from_env()
    server = start_detached(settings)
    try:
        assert detached_status(settings).state == "running"
        assert embedded_endpoint(settings).pid == server.pid
    finally:
        assert stop_detached(settings)
    assert wait_until_gone(server.pid)


PROGRESS: list[ProgressEvent] = []


@pytest.fixture(scope="module")
def endpoint() -> Iterator[EmbeddedEndpoint]:
    yield embedded_endpoint(progress=PROGRESS.append)
    stop_embedded_server()


def test_starting_reports_progress(endpoint: EmbeddedEndpoint) -> None:
    stages = [event.stage for event in PROGRESS]

    assert stages[-2:] == ["start", "ready"]


def test_a_chat_completion_answers(endpoint: EmbeddedEndpoint) -> None:
    client = OpenAI(base_url=endpoint.base_url, api_key=endpoint.api_key)

    reply = client.chat.completions.create(
        model=endpoint.model,
        messages=[{"role": "user", "content": "What is 7 times 6? Reply with just the number."}],
        temperature=0,
        max_tokens=10,
    )

    assert "42" in (reply.choices[0].message.content or "")


def test_a_streamed_answer_arrives_in_pieces(endpoint: EmbeddedEndpoint) -> None:
    client = OpenAI(base_url=endpoint.base_url, api_key=endpoint.api_key)

    stream = client.chat.completions.create(
        model=endpoint.model,
        messages=[{"role": "user", "content": "Count from 1 to 5, separated by commas."}],
        temperature=0,
        max_tokens=30,
        stream=True,
    )
    pieces = [chunk.choices[0].delta.content or "" for chunk in stream if chunk.choices]

    assert len([piece for piece in pieces if piece]) > 3
    assert "1, 2, 3, 4, 5" in "".join(pieces)


def test_every_call_and_thread_shares_one_server(endpoint: EmbeddedEndpoint) -> None:
    with ThreadPoolExecutor(max_workers=4) as pool:
        endpoints = list(pool.map(lambda _: embedded_endpoint(), range(4)))

    assert {found.pid for found in endpoints} == {endpoint.pid}
