"""The deep-research application of chapter 14, on hello-agents.

A planner splits a topic into tasks, each task is searched and summarised with
citations, and a writer turns the summaries into a report whose citations all
name pages read in the run. ``DeepResearchAgent(config).run(topic)`` returns the
report; ``.run_stream(topic)`` yields the run as events; :mod:`.server` serves it
over HTTP with a web page.
"""

from deep_research.agent import DeepResearchAgent, ResearchCancelled, run_deep_research
from deep_research.config import Configuration
from deep_research.models import (
    CitationCheck,
    Source,
    SummaryState,
    SummaryStateOutput,
    TodoItem,
)

__all__ = [
    "CitationCheck",
    "Configuration",
    "DeepResearchAgent",
    "ResearchCancelled",
    "Source",
    "SummaryState",
    "SummaryStateOutput",
    "TodoItem",
    "run_deep_research",
]
