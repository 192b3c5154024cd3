"""The summarizer: a task and the pages it read in, a cited summary out (streamed)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from deep_research.budget import ModelCallBudget
from deep_research.models import Source, SummaryState, TodoItem
from deep_research.prompts import SUMMARIZER_PROMPT
from deep_research.search import format_sources
from hello_agents import ToolAwareSimpleAgent

NO_INFORMATION = "No usable information was found for this task."


class SummarizationService:
    """Writes each task's summary with a fresh summarizer agent.

    Args:
        agent_factory: Makes a summarizer agent (one per task: tasks run at the same time).
        budget: The run's model-call budget.
        prompt: The prompt (placeholders ``research_topic``, ``task_title``,
            ``task_intent``, ``sources``, ``example_number``).
    """

    def __init__(
        self,
        agent_factory: Callable[[], ToolAwareSimpleAgent],
        budget: ModelCallBudget,
        prompt: str = SUMMARIZER_PROMPT,
    ) -> None:
        self._agent_factory = agent_factory
        self._budget = budget
        self.prompt = prompt

    def build_prompt(self, state: SummaryState, task: TodoItem, sources: list[Source]) -> str:
        """The summarizer's prompt for one task."""
        return self.prompt.format(
            research_topic=state.research_topic,
            task_title=task.title,
            task_intent=task.intent,
            sources=format_sources(sources),
            example_number=sources[0].number if sources else 1,
        )

    def stream_task_summary(
        self, state: SummaryState, task: TodoItem, sources: list[Source]
    ) -> Iterator[str]:
        """The summary, piece by piece as the model writes it.

        Raises:
            BudgetExhausted: No model call is left.
        """
        self._budget.take(f"the summary of task {task.id}")
        agent = self._agent_factory()
        yield from agent.stream_run(self.build_prompt(state, task, sources))

    def summarize_task(self, state: SummaryState, task: TodoItem, sources: list[Source]) -> str:
        """The whole summary at once."""
        return "".join(self.stream_task_summary(state, task, sources))


__all__ = ["NO_INFORMATION", "SummarizationService"]
