"""``create_adapter``: the endpoint value the tutorial's MyLLM keeps beside its client."""

from __future__ import annotations

from typing import Any

import pytest
from openai import OpenAI

from hello_agents import HelloAgentsLLM
from hello_agents.core import ConfigException
from hello_agents.core.llm_adapters import create_adapter
from hello_agents.testing import FakeOpenAIServer

SECRET = "ms-ADAPTER-CANARY"


class AdapterLLM(HelloAgentsLLM):
    """Its own provider branch builds an adapter and a client, then relies on the parent."""

    def __init__(self, base_url: str, **kwargs: Any) -> None:
        self.provider = "modelscope"
        self.api_key = SECRET
        self.base_url = base_url
        self.model = "demo"
        self.temperature = kwargs.get("temperature", 0.7)
        self.max_tokens = kwargs.get("max_tokens")
        self.timeout = kwargs.get("timeout", 60)
        self._adapter = create_adapter(
            api_key=self.api_key, base_url=self.base_url, timeout=self.timeout, model=self.model
        )
        self._client = OpenAI(api_key=self.api_key, base_url=self.base_url, timeout=self.timeout)


def test_a_subclass_with_an_adapter_invokes_and_thinks() -> None:
    with FakeOpenAIServer(["plain answer", "streamed answer"]) as server:
        llm = AdapterLLM(server.base_url)
        assert llm.invoke([{"role": "user", "content": "hi"}]) == "plain answer"
        assert "".join(llm.think([{"role": "user", "content": "hi"}])) == "streamed answer"
        assert server.chat_requests[0].headers["authorization"] == f"Bearer {SECRET}"


def test_the_adapter_builds_working_clients_and_hides_its_key() -> None:
    with FakeOpenAIServer(["via the adapter"]) as server:
        adapter = create_adapter(api_key=SECRET, base_url=server.base_url, timeout=5, model="m")
        reply = adapter.client().chat.completions.create(
            model="m", messages=[{"role": "user", "content": "hi"}]
        )
        assert reply.choices[0].message.content == "via the adapter"
    assert SECRET not in repr(adapter) and SECRET not in str(adapter)


def test_bad_settings_are_config_errors() -> None:
    with pytest.raises(ConfigException, match="base_url"):
        create_adapter(api_key="k", base_url=None)
    with pytest.raises(ConfigException, match="timeout"):
        create_adapter(api_key="k", base_url="http://127.0.0.1:1/v1", timeout=0)
