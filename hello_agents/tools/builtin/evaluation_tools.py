"""The tutorial's evaluation tools: one call runs an evaluation and writes its files.

* ``BFCLEvaluationTool().run(agent=..., category="simple_python", max_samples=5)``
* ``GAIAEvaluationTool().run(agent=..., level=1, max_samples=2)``
* ``LLMJudgeTool(llm).run({"generated_data_path": ..., "max_samples": 10})``
* ``WinRateTool(llm).run({"generated_data_path": ..., "reference_data_path": ...})``

The BFCL and GAIA tools take keyword arguments and return the evaluator's dict
(the tutorial calls them that way); given one dict, as the tool registry calls a
tool, they return the same results as JSON text. The judge and win-rate tools
follow the ``run(dict) -> str`` contract and return JSON text.

Offline by design: data comes from the shipped samples or local copies, and the
official BFCL command-line scorer is not run (``run_official_eval`` is recorded
as not run; export the results with ``export_to_bfcl_format`` and score them
with ``bfcl evaluate`` where it is installed).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from hello_agents.tools.base import Tool, ToolParameter
from hello_agents.tools.builtin.parameters import optional

logger = logging.getLogger(__name__)


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d_%H%M%S")


def _bar(rate: float, width: int = 40) -> str:
    filled = round(rate * width)
    return "█" * filled + "░" * (width - filled) + f" {rate:.2%}"


class _AgentEvaluationTool(Tool):
    """Shared calling convention of the BFCL and GAIA tools."""

    def run(self, agent_or_parameters: Any = None, /, **options: Any) -> Any:
        """Evaluate an agent.

        Args:
            agent_or_parameters: The agent (keyword style, returns a dict), or a dict
                of parameters holding ``agent`` (the Tool contract, returns JSON text).
            **options: The evaluation's options (see the subclass).
        """
        if isinstance(agent_or_parameters, Mapping):
            try:
                results = self.evaluate(**{**agent_or_parameters, **options})
            except (TypeError, ValueError) as error:
                return f"Error: {error}"
            return json.dumps(results, ensure_ascii=False, default=str)
        if agent_or_parameters is not None:
            options["agent"] = agent_or_parameters
        return self.evaluate(**options)

    evaluate: Any  # each tool defines evaluate(agent, **its options) -> dict

    @staticmethod
    def _require(agent: Any) -> None:
        if agent is None or not callable(getattr(agent, "run", None)):
            raise ValueError("pass the agent to evaluate: run(agent=my_agent, ...)")

    report_dir: Path
    report_name: str  # the default report file is report_dir/<report_name>_report_<time>.md

    def report_lines(self, results: Mapping[str, Any]) -> list[str]:
        """The markdown report of ``results``, line by line (each tool writes its own)."""
        raise NotImplementedError

    def generate_report(
        self, results: Mapping[str, Any], output_file: str | Path | None = None
    ) -> str:
        """A markdown report of ``results``, written to ``output_file`` (default:
        ``evaluation_reports/<benchmark>_report_<time>.md``); returns its text."""
        text = "\n".join(self.report_lines(results))
        default = self.report_dir / f"{self.report_name}_report_{_stamp()}.md"
        target = Path(output_file) if output_file else default
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        return text


class BFCLEvaluationTool(_AgentEvaluationTool):
    """Function-calling accuracy of an agent on BFCL-style samples, with a report.

    Args:
        bfcl_data_dir: BFCL's ``bfcl_eval/data`` directory (default: the shipped sample).
        output_dir: Where results are exported.
        report_dir: Where reports are written.
    """

    report_name = "bfcl"

    def __init__(
        self,
        bfcl_data_dir: str | Path | None = None,
        output_dir: str | Path = "evaluation_results/bfcl",
        report_dir: str | Path = "evaluation_reports",
        local_data_path: str | Path | None = None,
    ) -> None:
        super().__init__(
            "bfcl_evaluation",
            "Evaluate an agent's function calling on BFCL-style samples (AST matching).",
        )
        self.bfcl_data_dir = bfcl_data_dir or local_data_path
        self.output_dir = Path(output_dir)
        self.report_dir = Path(report_dir)

    def get_parameters(self) -> list[ToolParameter]:
        """Category and sample count."""
        return [
            optional("category", "string", "BFCL category"),
            optional("max_samples", "integer", "0 for all"),
        ]

    def evaluate(
        self,
        agent: Any = None,
        category: str | None = "simple_python",
        max_samples: int = 5,
        run_official_eval: bool = False,
        model_name: str | None = None,
        local_data_dir: str | Path | None = None,
        export_results: bool = True,
        generate_report: bool = True,
    ) -> dict[str, Any]:
        """Run the evaluation; returns the :class:`BFCLEvaluator` results.

        ``max_samples`` 0 means all. ``run_official_eval`` is accepted for the
        tutorial's calls; the official scorer is not run here (see the module docstring).
        """
        from hello_agents.evaluation import BFCLDataset, BFCLEvaluator

        self._require(agent)
        directory = local_data_dir or self.bfcl_data_dir
        dataset = BFCLDataset(bfcl_data_dir=directory, category=category)
        evaluator = BFCLEvaluator(dataset=dataset, category=category)
        results = evaluator.evaluate(agent, max_samples=max_samples or None)
        results["model_name"] = model_name or getattr(getattr(agent, "llm", None), "model", None)
        if run_official_eval:
            logger.warning("the official BFCL scorer is not run by hello-agents; see the docs")
            results["official_eval"] = "not run: export the results and use `bfcl evaluate`"
        if export_results:
            target = self.output_dir / f"BFCL_{category or 'all'}_result_{_stamp()}.jsonl"
            results["export_file"] = str(evaluator.export_to_bfcl_format(results, target))
        if generate_report:
            self.generate_report(results)
        return results

    def report_lines(self, results: Mapping[str, Any]) -> list[str]:
        """The BFCL report: accuracy overall, by category, and each sample."""
        lines = [
            "# BFCL evaluation report",
            "",
            f"- **Agent**: {results.get('agent_name')}",
            f"- **Category**: {results.get('category') or 'all'}",
            f"- **Accuracy**: {results.get('accuracy', 0.0):.2%} "
            f"({results.get('correct_samples', 0)}/{results.get('total_samples', 0)})",
            "",
            "## Accuracy by category",
            "",
            "| category | correct | total | accuracy |",
            "|---|---:|---:|---:|",
        ]
        for name, row in results.get("category_metrics", {}).items():
            lines.append(f"| {name} | {row['correct']} | {row['total']} | {row['accuracy']:.2%} |")
        lines += [
            "",
            "## Samples",
            "",
            "| id | correct | predicted | note |",
            "|---|:---:|---|---|",
        ]
        for detail in results.get("detailed_results", []):
            predicted = json.dumps(detail.get("predicted"), ensure_ascii=False)[:80]
            note = "" if detail.get("correct") else (detail.get("error") or detail.get("check", ""))
            mark = "✅" if detail.get("correct") else "❌"
            lines.append(f"| {detail['id']} | {mark} | `{predicted}` | {str(note)[:80]} |")
        lines += ["", "```", f"accuracy: {_bar(float(results.get('accuracy', 0.0)))}", "```", ""]
        return lines


class GAIAEvaluationTool(_AgentEvaluationTool):
    """GAIA-style answer accuracy of an agent (exact and partial matches), with a report.

    Args:
        local_data_dir: A local copy of the real GAIA set (default: the shipped
            GAIA-style sample; GAIA itself is never downloaded).
        output_dir: Where the submission file is exported.
        report_dir: Where reports are written.
    """

    report_name = "gaia"

    def __init__(
        self,
        local_data_dir: str | Path | None = None,
        output_dir: str | Path = "evaluation_results/gaia_official",
        report_dir: str | Path = "evaluation_reports",
    ) -> None:
        super().__init__("gaia_evaluation", "Evaluate an agent on GAIA-style questions.")
        self.local_data_dir = local_data_dir
        self.output_dir = Path(output_dir)
        self.report_dir = Path(report_dir)

    def get_parameters(self) -> list[ToolParameter]:
        """Level and sample count."""
        return [
            optional("level", "integer", "1, 2 or 3"),
            optional("max_samples", "integer", "0 for all"),
        ]

    def evaluate(
        self,
        agent: Any = None,
        level: int | None = None,
        max_samples: int | None = None,
        local_data_dir: str | Path | None = None,
        export_results: bool = True,
        generate_report: bool = True,
    ) -> dict[str, Any]:
        """Run the evaluation; returns the :class:`GAIAEvaluator` results."""
        from hello_agents.evaluation import GAIADataset, GAIAEvaluator

        self._require(agent)
        dataset = GAIADataset(level=level, local_data_dir=local_data_dir or self.local_data_dir)
        evaluator = GAIAEvaluator(dataset=dataset, level=level)
        results = evaluator.evaluate(agent, max_samples=max_samples or None)
        if export_results:
            target = self.output_dir / f"gaia_level{level or 'all'}_result_{_stamp()}.jsonl"
            results["export_file"] = str(evaluator.export_to_gaia_format(results, target))
        if generate_report:
            self.generate_report(results)
        return results

    def report_lines(self, results: Mapping[str, Any]) -> list[str]:
        """The GAIA report: exact and partial matches overall, by level, and each task."""
        lines = [
            "# GAIA evaluation report",
            "",
            f"- **Agent**: {results.get('agent_name')}",
            f"- **Level**: {results.get('level_filter') or 'all'}",
            f"- **Exact matches**: {results.get('exact_matches', 0)}"
            f"/{results.get('total_samples', 0)} ({results.get('exact_match_rate', 0.0):.2%})",
            f"- **Partial matches**: {results.get('partial_matches', 0)}"
            f" ({results.get('partial_match_rate', 0.0):.2%})",
            "",
            "## Accuracy by level",
            "",
            "| level | exact | partial | total |",
            "|---|---:|---:|---:|",
        ]
        for name, row in results.get("level_metrics", {}).items():
            lines.append(
                f"| {name} | {row['exact_match_rate']:.2%} | {row['partial_match_rate']:.2%} "
                f"| {row['total']} |"
            )
        lines += [
            "",
            "## Samples",
            "",
            "| task | level | predicted | expected | exact | partial |",
            "|---|---|---|---|:---:|:---:|",
        ]
        for d in results.get("detailed_results", []):
            lines.append(
                f"| {d['task_id']} | {d['level']} | {str(d['predicted'])[:60]} | {d['expected']} "
                f"| {'✅' if d['exact_match'] else '❌'} | {'✅' if d['partial_match'] else '❌'} |"
            )
        lines += [
            "",
            "```",
            f"exact:   {_bar(float(results.get('exact_match_rate', 0.0)))}",
            f"partial: {_bar(float(results.get('partial_match_rate', 0.0)))}",
            "```",
            "",
        ]
        return lines


class _JudgeTool(Tool):
    """What the judge and win-rate tools share: an LLM judge reads problem files and
    the tool answers JSON text (``{"status": "success", ...}`` or ``"error"``).

    Args:
        llm: The judge model.
    """

    GENERATED = ToolParameter(
        name="generated_data_path", type="string", description="JSON/JSONL file"
    )

    def __init__(self, name: str, description: str, llm: Any) -> None:
        super().__init__(name, description)
        self.llm = llm

    @staticmethod
    def _answer(status: str, **fields: Any) -> str:
        return json.dumps({"status": status, **fields}, ensure_ascii=False)


class LLMJudgeTool(_JudgeTool):
    """Judge generated problems with an LLM on a rubric; results and report on disk.

    Args:
        llm: The judge model.
    """

    def __init__(self, llm: Any) -> None:
        super().__init__(
            "llm_judge", "Score generated problems on a rubric with an LLM judge.", llm
        )

    def get_parameters(self) -> list[ToolParameter]:
        """The problem file, how many to judge, where to write."""
        return [
            self.GENERATED,
            optional("max_samples", "integer", "0 for all"),
            optional("output_dir", "string", "output folder"),
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        """Judge the problems; returns JSON text with ``status``, ``metrics`` and the files."""
        from hello_agents.evaluation import AIDataset, DatasetError, LLMJudgeEvaluator

        try:
            problems = AIDataset("generated", parameters.get("generated_data_path")).load()
        except DatasetError as error:
            return self._answer("error", error=str(error))
        judge = LLMJudgeEvaluator(llm=self.llm, judge_model=parameters.get("judge_model"))
        results = judge.evaluate_batch(problems, max_samples=parameters.get("max_samples") or None)
        directory = Path(parameters.get("output_dir") or "evaluation_results/llm_judge")
        stamp = _stamp()
        result_file = judge.export_results(results, directory / f"llm_judge_results_{stamp}.json")
        report_file = directory / f"llm_judge_report_{stamp}.md"
        metrics = results["metrics"]
        lines = [
            "# LLM judge report",
            "",
            f"- **Average score**: {metrics['average_total_score']:.2f}",
            f"- **Pass rate**: {metrics['pass_rate']:.1%} (≥ {judge.pass_threshold:g})",
            f"- **Excellent rate**: {metrics['excellent_rate']:.1%}"
            f" (≥ {judge.excellent_threshold:g})",
            f"- **Unusable judge replies**: {metrics['num_invalid']}",
            "",
            "| criterion | average |",
            "|---|---:|",
            *(f"| {name} | {value:.2f} |" for name, value in metrics["dimension_averages"].items()),
            "",
        ]
        report_file.write_text("\n".join(lines), encoding="utf-8")
        return self._answer(
            "success",
            metrics=metrics,
            result_file=str(result_file),
            report_file=str(report_file),
        )


class WinRateTool(_JudgeTool):
    """Position-swapped win rate of generated problems against reference problems.

    Args:
        llm: The judge model.
    """

    def __init__(self, llm: Any) -> None:
        super().__init__(
            "win_rate", "Pairwise win rate of generated against reference problems.", llm
        )

    def get_parameters(self) -> list[ToolParameter]:
        """The two problem files and how many pairs."""
        return [
            self.GENERATED,
            ToolParameter(name="reference_data_path", type="string", description="JSON/JSONL file"),
            optional("num_comparisons", "integer", "pairs"),
            optional("output_dir", "string", "output folder"),
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        """Compare; returns JSON text with ``status``, ``metrics`` and the result file."""
        from hello_agents.evaluation import AIDataset, DatasetError, WinRateEvaluator

        try:
            candidates = AIDataset("generated", parameters.get("generated_data_path")).load()
            references = AIDataset("real", parameters.get("reference_data_path")).load()
        except DatasetError as error:
            return self._answer("error", error=str(error))
        evaluator = WinRateEvaluator(llm=self.llm, judge_model=parameters.get("judge_model"))
        results = evaluator.evaluate_win_rate(
            candidates, references, num_comparisons=parameters.get("num_comparisons")
        )
        directory = Path(parameters.get("output_dir") or "evaluation_results/win_rate")
        result_file = evaluator.export_results(
            results, directory / f"win_rate_results_{_stamp()}.json"
        )
        return self._answer("success", metrics=results["metrics"], result_file=str(result_file))


__all__ = ["BFCLEvaluationTool", "GAIAEvaluationTool", "LLMJudgeTool", "WinRateTool"]
