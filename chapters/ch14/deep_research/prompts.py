"""The prompts of the three research agents, with every placeholder named.

Each is a module-level constant, so it can be read, tested and replaced
(``DeepResearchAgent(config, prompts={...})``). They ask small models for little:
JSON for the plan, Markdown for the rest, and citations only with the numbers
given in the prompt.
"""

from __future__ import annotations

PLANNER_SYSTEM_PROMPT = (
    "You are a research planner. You split a research topic into a few focused "
    "sub-questions that a search engine can answer."
)

PLANNER_PROMPT = """Today is {current_date}.
Research topic: {research_topic}

Split the topic into {min_tasks} to {max_tasks} research tasks, from basics to details.
Reply with only a JSON array. Each task is an object with three strings:
- "title": a short title
- "intent": what the task should find out
- "query": a short search query (a few keywords)

Example:
[{{"title": "What tides are", "intent": "Define tides and their cause",
  "query": "tides cause moon gravity"}}]"""

REPLAN_PROMPT = """Research topic: {research_topic}
Task: {task_title} ({task_intent})
These searches found nothing: {queries_tried}

Write one different search query for this task: fewer, more common words.
Reply with only JSON, for example {{"query": "tides moon"}}"""

SUMMARIZER_SYSTEM_PROMPT = (
    "You are a research assistant. You summarise sources faithfully and cite them."
)

SUMMARIZER_PROMPT = """Research topic: {research_topic}
Task: {task_title}
Intent: {task_intent}

Sources:
{sources}

Write a short Markdown summary (3 to 6 sentences or bullet points) of what these sources
say about the task. After each fact, cite its source with its number in brackets, like
[{example_number}]. Use only the numbers listed above. Do not write a list of sources."""

WRITER_SYSTEM_PROMPT = (
    "You are a report writer. You merge research notes into a clear, well-structured report."
)

WRITER_PROMPT = """Research topic: {research_topic}

Research notes, one section per task, with their citations:
{task_summaries}

Write a Markdown report on the topic:
- start with a "# " title, then a short "## Overview" paragraph;
- one "## " section per task, keeping its facts and their citation numbers exactly as
  given, like [{example_number}];
- end with a "## Conclusion" paragraph.
Cite only numbers that appear in the notes. Do not write a references list: it is added for you."""

CITE_AGAIN_PROMPT = """{writer_prompt}

Your report:
{draft}

Your report cites none of the notes. Write it again with the same content, and put the
citation number of the notes after each fact taken from them, like [{example_number}]. The
numbers you may cite: {numbers}. Do not write a references list: it is added for you."""

__all__ = [
    "CITE_AGAIN_PROMPT",
    "PLANNER_PROMPT",
    "PLANNER_SYSTEM_PROMPT",
    "REPLAN_PROMPT",
    "SUMMARIZER_PROMPT",
    "SUMMARIZER_SYSTEM_PROMPT",
    "WRITER_PROMPT",
    "WRITER_SYSTEM_PROMPT",
]
