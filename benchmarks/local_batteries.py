"""Every task battery of the local-model benchmark, by name (standard library only).

Both sides of the comparison read the batteries from here: ``local_model.py``
(hello-agents) and ``peers/smolagents_battery.py`` (smolagents, in its own
virtual environment without hello-agents).

Sealed (December 2026): ``sealed-2026-12-calculator`` and ``sealed-2026-12-typed``
(:data:`SEALED`, 30 tasks), written before the changes they judge and never read to
decide one (docs/local-model.md, "The sealed set"); beside them the second sealed set,
``sealed-2026-12b-calculator`` and ``sealed-2026-12b-typed`` (:data:`SEALED_B`, 40 tasks).
Every older battery is a tuning set since then: the first tuning half, ``calculator``,
``typed``, ``percent-tuning``, ``mixed-tuning`` (50 tasks); the former held-out half,
``percent-held-out``, ``mixed-held-out`` (30 tasks); the Chinese ``zh-calculator``,
``zh-typed`` (17 tasks); and ``tuning2-typed`` (26 typed-tool tasks of ten kinds, with four
tools of its own) and ``tuning3-typed`` (26 typed-tool tasks of eight kinds, with three tools
of its own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import local_tasks
import local_tasks_mixed
import local_tasks_percent
import local_tasks_sealed
import local_tasks_sealed2
import local_tasks_tuning2
import local_tasks_tuning3
import local_tasks_zh

BATTERIES: dict[str, tuple[local_tasks.Task, ...]] = {
    **local_tasks.BATTERIES,
    "percent-tuning": tuple(local_tasks_percent.TUNING),
    "percent-held-out": tuple(local_tasks_percent.HELD_OUT),
    "mixed-tuning": local_tasks_mixed.TUNING,
    "mixed-held-out": local_tasks_mixed.HELD_OUT,
    "zh-calculator": local_tasks_zh.CALCULATOR,
    "zh-typed": local_tasks_zh.TYPED,
    "tuning2-typed": local_tasks_tuning2.TYPED,
    "tuning3-typed": local_tasks_tuning3.TYPED,
    "sealed-2026-12-calculator": local_tasks_sealed.CALCULATOR,
    "sealed-2026-12-typed": local_tasks_sealed.TYPED,
    "sealed-2026-12b-calculator": local_tasks_sealed2.CALCULATOR,
    "sealed-2026-12b-typed": local_tasks_sealed2.TYPED,
}

TYPED_BATTERIES = frozenset(
    {
        "typed",
        "mixed-tuning",
        "mixed-held-out",
        "zh-typed",
        "tuning2-typed",
        "tuning3-typed",
        "sealed-2026-12-typed",
        "sealed-2026-12b-typed",
    }
)
"""Batteries of typed-tool questions (the tools of :func:`typed_tools`); the others are
calculator questions."""

_TOOLS: dict[str, tuple[Callable[..., Any], ...]] = {
    "tuning2-typed": local_tasks_tuning2.TOOLS,
    "tuning3-typed": local_tasks_tuning3.TOOLS,
    "sealed-2026-12-typed": local_tasks_sealed.TYPED_TOOLS,
    "sealed-2026-12b-typed": local_tasks_sealed2.TOOLS,
}


def typed_tools(battery: str) -> tuple[Callable[..., Any], ...]:
    """The tool functions offered on every task of a typed battery: those of
    :data:`local_tasks.TYPED_TOOLS`, and for ``tuning2-typed``, ``tuning3-typed`` and the two
    sealed typed batteries a few of their own."""
    return _TOOLS.get(battery, local_tasks.TYPED_TOOLS)


TUNING = ("calculator", "typed", "percent-tuning", "mixed-tuning")
HELD_OUT = ("percent-held-out", "mixed-held-out")
SEALED = ("sealed-2026-12-calculator", "sealed-2026-12-typed")
SEALED_B = ("sealed-2026-12b-calculator", "sealed-2026-12b-typed")
"""The second sealed set (40 tasks, :mod:`local_tasks_sealed2`), written on 2026-12-04
after some of the first set's failures had been seen by accident (docs/local-model.md,
"The sealed set"). Sealed the same way; reported beside the first, never instead."""
