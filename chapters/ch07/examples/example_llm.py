"""Which model the chapter-7 examples and notebooks talk to: one setting.

Set the environment variable ``HELLO_AGENTS_EXAMPLE_LLM`` to

* ``scripted``: a ScriptedLLM replays the replies written in each example.
  Instant, offline, always the same output: what CI runs.
* ``embedded``: the small model hello-agents serves itself on 127.0.0.1
  (needs the ``local`` extra; the first call takes a few seconds to load it).
* ``configured``: ``HelloAgentsLLM()``, configured by your ``.env``
  (a real provider such as DeepSeek, Qwen or Ollama).

Unset, it is ``embedded`` when the ``local`` extra is installed, otherwise
``scripted``. A real model writes its own replies, so its answers (and how
many steps it takes) differ from the scripted ones.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Sequence
from typing import NoReturn

from hello_agents import HelloAgentsLLM
from hello_agents.core.llm import BaseLLM
from hello_agents.testing import ScriptedLLM, ScriptItem

SETTING = "HELLO_AGENTS_EXAMPLE_LLM"
MODES = ("scripted", "embedded", "configured")
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
        llm.prepare()  # start (or reuse) the local server now, so its model name is known
        return llm
    return HelloAgentsLLM(temperature=temperature)


def banner(llm: BaseLLM) -> str:
    """One line saying which model answers (never the key)."""
    return f"[{example_mode()} model: provider={llm.provider}, model={llm.model}]"


def give_up(problem: str) -> NoReturn:
    """End the example with exit code 1: the model did not do its part (``problem``)."""
    raise SystemExit(
        f"\nThe {example_mode()} model did not manage this example: {problem}.\n"
        f"Run it with {STRONGER_MODELS}."
    )
