"""The exception hierarchy: errors meant for the developer.

Errors meant for the *model* (a bad tool argument, an unknown tool, a format
mistake) are never raised: they travel back to the model as plain text so it
can repair its next step. Everything here is raised, and chained with
``raise ... from error`` so the original cause stays visible.

    HelloAgentsException
    ├── ConfigException          bad settings: unknown provider, timeout <= 0, no credentials
    ├── LLMException             the model call failed
    │   ├── LLMAuthenticationError   401/403: the key was refused
    │   ├── LLMRateLimitError        429 after every retry
    │   ├── LLMTimeoutError          no answer within the timeout, after every retry
    │   ├── LLMConnectionError       the server could not be reached
    │   ├── LLMStatusError           any other HTTP error status
    │   ├── LLMRequestError          the call failed on this side (unsendable value, closed loop)
    │   └── LLMResponseError         the answer was malformed
    │       └── LLMStreamError       the stream was cut before it finished
    ├── AgentException           an agent cannot go on (e.g. one turn exceeds the context budget)
    └── ToolException            a tool is defined or registered wrongly
"""

from __future__ import annotations


class HelloAgentsException(Exception):
    """Base class of every exception the framework raises on purpose."""


class ConfigException(HelloAgentsException):
    """A setting is missing or invalid."""


class LLMException(HelloAgentsException):
    """A call to the language model failed.

    Attributes:
        provider: The provider the call went to (``"openai"``, ``"ollama"`` ...).
        status_code: The HTTP status of the failed response, when there was one.
        retryable: Whether trying again later could succeed.
    """

    def __init__(
        self,
        message: str,
        *,
        provider: str | None = None,
        status_code: int | None = None,
        retryable: bool = False,
    ) -> None:
        super().__init__(message)
        self.provider = provider
        self.status_code = status_code
        self.retryable = retryable


class LLMAuthenticationError(LLMException):
    """The provider refused the credentials (HTTP 401 or 403)."""


class LLMRateLimitError(LLMException):
    """The provider kept answering 429 until the retry budget ran out."""


class LLMTimeoutError(LLMException):
    """No answer arrived within the timeout, on every attempt."""


class LLMConnectionError(LLMException):
    """The server could not be reached."""


class LLMStatusError(LLMException):
    """The server answered with an HTTP error status not covered by a subclass."""


class LLMRequestError(LLMException):
    """The call failed on this side, not the server's.

    For example a value that cannot be encoded as JSON, or a client whose
    event loop was closed. Never retried: the same call would fail the same way.
    """


class LLMResponseError(LLMException):
    """The server answered, but the answer could not be understood."""


class LLMStreamError(LLMResponseError):
    """A streamed answer stopped before the model finished it."""


class AgentException(HelloAgentsException):
    """An agent cannot continue."""


class AgentArgumentError(AgentException, ValueError):
    """An agent was given an invalid argument (a negative limit, an unknown prompt
    name ...); raised when the agent is built or a run starts, the same way by
    every agent. Also a ``ValueError``."""


class ToolException(HelloAgentsException):
    """A tool is defined, registered or configured wrongly."""


__all__ = [
    "AgentArgumentError",
    "AgentException",
    "ConfigException",
    "HelloAgentsException",
    "LLMAuthenticationError",
    "LLMConnectionError",
    "LLMException",
    "LLMRateLimitError",
    "LLMRequestError",
    "LLMResponseError",
    "LLMStatusError",
    "LLMStreamError",
    "LLMTimeoutError",
    "ToolException",
]
