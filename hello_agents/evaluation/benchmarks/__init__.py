"""The tutorial's evaluators: ``BFCLEvaluator`` and ``GAIAEvaluator``.

Both take one agent, run the samples one after the other (clearing the agent's
history between samples) and return a dict of results. Their keys are stable;
the names the reference package used in other versions are kept as aliases
holding the same values:

=====================  ==================================  =======================
stable key             meaning                             aliases
=====================  ==================================  =======================
``total_samples``      samples evaluated
``correct_samples``    samples judged correct              GAIA: ``exact_matches``
``accuracy``           ``correct_samples / total_samples`` BFCL: ``overall_accuracy``;
                                                           GAIA: ``exact_match_rate``
``category_metrics``   ``{category: {total, correct,       GAIA: ``level_metrics``
                       accuracy}}``                        (by level)
``detailed_results``   one dict per sample
=====================  ==================================  =======================

GAIA adds ``partial_matches`` and ``partial_match_rate``. For many tasks at once,
against any server, with resume and a report, use
:class:`~hello_agents.evaluation.runner.EvalRunner` or ``hello-agents eval``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hello_agents.core.agent import HookEvent
from hello_agents.evaluation.dataset import Task
from hello_agents.evaluation.execution import score_task, tool_name_for
from hello_agents.evaluation.function_calls import FunctionCall
from hello_agents.evaluation.sources import BFCLDataset, GAIADataset

FUNCTION_CALL_PROMPT = """You can call these functions (JSON Schema of each one's parameters):

{functions}

Request: {question}

Reply with the calls that fulfil the request as a JSON list, and nothing else, e.g.
[{{"name": "function_name", "arguments": {{"parameter": "value"}}}}]
Use the exact function and parameter names. If no function fits the request, reply []."""

# GAIA's own answer template (from the GAIA paper's system prompt, reworded).
GAIA_SYSTEM_PROMPT = """You are a general AI assistant. Answer the question, showing your \
reasoning, then end with the line: FINAL ANSWER: [your answer].
The final answer is a number, or as few words as possible, or a comma-separated list of \
numbers and/or strings. Numbers: no thousands separators, no units such as $ or % unless \
asked. Strings: no articles, no abbreviations, digits in plain text unless asked. Lists: \
apply these rules to each element."""


def _accuracy_table(tasks: Sequence[Task], correct: Sequence[bool], key: Any) -> dict[str, Any]:
    table: dict[str, dict[str, Any]] = {}
    for task, verdict in zip(tasks, correct, strict=True):
        row = table.setdefault(str(key(task)), {"total": 0, "correct": 0})
        row["total"] += 1
        row["correct"] += int(verdict)
    for row in table.values():
        row["accuracy"] = row["correct"] / row["total"]
    return table


def _first(tasks: list[Task], max_samples: int | None) -> list[Task]:
    """The first ``max_samples`` tasks (0 or None: all)."""
    return tasks[:max_samples] if max_samples else tasks


def _run_fields(response: str, seconds: float, error: str | None) -> dict[str, Any]:
    """The fields every evaluated task reports about its run."""
    return {"response": response, "execution_time": round(seconds, 4), "error": error}


def _summary(
    benchmark: str, agent: Any, details: list[dict[str, Any]], correct: int
) -> dict[str, Any]:
    """What every benchmark's result reports: the agent, the counts, accuracy, each task."""
    total = len(details)
    return {
        "benchmark": benchmark,
        "agent_name": getattr(agent, "name", type(agent).__name__),
        "total_samples": total,
        "correct_samples": correct,
        "accuracy": correct / total if total else 0.0,
        "detailed_results": details,
    }


def _run_agent(agent: Any, prompt: str) -> tuple[str, float, str | None]:
    clear = getattr(agent, "clear_history", None)
    if callable(clear):
        clear()  # samples are independent: no history from the previous one
    started = time.perf_counter()
    try:
        return str(agent.run(prompt)), time.perf_counter() - started, None
    except Exception as error:
        return "", time.perf_counter() - started, f"{type(error).__name__}: {error}"


class BFCLEvaluator:
    """Function-calling accuracy on BFCL-style samples (AST matching).

    Args:
        dataset: The samples (default: the shipped sample, or ``local_data_dir``).
        category: Keep only this category.
        evaluation_mode: ``"ast"`` (the only mode: calls are never executed).
        local_data_dir: BFCL's ``bfcl_eval/data`` directory.
    """

    def __init__(
        self,
        dataset: BFCLDataset | None = None,
        category: str | None = None,
        evaluation_mode: str = "ast",
        local_data_dir: str | Path | None = None,
    ) -> None:
        if evaluation_mode != "ast":
            raise ValueError("only evaluation_mode='ast' is supported: calls are compared, not run")
        self.dataset = dataset or BFCLDataset(local_data_dir=local_data_dir, category=category)
        self.category = category or self.dataset.category
        self.evaluation_mode = evaluation_mode

    def build_prompt(self, task: Task) -> str:
        """The request with the functions' schemas and the reply format."""
        functions = json.dumps(list(task.functions), ensure_ascii=False, indent=1)
        return FUNCTION_CALL_PROMPT.format(functions=functions, question=task.question)

    def evaluate_task(self, agent: Any, task: Task) -> dict[str, Any]:
        """Run one sample and score it (see the module docstring for the keys)."""
        native: list[FunctionCall] = []
        names = {tool_name_for(f["name"]): f["name"] for f in task.functions}

        def record(event: HookEvent) -> None:
            arguments = event.data.get("arguments")
            if event.data.get("tool") in names and isinstance(arguments, dict):
                native.append(FunctionCall(names[event.data["tool"]], dict(arguments)))

        hooks = getattr(agent, "hooks", None)
        if hooks is not None:
            hooks.on("tool_start", record)
        try:
            response, seconds, error = _run_agent(agent, self.build_prompt(task))
        finally:
            if hooks is not None:
                hooks.off("tool_start", record)
        scored = score_task(task, response, native)
        return {
            "sample_id": task.id,
            "id": task.id,
            "category": task.category,
            "question": task.question,
            "success": scored["correct"] and error is None,
            "correct": scored["correct"] and error is None,
            "score": scored["score"] if error is None else 0.0,
            "predicted": scored["predicted"],
            "expected": scored["expected"],
            "check": scored["check"],
            **_run_fields(response, seconds, error),
        }

    def evaluate(self, agent: Any, max_samples: int | None = None) -> dict[str, Any]:
        """Evaluate ``agent`` on the samples (``max_samples`` 0 or None: all)."""
        tasks = _first(self.dataset.data or self.dataset.load(), max_samples)
        details = [self.evaluate_task(agent, task) for task in tasks]
        correct = [d["correct"] for d in details]
        summary = _summary("BFCL", agent, details, sum(correct))
        return {
            **summary,
            "category": self.category,
            "evaluation_mode": self.evaluation_mode,
            "overall_accuracy": summary["accuracy"],
            "category_metrics": _accuracy_table(tasks, correct, lambda t: t.category),
        }

    def export_results(self, results: Mapping[str, Any], output_path: str | Path) -> Path:
        """Write the whole ``results`` of :meth:`evaluate` as JSON (UTF-8, indented).

        The tutorial calls this name, which the reference package's BFCLEvaluator
        never had; it does what the other evaluators' ``export_results`` do. For
        BFCL's own result lines use :meth:`export_to_bfcl_format`.
        """
        target = Path(output_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            json.dumps(results, ensure_ascii=False, indent=2, default=str), encoding="utf-8"
        )
        return target

    def export_to_bfcl_format(self, results: dict[str, Any], output_path: str | Path) -> Path:
        """Write the predictions as BFCL result lines: ``{"id", "result": [{name: args}]}``."""
        target = Path(output_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("w", encoding="utf-8") as handle:
            for detail in results.get("detailed_results", []):
                calls = [{c["name"]: c["arguments"]} for c in detail.get("predicted") or []]
                line = {"id": detail["id"], "result": calls}
                handle.write(json.dumps(line, ensure_ascii=False) + "\n")
        return target


class GAIAEvaluator:
    """GAIA-style answer accuracy: quasi exact match after normalisation, plus
    partial matches.

    Args:
        dataset: The tasks (default: the shipped GAIA-style sample, or ``local_data_dir``).
        level: Keep only this level.
        local_data_dir: A local copy of the real GAIA set.
        strict_mode: Informative (the normalised match is always GAIA's).
    """

    def __init__(
        self,
        dataset: GAIADataset | None = None,
        level: int | None = None,
        local_data_dir: str | Path | None = None,
        strict_mode: bool = True,
    ) -> None:
        self.dataset = dataset or GAIADataset(level=level, local_data_dir=local_data_dir)
        self.level = level
        self.strict_mode = strict_mode

    def build_prompt(self, task: Task) -> str:
        """The question as the agent sees it."""
        return task.question

    def evaluate_task(self, agent: Any, task: Task) -> dict[str, Any]:
        """Run one task and score it."""
        response, seconds, error = _run_agent(agent, self.build_prompt(task))
        scored = score_task(task, response, [])
        correct = scored["correct"] and error is None
        return {
            "task_id": task.id,
            "id": task.id,
            "level": task.level,
            "category": task.category,
            "question": task.question,
            "exact_match": correct,
            "correct": correct,
            "partial_match": scored["partial"] and error is None,
            "score": scored["score"] if error is None else 0.0,
            "predicted": scored["predicted"],
            "expected": scored["expected"],
            **_run_fields(response, seconds, error),
        }

    def evaluate(self, agent: Any, max_samples: int | None = None) -> dict[str, Any]:
        """Evaluate ``agent`` on the tasks (``max_samples`` 0 or None: all)."""
        tasks = _first(self.dataset.data or self.dataset.load(), max_samples)
        details = [self.evaluate_task(agent, task) for task in tasks]
        total = len(details)
        exact = sum(d["exact_match"] for d in details)
        partial = sum(d["partial_match"] for d in details)
        levels: dict[str, dict[str, Any]] = {}
        for detail in details:
            row = levels.setdefault(
                f"Level_{detail['level']}", {"total": 0, "exact_matches": 0, "partial_matches": 0}
            )
            row["total"] += 1
            row["exact_matches"] += int(detail["exact_match"])
            row["partial_matches"] += int(detail["partial_match"])
        for row in levels.values():
            row["exact_match_rate"] = row["exact_matches"] / row["total"]
            row["partial_match_rate"] = row["partial_matches"] / row["total"]
            row["correct"], row["accuracy"] = row["exact_matches"], row["exact_match_rate"]
        summary = _summary("GAIA", agent, details, exact)
        return {
            **summary,
            "level_filter": self.level,
            "strict_mode": self.strict_mode,
            "exact_matches": exact,
            "exact_match_rate": summary["accuracy"],
            "partial_matches": partial,
            "partial_match_rate": partial / total if total else 0.0,
            "category_metrics": levels,
            "level_metrics": levels,
        }

    def export_to_gaia_format(
        self, results: dict[str, Any], output_path: str | Path, include_reasoning: bool = True
    ) -> Path:
        """Write GAIA submission lines: ``{"task_id", "model_answer", "reasoning_trace"}``."""
        target = Path(output_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("w", encoding="utf-8") as handle:
            for detail in results.get("detailed_results", []):
                line = {"task_id": detail["task_id"], "model_answer": detail["predicted"]}
                if include_reasoning:
                    line["reasoning_trace"] = detail.get("response", "")
                handle.write(json.dumps(line, ensure_ascii=False) + "\n")
        return target


__all__ = ["FUNCTION_CALL_PROMPT", "GAIA_SYSTEM_PROMPT", "BFCLEvaluator", "GAIAEvaluator"]
