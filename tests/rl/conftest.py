"""Chapter 11's tests: the training ones need the ``ch11`` extra.

Without it they skip, so the main suite runs without torch; with
``HELLO_AGENTS_REQUIRE_CH11=1`` (CI's chapter-11 step) a missing package fails them.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

TRAINING_PACKAGES = ("torch", "transformers", "trl", "peft", "datasets", "tokenizers", "gguf")


def require_ch11() -> None:
    """Skip (or, when required, fail) a test that needs the ``ch11`` extra."""
    missing = [name for name in TRAINING_PACKAGES if importlib.util.find_spec(name) is None]
    if not missing:
        return
    message = f"the ch11 extra is not installed (missing {', '.join(missing)})"
    if os.environ.get("HELLO_AGENTS_REQUIRE_CH11") == "1":
        pytest.fail(f"{message}, and HELLO_AGENTS_REQUIRE_CH11=1")
    pytest.skip(message)


@pytest.fixture(scope="session")
def rl_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh cache for the tiny model, so each test session builds it once itself."""
    require_ch11()
    folder = tmp_path_factory.mktemp("rl-cache")
    previous = os.environ.get("HELLO_AGENTS_RL_CACHE")
    os.environ["HELLO_AGENTS_RL_CACHE"] = str(folder)
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    yield folder
    if previous is None:
        os.environ.pop("HELLO_AGENTS_RL_CACHE", None)
    else:
        os.environ["HELLO_AGENTS_RL_CACHE"] = previous


@pytest.fixture()
def ch11_extra() -> None:
    """Skip (or, when required, fail) a test without the ``ch11`` extra; no other effect."""
    require_ch11()
