"""The server process: llama.cpp's OpenAI-compatible HTTP server, run by xllamacpp.

This module is the *child* side. :mod:`hello_agents.local.server` launches it
as ``python -m hello_agents.local.serve ...`` and talks to it through a tiny
protocol:

1. The child loads the model, starts listening on ``--host``/``--port`` (port
   0 lets the operating system pick a free one), then prints one JSON line on
   stdout: ``{"ready": true, "base_url": "http://127.0.0.1:PORT", "pid": ...}``,
   or ``{"ready": false, "error": "..."}`` before exiting with status 1.
2. With ``--watch-stdin`` the child stops as soon as its stdin reaches end of
   file. The parent holds the other end of that pipe and never writes to it;
   the operating system closes it when the parent exits *for any reason*,
   including ``kill -9``, so the child can never outlive its parent.
3. SIGTERM and SIGINT stop it too. With ``--state-file`` (the detached server
   of ``hello-agents local start``) it writes that file once ready and removes
   it when it stops.

xllamacpp is imported only here, inside the child, so importing
``hello_agents.local`` stays cheap.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, Protocol

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ServeArguments:
    """What the child was asked to serve; parsed from its command line.

    Attributes:
        model: The GGUF file to load.
        alias: The model name the server answers to.
        context_size: Context window in tokens.
        threads: CPU threads.
        host: The interface to listen on (loopback by default).
        port: The TCP port, 0 for any free one.
        watch_stdin: Stop when stdin reaches end of file (the parent died).
        state_file: Where to record the running server (detached mode), if anywhere.
    """

    model: Path
    alias: str
    context_size: int
    threads: int
    host: str
    port: int
    watch_stdin: bool
    state_file: Path | None


class RunningBackend(Protocol):
    """A started HTTP server, as seen by the lifecycle code."""

    @property
    def base_url(self) -> str:
        """``http://HOST:PORT`` where the server listens (no ``/v1``)."""
        ...

    def close(self) -> None:
        """Stop serving and free the model."""
        ...


Backend = Callable[[ServeArguments], RunningBackend]


def parse_arguments(argv: Sequence[str] | None = None) -> ServeArguments:
    """Parse the child's command line (see :func:`build_arguments` for the other side)."""
    parser = argparse.ArgumentParser(prog="python -m hello_agents.local.serve")
    parser.add_argument("--model", required=True, type=Path)
    parser.add_argument("--alias", required=True)
    parser.add_argument("--context-size", type=int, default=4096)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--watch-stdin", action="store_true")
    parser.add_argument("--state-file", type=Path, default=None)
    return ServeArguments(**vars(parser.parse_args(argv)))  # one option per field


def build_arguments(arguments: ServeArguments) -> list[str]:
    """Render ``arguments`` as the command-line flags :func:`parse_arguments` reads."""
    flags = [
        "--model",
        str(arguments.model),
        "--alias",
        arguments.alias,
        "--context-size",
        str(arguments.context_size),
        "--threads",
        str(arguments.threads),
        "--host",
        arguments.host,
        "--port",
        str(arguments.port),
    ]
    if arguments.watch_stdin:
        flags.append("--watch-stdin")
    if arguments.state_file is not None:
        flags += ["--state-file", str(arguments.state_file)]
    return flags


class LlamaCppBackend:
    """llama.cpp's server running inside this process, through xllamacpp."""

    def __init__(self, arguments: ServeArguments) -> None:
        import xllamacpp  # the optional dependency; only the child process needs it

        params = xllamacpp.CommonParams()
        params.model.path = str(arguments.model)
        params.model_alias = {arguments.alias}
        params.hostnames = [arguments.host]
        params.port = arguments.port
        params.n_ctx = arguments.context_size
        params.n_parallel = 1  # one conversation at a time: the whole context for it
        params.use_jinja = True  # the GGUF's own chat template, which knows about tools
        params.cpuparams.n_threads = arguments.threads
        params.cpuparams_batch.n_threads = arguments.threads
        params.ui = False
        params.offline = True  # never try to reach a model hub
        self._server: Any = xllamacpp.Server(params)  # returns once the model is loaded

    @property
    def base_url(self) -> str:
        """``http://HOST:PORT`` where llama.cpp listens."""
        return str(self._server.listening_address)

    def close(self) -> None:
        """Stop llama.cpp's server; its destructor joins the HTTP and inference threads."""
        del self._server


def main(argv: Sequence[str] | None = None, backend: Backend = LlamaCppBackend) -> int:
    """Serve until stdin closes (parent gone) or a termination signal arrives.

    Args:
        argv: Command-line flags; ``sys.argv[1:]`` when omitted.
        backend: Starts the HTTP server. Tests pass a small stand-in.

    Returns:
        The process exit status.
    """
    arguments = parse_arguments(argv)
    stop = threading.Event()

    def on_signal(signal_number: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    if arguments.watch_stdin:
        threading.Thread(target=_wait_for_end_of_stdin, args=(stop,), daemon=True).start()

    try:
        running = backend(arguments)
    except Exception as error:  # report any load failure to the parent, then exit
        _announce({"ready": False, "error": f"{type(error).__name__}: {error}"})
        return 1
    try:
        _announce({"ready": True, "base_url": running.base_url, "pid": os.getpid()})
        if arguments.state_file is not None:
            _write_state(arguments, running.base_url)
        while not stop.wait(timeout=3600):
            pass
    finally:
        if arguments.state_file is not None:
            _remove_own_state(arguments.state_file)
        running.close()
    return 0


def _wait_for_end_of_stdin(stop: threading.Event) -> None:
    """Block on stdin; end of file means the parent closed the pipe or died."""
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        stop.set()


def _announce(message: dict[str, Any]) -> None:
    """Send the single status line the parent waits for."""
    try:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):  # nobody listens any more (detached)
        pass


def _write_state(arguments: ServeArguments, base_url: str) -> None:
    """Record this detached server so other processes can find and reuse it."""
    assert arguments.state_file is not None
    state = {
        "pid": os.getpid(),
        "base_url": base_url,
        "model": arguments.alias,
        "model_path": str(arguments.model),
        "context_size": arguments.context_size,
        "started_at": time.time(),
    }
    temporary = arguments.state_file.with_name(f".{arguments.state_file.name}.{os.getpid()}")
    temporary.write_text(json.dumps(state, indent=2), encoding="utf-8")
    os.replace(temporary, arguments.state_file)


def _remove_own_state(state_file: Path) -> None:
    """Delete the state file if it still describes this process."""
    try:
        state = json.loads(state_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if isinstance(state, dict) and state.get("pid") == os.getpid():
        state_file.unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
