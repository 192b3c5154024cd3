"""The import path of chapter 12's rubric templates in the tutorial's code.

``from hello_agents.evaluation.benchmarks.data_generation_Universal.evaluation_config
import EvaluationConfig`` is how the tutorial's examples 10 and 11 import it; the
code lives in :mod:`hello_agents.evaluation.rubrics`.
"""
