"""Which model the chapter-8 examples and notebooks talk to, and where they keep data.

``HELLO_AGENTS_EXAMPLE_LLM`` chooses the model:

* ``scripted``: a ScriptedLLM replays the replies written in each example
  (instant, offline, always the same: what CI runs);
* ``embedded``: the small model hello-agents serves on 127.0.0.1 (the ``local`` extra);
* ``configured``: ``HelloAgentsLLM()``, configured by your ``.env``.

Unset, it is ``embedded`` when the ``local`` extra is installed, else ``scripted``.

``HELLO_AGENTS_CH08_DATA`` chooses the folder where memories and the knowledge
base are stored (default: a fresh temporary folder per run, except in
``04_agent_remembers.py``, whose point is to remember across runs).
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from hello_agents import HelloAgentsLLM
from hello_agents.core.llm import BaseLLM
from hello_agents.testing import ScriptedLLM, ScriptItem

SETTING = "HELLO_AGENTS_EXAMPLE_LLM"
MODES = ("scripted", "embedded", "configured")
CORPUS = Path(__file__).resolve().parents[1] / "corpus"
STRONGER_MODELS = (
    "a larger local model (HELLO_AGENTS_LOCAL_MODEL=/path/to/model.gguf, see "
    "docs/local-model.md), a provider set in .env (HELLO_AGENTS_EXAMPLE_LLM=configured), "
    "or the scripted replies (HELLO_AGENTS_EXAMPLE_LLM=scripted)"
)


def example_mode() -> str:
    """The mode chosen by ``HELLO_AGENTS_EXAMPLE_LLM`` (or the default)."""
    mode = os.environ.get(SETTING, "").strip().lower()
    if not mode:
        return "embedded" if importlib.util.find_spec("xllamacpp") else "scripted"
    if mode not in MODES:
        raise ValueError(f"{SETTING}={mode!r}: choose one of {', '.join(MODES)}")
    return mode


def make_llm(script: Sequence[ScriptItem], temperature: float | None = None) -> BaseLLM:
    """The model for an example.

    Args:
        script: What the scripted model replies, in order.
        temperature: The sampling temperature of a real model (default: its
            configured one); 0 makes a small model's tool calls repeatable.
    """
    mode = example_mode()
    if mode == "scripted":
        return ScriptedLLM(script)
    if mode == "embedded":
        llm = HelloAgentsLLM(provider="embedded", temperature=temperature)
        llm.prepare()
        return llm
    return HelloAgentsLLM(temperature=temperature)


def data_folder(name: str) -> Path:
    """Where an example stores its memories (``HELLO_AGENTS_CH08_DATA`` or a temp folder)."""
    root = os.environ.get("HELLO_AGENTS_CH08_DATA")
    folder = Path(root) / name if root else Path(tempfile.mkdtemp(prefix=f"ch08-{name}-"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def give_up(problem: str) -> NoReturn:
    """End the example with exit code 1: the model did not do its part (``problem``)."""
    raise SystemExit(
        f"\nThe {example_mode()} model did not manage this example: {problem}.\n"
        f"Run it with {STRONGER_MODELS}."
    )


def banner(llm: BaseLLM) -> str:
    """One line saying which model answers (never the key)."""
    return f"[{example_mode()} model: provider={llm.provider}, model={llm.model}]"
