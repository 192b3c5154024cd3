"""The server process: started, health-checked, stopped, and never left behind.

These tests run the real lifecycle code against ``fake_llama_server.py``, a
stand-in child that speaks the same protocol as the llama.cpp one.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from openai import OpenAI

from hello_agents.core.exceptions import LLMConnectionError
from hello_agents.local.serve import ServeArguments
from hello_agents.local.server import LocalServer, is_healthy, process_is_alive


def arguments_for(model: Path) -> ServeArguments:
    return ServeArguments(
        model=model,
        alias="tiny",
        context_size=512,
        threads=1,
        host="127.0.0.1",
        port=0,
        watch_stdin=True,
        state_file=None,
    )


def wait_until_gone(pid: int, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while process_is_alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture
def server(fake_gguf: Path, tmp_path: Path, fake_program: tuple[str, ...]) -> LocalServer:
    local_server = LocalServer(
        arguments_for(fake_gguf), log_file=tmp_path / "server.log", program=fake_program
    )
    yield local_server
    local_server.stop()


def test_a_started_server_answers_openai_requests(server: LocalServer) -> None:
    server.start(timeout=30)

    client = OpenAI(base_url=server.base_url, api_key="unused")
    reply = client.chat.completions.create(
        model="tiny", messages=[{"role": "user", "content": "hi"}]
    )

    assert server.base_url.startswith("http://127.0.0.1:")
    assert server.base_url.endswith("/v1")
    assert reply.choices[0].message.content == "Hello from the fake server."


def test_stop_ends_the_child_process(server: LocalServer) -> None:
    server.start(timeout=30)
    pid = server.pid
    root_url = server.base_url.removesuffix("/v1")
    assert pid is not None

    server.stop()

    assert not process_is_alive(pid)
    assert not is_healthy(root_url)


def test_a_child_that_fails_to_load_raises_with_its_log(
    server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_SERVER_FAIL", "1")

    with pytest.raises(LLMConnectionError, match="failed to load model"):
        server.start(timeout=30)
    assert not server.is_running()


def test_a_child_that_loads_too_slowly_is_stopped(
    server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_SERVER_LOAD_SECONDS", "60")

    with pytest.raises(LLMConnectionError, match="did not load the model in time"):
        server.start(timeout=1)
    assert not server.is_running()


PARENT_SCRIPT = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from hello_agents.local.serve import ServeArguments
    from hello_agents.local.server import LocalServer

    arguments = ServeArguments(
        model=Path(sys.argv[1]), alias="tiny", context_size=512, threads=1,
        host="127.0.0.1", port=0, watch_stdin=True, state_file=None,
    )
    server = LocalServer(arguments, log_file=Path(sys.argv[2]), program=sys.argv[3:])
    server.start(timeout=30)
    print(server.pid, flush=True)
    sys.stdin.read()  # stay alive until the test kills us
    """
)


def test_the_child_exits_when_its_parent_is_killed(
    fake_gguf: Path, tmp_path: Path, fake_program: tuple[str, ...]
) -> None:
    parent = subprocess.Popen(
        [
            sys.executable,
            "-c",
            PARENT_SCRIPT,
            str(fake_gguf),
            str(tmp_path / "server.log"),
            *fake_program,
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert parent.stdout is not None
    child_pid = int(parent.stdout.readline())
    assert process_is_alive(child_pid)

    os.kill(parent.pid, signal.SIGKILL)  # no atexit, no cleanup: only the pipe closes
    parent.wait()

    assert wait_until_gone(child_pid)
