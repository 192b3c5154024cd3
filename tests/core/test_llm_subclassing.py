"""The tutorial's ``MyLLM`` pattern: a subclass that sets attributes instead of
calling ``super().__init__()``, and hands other providers to the parent.

The subclass below is written for these tests; it does what the chapter-7
exercise does: in its own branch it assigns provider, key, URL, model,
sampling settings, timeout and its own ``openai.OpenAI`` client, then relies
on the inherited ``think()`` and ``invoke()``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import traceback
from typing import Any

import pytest
from openai import OpenAI

from hello_agents import HelloAgentsLLM
from hello_agents.core import ConfigException, LLMException, RetryPolicy
from hello_agents.testing import FakeOpenAIServer
from hello_agents.testing.script import Fault

HI = [{"role": "user", "content": "hi"}]
SECRET = "ms-CANARY-9d1e2b"


class CustomProviderLLM(HelloAgentsLLM):
    """Takes over provider "acme" by assigning attributes; defers the rest."""

    def __init__(
        self,
        model: str | None = None,
        api_key: str | None = None,
        base_url: str | None = None,
        provider: str | None = "auto",
        own_client: bool = True,
        **kwargs: Any,
    ) -> None:
        if provider == "acme":
            self.provider = "acme"
            self.api_key = api_key or os.getenv("ACME_API_KEY")
            self.base_url = base_url or "https://api.acme.test/v1"
            if not self.api_key:
                raise ValueError("set ACME_API_KEY")
            self.model = model or "acme-large"
            self.temperature = kwargs.get("temperature", 0.2)
            self.max_tokens = kwargs.get("max_tokens")
            self.timeout = kwargs.get("timeout", 30)
            if own_client:
                self._client = OpenAI(
                    api_key=self.api_key, base_url=self.base_url, timeout=self.timeout
                )
        else:
            super().__init__(
                model=model, api_key=api_key, base_url=base_url, provider=provider, **kwargs
            )


def test_the_attribute_branch_streams_and_invokes_through_its_own_client() -> None:
    with FakeOpenAIServer(["streamed answer", "plain answer"]) as server:
        llm = CustomProviderLLM(provider="acme", api_key=SECRET, base_url=server.base_url)
        assert "".join(llm.think(HI)) == "streamed answer"
        assert llm.invoke(HI) == "plain answer"
        first, second = server.chat_requests
    assert first.stream and not second.stream
    assert first.headers["authorization"] == f"Bearer {SECRET}"
    assert second.body["model"] == "acme-large" and second.body["temperature"] == 0.2


def test_without_an_assigned_client_one_is_built_from_the_attributes() -> None:
    with FakeOpenAIServer(["sync", "async"]) as server:
        llm = CustomProviderLLM(
            provider="acme", api_key=SECRET, base_url=server.base_url, own_client=False
        )
        assert llm.invoke(HI) == "sync"
        assert asyncio.run(llm.ainvoke(HI)) == "async"
        assert all(r.headers["authorization"] == f"Bearer {SECRET}" for r in server.chat_requests)


def test_attributes_changed_later_are_used_by_the_next_call() -> None:
    with FakeOpenAIServer(["first"]) as one, FakeOpenAIServer(["second"]) as two:
        llm = CustomProviderLLM(provider="acme", api_key="k1", base_url=one.base_url,
                                own_client=False)  # fmt: skip
        assert llm.invoke(HI) == "first"
        llm.base_url, llm.api_key, llm.model = two.base_url, "k2", "acme-small"
        assert llm.invoke(HI) == "second"
        request = two.chat_requests[0]
    assert request.headers["authorization"] == "Bearer k2"
    assert request.body["model"] == "acme-small"


def test_the_retry_policy_governs_an_assigned_client() -> None:
    # The user's OpenAI client retries twice by default; ours must decide alone.
    with FakeOpenAIServer([Fault.status(500), "recovered"]) as server:
        llm = CustomProviderLLM(provider="acme", api_key=SECRET, base_url=server.base_url)
        llm.retry_policy = RetryPolicy(max_retries=0)
        with pytest.raises(LLMException, match="HTTP 500"):
            llm.invoke(HI)
        assert len(server.chat_requests) == 1


def test_the_other_branch_is_the_parent_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEEPSEEK_API_KEY", "sk-deep")
    llm = CustomProviderLLM()
    assert (llm.provider, llm.base_url, llm.model) == (
        "deepseek",
        "https://api.deepseek.com",
        "deepseek-chat",
    )
    with pytest.raises(ConfigException):
        CustomProviderLLM(provider="nonsense")


def test_an_assigned_key_never_leaks(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with FakeOpenAIServer([Fault.status(401, f"bad key {SECRET}")]) as server:
        llm = CustomProviderLLM(provider="acme", api_key=SECRET, base_url=server.base_url)
        with pytest.raises(LLMException) as raised:
            llm.invoke(HI)
    shown = [repr(llm), str(llm.describe()), "".join(traceback.format_exception(raised.value))]
    for text in (*shown, caplog.text):
        assert SECRET not in text
    assert llm.api_key == SECRET


# ---- the chapter's detection helpers -------------------------------------------------------


def test_auto_detect_provider_reads_arguments_then_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    llm = CustomProviderLLM(provider="acme", api_key="k")
    assert llm._auto_detect_provider(None, "http://localhost:11434/v1") == "ollama"
    assert llm._auto_detect_provider("ms-abc", None) == "modelscope"
    monkeypatch.setenv("ZHIPU_API_KEY", "z")
    assert llm._auto_detect_provider(None, None) == "zhipu"


def test_resolve_credentials_follows_the_provider(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MODELSCOPE_API_KEY", "ms-env")
    llm = CustomProviderLLM(provider="acme", api_key="k")
    llm.provider = "modelscope"
    assert llm._resolve_credentials(None, None) == (
        "ms-env",
        "https://api-inference.modelscope.cn/v1/",
    )
    assert llm._resolve_credentials("ms-arg", "https://proxy.test/v1") == (
        "ms-arg",
        "https://proxy.test/v1",
    )


class AssignsClientLLM(HelloAgentsLLM):
    """Calls the parent, then swaps in a client of its own via the public name."""

    def __init__(self, base_url: str) -> None:
        super().__init__(model="acme-large", api_key=SECRET, base_url=base_url, provider="openai")
        self.client = OpenAI(api_key=SECRET, base_url=base_url, default_headers={"x-own": "1"})


def test_a_client_assigned_to_the_public_name_is_used_and_none_restores_the_built_one() -> None:
    with FakeOpenAIServer(["own", "built"]) as server:
        llm = AssignsClientLLM(server.base_url)
        assert llm.invoke(HI) == "own"
        llm.client = None
        assert llm.invoke(HI) == "built"
        first, second = server.chat_requests
    assert first.headers.get("x-own") == "1"
    assert "x-own" not in second.headers
