"""What every chapter-15 example shares: the app's package on the path, and the model choice.

``HELLO_AGENTS_EXAMPLE_LLM`` chooses the model, as in the other chapters:

* ``scripted``: fixed replies written from each prompt (instant, offline; what CI runs);
* ``embedded``: the small model hello-agents serves itself (the ``local`` extra);
* ``configured``: your provider, from ``.env``.

Unset, it is ``embedded`` when the ``local`` extra is installed, otherwise ``scripted``.
Each example keeps its town in a fresh temporary folder unless told otherwise.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

CHAPTER = Path(__file__).resolve().parents[1]
if str(CHAPTER) not in sys.path:
    sys.path.insert(0, str(CHAPTER))

from cyber_town.config import TownConfig  # noqa: E402

SETTING = "HELLO_AGENTS_EXAMPLE_LLM"


def example_mode() -> str:
    """``scripted``, ``embedded`` or ``configured`` (see the module docstring)."""
    mode = os.environ.get(SETTING, "").strip().lower()
    if not mode:
        return "embedded" if importlib.util.find_spec("xllamacpp") else "scripted"
    if mode not in ("scripted", "embedded", "configured"):
        raise ValueError(f"{SETTING}={mode!r}: choose scripted, embedded or configured")
    return mode


def town_config(**overrides: Any) -> TownConfig:
    """The settings of an example town: the chosen model, its data in a temporary folder,
    chatter only when asked for."""
    mode = example_mode()
    settings: dict[str, Any] = {
        "llm_mode": "auto" if mode == "configured" else mode,
        "data_dir": tempfile.mkdtemp(prefix="ch15-town-"),
        "npc_update_interval": 0,
    }
    return TownConfig(**{**settings, **overrides})
