"""``benchmarks/local_model.py`` without a model: the answer rule and the task battery.

Each expected answer is computed here independently (plain arithmetic, the
``datetime`` module, ``str`` methods), then the benchmark's tool functions are
checked to produce it, so a wrong expectation or a wrong tool cannot hide.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest
from _benchmark_modules import load

from hello_agents import tool

tasks = load("local_tasks")
bench = load("local_model")


# ---- the answer rule --------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        "1776",
        "1776 cents",
        "1,776",
        "1 776 cents",
        "$1,776.00",
        "1776.0",
        "The 48 pencils cost 1776 cents.",
        "48 * 37 = 1776",
        1776,
        1776.0,
    ],
)
def test_numbers_written_in_any_usual_way_count(answer: object) -> None:
    assert tasks.answer_matches(answer, "1776")


@pytest.mark.parametrize(
    "answer", ["1770", "17760", "about 1800", "1.776", "", None, "one thousand", "1776.5"]
)
def test_other_numbers_do_not(answer: object) -> None:
    assert not tasks.answer_matches(answer, "1776")


def test_decimals_compare_as_numbers() -> None:
    assert tasks.answer_matches("30.480 cm", "30.48")
    assert tasks.answer_matches("25.0", "25")
    assert not tasks.answer_matches("30.5", "30.48")
    assert tasks.answer_matches("-4 degrees", "-4")


def test_numbers_in_reads_separators_and_lists() -> None:
    assert tasks.numbers_in("1,234, 5,678 and 910") == [1234.0, 5678.0, 910.0]
    assert tasks.numbers_in("v2.5: 3 items") == [2.5, 3.0]


def test_dates_iso_or_written_out() -> None:
    for answer in ("2025-06-18", "June 18, 2025", "It is 18 June 2025.", "june 18th 2025"):
        assert tasks.answer_matches(answer, "2025-06-18", "date"), answer
    assert not tasks.answer_matches("2025-06-17", "2025-06-18", "date")
    assert not tasks.answer_matches("June 18", "2025-06-18", "date")


def test_words_are_whole_words_case_insensitive() -> None:
    assert tasks.answer_matches("It was a Thursday.", "Thursday", "word")
    assert tasks.answer_matches("'stnega-olleh'", "stnega-olleh", "word")
    assert not tasks.answer_matches("Thursdays", "Thursday", "word")
    assert not tasks.answer_matches("stnega-ollehx", "stnega-olleh", "word")


# ---- the batteries --------------------------------------------------------------------------

CALCULATOR_EXPECTED: dict[str, float] = {
    "pencils": 37 * 48,
    "muffins": 144 * 27,
    "voucher": 1000 - 18 * 34,
    "egg-boxes": 1250 // 12,
    "train": 84 * 3.5,
    "garden": 23 * 17,
    "savings": 45 * 52,
    "tank": 2400 / 75,
    "discount": 80 * (100 - 15) / 100,
    "school": 17 * 28 - 39,
}

CALCULATOR_EXPRESSIONS: dict[str, str] = {
    "pencils": "37 * 48",
    "muffins": "144*27",
    "voucher": "1000 - 18 * 34",
    "egg-boxes": "1250 // 12",
    "train": "84 * 3.5",
    "garden": "23 * 17",
    "savings": "45 * 52",
    "tank": "2400 / 75",
    "discount": "80 * (1 - 0.15)",
    "school": "17 * 28 - 39",
}

TYPED_EXPECTED: dict[str, str] = {
    "f-to-c": str((77 - 32) * 5 // 9),
    "lb-to-oz": str(3.5 * 16),
    "inch-to-cm": str(12 * 2.54),
    "extension": "4417",
    "mangoes": str(7 * 120),
    "days": str((datetime.date(2024, 3, 1) - datetime.date(2024, 1, 15)).days),
    "add-days": (datetime.date(2025, 3, 10) + datetime.timedelta(days=100)).isoformat(),
    "weekday": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][
        datetime.date(2024, 2, 29).weekday()
    ],
    "letters": str("mississippi".count("s")),
    "reverse": "".join(reversed("hello-agents")),
}

# How a correct run calls the tools, and what each call returns.
TYPED_CALLS: dict[str, list[tuple[str, dict[str, Any], Any]]] = {
    "f-to-c": [("convert_units", {"value": 77, "from_unit": "f", "to_unit": "c"}, 25)],
    "lb-to-oz": [("convert_units", {"value": 3.5, "from_unit": "pounds", "to_unit": "oz"}, 56)],
    "inch-to-cm": [("convert_units", {"value": 12, "from_unit": "inches", "to_unit": "cm"}, 30.48)],
    "extension": [("lookup_employee", {"name": "Priya Natarajan"}, None)],
    "mangoes": [("fruit_price", {"fruit": "mangoes"}, 120), ("multiply", {"a": 7, "b": 120}, 840)],
    "days": [("days_between", {"start": "2024-01-15", "end": "2024-03-01"}, 46)],
    "add-days": [("add_days", {"date": "2025-03-10", "days": 100}, "2025-06-18")],
    "weekday": [("weekday", {"date": "2024-02-29"}, "Thursday")],
    "letters": [("count_letter", {"text": "mississippi", "letter": "s"}, 4)],
    "reverse": [("reverse_text", {"text": "hello-agents"}, "stnega-olleh")],
}


def test_each_battery_has_at_least_ten_tasks_with_unique_ids() -> None:
    for battery in ("calculator", "typed"):
        ids = [task.id for task in tasks.BATTERIES[battery]]
        assert len(ids) >= 10 and len(set(ids)) == len(ids)
    assert set(CALCULATOR_EXPECTED) == {t.id for t in tasks.CALCULATOR_TASKS}
    assert set(TYPED_EXPECTED) == {t.id for t in tasks.TYPED_TASKS} == set(TYPED_CALLS)


@pytest.mark.parametrize("task", tasks.CALCULATOR_TASKS, ids=lambda t: t.id)
def test_calculator_answers_are_right(task: Any) -> None:
    assert float(task.expected) == pytest.approx(CALCULATOR_EXPECTED[task.id])
    # both calculators (ours for hello-agents, the peers' copy) give it
    from hello_agents.tools.builtin.calculator import calculate

    expression = CALCULATOR_EXPRESSIONS[task.id]
    assert tasks.answer_matches(calculate(expression), task.expected)
    assert tasks.answer_matches(tasks.python_calculator(expression), task.expected)


@pytest.mark.parametrize("task", tasks.TYPED_TASKS, ids=lambda t: t.id)
def test_typed_answers_are_right_and_the_tools_give_them(task: Any) -> None:
    assert tasks.answer_matches(TYPED_EXPECTED[task.id], task.expected, task.kind)
    functions = {function.__name__: function for function in tasks.TYPED_TOOLS}
    last: Any = None
    for name, arguments, result in TYPED_CALLS[task.id]:
        assert name in task.tools
        last = functions[name](**arguments)
        if result is not None:
            assert last == result
    assert tasks.answer_matches(last, task.expected, task.kind)


@pytest.mark.parametrize("task", tasks.CALCULATOR_TASKS + tasks.TYPED_TASKS, ids=lambda t: t.id)
def test_no_question_contains_its_own_answer(task: Any) -> None:
    assert not tasks.answer_matches(task.question, task.expected, task.kind)


def test_typed_tools_are_valid_hello_agents_tools() -> None:
    for function in (*tasks.TYPED_TOOLS, tasks.python_calculator):
        made = tool(function)
        assert made.description and made.name == function.__name__
        schema = made.to_openai_schema()["function"]["parameters"]
        assert all(prop.get("description") for prop in schema["properties"].values())


def test_tool_errors_are_clear() -> None:
    with pytest.raises(ValueError, match="same kind"):
        tasks.convert_units(1, "kg", "km")
    with pytest.raises(ValueError, match="the stand sells"):
        tasks.fruit_price("durian")
    assert "Known: Priya Natarajan" in tasks.lookup_employee("Nobody")
    assert tasks.python_calculator("2 ^ 10") == "1024"
    assert tasks.python_calculator("9 ** 9 ** 9").startswith("Error")
    assert tasks.python_calculator("__import__('os')").startswith("Error")


# ---- the command line and the table -------------------------------------------------------


def test_arguments() -> None:
    args = bench.parse_args(["--models", "0.5b", "--skip-peer"])
    assert args.models == "0.5b" and args.parts == "overhead,ours"
    with pytest.raises(SystemExit):
        bench.parse_args(["--models", "7b"])


def test_summary_table_and_ratios() -> None:
    def records(solved: int, wall: float) -> list[dict[str, Any]]:
        return [
            {
                "task": f"t{i}",
                "ok": i < solved,
                "wall_s": wall,
                "tool_calls": [{}],
                "model_calls": 2,
            }
            for i in range(10)
        ]

    models = {
        "1.5b": {
            "ours": {"calculator": records(9, 10.0)},
            "peer": {"results": {"calculator": records(4, 30.0)}},
        }
    }
    rows, table = bench.summarise(models)
    assert [(r["framework"], r["solved"]) for r in rows] == [
        ("hello-agents ReActAgent", 9),
        ("smolagents ToolCallingAgent", 4),
    ]
    assert "| 1.5b | calculator | 10 | 9 vs 4 | 2.25x | 0.33x | yes |" in table


def test_ratios_use_the_tasks_both_ran(tmp_path: Path) -> None:
    ours = [{"task": f"t{i}", "ok": True, "wall_s": 10.0} for i in range(10)]
    peer = [{"task": f"t{i}", "ok": i == 0, "wall_s": 100.0} for i in range(2)]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps({"models": {"0.5b": {"ours": {"typed": ours}}}}))
    second.write_text(json.dumps({"models": {"0.5b": {"peer": {"results": {"typed": peer}}}}}))
    _, table = bench.summarise(bench.merge_results([first, second]))
    assert "| 0.5b | typed | 2 | 2 vs 1 | 2.00x | 0.10x | yes |" in table


def test_nothing_solved_on_either_side_does_not_meet_the_target() -> None:
    records = [{"task": "t0", "ok": False, "wall_s": 1.0}]
    models = {"0.5b": {"ours": {"typed": records}, "peer": {"results": {"typed": records}}}}
    assert "| 0.5b | typed | 1 | 0 vs 0 | 0/1 vs 0 | 1.00x | no |" in bench.summarise(models)[1]


def test_peer_runs_split_over_several_files_merge_task_by_task(tmp_path: Path) -> None:
    ours = [{"task": f"t{i}", "ok": True, "wall_s": 1.0} for i in range(4)]
    files = [tmp_path / f"{n}.json" for n in range(3)]
    parts = [
        {"ours": {"typed": ours}},
        {"peer": {"results": {"typed": [{"task": "t0", "ok": False, "wall_s": 10.0}]}}},
        {"peer": {"results": {"typed": [{"task": "t1", "ok": True, "wall_s": 10.0}]}}},
    ]
    for file, part in zip(files, parts, strict=True):
        file.write_text(json.dumps({"models": {"0.5b": part}}))
    merged = bench.merge_results(files)
    assert [r["task"] for r in merged["0.5b"]["peer"]["results"]["typed"]] == ["t0", "t1"]
    assert "| 0.5b | typed | 2 | 2 vs 1 | 2.00x | 0.10x | yes |" in bench.summarise(merged)[1]
    again = tmp_path / "again.json"  # a task run again replaces its earlier record
    again.write_text(json.dumps({"models": {"0.5b": {"ours": {"typed": [ours[0] | {"ok": 0}]}}}}))
    merged = bench.merge_results([*files, again])
    assert [r["ok"] for r in merged["0.5b"]["ours"]["typed"]] == [0, True, True, True]


@pytest.mark.parametrize(("expected", "ok"), [("25", True), ("77", False)])
def test_a_kept_result_is_scored_on_the_result_not_its_note(expected: str, ok: bool) -> None:
    from hello_agents.testing import FakeOpenAIServer

    call = '{"name": "convert_units", "arguments": {"value": 77, "from_unit": "f", "to_unit": "c"}}'
    task = bench.local_tasks.Task("f-to-c", "What is 77 degrees Fahrenheit in Celsius?", expected)
    # a llama.cpp server with a small model: the small-model aids switch on by themselves
    small = {"owned_by": "llamacpp", "parameters": 1_777_088_000}
    with FakeOpenAIServer([call, "lookup", "lookup"], **small) as server:  # type: ignore[arg-type]
        [record] = bench.run_ours("typed", (task,), "content", (server.base_url, "tiny"))
    assert record["answer"].startswith("25.0\n\n(The result of convert_units(")  # the note has 77
    assert (record["ok"], record["kept_result"]) == (ok, True)
