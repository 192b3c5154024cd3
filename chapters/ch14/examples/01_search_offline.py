"""Chapter 14.4.1: one SearchTool, many backends, and searching offline.

The `local` backend searches a folder of pages (here the 35 pages shipped with
hello-agents); LocalSearchService serves the same folder with SearXNG's API, so
the `searxng` backend, and anything else that speaks it, searches offline too.
`run` always returns text; `search` returns typed results for code.
"""

from __future__ import annotations

import json

import _setup  # noqa: F401  (the chapter's package on the path)

from hello_agents.tools import SearchTool
from hello_agents.tools.builtin.search import SAMPLE_CORPUS
from hello_agents.tools.builtin.search.local_service import LocalSearchService

local = SearchTool(backend="local", corpus_dir=SAMPLE_CORPUS)
results = local.search("how do lithium-ion batteries age", max_results=2)
for hit in results.hits:
    print(f"local:   {hit.title}  (score {hit.score})")

with LocalSearchService(SAMPLE_CORPUS) as service:
    searx = SearchTool(backend="searxng", searxng_url=service.url)
    # The tutorial's keys, as its SearchService passes them:
    text = searx.run(
        {
            "input": "why does the sea have tides",
            "mode": "structured",
            "fetch_full_page": True,
            "max_results": 2,
            "max_tokens_per_source": 50,
        }
    )
    data = json.loads(text)  # structured mode is JSON text: run() always returns text
    print(f"searxng: {len(data['results'])} results via {data['backend']}")
    for result in data["results"]:
        print(f"  {result['title']}: {result['url'].removeprefix(service.url)}")
    print(searx.run({"query": "volcano magma gas", "max_results": 1}).splitlines()[0])
