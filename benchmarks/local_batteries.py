"""Every task battery of the local-model benchmark, by name (standard library only).

Both sides of the comparison read the batteries from here: ``local_model.py``
(hello-agents) and ``peers/smolagents_battery.py`` (smolagents, in its own
virtual environment without hello-agents).

Tuning half (prompts may be adjusted against it): ``calculator``, ``typed``,
``percent-tuning``, ``mixed-tuning`` (50 tasks). Held-out half (only reported on):
``percent-held-out``, ``mixed-held-out`` (30 tasks). In Chinese, reported on their
own and not tuned against: ``zh-calculator``, ``zh-typed`` (17 tasks).
"""

from __future__ import annotations

import local_tasks
import local_tasks_mixed
import local_tasks_percent
import local_tasks_zh

BATTERIES: dict[str, tuple[local_tasks.Task, ...]] = {
    **local_tasks.BATTERIES,
    "percent-tuning": tuple(local_tasks_percent.TUNING),
    "percent-held-out": tuple(local_tasks_percent.HELD_OUT),
    "mixed-tuning": local_tasks_mixed.TUNING,
    "mixed-held-out": local_tasks_mixed.HELD_OUT,
    "zh-calculator": local_tasks_zh.CALCULATOR,
    "zh-typed": local_tasks_zh.TYPED,
}

TYPED_BATTERIES = frozenset({"typed", "mixed-tuning", "mixed-held-out", "zh-typed"})
"""Batteries of typed-tool questions (the tools of :data:`local_tasks.TYPED_TOOLS`);
the others are calculator questions."""

TUNING = ("calculator", "typed", "percent-tuning", "mixed-tuning")
HELD_OUT = ("percent-held-out", "mixed-held-out")
