"""Chapter 14.6.2: the run as a stream of events, what the web page receives.

Each event is a dict with a "type" (status, todo_list, task_status, sources,
task_summary_chunk, tool_call, citation_check, report_note, final_report, done).
"""

from __future__ import annotations

from collections import Counter

from _setup import research_config
from deep_research import DeepResearchAgent

agent = DeepResearchAgent(research_config())
seen: Counter[str] = Counter()
for event in agent.run_stream("Why does the sea have tides?"):
    seen[event["type"]] += 1
    if event["type"] == "task_status":
        print(f"task {event['task_id']}: {event['status']}")
    elif event["type"] == "status" and "task_id" not in event:
        print(f"status: {event['message']}")
    elif event["type"] == "citation_check":
        print(f"citation check: {event['resolved']}/{event['markers']} resolve")
print("events:", dict(sorted(seen.items())))
