"""``embedded_endpoint()``: the one call HelloAgentsLLM makes to get a local model.

It returns where to send OpenAI-style requests. In order, it uses:

1. the server this process already started (reused across calls);
2. a healthy detached server (``hello-agents local start``) serving the same model;
3. a new server, started as a child of this process, stopped at exit.

Starts are serialised by a lock, so threads asking at the same moment share
one server instead of loading the model twice.
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from hello_agents.local.detached import find_detached_server
from hello_agents.local.progress import ProgressCallback
from hello_agents.local.serve import ServeArguments
from hello_agents.local.server import LocalServer, process_is_alive, require_xllamacpp
from hello_agents.local.settings import LocalSettings
from hello_agents.local.weights import model_alias, prepare_model

logger = logging.getLogger(__name__)

PLACEHOLDER_API_KEY = "sk-no-key-required"
"""llama.cpp checks no key, but OpenAI clients insist on having one."""


@dataclass(frozen=True)
class EmbeddedEndpoint:
    """Where the embedded model answers.

    Attributes:
        base_url: The OpenAI-compatible base URL, ``http://127.0.0.1:PORT/v1``.
        model: The model name to put in requests.
        api_key: A placeholder; the local server does not check it.
        pid: The server's process id.
        detached: True for a server started by ``hello-agents local start``,
            False for one owned (and stopped at exit) by this process.
    """

    base_url: str
    model: str
    api_key: str = PLACEHOLDER_API_KEY
    pid: int | None = None
    detached: bool = False


_lock = threading.Lock()
_owned: LocalServer | None = None
_owned_settings: LocalSettings | None = None
_owner_pid = os.getpid()


def embedded_endpoint(
    settings: LocalSettings | None = None,
    progress: ProgressCallback | None = None,
) -> EmbeddedEndpoint:
    """Start or reuse the embedded model server and say where it listens.

    The first call in a process may take a while: it assembles the weights the
    very first time (seconds), then loads the model (about 2 s for the default).
    Later calls return at once.

    Args:
        settings: Model, cache directory and sizes (``LocalSettings.from_env()``).
        progress: Receives :class:`~hello_agents.local.progress.ProgressEvent`
            objects during slow work, e.g. to draw a progress bar.

    Returns:
        The endpoint to give an OpenAI client.

    Raises:
        ConfigException: xllamacpp or the weights are not installed (the message
            names ``pip install "hello-agents[local]"``), or a setting is invalid.
        LLMConnectionError: The server could not be started.
    """
    global _owned, _owned_settings, _owner_pid
    settings = settings or LocalSettings.from_env()
    with _lock:
        if _owner_pid != os.getpid():  # a forked child: the server belongs to the parent
            _owned, _owned_settings, _owner_pid = None, None, os.getpid()
        if _owned is not None and _owned.is_running() and _owned_settings == settings:
            return _endpoint_of(_owned)

        detached = find_detached_server(settings, model_alias(settings.model))
        if detached is not None:
            logger.info("Using the detached local server at %s", detached.base_url)
            return EmbeddedEndpoint(
                base_url=detached.base_url, model=detached.model, pid=detached.pid, detached=True
            )

        if _owned is not None:  # it died, or other settings are wanted now
            _owned.stop()
            _owned = None
        require_xllamacpp()
        _remove_logs_of_dead_processes(settings.cache_dir / "logs")
        model_file = prepare_model(settings.model, settings.cache_dir, progress)
        server = LocalServer(
            ServeArguments(
                model=model_file.path,
                alias=model_file.alias,
                context_size=settings.context_size,
                threads=settings.threads,
                host="127.0.0.1",
                port=0,
                watch_stdin=True,
                state_file=None,
            ),
            log_file=settings.cache_dir / "logs" / f"server-{os.getpid()}.log",
        )
        server.start(timeout=settings.startup_timeout, progress=progress)
        _owned, _owned_settings = server, settings
        return _endpoint_of(server)


def stop_embedded_server() -> None:
    """Stop the server this process started, if any (also done automatically at exit)."""
    global _owned, _owned_settings
    with _lock:
        if _owned is not None and _owner_pid == os.getpid():
            _owned.stop()
            _owned.log_file.unlink(missing_ok=True)  # kept only when something went wrong
        _owned, _owned_settings = None, None


def _remove_logs_of_dead_processes(logs_dir: Path) -> None:
    """Delete ``server-<pid>.log`` files left by programs that died without cleaning up."""
    for log_file in logs_dir.glob("server-*.log"):
        pid = log_file.stem.removeprefix("server-")
        if pid.isdigit() and not process_is_alive(int(pid)):
            log_file.unlink(missing_ok=True)


def _endpoint_of(server: LocalServer) -> EmbeddedEndpoint:
    return EmbeddedEndpoint(base_url=server.base_url, model=server.arguments.alias, pid=server.pid)


atexit.register(stop_embedded_server)


__all__ = ["PLACEHOLDER_API_KEY", "EmbeddedEndpoint", "embedded_endpoint", "stop_embedded_server"]
