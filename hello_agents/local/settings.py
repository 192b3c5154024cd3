"""Settings of the embedded model, read from environment variables.

Every knob has a default that works with no configuration at all, and an
environment variable to change it:

- ``HELLO_AGENTS_LOCAL_MODEL``: a catalogue name (``qwen2.5-coder-1.5b``, the
  default, or ``qwen2.5-coder-0.5b``) or the path of any GGUF file.
- ``HELLO_AGENTS_LOCAL_CACHE_DIR``: where assembled weights, server logs and
  the detached server's state file live. Default
  ``$XDG_CACHE_HOME/hello-agents/local``, else ``~/.cache/hello-agents/local``.
- ``HELLO_AGENTS_LOCAL_CTX``: the context size in tokens (default 4096).
- ``HELLO_AGENTS_LOCAL_THREADS``: CPU threads (default: half the logical CPUs,
  at least 1; see :func:`default_threads`).
- ``HELLO_AGENTS_LOCAL_STARTUP_TIMEOUT``: seconds to wait for the model to
  load (default 300).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from hello_agents.core.exceptions import ConfigException

DEFAULT_MODEL = "qwen2.5-coder-1.5b"
DEFAULT_CONTEXT_SIZE = 4096
DEFAULT_STARTUP_TIMEOUT = 300.0

MODEL_VARIABLE = "HELLO_AGENTS_LOCAL_MODEL"
CACHE_DIR_VARIABLE = "HELLO_AGENTS_LOCAL_CACHE_DIR"
CONTEXT_SIZE_VARIABLE = "HELLO_AGENTS_LOCAL_CTX"
THREADS_VARIABLE = "HELLO_AGENTS_LOCAL_THREADS"
STARTUP_TIMEOUT_VARIABLE = "HELLO_AGENTS_LOCAL_STARTUP_TIMEOUT"


def default_cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Return the cache directory used when none is configured.

    Args:
        environ: The environment to read (``os.environ`` when omitted).

    Returns:
        ``$XDG_CACHE_HOME/hello-agents/local`` when ``XDG_CACHE_HOME`` is set,
        else ``~/.cache/hello-agents/local``.
    """
    environ = os.environ if environ is None else environ
    base = environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hello-agents" / "local"


def default_threads() -> int:
    """Half the logical CPUs, at least one.

    llama.cpp's threads wait for one another at every step, so one busy core
    stalls them all: on a 2-core machine where another process kept one core
    busy, 2 threads generated 0.9 tokens/s and 1 thread 7 tokens/s. Half the
    logical CPUs is also about the number of physical cores on machines with
    hyper-threading, llama.cpp's own choice.
    """
    return max(1, (os.cpu_count() or 2) // 2)


@dataclass(frozen=True)
class LocalSettings:
    """How to run the embedded model.

    Attributes:
        model: A catalogue name (see ``hello_agents.local.weights.MODELS``) or a
            path to a GGUF file.
        cache_dir: Directory for assembled weights, server logs and state files.
        context_size: The context window the server allocates, in tokens.
        threads: CPU threads used for prompt processing and generation.
        startup_timeout: Seconds to wait for the server to load the model.
    """

    model: str = DEFAULT_MODEL
    cache_dir: Path = field(default_factory=default_cache_dir)
    context_size: int = DEFAULT_CONTEXT_SIZE
    threads: int = field(default_factory=default_threads)
    startup_timeout: float = DEFAULT_STARTUP_TIMEOUT

    def __post_init__(self) -> None:
        if self.context_size < 256:
            raise ConfigException(
                f"context_size must be at least 256 tokens, got {self.context_size}"
            )
        if self.threads < 1:
            raise ConfigException(f"threads must be at least 1, got {self.threads}")
        if self.startup_timeout <= 0:
            raise ConfigException(f"startup_timeout must be positive, got {self.startup_timeout}")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> LocalSettings:
        """Read the settings from environment variables, with defaults for unset ones.

        Args:
            environ: The environment to read (``os.environ`` when omitted).

        Returns:
            The settings.

        Raises:
            ConfigException: A variable is set to a value that is not a valid number.
        """
        environ = os.environ if environ is None else environ
        cache_dir = environ.get(CACHE_DIR_VARIABLE)
        return cls(
            model=environ.get(MODEL_VARIABLE) or DEFAULT_MODEL,
            cache_dir=Path(cache_dir).expanduser() if cache_dir else default_cache_dir(environ),
            context_size=_read_int(environ, CONTEXT_SIZE_VARIABLE, DEFAULT_CONTEXT_SIZE),
            threads=_read_int(environ, THREADS_VARIABLE, default_threads()),
            startup_timeout=_read_float(environ, STARTUP_TIMEOUT_VARIABLE, DEFAULT_STARTUP_TIMEOUT),
        )


def _read_int(environ: Mapping[str, str], name: str, default: int) -> int:
    raw = environ.get(name)
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError as error:
        raise ConfigException(f"{name} must be a whole number, got {raw!r}") from error


def _read_float(environ: Mapping[str, str], name: str, default: float) -> float:
    raw = environ.get(name)
    if not raw:
        return default
    try:
        return float(raw)
    except ValueError as error:
        raise ConfigException(f"{name} must be a number, got {raw!r}") from error


__all__ = [
    "CACHE_DIR_VARIABLE",
    "CONTEXT_SIZE_VARIABLE",
    "DEFAULT_MODEL",
    "MODEL_VARIABLE",
    "STARTUP_TIMEOUT_VARIABLE",
    "THREADS_VARIABLE",
    "LocalSettings",
    "default_cache_dir",
    "default_threads",
]
