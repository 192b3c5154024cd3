"""The writer: the task summaries in, the report out."""

from __future__ import annotations

from deep_research.budget import ModelCallBudget
from deep_research.models import SummaryState, TodoItem
from deep_research.prompts import CITE_AGAIN_PROMPT, WRITER_PROMPT
from hello_agents import ToolAwareSimpleAgent


class ReportingService:
    """Asks the writer agent for the report.

    Args:
        agent: The writer agent.
        budget: The run's model-call budget.
        prompt: The prompt (placeholders ``research_topic``, ``task_summaries``,
            ``example_number``).
    """

    def __init__(
        self, agent: ToolAwareSimpleAgent, budget: ModelCallBudget, prompt: str = WRITER_PROMPT
    ) -> None:
        self._agent = agent
        self._budget = budget
        self.prompt = prompt

    def build_prompt(self, state: SummaryState) -> str:
        """The writer's prompt: every completed task's summary, with its citations."""
        done = [task for task in state.todo_items if task.status == "completed" and task.summary]
        numbers = [n for task in done for n in task.source_numbers]
        return self.prompt.format(
            research_topic=state.research_topic,
            task_summaries=format_summaries(done),
            example_number=numbers[0] if numbers else 1,
        )

    def generate_report(self, state: SummaryState) -> str:
        """The writer's report (Markdown; its citations are checked afterwards).

        Raises:
            BudgetExhausted: No model call is left.
        """
        self._budget.take("the report")
        return self._ask(self.build_prompt(state))

    def cite_again(self, state: SummaryState, draft: str) -> str:
        """The writer's report written again, citing its notes: one more call, made
        when its first report cited none of them.

        Raises:
            BudgetExhausted: No model call is left.
        """
        self._budget.take("citing the report")
        done = [task for task in state.todo_items if task.status == "completed" and task.summary]
        numbers = sorted({n for task in done for n in task.source_numbers})
        prompt = CITE_AGAIN_PROMPT.format(
            writer_prompt=self.build_prompt(state),
            draft=draft,
            example_number=numbers[0] if numbers else 1,
            numbers=", ".join(f"[{n}]" for n in numbers) or "none",
        )
        return self._ask(prompt)

    def _ask(self, prompt: str) -> str:
        try:
            return self._agent.run(prompt)
        finally:
            self._agent.clear_history()


def format_summaries(tasks: list[TodoItem]) -> str:
    """The summaries for the writer, one ``### Task n: title`` section each."""
    return "\n\n".join(
        f"### Task {task.id}: {task.title}\nIntent: {task.intent}\n\n{task.summary}"
        for task in tasks
    )


def assemble_report(state: SummaryState, reason: str) -> str:
    """A report made of the task summaries, when the writer could not write one.

    Args:
        state: The run.
        reason: Why the writer did not write it (said at the top of the report).
    """
    done = [task for task in state.todo_items if task.status == "completed" and task.summary]
    sections = "\n\n".join(f"## {task.title}\n\n{task.summary}" for task in done)
    return (
        f"# {state.research_topic}\n\n"
        f"> This report puts the task summaries together as they are: {reason}.\n\n"
        f"{sections or 'No task found usable information.'}"
    )


__all__ = ["ReportingService", "assemble_report", "format_summaries"]
