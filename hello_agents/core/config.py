"""Central settings with sensible defaults, overridable from the environment.

Every field is read somewhere: agents pass ``temperature`` and ``max_tokens``
to the model when you set them in a Config, keep at most
``max_history_length`` messages and fit each request in
``max_context_tokens``, and :class:`~hello_agents.core.llm.HelloAgentsLLM`
takes ``default_model``, ``default_provider``, ``timeout`` and ``max_retries``
from a Config it is given. Explicit arguments beat Config, and Config beats
built-in defaults.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from hello_agents.core.exceptions import ConfigException

_dotenv_loaded = False


def load_env_file() -> None:
    """Load ``.env`` (searched from the working directory upwards) into the
    environment, once per process; variables already set are kept.

    Set ``HELLO_AGENTS_NO_DOTENV=1`` to skip it (the test suite does).
    """
    global _dotenv_loaded
    if _dotenv_loaded or os.environ.get("HELLO_AGENTS_NO_DOTENV"):
        return
    _dotenv_loaded = True
    from dotenv import find_dotenv, load_dotenv

    load_dotenv(find_dotenv(usecwd=True), override=False)


# Environment variable -> Config field.
ENV_FIELDS: dict[str, str] = {
    "LLM_MODEL_ID": "default_model",
    "LLM_PROVIDER": "default_provider",
    "TEMPERATURE": "temperature",
    "MAX_TOKENS": "max_tokens",
    "LLM_TIMEOUT": "timeout",
    "LLM_MAX_RETRIES": "max_retries",
    "DEBUG": "debug",
    "LOG_LEVEL": "log_level",
    "MAX_HISTORY_LENGTH": "max_history_length",
    "MAX_CONTEXT_TOKENS": "max_context_tokens",
}


class Config(BaseModel):
    """Framework settings.

    Attributes:
        default_model: Model used when none is given (``None``: the provider's default).
        default_provider: Provider used when none is given (``None``: auto-detect).
        temperature: Sampling temperature sent by agents.
        max_tokens: Cap on answer length sent by agents (``None``: provider default).
        timeout: Seconds to wait for one model response.
        max_retries: Retries of a failed model call (429, 5xx, timeouts).
        debug: Shorthand for ``log_level="DEBUG"`` in :meth:`configure_logging`.
        log_level: Level for the ``hello_agents`` logger.
        max_history_length: Messages an agent keeps in its history.
        max_context_tokens: Token budget of one request (messages plus tool
            schemas); older turns are dropped to fit. ``None``: no budget.
    """

    default_model: str | None = None
    default_provider: str | None = None
    temperature: float = Field(default=0.7, ge=0.0, le=2.0)
    max_tokens: int | None = Field(default=None, gt=0)
    timeout: float = Field(default=60.0, gt=0)
    max_retries: int = Field(default=2, ge=0)
    debug: bool = False
    log_level: str = "INFO"
    max_history_length: int = Field(default=100, ge=0)
    max_context_tokens: int | None = Field(default=None, gt=0)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> Config:
        """Build a Config from environment variables (see :data:`ENV_FIELDS`).

        Only variables that are set become fields, so the others keep their
        defaults and stay "not set" for :meth:`explicit`.

        Raises:
            ConfigException: If a variable holds an invalid value.
        """
        if env is None:
            load_env_file()
            env = os.environ
        values: dict[str, Any] = {}
        for variable, name in ENV_FIELDS.items():
            raw = env.get(variable, "").strip()
            if raw:
                values[name] = raw.lower() in ("1", "true", "yes", "on") if name == "debug" else raw
        values.update(overrides)
        try:
            return cls(**values)
        except ValidationError as error:
            raise ConfigException(f"invalid configuration: {error}") from error

    def to_dict(self) -> dict[str, Any]:
        """All settings as a plain dict."""
        return self.model_dump()

    def configure_logging(self) -> None:
        """Set the ``hello_agents`` logger's level from ``debug`` / ``log_level``.

        The library never configures logging by itself; call this (the CLI
        does) when you want its diagnostics at that level.
        """
        level = "DEBUG" if self.debug else self.log_level.upper()
        logging.getLogger("hello_agents").setLevel(level)


__all__ = ["ENV_FIELDS", "Config", "load_env_file"]
