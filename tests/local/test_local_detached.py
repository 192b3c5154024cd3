"""The detached server behind ``hello-agents local start|stop|status``.

Run against ``fake_llama_server.py``, a stand-in child speaking llama.cpp's protocol.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

from hello_agents.local import (
    LocalSettings,
    detached_status,
    embedded_endpoint,
    start_detached,
    stop_detached,
)
from hello_agents.local.detached import state_file_path
from hello_agents.local.server import is_healthy, process_is_alive


def test_start_then_status_reports_a_running_server(
    settings: LocalSettings, fake_program: tuple[str, ...]
) -> None:
    server = start_detached(settings, program=fake_program)

    status = detached_status(settings)

    assert status.state == "running"
    assert status.server == server
    assert server.model == "tiny-model"
    assert is_healthy(server.root_url)


def test_starting_twice_reuses_the_running_server(
    settings: LocalSettings, fake_program: tuple[str, ...]
) -> None:
    first = start_detached(settings, program=fake_program)

    assert start_detached(settings, program=fake_program) == first


def test_stop_ends_the_process_and_forgets_it(
    settings: LocalSettings, fake_program: tuple[str, ...]
) -> None:
    server = start_detached(settings, program=fake_program)

    assert stop_detached(settings) is True

    assert not process_is_alive(server.pid)
    assert detached_status(settings).state == "stopped"
    assert not state_file_path(settings.cache_dir).exists()
    assert stop_detached(settings) is False


def test_a_state_file_left_by_a_dead_process_is_cleaned(settings: LocalSettings) -> None:
    path = state_file_path(settings.cache_dir)
    path.parent.mkdir(parents=True)
    stale = {
        "pid": 2**22 + 12345,  # above the default pid_max: no such process
        "base_url": "http://127.0.0.1:9",
        "model": "tiny-model",
        "model_path": "/nowhere.gguf",
        "started_at": 0.0,
    }
    path.write_text(json.dumps(stale), encoding="utf-8")

    assert detached_status(settings).state == "stopped"
    assert not path.exists()


def test_embedded_endpoint_reuses_a_detached_server_for_the_same_model(
    settings: LocalSettings, fake_program: tuple[str, ...]
) -> None:
    server = start_detached(settings, program=fake_program)

    endpoint = embedded_endpoint(settings)

    assert endpoint.detached is True
    assert endpoint.base_url == server.base_url
    assert endpoint.model == "tiny-model"
    assert endpoint.pid == server.pid


def test_concurrent_starts_share_one_server(
    settings: LocalSettings, fake_program: tuple[str, ...]
) -> None:
    with ThreadPoolExecutor(max_workers=3) as pool:
        servers = list(pool.map(lambda _: start_detached(settings, program=fake_program), range(3)))

    assert len({server.pid for server in servers}) == 1
