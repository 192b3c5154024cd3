"""The tutorial's dataset classes: ``BFCLDataset``, ``GAIADataset``, ``AIDataset``.

Each reads the shipped sample by default, a JSONL file in our schema
(:mod:`hello_agents.evaluation.dataset`), or the official layout from a local
copy: BFCL's ``bfcl_eval/data`` (questions, and answers in ``possible_answer/``)
from a gorilla clone, GAIA's ``2023/<split>/metadata.jsonl`` from a copy the
user downloaded after accepting its terms. Nothing here downloads anything.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hello_agents.evaluation.dataset import (
    DatasetError,
    Task,
    load_tasks,
    read_lines,
    sample_path,
)
from hello_agents.evaluation.function_calls import category_kind


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
                wanted = category_kind(self.category)
                tasks = [t for t in tasks if category_kind(t.category) == wanted]
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
            for number, line in read_lines(answer_file):
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError as error:
                    raise DatasetError(f"{answer_file}:{number}: not valid JSON") from error
                answers[str(entry["id"])] = entry.get("ground_truth", [])
        elif category_kind(category) != "irrelevance":
            raise DatasetError(f"possible answers missing: {answer_file}")
        tasks = []
        for number, line in read_lines(question_file):
            try:
                entry = json.loads(line)
                question = entry["question"]
                # BFCL questions are a list of turns of chat messages; take the user text.
                turn = question[0] if question and isinstance(question[0], list) else question
                text = "\n".join(m["content"] for m in turn if m.get("role") == "user")
                functions = [dict(f) for f in entry["function"]]  # BFCL types kept
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
        dataset_name: The tutorial's ``"gaia-benchmark/GAIA"``: with no
            ``local_data_dir``, a clear error saying how to get the set.
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
        elif self.dataset_name is not None:
            # Asked for the real set by name: say how to get it, never fall back silently.
            raise DatasetError(
                f"{self.dataset_name} is not downloaded by hello-agents (GAIA is gated); "
                "download it yourself after accepting its terms at "
                "huggingface.co/datasets/gaia-benchmark/GAIA and pass local_data_dir=, "
                "or leave dataset_name out to use the shipped GAIA-style sample"
            )
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
        for number, line in read_lines(source):
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


__all__ = ["AIDataset", "BFCLDataset", "GAIADataset"]
