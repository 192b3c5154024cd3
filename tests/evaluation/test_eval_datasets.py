"""Data sets: the JSONL schema, clear errors with line numbers, the official layouts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hello_agents.evaluation import BFCLDataset, DatasetError, GAIADataset, Task, load_tasks
from hello_agents.evaluation.dataset import write_tasks
from hello_agents.evaluation.function_calls import FunctionCall, category_kind, check_calls
from hello_agents.evaluation.sources import AIDataset

ANSWER = {"id": "a1", "question": "2+2?", "expected": "4", "match": "number"}


def write(path: Path, *lines: object) -> Path:
    path.write_text(
        "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    )
    return path


def test_the_bfcl_sample_covers_the_five_categories() -> None:
    tasks = load_tasks("bfcl_sample")
    kinds = {category_kind(task.category) for task in tasks}
    assert kinds == {"simple", "multiple", "parallel", "parallel_multiple", "irrelevance"}


def test_every_shipped_function_task_accepts_its_own_ground_truth() -> None:
    for task in load_tasks("bfcl_sample"):
        calls = [
            FunctionCall(
                name,
                {
                    k: next(v for v in values if v != "")
                    for k, values in args.items()
                    if values != [""]
                },
            )
            for answer in task.ground_truth
            for name, args in answer.items()
        ]
        assert check_calls(task.functions, calls, task.ground_truth, task.category).valid, task.id


def test_the_gaia_style_sample_is_ours_and_has_three_levels() -> None:
    tasks = load_tasks("gaia_sample")
    assert {task.level for task in tasks} == {1, 2, 3}
    assert all("not from GAIA" in task.metadata["source"] for task in tasks)


def test_the_battery_sample_matches_the_benchmark_battery() -> None:
    from benchmarks.local_tasks import BATTERIES

    tasks = {task.id: task for task in load_tasks("local_battery")}
    for battery, entries in BATTERIES.items():
        for entry in entries:
            task = tasks[f"{battery}/{entry.id}"]
            assert (task.question, task.expected, task.match) == (
                entry.question,
                (entry.expected,),
                entry.kind,
            )


def test_a_line_that_is_not_json_is_named(tmp_path: Path) -> None:
    path = write(tmp_path / "d.jsonl", ANSWER, "", "{not json")
    with pytest.raises(DatasetError, match=r"d\.jsonl:3: not valid JSON"):
        load_tasks(path)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ({"id": "x", "question": "q"}, "needs 'expected'"),
        ({"question": "q", "expected": "1"}, "'id' must be a non-empty string"),
        ({**ANSWER, "match": "fuzzy"}, "'match' must be one of"),
        ({**ANSWER, "answer": "4"}, "unknown field"),
        ({"id": "f", "question": "q", "functions": [{"name": "f"}]}, "needs 'ground_truth'"),
        (
            {"id": "f", "question": "q", "functions": [{"name": "f"}], "ground_truth": [{"f": 1}]},
            "ground_truth\\[0\\]",
        ),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_an_invalid_task_is_refused_with_its_line(
    tmp_path: Path, line: object, message: str
) -> None:
    path = write(tmp_path / "d.jsonl", ANSWER, line)
    with pytest.raises(DatasetError, match=rf"d\.jsonl:2: .*{message}"):
        load_tasks(path)


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "d.jsonl", ANSWER, ANSWER)
    with pytest.raises(DatasetError, match="already used on line 1"):
        load_tasks(path)


def test_a_missing_file_is_a_clear_error() -> None:
    with pytest.raises(DatasetError, match="no shipped data set named 'nope'"):
        load_tasks("nope")


def test_tasks_round_trip_through_jsonl(tmp_path: Path) -> None:
    tasks = [*load_tasks("bfcl_sample")[:3], Task.from_dict(ANSWER)]
    assert load_tasks(write_tasks(tasks, tmp_path / "copy.jsonl")) == tasks


def test_bfcl_official_layout(tmp_path: Path) -> None:
    question = {
        "id": "simple_python_0",
        "question": [[{"role": "user", "content": "Factorial of 5?"}]],
        "function": [
            {
                "name": "math.factorial",
                "parameters": {
                    "type": "dict",
                    "properties": {"number": {"type": "integer"}},
                    "required": ["number"],
                },
            }
        ],
    }
    write(tmp_path / "BFCL_v4_simple_python.json", question)
    (tmp_path / "possible_answer").mkdir()
    write(
        tmp_path / "possible_answer" / "BFCL_v4_simple_python.json",
        {"id": "simple_python_0", "ground_truth": [{"math.factorial": {"number": [5]}}]},
    )
    dataset = BFCLDataset(bfcl_data_dir=tmp_path, category="simple_python")
    (task,) = dataset.load()
    assert task.question == "Factorial of 5?" and dataset.ground_truth == [
        ({"math.factorial": {"number": [5]}},)
    ]
    assert dataset.get_available_categories() == ["simple_python"]


def test_gaia_official_layout_from_a_local_copy(tmp_path: Path) -> None:
    folder = tmp_path / "2023" / "validation"
    folder.mkdir(parents=True)
    write(
        folder / "metadata.jsonl",
        {"task_id": "t1", "Question": "Q1", "Level": 1, "Final answer": "3", "file_name": ""},
        {"task_id": "t2", "Question": "Q2", "Level": 2, "Final answer": "x", "file_name": "a.csv"},
    )
    dataset = GAIADataset(local_data_dir=tmp_path)
    tasks = dataset.load()
    assert [t.id for t in tasks] == ["t1", "t2"] and "a.csv" in tasks[1].question
    assert dataset.get_statistics() == {"total_samples": 2, "level_distribution": {1: 1, 2: 1}}
    assert [t.id for t in GAIADataset(level=2, local_data_dir=tmp_path).load()] == ["t2"]


def test_gaia_is_never_downloaded(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="download GAIA yourself"):
        GAIADataset(local_data_dir=tmp_path).load()
    with pytest.raises(DatasetError, match="not downloaded by hello-agents"):
        GAIADataset(dataset_name="gaia-benchmark/GAIA", split="validation", level=1).load()


def test_ai_dataset_reads_generated_problems(tmp_path: Path) -> None:
    path = tmp_path / "gen.json"
    path.write_text(json.dumps([{"problem": "p", "answer": 1}]))
    assert AIDataset("generated", path).load() == [
        {"problem_id": "gen_0", "problem": "p", "answer": 1}
    ]
    with pytest.raises(DatasetError, match="needs data_path"):
        AIDataset("real").load()
