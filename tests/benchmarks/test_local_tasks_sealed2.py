"""The second sealed battery (``local_tasks_sealed2``): answers computed and accepted, none
in its own question, ids unique, the counts by part, language and kind, the tools offered,
and the battery's own tools on good and bad arguments."""

from __future__ import annotations

import ast
import hashlib
import inspect
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

import pytest
from _benchmark_modules import BENCHMARKS, load

local_tasks: ModuleType = load("local_tasks")
battery: ModuleType = load("local_tasks_sealed2")


class _Task(Protocol):
    """What the tests read of a :class:`local_tasks.Task`."""

    id: str
    question: str
    expected: str
    kind: str
    tools: tuple[str, ...]


ALL: tuple[_Task, ...] = (*battery.CALCULATOR, *battery.TYPED)
_CHINESE = re.compile(r"[\u4e00-\u9fff]")


def _chinese(task: _Task) -> bool:
    return bool(_CHINESE.search(task.question))


def test_the_counts_by_part_language_and_kind() -> None:
    assert len(battery.CALCULATOR) == 16
    assert len(battery.TYPED) == 24
    assert sum(map(_chinese, battery.CALCULATOR)) == 3
    assert sum(map(_chinese, battery.TYPED)) == 3
    for part, no_tool in ((battery.CALCULATOR, 1), (battery.TYPED, 2)):
        assert sum(battery.KINDS[task.id] == "no tool" for task in part) == no_tool
        assert sum(task.tools == () for task in part) == no_tool
        assert all((task.tools == ()) == (battery.KINDS[task.id] == "no tool") for task in part)
    typed_kinds = {battery.KINDS[task.id] for task in battery.TYPED}
    assert typed_kinds == {
        "one call", "sequence", "comparison", "arithmetic", "bad argument", "context", "no tool",
    }  # fmt: skip
    assert "context" in {battery.KINDS[task.id] for task in battery.CALCULATOR}


def test_ids_are_unique_prefixed_and_covered() -> None:
    ids = [task.id for task in ALL]
    assert len(ids) == len(set(ids)) == 40
    assert all(task_id.startswith("s2-") for task_id in ids)
    assert set(battery.SOLUTIONS) == set(ids)
    assert set(battery.KINDS) == set(ids)


@pytest.mark.parametrize("task", ALL, ids=[task.id for task in ALL])
def test_every_answer_is_computed_and_accepted(task: _Task) -> None:
    assert task.expected == battery.SOLUTIONS[task.id]()
    assert task.kind in ("number", "word", "date")
    assert local_tasks.answer_matches(f"The answer is {task.expected}.", task.expected, task.kind)
    if task.kind == "number":
        float(task.expected)
        assert not local_tasks.answer_matches("The answer is 123456789.", task.expected)


@pytest.mark.parametrize("task", ALL, ids=[task.id for task in ALL])
def test_no_answer_appears_in_its_own_question(task: _Task) -> None:
    assert task.expected.lower() not in task.question.lower()
    assert not local_tasks.answer_matches(task.question, task.expected, task.kind)


def test_the_tasks_name_the_tools_offered() -> None:
    names = [tool.__name__ for tool in battery.TOOLS]
    assert (*local_tasks.TYPED_TOOLS, *battery.OWN_TOOLS) == battery.TOOLS
    assert len(names) == len(set(names)) == len(local_tasks.TYPED_TOOLS) + 3
    for task in battery.TYPED:
        assert set(task.tools) <= set(names), task.id
    for task in battery.CALCULATOR:
        assert set(task.tools) <= {"python_calculator"}, task.id


@pytest.mark.parametrize("tool", battery.OWN_TOOLS, ids=lambda tool: tool.__name__)
def test_the_own_tools_are_typed_and_document_their_arguments(tool: Callable[..., Any]) -> None:
    signature = inspect.signature(tool)
    doc = inspect.getdoc(tool) or ""
    assert "Args:" in doc
    assert signature.return_annotation is not inspect.Signature.empty
    for name, parameter in signature.parameters.items():
        assert parameter.annotation is not inspect.Parameter.empty, name
        assert f"    {name}: " in doc, name


def test_the_library_catalogue_on_good_and_bad_arguments() -> None:
    assert battery.library_book("LIB-0417").startswith("title: The Salt Road, author: ")
    assert battery.library_book(" lib 0417 ") == battery.library_book("LIB-0417")
    assert "loan_days: 10" in battery.library_book("lib-0701")
    with pytest.raises(ValueError, match=r"LIB-0522 \(Night Orchard by Jonas Keller\)"):
        battery.library_book("Night Orchard")


def test_the_timetable_on_good_and_bad_arguments() -> None:
    assert battery.train_timetable("IC 281").startswith("from: Arden, to: Belmont")
    assert battery.train_timetable("ic281") == battery.train_timetable("IC 281")
    assert battery.train_timetable(" re-57 ").endswith("fare_cents: 980")
    with pytest.raises(ValueError, match=r"use a train code: IC 281 \(Arden to Belmont\)"):
        battery.train_timetable("Arden to Belmont")


def test_the_parking_fee_on_good_and_bad_arguments() -> None:
    assert battery.parking_fee("A", 2.5) == battery.parking_fee("a", 3) == 3 * 350
    assert battery.parking_fee(" zone c ", 1) == 90
    assert battery.parking_fee("B", 24) == 1500  # the cap
    assert isinstance(battery.parking_fee("C", 0.25), int)
    with pytest.raises(ValueError, match=r"use the zone's letter: A \(old town\), B \(harbour\)"):
        battery.parking_fee("harbour", 4)
    with pytest.raises(ValueError, match="more than 0 and at most 24"):
        battery.parking_fee("A", 0)
    with pytest.raises(ValueError, match="more than 0 and at most 24"):
        battery.parking_fee("A", 30)
    with pytest.raises(ValueError, match="a number of hours"):
        battery.parking_fee("A", "two hours")


def test_the_calculator_computes_every_calculator_answer() -> None:
    for task in battery.CALCULATOR:
        if task.tools:
            assert not battery.SOLUTIONS[task.id]().startswith("Error"), task.id


def test_standard_library_only_and_short_lines() -> None:
    path = Path(battery.__file__)
    source = path.read_text(encoding="utf-8")
    allowed = set(sys.stdlib_module_names) | {"local_tasks", "__future__"}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            assert {alias.name.split(".")[0] for alias in node.names} <= allowed
        elif isinstance(node, ast.ImportFrom):
            assert (node.module or "").split(".")[0] in allowed
    for file in (path, Path(__file__)):
        lines = file.read_text(encoding="utf-8").splitlines()
        assert all(len(line) < 100 for line in lines), file
    docstring = ast.get_docstring(ast.parse(source)) or ""
    assert "Sealed" in docstring
    assert "Standard library only" in docstring


def test_registered_as_two_sealed_batteries_apart_from_the_others() -> None:
    batteries = load("local_batteries")
    assert batteries.SEALED_B == ("sealed-2026-12b-calculator", "sealed-2026-12b-typed")
    assert batteries.BATTERIES["sealed-2026-12b-calculator"] == battery.CALCULATOR
    assert batteries.BATTERIES["sealed-2026-12b-typed"] == battery.TYPED
    assert batteries.typed_tools("sealed-2026-12b-typed") == battery.TOOLS
    assert "sealed-2026-12b-typed" in batteries.TYPED_BATTERIES
    assert "sealed-2026-12b-calculator" not in batteries.TYPED_BATTERIES
    others = {*batteries.TUNING, *batteries.HELD_OUT, *batteries.SEALED}
    assert not set(batteries.SEALED_B) & others
    ids = [task.id for tasks in batteries.BATTERIES.values() for task in tasks]
    assert len(ids) == len(set(ids))


def test_the_file_is_the_one_whose_hash_the_docs_record() -> None:
    docs = BENCHMARKS.parent / "docs" / "local-model.md"
    recorded = re.search(r"local_tasks_sealed2\.py`[^\n]*?`([0-9a-f]{64})`", docs.read_text())
    assert recorded, "docs/local-model.md records no SHA-256 for the second sealed battery"
    digest = hashlib.sha256((BENCHMARKS / "local_tasks_sealed2.py").read_bytes()).hexdigest()
    assert digest == recorded.group(1)
