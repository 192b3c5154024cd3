"""``benchmarks/context_build.py`` at a small scale: never over budget, the needle kept."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "context_build.py"


def test_the_benchmark_holds_the_budget_and_keeps_the_needle() -> None:
    spec = importlib.util.spec_from_file_location("context_build", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["context_build"] = module
    spec.loader.exec_module(module)
    for min_relevance in (0.1, 0.0):
        for row in module.run((10, 100), trials=4, min_relevance=min_relevance):
            assert row.worst_share <= 1.0
            assert row.kept == row.trials
