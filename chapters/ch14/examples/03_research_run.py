"""Chapter 14.2-14.5: a whole research run, plan -> search -> summaries -> report.

`DeepResearchAgent(config).run(topic)` returns the report with its references;
every [n] in it names a page read in this run (the citation check says so).
"""

from __future__ import annotations

import sys

from _setup import research_config
from deep_research import DeepResearchAgent

topic = " ".join(sys.argv[1:]) or "How do lithium-ion batteries work and why do they age?"
agent = DeepResearchAgent(research_config())
result = agent.run(topic)

for task in result.todo_items:
    print(f"task {task.id} [{task.status}] {task.title} <- {task.query}")
print()
print(result.report_markdown)
check = result.citations
assert check is not None
print(
    f"citations: {check.share_resolved:.0%} resolve ({check.resolved} of {check.markers}); "
    f"{check.attributed} attributed; {check.sources_cited} of {check.sources_read} pages "
    f"read are cited; {result.model_calls} model calls"
)
if check.repair:
    print(f"repair: {check.repair}")
