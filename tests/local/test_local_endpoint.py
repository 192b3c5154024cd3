"""``embedded_endpoint()``: clear errors when the local extra is not installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hello_agents.core.exceptions import ConfigException
from hello_agents.local import EmbeddedEndpoint, LocalSettings, embedded_endpoint


def test_missing_xllamacpp_names_the_extra(
    settings: LocalSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "xllamacpp", None)  # as if it were not installed

    with pytest.raises(ConfigException, match=r'pip install "hello-agents\[local\]"'):
        embedded_endpoint(settings)


def test_a_model_path_that_does_not_exist_is_a_config_error(tmp_path: Path) -> None:
    settings = LocalSettings(model=str(tmp_path / "missing.gguf"), cache_dir=tmp_path)

    with pytest.raises(ConfigException, match="HELLO_AGENTS_LOCAL_MODEL"):
        embedded_endpoint(settings)


def test_the_endpoint_is_a_frozen_record_with_a_placeholder_key() -> None:
    endpoint = EmbeddedEndpoint(base_url="http://127.0.0.1:1/v1", model="m")

    assert endpoint.api_key
    with pytest.raises(AttributeError):
        endpoint.model = "other"  # type: ignore[misc]


def test_importing_the_package_does_not_import_xllamacpp() -> None:
    code = "import sys, hello_agents.local; print('xllamacpp' in sys.modules)"

    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )

    assert result.stdout.strip() == "False"
