"""Provider detection and credential resolution: the full matrix."""

from __future__ import annotations

import logging

import pytest

from hello_agents.core.exceptions import ConfigException
from hello_agents.core.providers import (
    PROVIDERS,
    Endpoint,
    ProviderSpec,
    normalize_base_url,
    register_provider,
    resolve_endpoint,
)


def resolve(env: dict[str, str] | None = None, **arguments: str) -> Endpoint:
    return resolve_endpoint(env=env or {}, **arguments)  # type: ignore[arg-type]


# ---- 1. provider-specific environment variables ----------------------------------------


@pytest.mark.parametrize(
    ("variable", "provider", "host"),
    [
        ("OPENAI_API_KEY", "openai", "https://api.openai.com/v1"),
        ("DEEPSEEK_API_KEY", "deepseek", "https://api.deepseek.com"),
        ("DASHSCOPE_API_KEY", "qwen", "https://dashscope.aliyuncs.com/compatible-mode/v1"),
        ("MODELSCOPE_API_KEY", "modelscope", "https://api-inference.modelscope.cn/v1/"),
        ("KIMI_API_KEY", "kimi", "https://api.moonshot.cn/v1"),
        ("MOONSHOT_API_KEY", "kimi", "https://api.moonshot.cn/v1"),
        ("ZHIPU_API_KEY", "zhipu", "https://open.bigmodel.cn/api/paas/v4"),
        ("GLM_API_KEY", "zhipu", "https://open.bigmodel.cn/api/paas/v4"),
        ("OLLAMA_API_KEY", "ollama", "http://localhost:11434/v1"),
        ("VLLM_API_KEY", "vllm", "http://localhost:8000/v1"),
    ],
)
def test_provider_key_variable_selects_provider_url_and_key(
    variable: str, provider: str, host: str
) -> None:
    endpoint = resolve({variable: "secret-value"})
    assert (endpoint.provider, endpoint.base_url, endpoint.api_key) == (
        provider,
        host,
        "secret-value",
    )
    assert endpoint.model == PROVIDERS[provider].default_model


@pytest.mark.parametrize(
    ("variable", "value", "provider", "url"),
    [
        ("OLLAMA_HOST", "127.0.0.1:11434", "ollama", "http://127.0.0.1:11434/v1"),
        ("OLLAMA_HOST", "0.0.0.0", "ollama", "http://127.0.0.1:11434/v1"),
        ("OLLAMA_HOST", "http://gpu-box:11434", "ollama", "http://gpu-box:11434"),
        ("OLLAMA_HOST", "gpu-box", "ollama", "http://gpu-box:11434/v1"),
        ("VLLM_HOST", "localhost:8000", "vllm", "http://localhost:8000/v1"),
        ("VLLM_HOST", "http://10.1.2.3:9000/v1", "vllm", "http://10.1.2.3:9000/v1"),
    ],
)
def test_host_variables_are_normalised(variable: str, value: str, provider: str, url: str) -> None:
    endpoint = resolve({variable: value})
    assert (endpoint.provider, endpoint.base_url) == (provider, url)
    assert endpoint.api_key == PROVIDERS[provider].placeholder_key


def test_env_variables_are_checked_in_table_order() -> None:
    endpoint = resolve({"DEEPSEEK_API_KEY": "d", "OPENAI_API_KEY": "o", "OLLAMA_HOST": "x"})
    assert endpoint.provider == "openai"


# ---- 2. LLM_BASE_URL host and port -----------------------------------------------------


@pytest.mark.parametrize(
    ("url", "provider"),
    [
        ("https://api.openai.com/v1", "openai"),
        ("https://api.deepseek.com", "deepseek"),
        ("https://dashscope.aliyuncs.com/compatible-mode/v1", "qwen"),
        ("https://dashscope-intl.aliyuncs.com/compatible-mode/v1", "qwen"),
        ("https://api-inference.modelscope.cn/v1/", "modelscope"),
        ("https://api.moonshot.cn/v1", "kimi"),
        ("https://open.bigmodel.cn/api/paas/v4", "zhipu"),
        ("http://localhost:11434/v1", "ollama"),
        ("http://127.0.0.1:11434/v1", "ollama"),
        ("http://localhost:8000/v1", "vllm"),
        ("http://127.0.0.1:8080/v1", "local"),
        ("http://localhost:7860/v1", "local"),
        ("http://[::1]:5000/v1", "local"),
        ("https://my-gateway.example.com/v1", "auto"),
    ],
)
def test_llm_base_url_selects_provider(url: str, provider: str) -> None:
    endpoint = resolve({"LLM_BASE_URL": url, "LLM_API_KEY": "generic"})
    assert (endpoint.provider, endpoint.base_url, endpoint.api_key) == (provider, url, "generic")


def test_local_base_url_without_key_gets_a_placeholder() -> None:
    endpoint = resolve({"LLM_BASE_URL": "http://127.0.0.1:8080/v1"})
    assert endpoint.provider == "local"
    assert endpoint.api_key == "local"


# ---- 3. key format ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "provider"),
    [
        ("ms-0123456789abcdef", "modelscope"),
        ("ollama", "ollama"),
        ("vllm", "vllm"),
        ("LOCAL", "local"),
    ],
)
def test_key_format_is_the_weakest_signal(key: str, provider: str) -> None:
    assert resolve({"LLM_API_KEY": key}).provider == provider


def test_key_format_loses_to_base_url() -> None:
    endpoint = resolve({"LLM_API_KEY": "ms-abc", "LLM_BASE_URL": "https://api.deepseek.com"})
    assert endpoint.provider == "deepseek"


def test_keys_with_dots_are_not_guessed_as_zhipu() -> None:
    # The reference package took any key with a dot near its end for Zhipu.
    endpoint = resolve({"LLM_API_KEY": "abc.def", "LLM_BASE_URL": "https://gw.example.com/v1"})
    assert endpoint.provider == "auto"


def test_generic_auto_needs_a_base_url() -> None:
    with pytest.raises(ConfigException, match="LLM_BASE_URL"):
        resolve({"LLM_API_KEY": "sk-generic"})


def test_nothing_configured_means_embedded() -> None:
    endpoint = resolve({})
    assert endpoint.provider == "embedded"
    assert endpoint.base_url is None


# ---- precedence: explicit arguments win ------------------------------------------------


def test_explicit_provider_beats_environment() -> None:
    endpoint = resolve({"OPENAI_API_KEY": "sk-openai"}, provider="Ollama")
    assert endpoint.provider == "ollama"
    assert endpoint.base_url == "http://localhost:11434/v1"
    assert endpoint.api_key == "ollama"


@pytest.mark.parametrize("name", ["DeepSeek", "QWEN", " kimi "])
def test_provider_names_are_case_insensitive(name: str) -> None:
    assert resolve({}, provider=name, api_key="k").provider == name.strip().lower()


def test_unknown_provider_is_a_clear_error() -> None:
    with pytest.raises(ConfigException, match=r"unknown provider 'gemini'.*openai"):
        resolve({}, provider="gemini")


def test_explicit_base_url_beats_provider_env_key_and_key_is_not_leaked() -> None:
    # The reference sent the OpenAI key to DeepSeek here.
    env = {"OPENAI_API_KEY": "sk-openai-secret"}
    with pytest.raises(ConfigException, match="DEEPSEEK_API_KEY") as raised:
        resolve(env, base_url="https://api.deepseek.com")
    assert "sk-openai-secret" not in str(raised.value)


def test_explicit_base_url_with_its_own_key_variable() -> None:
    env = {"OPENAI_API_KEY": "sk-openai", "DEEPSEEK_API_KEY": "sk-deep"}
    endpoint = resolve(env, base_url="https://api.deepseek.com")
    assert (endpoint.provider, endpoint.api_key) == ("deepseek", "sk-deep")


def test_explicit_api_key_and_model_win() -> None:
    env = {"DEEPSEEK_API_KEY": "env-key", "LLM_MODEL_ID": "env-model"}
    endpoint = resolve(env, api_key="arg-key", model="arg-model")
    assert (endpoint.api_key, endpoint.model) == ("arg-key", "arg-model")


def test_explicit_api_key_format_beats_environment() -> None:
    endpoint = resolve({"OPENAI_API_KEY": "sk-openai"}, api_key="ms-123")
    assert endpoint.provider == "modelscope"


def test_llm_model_id_overrides_provider_default() -> None:
    assert resolve({"OPENAI_API_KEY": "k", "LLM_MODEL_ID": "gpt-x"}).model == "gpt-x"


def test_unknown_host_does_not_receive_provider_keys() -> None:
    env = {"OPENAI_API_KEY": "sk-openai", "LLM_API_KEY": "gateway-key"}
    endpoint = resolve(env, base_url="https://gateway.example.com/v1")
    assert (endpoint.provider, endpoint.api_key) == ("auto", "gateway-key")


# ---- the tutorial's trap ---------------------------------------------------------------


def test_tutorial_trap_openai_key_and_ollama_url(caplog: pytest.LogCaptureFixture) -> None:
    """OPENAI_API_KEY + LLM_BASE_URL=localhost:11434 gives openai (env vars first),
    but the OpenAI key must not be sent to the local server."""
    env = {"OPENAI_API_KEY": "sk-openai-secret", "LLM_BASE_URL": "http://localhost:11434/v1"}
    with caplog.at_level(logging.WARNING):
        endpoint = resolve(env)
    assert endpoint.provider == "openai"
    assert endpoint.base_url == "http://localhost:11434/v1"
    assert endpoint.api_key != "sk-openai-secret"
    assert "OPENAI_API_KEY" in caplog.text and "sk-openai-secret" not in caplog.text


def test_tutorial_trap_uses_generic_key_when_given() -> None:
    env = {
        "OPENAI_API_KEY": "sk-openai-secret",
        "LLM_BASE_URL": "http://localhost:11434/v1",
        "LLM_API_KEY": "ollama",
    }
    assert resolve(env).api_key == "ollama"


def test_remote_provider_without_key_is_an_error() -> None:
    with pytest.raises(ConfigException, match="OPENAI_API_KEY or LLM_API_KEY"):
        resolve({}, provider="openai")


# ---- table helpers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("127.0.0.1:11434", "http://127.0.0.1:11434/v1"),
        ("localhost", "http://localhost/v1"),
        ("http://host:1/api", "http://host:1/api"),
        ("[::1]:8080", "http://[::1]:8080/v1"),
    ],
)
def test_normalize_base_url(raw: str, expected: str) -> None:
    assert normalize_base_url(raw) == expected


def test_register_provider_extends_detection() -> None:
    spec = ProviderSpec(
        "Acme",
        key_env=("ACME_API_KEY",),
        hosts=("api.acme.test",),
        default_base_url="https://api.acme.test/v1",
        default_model="acme-1",
    )
    register_provider(spec)
    try:
        endpoint = resolve({"ACME_API_KEY": "acme-key"})
        assert (endpoint.provider, endpoint.model, endpoint.api_key) == (
            "acme",
            "acme-1",
            "acme-key",
        )
        with pytest.raises(ConfigException, match="already registered"):
            register_provider(spec)
    finally:
        PROVIDERS.pop("acme")


def test_endpoint_repr_hides_the_key() -> None:
    assert "sk-secret" not in repr(resolve({"OPENAI_API_KEY": "sk-secret"}))
