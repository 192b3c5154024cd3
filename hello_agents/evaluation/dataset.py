"""Evaluation data sets: plain JSONL files, one task per line.

The schema (every field but ``id`` and ``question`` optional; see docs/evaluation.md):

* ``id`` (str): unique in the file; results and resumes are keyed by it.
* ``question`` (str): what the agent is asked.
* ``kind``: ``"answer"`` (the agent answers, the answer is scored) or
  ``"function_call"`` (the agent's tool calls are scored). Default: ``function_call``
  when ``functions`` is given, else ``answer``.
* ``category`` (str): for reports; for function calls it also picks the matching
  rule (``simple``, ``multiple``, ``parallel``, ``parallel_multiple``, ``irrelevance``).
* ``level`` (int): a difficulty level (GAIA's 1-3).
* answer tasks: ``expected`` (str, or a list of accepted answers), ``match`` (one of
  ``exact``, ``normalized``, ``partial``, ``number``, ``word``, ``date``; default
  ``normalized``), ``tools`` (names of the tools the agent gets).
* function-call tasks: ``functions`` (the functions offered: ``name``,
  ``description``, JSON-Schema ``parameters``) and ``ground_truth`` (BFCL's possible
  answers: ``[{"name": {"param": [accepted values]}}]``, ``[]`` for irrelevance).
* ``system_prompt`` (str) and ``metadata`` (object): passed along untouched.

A malformed line stops the load with a :class:`DatasetError` naming the file, the
line number and the fault; nothing is half-loaded.

:class:`BFCLDataset` and :class:`GAIADataset` also read the official layouts
from a local directory (BFCL's ``bfcl_eval/data`` with ``possible_answer/``;
GAIA's ``2023/<split>/metadata.jsonl``). Nothing here downloads anything.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.evaluation.answers import MATCH_RULES

SAMPLES_DIR = Path(__file__).parent / "samples"
KINDS = ("answer", "function_call")
_FIELDS = {
    "id",
    "question",
    "kind",
    "category",
    "level",
    "expected",
    "match",
    "tools",
    "functions",
    "ground_truth",
    "system_prompt",
    "metadata",
}


class DatasetError(HelloAgentsException):
    """A data set file is missing or one of its lines is not a valid task."""


@dataclass(frozen=True)
class Task:
    """One evaluation task (the fields are described in the module docstring)."""

    id: str
    question: str
    kind: str = "answer"
    category: str = "default"
    level: int | None = None
    expected: tuple[str, ...] = ()
    match: str = "normalized"
    tools: tuple[str, ...] = ()
    functions: tuple[dict[str, Any], ...] = ()
    ground_truth: tuple[dict[str, Any], ...] = ()
    system_prompt: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Task:
        """Build a task from one decoded JSONL line.

        Raises:
            ValueError: A field is missing, unknown or of the wrong type.
        """
        unknown = sorted(set(data) - _FIELDS)
        if unknown:
            raise ValueError(
                f"unknown field(s) {', '.join(unknown)}; known: {', '.join(sorted(_FIELDS))}"
            )
        task_id = data.get("id")
        if isinstance(task_id, int) and not isinstance(task_id, bool):
            task_id = str(task_id)
        if not isinstance(task_id, str) or not task_id:
            raise ValueError("'id' must be a non-empty string")
        question = data.get("question")
        if not isinstance(question, str) or not question.strip():
            raise ValueError("'question' must be a non-empty string")
        functions = _list_of_objects(data, "functions")
        kind = data.get("kind") or ("function_call" if functions else "answer")
        if kind not in KINDS:
            raise ValueError(f"'kind' must be one of {', '.join(KINDS)}, got {kind!r}")
        level = data.get("level")
        if level is not None and (not isinstance(level, int) or isinstance(level, bool)):
            raise ValueError(f"'level' must be an integer, got {level!r}")
        common: dict[str, Any] = {
            "id": task_id,
            "question": question,
            "kind": kind,
            "level": level,
            "system_prompt": _optional_string(data, "system_prompt"),
            "metadata": dict(data.get("metadata") or {}),
            "tools": tuple(_list_of_strings(data, "tools")),
        }
        if kind == "function_call":
            if not functions:
                raise ValueError("a function_call task needs a non-empty 'functions' list")
            ground_truth = _list_of_objects(data, "ground_truth")
            if "ground_truth" not in data:
                raise ValueError("a function_call task needs 'ground_truth' ([] for irrelevance)")
            for index, function in enumerate(functions):
                if not isinstance(function.get("name"), str):
                    raise ValueError(f"functions[{index}] has no 'name'")
            for index, answer in enumerate(ground_truth):
                if len(answer) != 1 or not isinstance(next(iter(answer.values())), dict):
                    raise ValueError(
                        f'ground_truth[{index}] must be {{"function_name": {{"param": [values]}}}}'
                    )
            category = data.get("category") or ("irrelevance" if not ground_truth else "simple")
            return cls(
                category=str(category),
                functions=tuple(functions),
                ground_truth=tuple(ground_truth),
                **common,
            )
        expected = data.get("expected")
        if isinstance(expected, (int, float)) and not isinstance(expected, bool):
            expected = str(expected)
        if isinstance(expected, str):
            accepted = (expected,)
        elif isinstance(expected, list) and expected and all(isinstance(e, str) for e in expected):
            accepted = tuple(expected)
        else:
            raise ValueError("an answer task needs 'expected': a string or a list of strings")
        match = data.get("match", "normalized")
        if match not in MATCH_RULES:
            raise ValueError(f"'match' must be one of {', '.join(MATCH_RULES)}, got {match!r}")
        return cls(
            category=str(data.get("category") or "default"),
            expected=accepted,
            match=str(match),
            **common,
        )

    def to_dict(self) -> dict[str, Any]:
        """The task as a JSONL line's object (defaults left out)."""
        data: dict[str, Any] = {"id": self.id, "question": self.question, "kind": self.kind}
        data["category"] = self.category
        if self.level is not None:
            data["level"] = self.level
        if self.kind == "answer":
            data["expected"] = self.expected[0] if len(self.expected) == 1 else list(self.expected)
            data["match"] = self.match
        else:
            data["functions"] = list(self.functions)
            data["ground_truth"] = list(self.ground_truth)
        if self.tools:
            data["tools"] = list(self.tools)
        if self.system_prompt:
            data["system_prompt"] = self.system_prompt
        if self.metadata:
            data["metadata"] = self.metadata
        return data


def _optional_string(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise ValueError(f"'{key}' must be a string")
    return value


def _list_of_strings(data: Mapping[str, Any], key: str) -> list[str]:
    value = data.get(key) or []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"'{key}' must be a list of strings")
    return value


def _list_of_objects(data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key) or []
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ValueError(f"'{key}' must be a list of objects")
    return value


def load_tasks(path: str | Path) -> list[Task]:
    """Read a JSONL data set (blank lines skipped).

    Args:
        path: The file, or the name of a shipped sample (``bfcl_sample``,
            ``gaia_sample``, ``local_battery``; see :func:`sample_path`).

    Returns:
        The tasks, in file order.

    Raises:
        DatasetError: The file is missing, a line is not JSON or not a valid
            task (the message names the line), or two tasks share an id.
    """
    source = resolve_dataset(path)
    tasks: list[Task] = []
    seen: dict[str, int] = {}
    for number, line in _lines(source):
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise DatasetError(f"{source}:{number}: not valid JSON ({error.msg})") from error
        if not isinstance(data, dict):
            raise DatasetError(f"{source}:{number}: a task must be a JSON object")
        try:
            task = Task.from_dict(data)
        except ValueError as error:
            raise DatasetError(f"{source}:{number}: {error}") from error
        if task.id in seen:
            raise DatasetError(
                f"{source}:{number}: id {task.id!r} was already used on line {seen[task.id]}"
            )
        seen[task.id] = number
        tasks.append(task)
    return tasks


def _lines(source: Path) -> Iterator[tuple[int, str]]:
    with source.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                yield number, line


def sample_path(name: str) -> Path:
    """The path of a data set shipped with the package (``.jsonl`` optional).

    Raises:
        DatasetError: No such sample.
    """
    path = SAMPLES_DIR / (name if name.endswith(".jsonl") else f"{name}.jsonl")
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in SAMPLES_DIR.glob("*.jsonl")))
        raise DatasetError(f"no shipped data set named {name!r}; shipped: {known}")
    return path


def resolve_dataset(path: str | Path) -> Path:
    """A file path as given, else a shipped sample of that name.

    Raises:
        DatasetError: Neither exists.
    """
    candidate = Path(path)
    if candidate.is_file():
        return candidate
    if candidate.suffix in ("", ".jsonl") and len(candidate.parts) == 1:
        return sample_path(str(path))
    raise DatasetError(f"data set file not found: {path}")


def write_tasks(tasks: Iterable[Task], path: str | Path) -> Path:
    """Write tasks as JSONL (the inverse of :func:`load_tasks`)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", encoding="utf-8") as handle:
        for task in tasks:
            handle.write(json.dumps(task.to_dict(), ensure_ascii=False) + "\n")
    return target


# ---- the tutorial's dataset classes ---------------------------------------------------------


class BFCLDataset:
    """BFCL samples: the shipped sample, any JSONL in our schema, or BFCL's own data.

    Args:
        bfcl_data_dir: BFCL's ``bfcl_eval/data`` directory from a gorilla clone
            (questions in ``BFCL_v4_<category>.json``, answers in
            ``possible_answer/``). When omitted, the shipped sample is used.
        category: Keep only this category (``simple``, ``simple_python``, ``multiple``...;
            for the shipped sample, ``simple_python`` means ``simple``).
        data_path: A JSONL file in our schema instead.
        local_data_dir: Alias of ``bfcl_data_dir`` (the reference's name).
    """

    def __init__(
        self,
        bfcl_data_dir: str | Path | None = None,
        category: str | None = None,
        data_path: str | Path | None = None,
        local_data_dir: str | Path | None = None,
    ) -> None:
        directory = bfcl_data_dir or local_data_dir
        self.bfcl_data_dir = Path(directory) if directory else None
        self.category = category
        self.data_path = data_path
        self.data: list[Task] = []

    def load(self) -> list[Task]:
        """Read the tasks (see the class docstring for the sources).

        Raises:
            DatasetError: Files missing or malformed.
        """
        if self.bfcl_data_dir is not None:
            tasks = self._load_official()
        else:
            tasks = load_tasks(self.data_path or sample_path("bfcl_sample"))
            if self.category:
                wanted = _short_category(self.category)
                tasks = [t for t in tasks if _short_category(t.category) == wanted]
        self.data = tasks
        return tasks

    @property
    def ground_truth(self) -> list[tuple[dict[str, Any], ...]]:
        """The possible answers of the loaded tasks, in order."""
        return [task.ground_truth for task in self.data]

    def get_available_categories(self) -> list[str]:
        """The categories present (official directory: from the file names)."""
        if self.bfcl_data_dir is not None:
            return sorted(
                path.stem.split("_", 2)[2]
                for path in self.bfcl_data_dir.glob("BFCL_v*_*.json")
                if path.stem.count("_") >= 2
            )
        return sorted(
            {task.category for task in load_tasks(self.data_path or sample_path("bfcl_sample"))}
        )

    def _load_official(self) -> list[Task]:
        assert self.bfcl_data_dir is not None
        category = self.category or "simple_python"
        questions = sorted(self.bfcl_data_dir.glob(f"BFCL_v*_{category}.json"))
        if not questions:
            raise DatasetError(f"no BFCL_v*_{category}.json in {self.bfcl_data_dir}")
        question_file = questions[-1]
        answers: dict[str, list[dict[str, Any]]] = {}
        answer_file = self.bfcl_data_dir / "possible_answer" / question_file.name
        if answer_file.is_file():
            for number, line in _lines(answer_file):
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError as error:
                    raise DatasetError(f"{answer_file}:{number}: not valid JSON") from error
                answers[str(entry["id"])] = entry.get("ground_truth", [])
        elif category_kind_name(category) != "irrelevance":
            raise DatasetError(f"possible answers missing: {answer_file}")
        tasks = []
        for number, line in _lines(question_file):
            try:
                entry = json.loads(line)
                question = entry["question"]
                # BFCL questions are a list of turns of chat messages; take the user text.
                turn = question[0] if question and isinstance(question[0], list) else question
                text = "\n".join(m["content"] for m in turn if m.get("role") == "user")
                functions = [_bfcl_function(f) for f in entry["function"]]
                task = Task.from_dict(
                    {
                        "id": str(entry["id"]),
                        "question": text,
                        "kind": "function_call",
                        "category": category,
                        "functions": functions,
                        "ground_truth": answers.get(str(entry["id"]), []),
                    }
                )
            except (KeyError, TypeError, ValueError) as error:
                raise DatasetError(
                    f"{question_file}:{number}: not a BFCL entry ({error})"
                ) from error
            tasks.append(task)
        return tasks


def category_kind_name(category: str) -> str:
    """BFCL's matching rule for a category name (re-exported from function_calls)."""
    from hello_agents.evaluation.function_calls import category_kind

    return category_kind(category)


def _short_category(category: str) -> str:
    return category_kind_name(category)


def _bfcl_function(function: dict[str, Any]) -> dict[str, Any]:
    """BFCL writes ``"type": "dict"`` for objects; keep its types (the checker reads them)."""
    return dict(function)


class GAIADataset:
    """GAIA-style tasks: the shipped sample, a JSONL file in our schema, or the
    real GAIA set from a local directory.

    GAIA is gated (its licence forbids redistribution), so it is never shipped or
    downloaded here: a user who has accepted its terms downloads it and passes
    ``local_data_dir`` (the directory holding ``2023/validation/metadata.jsonl``).

    Args:
        level: Keep only this level (1-3).
        split: ``validation`` (answers included) or ``test``.
        local_data_dir: The real set's directory.
        data_path: A JSONL file in our schema instead.
    """

    def __init__(
        self,
        level: int | None = None,
        split: str = "validation",
        local_data_dir: str | Path | None = None,
        data_path: str | Path | None = None,
        dataset_name: str | None = None,
    ) -> None:
        self.level = level
        self.split = split
        self.local_data_dir = Path(local_data_dir) if local_data_dir else None
        self.data_path = data_path
        self.dataset_name = dataset_name
        self.data: list[Task] = []

    def load(self) -> list[Task]:
        """Read the tasks.

        Raises:
            DatasetError: Files missing or malformed.
        """
        if self.local_data_dir is not None:
            tasks = self._load_official()
        else:
            tasks = load_tasks(self.data_path or sample_path("gaia_sample"))
        if self.level is not None:
            tasks = [task for task in tasks if task.level == self.level]
        self.data = tasks
        return tasks

    def get_statistics(self) -> dict[str, Any]:
        """Counts: ``total_samples`` and ``level_distribution``."""
        tasks = self.data or self.load()
        distribution: dict[int, int] = {}
        for task in tasks:
            if task.level is not None:
                distribution[task.level] = distribution.get(task.level, 0) + 1
        return {
            "total_samples": len(tasks),
            "level_distribution": dict(sorted(distribution.items())),
        }

    def _load_official(self) -> list[Task]:
        assert self.local_data_dir is not None
        candidates = [
            self.local_data_dir / "2023" / self.split / "metadata.jsonl",
            self.local_data_dir / self.split / "metadata.jsonl",
            self.local_data_dir / "metadata.jsonl",
        ]
        source = next((path for path in candidates if path.is_file()), None)
        if source is None:
            raise DatasetError(
                f"no GAIA metadata.jsonl under {self.local_data_dir} (looked for "
                f"2023/{self.split}/metadata.jsonl); download GAIA yourself after accepting "
                "its terms at huggingface.co/datasets/gaia-benchmark/GAIA"
            )
        tasks = []
        for number, line in _lines(source):
            try:
                entry = json.loads(line)
                question = entry["Question"]
                if entry.get("file_name"):
                    attachment = source.parent / entry["file_name"]
                    question += f"\n\nAttached file: {attachment}"
                task = Task.from_dict(
                    {
                        "id": str(entry["task_id"]),
                        "question": question,
                        "kind": "answer",
                        "category": f"level_{entry.get('Level')}",
                        "level": int(entry["Level"]) if entry.get("Level") is not None else None,
                        "expected": str(entry.get("Final answer", "?")),
                        "match": "normalized",
                        "metadata": {"file_name": entry.get("file_name", "")},
                    }
                )
            except (KeyError, TypeError, ValueError) as error:
                raise DatasetError(f"{source}:{number}: not a GAIA entry ({error})") from error
            tasks.append(task)
        return tasks


class AIDataset:
    """Problems for the judge and win-rate evaluators (the tutorial's AIME case).

    Args:
        dataset_type: ``"generated"`` (a JSON list or JSONL file of problems) or
            ``"real"`` (reference problems, from a local JSON/JSONL file: the
            reference sets are not shipped or downloaded).
        data_path: The file.
        year: Informative (the tutorial's AIME year).
    """

    def __init__(
        self,
        dataset_type: str = "generated",
        data_path: str | Path | None = None,
        year: int | None = None,
    ) -> None:
        if dataset_type not in ("generated", "real"):
            raise DatasetError(f"dataset_type must be 'generated' or 'real', got {dataset_type!r}")
        self.dataset_type = dataset_type
        self.data_path = Path(data_path) if data_path else None
        self.year = year

    def load(self) -> list[dict[str, Any]]:
        """The problems, each with a ``problem_id``.

        Raises:
            DatasetError: No path, a missing file, or content that is not a list
                of objects.
        """
        if self.data_path is None:
            raise DatasetError(
                f"AIDataset({self.dataset_type!r}) needs data_path: a JSON list or JSONL file "
                "of problems (reference sets such as AIME are not downloaded here)"
            )
        if not self.data_path.is_file():
            raise DatasetError(f"problem file not found: {self.data_path}")
        text = self.data_path.read_text(encoding="utf-8")
        try:
            if self.data_path.suffix == ".jsonl":
                items = [json.loads(line) for line in text.splitlines() if line.strip()]
            else:
                items = json.loads(text)
        except json.JSONDecodeError as error:
            raise DatasetError(
                f"{self.data_path}:{error.lineno}: not valid JSON ({error.msg})"
            ) from error
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            raise DatasetError(f"{self.data_path}: expected a list of problem objects")
        prefix = "gen" if self.dataset_type == "generated" else "ref"
        return [
            {"problem_id": item.get("problem_id", item.get("id", f"{prefix}_{index}")), **item}
            for index, item in enumerate(items)
        ]


__all__ = [
    "KINDS",
    "SAMPLES_DIR",
    "AIDataset",
    "BFCLDataset",
    "DatasetError",
    "GAIADataset",
    "Task",
    "load_tasks",
    "resolve_dataset",
    "sample_path",
    "write_tasks",
]
