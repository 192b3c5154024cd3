"""benchmarks/replay_aids.py: recorded runs played back through today's aids."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _benchmark_modules import load

replay_aids = load("replay_aids")


def record(question: str, replies: list[str], answer: str) -> dict[str, Any]:
    return {
        "task": "t",
        "question": question,
        "answer": answer,
        "ok": False,
        "strategy": "json_schema",
        "replies": [{"content": reply} for reply in replies],
    }


def results(tmp_path: Path, battery: str, records: list[dict[str, Any]]) -> Path:
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"models": {"1.5b": {"ours": {battery: records}}}}))
    return path


def test_a_run_the_aids_leave_alone_replays_the_same(tmp_path: Path, capsys: Any) -> None:
    call = '{"name": "multiply", "arguments": {"a": 25, "b": 14}}'
    path = results(
        tmp_path, "typed", [record("What is 25 times 14?", [call, '{"answer": "350"}'], "350")]
    )
    assert replay_aids.main([str(path)]) == 0
    assert "typed: 1/1 replay the same" in capsys.readouterr().out


def test_a_run_a_check_sends_back_is_reported_as_changed(tmp_path: Path, capsys: Any) -> None:
    failed = '{"name": "fruit_price", "arguments": {"fruit": "香蕉"}}'
    gave_up = '{"answer": "The stand sells no bananas."}'
    path = results(tmp_path, "zh-typed", [record("香蕉多少美分？", [failed, gave_up], "No.")])
    assert replay_aids.main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "0/1 replay the same" in out
    assert "asks the model once more, after ['untranslated_values']" in out


def test_sealed_records_are_not_replayed(tmp_path: Path, capsys: Any) -> None:
    path = results(tmp_path, "sealed-2026-12-typed", [record("q", ['{"answer": "1"}'], "1")])
    assert replay_aids.main([str(path)]) == 0
    assert "sealed, not replayed" in capsys.readouterr().out
