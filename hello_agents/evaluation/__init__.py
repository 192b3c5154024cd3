"""evaluation/: measuring agents (the tutorial's chapter 12).

* :mod:`~hello_agents.evaluation.dataset`: tasks as plain JSONL (one schema for
  function-calling and answer tasks) and the shipped samples;
* :mod:`~hello_agents.evaluation.sources`: the tutorial's ``BFCLDataset``,
  ``GAIADataset`` and ``AIDataset`` (official layouts read from local copies);
* :mod:`~hello_agents.evaluation.function_calls`: BFCL's AST matching of calls;
* :mod:`~hello_agents.evaluation.answers`: exact, normalised (GAIA) and partial
  matching of answers;
* :mod:`~hello_agents.evaluation.judge` and :mod:`~hello_agents.evaluation.win_rate`:
  an LLM judge on a rubric, and position-swapped pairwise win rate;
  :mod:`~hello_agents.evaluation.rubrics`: named rubric templates (``EvaluationConfig``)
  and the ``Universal`` judge and win-rate evaluators that take one;
* :mod:`~hello_agents.evaluation.benchmarks`: ``BFCLEvaluator`` and ``GAIAEvaluator``;
* :mod:`~hello_agents.evaluation.execution`, :mod:`~hello_agents.evaluation.trajectory`,
  :mod:`~hello_agents.evaluation.runner` and :mod:`~hello_agents.evaluation.report`:
  one task on one agent, its hook events, many tasks at once (resumable), the
  report (``hello-agents eval``); :mod:`~hello_agents.evaluation.ray_backend` fans
  tasks out to Ray workers (optional ``ray`` extra).

Only the standard library and the framework's own layers are imported.
"""

from hello_agents.evaluation.answers import (
    AnswerScore,
    extract_final_answer,
    normalize_answer,
    normalized_match,
    partial_match,
    score_answer,
)
from hello_agents.evaluation.benchmarks import GAIA_SYSTEM_PROMPT, BFCLEvaluator, GAIAEvaluator
from hello_agents.evaluation.dataset import (
    DatasetError,
    Task,
    load_tasks,
    sample_path,
    write_tasks,
)
from hello_agents.evaluation.execution import TaskResult, arun_task, run_task
from hello_agents.evaluation.function_calls import (
    CallCheck,
    FunctionCall,
    check_call,
    check_calls,
    parse_function_calls,
)
from hello_agents.evaluation.judge import Criterion, JudgeReplyError, LLMJudgeEvaluator
from hello_agents.evaluation.report import summary, write_report
from hello_agents.evaluation.rubrics import (
    EvaluationConfig,
    UniversalLLMJudgeEvaluator,
    UniversalWinRateEvaluator,
)
from hello_agents.evaluation.runner import EvalRunner, Progress, ResultsFileError, read_results
from hello_agents.evaluation.sources import AIDataset, BFCLDataset, GAIADataset
from hello_agents.evaluation.trajectory import TrajectoryRecorder
from hello_agents.evaluation.win_rate import (
    WinRateEvaluator,
    combine_verdicts,
    win_rate_from_judge,
)

__all__ = [
    "GAIA_SYSTEM_PROMPT",
    "AIDataset",
    "AnswerScore",
    "BFCLDataset",
    "BFCLEvaluator",
    "CallCheck",
    "Criterion",
    "DatasetError",
    "EvalRunner",
    "EvaluationConfig",
    "FunctionCall",
    "GAIADataset",
    "GAIAEvaluator",
    "JudgeReplyError",
    "LLMJudgeEvaluator",
    "Progress",
    "ResultsFileError",
    "Task",
    "TaskResult",
    "TrajectoryRecorder",
    "UniversalLLMJudgeEvaluator",
    "UniversalWinRateEvaluator",
    "WinRateEvaluator",
    "arun_task",
    "check_call",
    "check_calls",
    "combine_verdicts",
    "extract_final_answer",
    "load_tasks",
    "normalize_answer",
    "normalized_match",
    "parse_function_calls",
    "partial_match",
    "read_results",
    "run_task",
    "sample_path",
    "score_answer",
    "summary",
    "win_rate_from_judge",
    "write_report",
    "write_tasks",
]
