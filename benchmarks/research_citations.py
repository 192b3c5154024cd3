"""How well the chapter-14 research app's citations hold on a real model, offline.

Five topics of the sample corpus, each researched end to end (searching the local
SearXNG-compatible service) on the model ``HelloAgentsLLM()`` finds (the embedded
1.5B model when nothing is configured). For each run: the share of the writer's
``[n]`` that name a page read in the run (before the repair), the pages cited, the
model calls, the time, and what was done if the writer's report cited none of the
notes (``citation_check.repair``).

    .venv/bin/python benchmarks/research_citations.py
    .venv/bin/python benchmarks/research_citations.py "What makes a volcano erupt?"
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "chapters" / "ch14"))

from deep_research import Configuration, DeepResearchAgent

from hello_agents.tools.builtin.search import SAMPLE_CORPUS
from hello_agents.tools.builtin.search.local_service import LocalSearchService

TOPICS = [
    "Why does the sea have tides?",
    "How do lithium-ion batteries age?",
    "What makes a volcano erupt?",
    "How does sourdough fermentation work?",
    "How does retrieval-augmented generation work?",
]


def main() -> int:
    with LocalSearchService(SAMPLE_CORPUS) as search:
        config = Configuration.from_env(
            {
                "search_api": "searxng",
                "searxng_url": search.url,
                "notes_workspace": tempfile.mkdtemp(prefix="ch14-bench-"),
            }
        )
        agent = DeepResearchAgent(config)
        print(f"model: {agent.llm.provider} / {agent.llm.model}")
        print(
            "| topic | [n] written | resolve | pages cited / read | tasks done | calls | s "
            "| repair |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        markers = resolved = 0
        for topic in sys.argv[1:] or TOPICS:
            started = time.perf_counter()
            result = DeepResearchAgent(config, llm=agent.llm).run(topic)
            check = result.citations
            assert check is not None
            markers += check.markers
            resolved += check.resolved
            done = sum(task.status == "completed" for task in result.todo_items)
            print(
                f"| {topic} | {check.markers} | {check.share_resolved:.0%} | "
                f"{check.sources_cited} / {check.sources_read} | {done}/{len(result.todo_items)} "
                f"| {result.model_calls} | {time.perf_counter() - started:.0f} "
                f"| {check.repair or '-'} |",
                flush=True,
            )
        share = resolved / markers if markers else 1.0
        print(f"\nall topics: {resolved} of {markers} citations resolve ({share:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
