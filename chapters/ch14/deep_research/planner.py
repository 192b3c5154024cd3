"""The planner: a topic in, 3 to 5 research tasks out; a new query for a task that found nothing."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from datetime import date
from typing import Any

from deep_research.budget import ModelCallBudget
from deep_research.models import SummaryState, TodoItem
from deep_research.prompts import PLANNER_PROMPT, REPLAN_PROMPT
from deep_research.utils import strip_thinking_tokens
from hello_agents import ToolAwareSimpleAgent

logger = logging.getLogger(__name__)

MIN_TASKS = 3
MAX_TASKS = 5


class PlanningService:
    """Asks a planner agent for the plan and reads its JSON.

    Args:
        agent_factory: Makes a planner agent (a fresh one per request: a re-plan
            may come from several tasks at once).
        budget: The run's model-call budget.
        prompt: The planning prompt (placeholders ``current_date``,
            ``research_topic``, ``min_tasks``, ``max_tasks``).
        replan_prompt: The prompt asking for another query (placeholders
            ``research_topic``, ``task_title``, ``task_intent``, ``queries_tried``).
    """

    def __init__(
        self,
        agent_factory: Callable[[], ToolAwareSimpleAgent],
        budget: ModelCallBudget,
        prompt: str = PLANNER_PROMPT,
        replan_prompt: str = REPLAN_PROMPT,
    ) -> None:
        self._agent_factory = agent_factory
        self._budget = budget
        self.prompt = prompt
        self.replan_prompt = replan_prompt

    def plan_todo_list(self, state: SummaryState) -> list[TodoItem]:
        """The plan for ``state.research_topic``.

        Returns:
            3 to 5 tasks; one task on the topic itself when the reply has no usable JSON.

        Raises:
            BudgetExhausted: No model call is left.
        """
        self._budget.take("the plan")
        prompt = self.prompt.format(
            current_date=date.today().isoformat(),
            research_topic=state.research_topic,
            min_tasks=MIN_TASKS,
            max_tasks=MAX_TASKS,
        )
        tasks = extract_tasks(self._agent_factory().run(prompt))
        if not tasks:
            logger.warning("the plan could not be read; researching the topic as one task")
            return [self.create_fallback_task(state)]
        return [
            TodoItem(id=number, title=task["title"], intent=task["intent"], query=task["query"])
            for number, task in enumerate(tasks[:MAX_TASKS], start=1)
        ]

    @staticmethod
    def create_fallback_task(state: SummaryState) -> TodoItem:
        """One task on the whole topic (the tutorial's fallback)."""
        topic = state.research_topic.strip()
        return TodoItem(id=1, title=topic, intent=f"Find out about: {topic}", query=topic)

    def replan_query(self, state: SummaryState, task: TodoItem) -> str | None:
        """A different query for a task whose searches found nothing.

        Returns:
            The new query; ``None`` when the reply has none or repeats one tried.

        Raises:
            BudgetExhausted: No model call is left.
        """
        self._budget.take(f"a new query for task {task.id}")
        prompt = self.replan_prompt.format(
            research_topic=state.research_topic,
            task_title=task.title,
            task_intent=task.intent,
            queries_tried=", ".join(json.dumps(q, ensure_ascii=False) for q in task.queries_tried),
        )
        value = first_json(strip_thinking_tokens(self._agent_factory().run(prompt)))
        query = value.get("query") if isinstance(value, dict) else None
        if not isinstance(query, str) or not query.strip():
            return None
        query = " ".join(query.split())
        return None if query.lower() in {q.lower() for q in task.queries_tried} else query


def extract_tasks(reply: str) -> list[dict[str, str]]:
    """The tasks of a planner reply: each with a title, an intent and a query.

    Reads a JSON array (or ``{"tasks": [...]}``), also inside a code fence or
    between other text, with trailing commas tolerated. A task without a title
    or a query is dropped; a missing intent becomes the title.

    Args:
        reply: The planner's reply.

    Returns:
        The tasks, in order (empty when none can be read).
    """
    value = first_json(strip_thinking_tokens(reply))
    if isinstance(value, dict):
        value = value.get("tasks")
    if not isinstance(value, list):
        return []
    tasks = []
    for item in value:
        if not isinstance(item, dict):
            continue
        title = _text(item.get("title"))
        query = _text(item.get("query")) or title
        if title and query:
            tasks.append(
                {"title": title, "intent": _text(item.get("intent")) or title, "query": query}
            )
    return tasks


def first_json(text: str) -> Any:
    """The first JSON array or object in ``text`` (``None`` when there is none)."""
    text = re.sub(r"```(?:json)?", "", text)
    decoder = json.JSONDecoder()
    for start, char in enumerate(text):
        if char not in "[{":
            continue
        candidate = _balanced(text, start)
        if candidate is None:
            continue
        for attempt in (candidate, re.sub(r",\s*([\]}])", r"\1", candidate)):
            try:
                return decoder.decode(attempt)
            except ValueError:
                continue
    return None


def _balanced(text: str, start: int) -> str | None:
    """The bracketed text starting at ``start``, up to its matching bracket (strings respected)."""
    depth, in_string, escaped = 0, False, False
    for position in range(start, len(text)):
        char = text[position]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return text[start : position + 1]
    return None


def _text(value: Any) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


__all__ = ["MAX_TASKS", "MIN_TASKS", "PlanningService", "extract_tasks", "first_json"]
