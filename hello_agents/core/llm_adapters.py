"""Endpoint adapters: the connection to one OpenAI-compatible endpoint, as a value.

The tutorial's ``MyLLM`` builds one with :func:`create_adapter` in its own
provider branch and keeps it as ``self._adapter`` next to its ``self._client``.
Every provider this package supports speaks the chat-completions API, so there
is one adapter: it holds the endpoint's settings (the key hidden from ``repr``)
and builds the SDK clients for them. :class:`~hello_agents.core.llm.HelloAgentsLLM`
calls through ``_client`` when a subclass sets one, and otherwise builds its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hello_agents.core.exceptions import ConfigException
from hello_agents.core.redaction import redact_url


@dataclass(frozen=True)
class OpenAICompatibleAdapter:
    """The settings of one OpenAI-compatible endpoint.

    Attributes:
        base_url: The API's base URL (``https://host/v1``).
        model: The model to ask, if the adapter's user wants a default.
        timeout: Seconds allowed per request (``None``: the SDK's default).
    """

    base_url: str
    api_key: str = field(repr=False)
    model: str | None = None
    timeout: float | None = None

    def client(self, **options: Any) -> Any:
        """A synchronous ``openai.OpenAI`` client for this endpoint."""
        from openai import OpenAI

        return OpenAI(api_key=self.api_key, base_url=self.base_url, timeout=self.timeout, **options)

    def async_client(self, **options: Any) -> Any:
        """An ``openai.AsyncOpenAI`` client for this endpoint."""
        from openai import AsyncOpenAI

        return AsyncOpenAI(
            api_key=self.api_key, base_url=self.base_url, timeout=self.timeout, **options
        )

    def __str__(self) -> str:
        return f"OpenAICompatibleAdapter({redact_url(self.base_url)}, model={self.model!r})"


def create_adapter(
    api_key: str | None,
    base_url: str | None,
    timeout: float | None = None,
    model: str | None = None,
    **_ignored: Any,
) -> OpenAICompatibleAdapter:
    """The adapter for an OpenAI-compatible endpoint (the tutorial's ``create_adapter``).

    Raises:
        ConfigException: Without a base URL, or with a timeout that is not positive.
    """
    if not base_url:
        raise ConfigException("create_adapter needs the endpoint's base_url")
    if timeout is not None and timeout <= 0:
        raise ConfigException(f"timeout must be a positive number of seconds, got {timeout!r}")
    return OpenAICompatibleAdapter(base_url, api_key or "", model, timeout)


__all__ = ["OpenAICompatibleAdapter", "create_adapter"]
