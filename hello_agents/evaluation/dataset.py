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

The tutorial's ``BFCLDataset``, ``GAIADataset`` and ``AIDataset``, which also read
the official layouts from local copies, are in :mod:`hello_agents.evaluation.sources`.
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
    for number, line in read_lines(source):
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


def read_lines(source: Path) -> Iterator[tuple[int, str]]:
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


__all__ = [
    "KINDS",
    "SAMPLES_DIR",
    "DatasetError",
    "Task",
    "load_tasks",
    "read_lines",
    "resolve_dataset",
    "sample_path",
    "write_tasks",
]
