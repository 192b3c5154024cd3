"""What every chapter-13 example shares: the app's package on the path, and the model choice.

``HELLO_AGENTS_EXAMPLE_LLM`` chooses the model, as in the other chapters:

* ``scripted``: fixed replies written from each prompt (instant, offline; what CI runs);
* ``embedded``: the small model hello-agents serves itself (the ``local`` extra);
* ``configured``: your provider, from ``.env``.

Unset, it is ``embedded`` when the ``local`` extra is installed, otherwise ``scripted``.
The map is the offline map server unless ``AMAP_API_KEY`` is set.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

CHAPTER = Path(__file__).resolve().parents[1]
if str(CHAPTER) not in sys.path:
    sys.path.insert(0, str(CHAPTER))

from hello_agents import HelloAgentsLLM  # noqa: E402
from hello_agents.core.llm import BaseLLM  # noqa: E402

SETTING = "HELLO_AGENTS_EXAMPLE_LLM"
EMBEDDED_TIMEOUT = 600.0


def example_mode() -> str:
    """``scripted``, ``embedded`` or ``configured`` (see the module docstring)."""
    mode = os.environ.get(SETTING, "").strip().lower()
    if not mode:
        return "embedded" if importlib.util.find_spec("xllamacpp") else "scripted"
    if mode not in ("scripted", "embedded", "configured"):
        raise ValueError(f"{SETTING}={mode!r}: choose scripted, embedded or configured")
    return mode


def example_llm() -> BaseLLM:
    """The model the examples run on (see :func:`example_mode`)."""
    mode = example_mode()
    if mode == "scripted":
        from trip_planner.scripted import scripted_travel_llm

        return scripted_travel_llm()
    if os.environ.get("HELLO_AGENTS_NO_DOTENV") != "1":
        from dotenv import load_dotenv

        load_dotenv()
    options = {"provider": "embedded", "timeout": EMBEDDED_TIMEOUT} if mode == "embedded" else {}
    llm = HelloAgentsLLM(temperature=0.2, **options)  # type: ignore[arg-type]
    llm.prepare()
    return llm
