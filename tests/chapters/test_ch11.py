"""Chapter 11's learner path runs as documented: its example trains and evaluates offline.

Needs the ``ch11`` extra (CI runs it in ``.venv-ch11``); skips without it, and fails
instead under ``HELLO_AGENTS_REQUIRE_CH11=1``.
"""

from __future__ import annotations

import importlib.util
import os
import re

import pytest
from _chapter_kit import chapter_paths, run_python

CHAPTER, EXAMPLES, _, _ = chapter_paths("ch11")


@pytest.fixture(autouse=True)
def _ch11_extra() -> None:
    missing = [
        n for n in ("torch", "trl", "peft", "datasets") if importlib.util.find_spec(n) is None
    ]
    if missing and os.environ.get("HELLO_AGENTS_REQUIRE_CH11") == "1":
        pytest.fail(f"the ch11 extra is missing ({', '.join(missing)})")
    if missing:
        pytest.skip(f"the ch11 extra is not installed (missing {', '.join(missing)})")


def test_the_example_runs_sft_grpo_and_evaluate(tmp_path_factory: pytest.TempPathFactory) -> None:
    cache = tmp_path_factory.mktemp("rl-cache")
    done = run_python(str(EXAMPLES[0]), timeout=600, env={"HELLO_AGENTS_RL_CACHE": str(cache)})
    assert done.returncode == 0, done.stderr[-3000:]
    sft = re.search(r"SFT loss ([\d.]+) -> ([\d.]+)", done.stdout)
    grpo = re.search(r"GRPO brevity reward ([\d.]+) -> ([\d.]+); adapter only: True", done.stdout)
    assert sft and float(sft.group(2)) < float(sft.group(1)), done.stdout
    assert grpo, done.stdout
    assert re.search(r"GRPO  accuracy \d+%  format \d+%", done.stdout), done.stdout
