"""``EvaluationConfig`` under the tutorial's import path (see ``evaluation/rubrics.py``)."""

from hello_agents.evaluation.rubrics import TEMPLATES, EvaluationConfig

__all__ = ["TEMPLATES", "EvaluationConfig"]
