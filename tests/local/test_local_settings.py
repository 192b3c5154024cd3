"""Settings read from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from hello_agents.core.exceptions import ConfigException
from hello_agents.local.settings import DEFAULT_MODEL, LocalSettings


def test_defaults_need_no_environment() -> None:
    settings = LocalSettings.from_env({})

    assert settings.model == DEFAULT_MODEL
    assert settings.cache_dir == Path.home() / ".cache" / "hello-agents" / "local"
    assert settings.context_size == 4096


def test_environment_variables_override_the_defaults(tmp_path: Path) -> None:
    settings = LocalSettings.from_env(
        {
            "HELLO_AGENTS_LOCAL_MODEL": "/models/other.gguf",
            "HELLO_AGENTS_LOCAL_CACHE_DIR": str(tmp_path),
            "HELLO_AGENTS_LOCAL_CTX": "8192",
            "HELLO_AGENTS_LOCAL_THREADS": "3",
            "HELLO_AGENTS_LOCAL_STARTUP_TIMEOUT": "12.5",
        }
    )

    assert settings == LocalSettings(
        model="/models/other.gguf",
        cache_dir=tmp_path,
        context_size=8192,
        threads=3,
        startup_timeout=12.5,
    )


def test_xdg_cache_home_moves_the_default_cache(tmp_path: Path) -> None:
    settings = LocalSettings.from_env({"XDG_CACHE_HOME": str(tmp_path)})

    assert settings.cache_dir == tmp_path / "hello-agents" / "local"


def test_a_malformed_number_names_the_variable() -> None:
    with pytest.raises(ConfigException, match="HELLO_AGENTS_LOCAL_CTX"):
        LocalSettings.from_env({"HELLO_AGENTS_LOCAL_CTX": "lots"})


def test_impossible_values_are_refused() -> None:
    with pytest.raises(ConfigException, match="threads"):
        LocalSettings(threads=0)
