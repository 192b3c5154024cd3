"""Which provider, which URL, which key: provider detection as readable data.

The table :data:`PROVIDERS` says, for each OpenAI-compatible provider, where
its key lives in the environment, its official hosts, its default URL and
model. :func:`resolve_endpoint` turns constructor arguments plus environment
into one :class:`Endpoint`, following the tutorial's order of signals:

1. an explicit ``provider`` argument (validated, case-insensitive);
2. an explicit ``base_url`` argument (its host or local port), then the
   format of an explicit ``api_key`` (``ms-...`` is ModelScope);
3. provider-specific environment variables, in table order
   (``OPENAI_API_KEY``, ``DEEPSEEK_API_KEY``, ... ``VLLM_HOST``);
4. the host or port of ``LLM_BASE_URL``;
5. the format of ``LLM_API_KEY``;
6. otherwise ``"auto"``: a generic OpenAI-compatible endpoint from
   ``LLM_BASE_URL`` and ``LLM_API_KEY``, or the embedded local model when
   nothing at all is configured.

Explicit arguments always win over the environment. A provider-specific key
(``OPENAI_API_KEY`` ...) is only ever sent to that provider's own hosts: if
``LLM_BASE_URL`` points elsewhere, the generic ``LLM_API_KEY`` is used
instead, or a placeholder for a server on this machine.

To add a provider, add a :class:`ProviderSpec` with :func:`register_provider`
(or subclass :class:`~hello_agents.core.llm.HelloAgentsLLM`, as the tutorial's
ModelScope exercise does).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from hello_agents.core.exceptions import ConfigException
from hello_agents.core.redaction import redact_url

logger = logging.getLogger(__name__)

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})

# A local server needs some non-empty key; this one is never a real secret.
LOCAL_PLACEHOLDER_KEY = "not-needed"


@dataclass(frozen=True)
class ProviderSpec:
    """Everything the framework knows about one provider.

    Attributes:
        name: Lower-case provider name, as passed to ``provider=``.
        key_env: Environment variables holding this provider's key, in order.
        hosts: The provider's official API hosts. Its key is only sent there
            (empty for self-hosted servers, whose key goes to their own URL).
        default_base_url: The URL used when none is configured.
        default_model: The model used when none is configured.
        url_env: Environment variables holding this provider's server address
            (``OLLAMA_HOST``); these may omit the scheme and the ``/v1``.
        default_port: The port a bare ``url_env`` host gets.
        key_prefixes: Key prefixes that identify the provider (weak signal).
        local_ports: Ports on this machine that identify the provider.
        placeholder_key: Key sent when none is configured (self-hosted only).
    """

    name: str
    key_env: tuple[str, ...] = ()
    hosts: tuple[str, ...] = ()
    default_base_url: str | None = None
    default_model: str | None = None
    url_env: tuple[str, ...] = ()
    default_port: int | None = None
    key_prefixes: tuple[str, ...] = ()
    local_ports: tuple[int, ...] = ()
    placeholder_key: str | None = None

    @property
    def self_hosted(self) -> bool:
        """True for servers the user runs (Ollama, vLLM, any local server)."""
        return not self.hosts


PROVIDERS: dict[str, ProviderSpec] = {}


def register_provider(spec: ProviderSpec, *, replace: bool = False) -> ProviderSpec:
    """Add a provider to the table.

    Args:
        spec: The provider's description. Its name is stored lower-case.
        replace: Allow replacing an existing provider of the same name.

    Returns:
        The registered spec.

    Raises:
        ConfigException: If the name is taken and ``replace`` is False.
    """
    name = spec.name.lower()
    if name in PROVIDERS and not replace:
        raise ConfigException(f"provider {name!r} is already registered (pass replace=True)")
    if name != spec.name:
        spec = ProviderSpec(**{**spec.__dict__, "name": name})
    PROVIDERS[name] = spec
    return spec


for _spec in (
    ProviderSpec(
        "openai",
        key_env=("OPENAI_API_KEY",),
        hosts=("api.openai.com",),
        default_base_url="https://api.openai.com/v1",
        default_model="gpt-4o-mini",
    ),
    ProviderSpec(
        "deepseek",
        key_env=("DEEPSEEK_API_KEY",),
        hosts=("api.deepseek.com",),
        default_base_url="https://api.deepseek.com",
        default_model="deepseek-chat",
    ),
    ProviderSpec(
        "qwen",
        key_env=("DASHSCOPE_API_KEY",),
        hosts=("dashscope.aliyuncs.com", "dashscope-intl.aliyuncs.com"),
        default_base_url="https://dashscope.aliyuncs.com/compatible-mode/v1",
        default_model="qwen-plus",
    ),
    ProviderSpec(
        "modelscope",
        key_env=("MODELSCOPE_API_KEY",),
        hosts=("api-inference.modelscope.cn",),
        default_base_url="https://api-inference.modelscope.cn/v1/",
        default_model="Qwen/Qwen2.5-72B-Instruct",
        key_prefixes=("ms-",),
    ),
    ProviderSpec(
        "kimi",
        key_env=("KIMI_API_KEY", "MOONSHOT_API_KEY"),
        hosts=("api.moonshot.cn", "api.moonshot.ai"),
        default_base_url="https://api.moonshot.cn/v1",
        default_model="moonshot-v1-8k",
    ),
    ProviderSpec(
        "zhipu",
        key_env=("ZHIPU_API_KEY", "GLM_API_KEY"),
        hosts=("open.bigmodel.cn",),
        default_base_url="https://open.bigmodel.cn/api/paas/v4",
        default_model="glm-4",
    ),
    ProviderSpec(
        "ollama",
        key_env=("OLLAMA_API_KEY",),
        default_base_url="http://localhost:11434/v1",
        default_model="llama3.2",
        url_env=("OLLAMA_HOST",),
        default_port=11434,
        local_ports=(11434,),
        placeholder_key="ollama",
    ),
    ProviderSpec(
        "vllm",
        key_env=("VLLM_API_KEY",),
        default_base_url="http://localhost:8000/v1",
        default_model="meta-llama/Llama-2-7b-chat-hf",
        url_env=("VLLM_HOST",),
        default_port=8000,
        local_ports=(8000,),
        placeholder_key="vllm",
    ),
    ProviderSpec(
        "local",
        default_base_url="http://localhost:8000/v1",
        default_model="local-model",
        placeholder_key="local",
    ),
):
    register_provider(_spec)

# "auto" is not a row of the table: it means "generic OpenAI-compatible server".
AUTO = "auto"
# "embedded" is the small model hello-agents serves itself (pip extra "local").
EMBEDDED = "embedded"


@dataclass(frozen=True)
class Endpoint:
    """The outcome of detection: where to send requests, and with what.

    Attributes:
        provider: The provider name (a key of :data:`PROVIDERS`, ``"auto"``
            or ``"embedded"``).
        base_url: The API root, e.g. ``https://api.openai.com/v1``; ``None``
            only for ``"embedded"``, whose URL is known once its server runs.
        model: The model name, or ``None`` to let the provider decide.
        api_key: The key to send. Excluded from the repr.
        reasons: How each value was chosen, for ``doctor`` and the logs.
    """

    provider: str
    base_url: str | None
    model: str | None
    api_key: str | None = field(default=None, repr=False)
    reasons: tuple[str, ...] = ()


def normalize_provider(name: str) -> str:
    """Lower-case and validate a provider name.

    Raises:
        ConfigException: For an unknown name, listing the known ones.
    """
    normalized = name.strip().lower()
    known = [*PROVIDERS, AUTO, EMBEDDED]
    if normalized not in known:
        raise ConfigException(
            f"unknown provider {name!r}; choose one of: {', '.join(sorted(known))} "
            "(or add one with hello_agents.core.providers.register_provider)"
        )
    return normalized


def normalize_base_url(raw: str, default_port: int | None = None) -> str:
    """Make a usable API root out of what users write.

    ``127.0.0.1:11434`` becomes ``http://127.0.0.1:11434/v1``; ``0.0.0.0`` (a
    bind address) becomes ``127.0.0.1``; a trailing slash is kept as given.
    Only hosts given without a scheme or path get ``/v1`` appended, since
    some providers (DeepSeek) serve their API at the root.
    """
    text = raw.strip()
    bare = "://" not in text
    if bare:
        text = "http://" + text
    parts = urlsplit(text)
    host = parts.hostname or ""
    if not host:
        raise ConfigException(f"cannot read a host from base URL {redact_url(raw)!r}")
    if host == "0.0.0.0":
        host = "127.0.0.1"
    display_host = f"[{host}]" if ":" in host else host
    port = parts.port or (default_port if bare else None)
    netloc = f"{display_host}:{port}" if port else display_host
    path = parts.path
    if bare and path in ("", "/"):
        path = "/v1"
    return f"{parts.scheme}://{netloc}{path}"


def host_of(url: str) -> str:
    """The lower-case host of a URL (``""`` when there is none)."""
    return (urlsplit(url if "://" in url else "http://" + url).hostname or "").lower()


def is_local_url(url: str) -> bool:
    """True when the URL points at this machine."""
    host = host_of(url)
    return host in LOCAL_HOSTS or host.startswith("127.")


def provider_from_url(url: str) -> str | None:
    """Recognise a provider from a base URL's host, or a local server's port."""
    host = host_of(url)
    for spec in PROVIDERS.values():
        if any(host == known or host.endswith("." + known) for known in spec.hosts):
            return spec.name
    if is_local_url(url):
        port = urlsplit(url if "://" in url else "http://" + url).port
        for spec in PROVIDERS.values():
            if port is not None and port in spec.local_ports:
                return spec.name
        if "ollama" in url.lower():
            return "ollama"
        if "vllm" in url.lower():
            return "vllm"
        return "local"
    return None


def provider_from_key(key: str) -> str | None:
    """Recognise a provider from a key's format: the weakest signal."""
    lowered = key.strip().lower()
    for spec in PROVIDERS.values():
        if any(key.startswith(prefix) for prefix in spec.key_prefixes):
            return spec.name
        if spec.placeholder_key is not None and lowered == spec.placeholder_key:
            return spec.name
    return None


def _first_env(env: Mapping[str, str], names: tuple[str, ...]) -> tuple[str, str] | None:
    for name in names:
        value = env.get(name, "").strip()
        if value:
            return name, value
    return None


def resolve_endpoint(
    *,
    provider: str | None = None,
    api_key: str | None = None,
    base_url: str | None = None,
    model: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Endpoint:
    """Decide provider, base URL, model and key from arguments and environment.

    Args:
        provider: An explicit provider name; wins over every other signal.
        api_key: An explicit key; always sent as given.
        base_url: An explicit API root; wins over environment URLs.
        model: An explicit model; wins over ``LLM_MODEL_ID`` and defaults.
        env: The environment to read (``os.environ`` when omitted).

    Returns:
        The resolved :class:`Endpoint`.

    Raises:
        ConfigException: For an unknown provider, an unreadable URL, or a
            remote provider with no key to send.
    """
    env = os.environ if env is None else env
    reasons: list[str] = []

    name = _detect(provider, api_key, base_url, env, reasons)
    if name == EMBEDDED:
        reasons.append("nothing configured: using the embedded local model")
        return Endpoint(
            EMBEDDED, None, model or env.get("LLM_MODEL_ID") or None, None, tuple(reasons)
        )

    spec = PROVIDERS.get(name)
    url = _resolve_url(spec, base_url, env, reasons)
    if url is None:
        raise ConfigException(
            "no base URL for provider 'auto': set LLM_BASE_URL (and LLM_API_KEY), "
            "pass base_url=..., or choose a provider"
        )
    key = _resolve_key(spec, api_key, url, env, reasons)
    chosen_model = model or env.get("LLM_MODEL_ID") or (spec.default_model if spec else None)
    if chosen_model and not model:
        source = "LLM_MODEL_ID" if env.get("LLM_MODEL_ID") else f"default for {name}"
        reasons.append(f"model from {source}")
    return Endpoint(name, url, chosen_model, key, tuple(reasons))


def detect_provider(
    *,
    api_key: str | None = None,
    base_url: str | None = None,
    env: Mapping[str, str] | None = None,
) -> str:
    """The provider these arguments and the environment point to (steps 2-6
    of :func:`resolve_endpoint`): a name of :data:`PROVIDERS`, ``"auto"`` or
    ``"embedded"``."""
    return _detect(None, api_key, base_url, os.environ if env is None else env, [])


def _detect(
    provider: str | None,
    api_key: str | None,
    base_url: str | None,
    env: Mapping[str, str],
    reasons: list[str],
) -> str:
    # An explicit "auto" (the tutorial's default argument) means "detect".
    if provider and normalize_provider(provider) != AUTO:
        name = normalize_provider(provider)
        reasons.append(f"provider {name!r} given explicitly")
        return name
    if base_url:
        found = provider_from_url(base_url)
        if found:
            reasons.append(f"provider {found!r} from the base_url argument")
            return found
    if api_key:
        found = provider_from_key(api_key)
        if found:
            reasons.append(f"provider {found!r} from the api_key argument's format")
            return found
    if base_url:
        reasons.append("provider 'auto': base_url argument of an unknown host")
        return AUTO
    for spec in PROVIDERS.values():
        hit = _first_env(env, spec.key_env + spec.url_env)
        if hit:
            reasons.append(f"provider {spec.name!r} because {hit[0]} is set")
            return spec.name
    env_url = env.get("LLM_BASE_URL", "").strip()
    if env_url:
        found = provider_from_url(env_url)
        if found:
            reasons.append(f"provider {found!r} from LLM_BASE_URL")
            return found
    env_key = api_key or env.get("LLM_API_KEY", "").strip()
    if env_key:
        found = provider_from_key(env_key)
        if found:
            reasons.append(f"provider {found!r} from LLM_API_KEY's format")
            return found
    if env_url or env_key:
        reasons.append("provider 'auto': generic LLM_BASE_URL / LLM_API_KEY")
        return AUTO
    return EMBEDDED


def _resolve_url(
    spec: ProviderSpec | None,
    base_url: str | None,
    env: Mapping[str, str],
    reasons: list[str],
) -> str | None:
    if base_url:
        reasons.append("base URL given explicitly")
        return normalize_base_url(base_url) if "://" not in base_url else base_url
    if spec is not None:
        hit = _first_env(env, spec.url_env)
        if hit:
            reasons.append(f"base URL from {hit[0]}")
            return normalize_base_url(hit[1], spec.default_port)
    env_url = env.get("LLM_BASE_URL", "").strip()
    if env_url:
        reasons.append("base URL from LLM_BASE_URL")
        return normalize_base_url(env_url) if "://" not in env_url else env_url
    if spec is not None and spec.default_base_url:
        reasons.append(f"default base URL of {spec.name}")
        return spec.default_base_url
    return None


def _resolve_key(
    spec: ProviderSpec | None,
    api_key: str | None,
    url: str,
    env: Mapping[str, str],
    reasons: list[str],
) -> str | None:
    if api_key:
        reasons.append("API key given explicitly")
        return api_key
    if spec is not None and spec.key_env:
        own_host = spec.self_hosted or provider_from_url(url) == spec.name
        hit = _first_env(env, spec.key_env)
        if hit and own_host:
            reasons.append(f"API key from {hit[0]}")
            return hit[1]
        if hit:
            reasons.append(f"{hit[0]} is not sent to {host_of(url)}: it belongs to {spec.name}")
            logger.warning(
                "%s is set but the base URL points to %s, not to %s; that key is not sent there",
                hit[0],
                host_of(url),
                spec.name,
            )
    generic = env.get("LLM_API_KEY", "").strip()
    if generic:
        reasons.append("API key from LLM_API_KEY")
        return generic
    if spec is not None and spec.placeholder_key:
        reasons.append("placeholder key (self-hosted server)")
        return spec.placeholder_key
    if is_local_url(url):
        reasons.append("placeholder key (server on this machine)")
        return LOCAL_PLACEHOLDER_KEY
    provider = spec.name if spec else AUTO
    wanted = " or ".join((*(spec.key_env if spec else ()), "LLM_API_KEY"))
    raise ConfigException(
        f"no API key for provider {provider!r} at {host_of(url)}: set {wanted}, or pass api_key=..."
    )


__all__ = [
    "AUTO",
    "EMBEDDED",
    "PROVIDERS",
    "Endpoint",
    "ProviderSpec",
    "detect_provider",
    "host_of",
    "is_local_url",
    "normalize_base_url",
    "normalize_provider",
    "provider_from_key",
    "provider_from_url",
    "register_provider",
    "resolve_endpoint",
]
