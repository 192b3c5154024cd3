"""A server that outlives the program that started it: ``hello-agents local start|stop|status``.

Loading a model takes a few seconds; a learner running many short scripts
can start one detached server and let every later process reuse it. The
detached child writes a state file (pid, URL, model) into the cache directory
once it is ready and deletes it when it stops. Readers never trust that file
alone: the process must be alive and its command line must name this state
file (so a recycled pid is not mistaken for it), and ``/health`` must answer.
A file whose process is gone is stale and gets removed.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import signal
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from hello_agents.core.exceptions import ConfigException, LLMConnectionError
from hello_agents.local.filelock import exclusive_lock
from hello_agents.local.progress import ProgressCallback, ProgressEvent, report
from hello_agents.local.serve import ServeArguments, build_arguments
from hello_agents.local.server import (
    SERVER_PROGRAM,
    is_healthy,
    process_is_alive,
    require_xllamacpp,
    wait_until_ready,
)
from hello_agents.local.settings import LocalSettings
from hello_agents.local.weights import model_alias, prepare_model

logger = logging.getLogger(__name__)

STATE_FILE_NAME = "server.json"

# Detached children started by this very process: kept so that stopping one
# also reaps it (no zombie, no "still running" warning).
_children: dict[int, subprocess.Popen[bytes]] = {}


@dataclass(frozen=True)
class DetachedServer:
    """A running detached server, as recorded in its state file.

    Attributes:
        pid: The server's process id.
        root_url: ``http://HOST:PORT`` (no ``/v1``).
        model: The model alias it serves.
        model_path: The GGUF file it loaded.
        started_at: Unix time when it became ready.
    """

    pid: int
    root_url: str
    model: str
    model_path: str
    started_at: float

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL, ``http://HOST:PORT/v1``."""
        return f"{self.root_url}/v1"


@dataclass(frozen=True)
class DetachedStatus:
    """What ``hello-agents local status`` reports.

    Attributes:
        state: ``"running"`` (alive and healthy), ``"unhealthy"`` (alive, not
            answering) or ``"stopped"``.
        server: The recorded server, unless stopped.
        state_file: Where the state is kept.
    """

    state: Literal["running", "unhealthy", "stopped"]
    server: DetachedServer | None
    state_file: Path


def state_file_path(cache_dir: Path) -> Path:
    """Where the detached server's state file lives."""
    return cache_dir / STATE_FILE_NAME


def detached_status(settings: LocalSettings | None = None) -> DetachedStatus:
    """Check the detached server, removing a stale state file on the way.

    Args:
        settings: Where to look (``LocalSettings.from_env()`` when omitted).

    Returns:
        The server's state.
    """
    settings = settings or LocalSettings.from_env()
    path = state_file_path(settings.cache_dir)
    server = _read_state(path)
    if server is None:
        return DetachedStatus("stopped", None, path)
    if not _is_our_process(server.pid, path):
        logger.info("Removing the stale state file %s (pid %d is gone)", path, server.pid)
        path.unlink(missing_ok=True)
        return DetachedStatus("stopped", None, path)
    state: Literal["running", "unhealthy"] = (
        "running" if is_healthy(server.root_url) else "unhealthy"
    )
    return DetachedStatus(state, server, path)


def find_detached_server(settings: LocalSettings, model: str) -> DetachedServer | None:
    """Return the detached server if it is healthy and serves ``model`` (an alias).

    Args:
        settings: Where to look.
        model: The alias the caller wants.
    """
    status = detached_status(settings)
    if status.state == "running" and status.server is not None and status.server.model == model:
        return status.server
    return None


def start_detached(
    settings: LocalSettings | None = None,
    *,
    port: int = 0,
    progress: ProgressCallback | None = None,
    program: Sequence[str] = SERVER_PROGRAM,
) -> DetachedServer:
    """Start a server that keeps running after this program exits, or return the running one.

    Args:
        settings: Model, cache directory and sizes (``LocalSettings.from_env()``).
        port: The TCP port on 127.0.0.1; 0 picks a free one.
        progress: Receives progress events while weights are assembled and loaded.
        program: The command to run; tests substitute a stand-in.

    Returns:
        The running server.

    Raises:
        ConfigException: The model cannot be prepared, xllamacpp is missing, or
            a detached server for another model is already running.
        LLMConnectionError: The server failed to start.
    """
    settings = settings or LocalSettings.from_env()
    path = state_file_path(settings.cache_dir)
    with exclusive_lock(settings.cache_dir / "server.lock"):
        status = detached_status(settings)
        if status.server is not None:
            wanted = model_alias(settings.model)
            if status.state == "running" and status.server.model == wanted:
                return status.server
            raise ConfigException(
                f"A detached local server (pid {status.server.pid}, model "
                f"{status.server.model}, {status.state}) is already recorded in {path}. "
                "Stop it first with `hello-agents local stop`."
            )
        if tuple(program) == SERVER_PROGRAM:
            require_xllamacpp()
        model_file = prepare_model(settings.model, settings.cache_dir, progress)
        arguments = ServeArguments(
            model=model_file.path,
            alias=model_file.alias,
            context_size=settings.context_size,
            threads=settings.threads,
            host="127.0.0.1",
            port=port,
            watch_stdin=False,
            state_file=path,
        )
        log_file = settings.cache_dir / "logs" / "detached-server.log"
        log_file.parent.mkdir(parents=True, exist_ok=True)
        report(progress, ProgressEvent("start", f"Loading {model_file.path.name}"))
        started = time.monotonic()
        with log_file.open("ab") as log:
            process = subprocess.Popen(
                [*program, *build_arguments(arguments)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=log,
                close_fds=True,
                start_new_session=True,  # not in this terminal's process group
            )
        _children[process.pid] = process
        try:
            wait_until_ready(process, started + settings.startup_timeout, log_file=log_file)
            server = _wait_for_state(path, process, started + settings.startup_timeout)
        except BaseException:
            _stop_pid(process.pid, path, timeout=10.0)
            raise
        finally:
            if process.stdout is not None:
                process.stdout.close()
        report(progress, ProgressEvent("ready", f"Model ready at {server.base_url}"))
        logger.info("Detached local server ready at %s (pid %d)", server.base_url, server.pid)
        return server


def stop_detached(settings: LocalSettings | None = None, timeout: float = 10.0) -> bool:
    """Stop the detached server, if one is running.

    Args:
        settings: Where to look (``LocalSettings.from_env()`` when omitted).
        timeout: Seconds to wait after SIGTERM before SIGKILL.

    Returns:
        Whether a server was stopped.
    """
    settings = settings or LocalSettings.from_env()
    path = state_file_path(settings.cache_dir)
    with exclusive_lock(settings.cache_dir / "server.lock"):
        status = detached_status(settings)
        if status.server is None:
            return False
        _stop_pid(status.server.pid, path, timeout)
        return True


def _stop_pid(pid: int, state_file: Path, timeout: float) -> None:
    """SIGTERM, wait, SIGKILL if needed; then forget the state file."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while process_is_alive(pid) and time.monotonic() < deadline:
        _reap(pid)
        time.sleep(0.05)
    if process_is_alive(pid):
        logger.warning("Local server pid %d ignored SIGTERM; killing it", pid)
        os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))  # Windows has no SIGKILL
    _reap(pid, wait=True)
    state_file.unlink(missing_ok=True)
    logger.info("Stopped the detached local server (pid %d)", pid)


def _reap(pid: int, wait: bool = False) -> None:
    """Collect the exit status of a child this process started, if it is one."""
    process = _children.get(pid)
    if process is None:
        return
    if wait:
        process.wait()
    if process.poll() is not None:
        del _children[pid]


def _wait_for_state(
    path: Path, process: subprocess.Popen[bytes], deadline: float
) -> DetachedServer:
    """The child announces readiness just before writing its state file: wait for the file."""
    while True:
        server = _read_state(path)
        if server is not None and server.pid == process.pid:
            return server
        if process.poll() is not None or time.monotonic() > deadline:
            raise LLMConnectionError(
                f"The detached local server never wrote {path}", provider="embedded"
            )
        time.sleep(0.05)


def _read_state(path: Path) -> DetachedServer | None:
    """Parse the state file; a missing or malformed one counts as no server."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return DetachedServer(
            pid=int(raw["pid"]),
            root_url=str(raw["base_url"]).rstrip("/"),
            model=str(raw["model"]),
            model_path=str(raw["model_path"]),
            started_at=float(raw["started_at"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _is_our_process(pid: int, state_file: Path) -> bool:
    """Whether ``pid`` is alive and is the server that owns ``state_file``."""
    if not process_is_alive(pid):
        return False
    try:
        command_line = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return True  # no /proc (macOS, Windows): trust the pid, the health check follows
    return str(state_file).encode() in command_line


__all__ = [
    "DetachedServer",
    "DetachedStatus",
    "detached_status",
    "find_detached_server",
    "start_detached",
    "state_file_path",
    "stop_detached",
]
