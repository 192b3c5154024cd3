"""Start the whole research app on this machine: one command, offline.

    .venv/bin/python chapters/ch14/serve.py            # then open http://127.0.0.1:8000

1. a local search service (SearXNG's API) over the sample corpus, or --corpus DIR;
2. the model: your provider when .env configures one, else the embedded local
   model (the first start assembles and loads it), or --scripted for instant,
   fixed replies;
3. the research API and its web page on http://127.0.0.1:8000.

Ctrl-C stops everything, runs in progress included. SEARCH_API and the other
settings of chapter 14 (see deep_research/config.py) can be set in .env.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from deep_research.agent import DeepResearchAgent  # noqa: E402
from deep_research.config import Configuration  # noqa: E402
from deep_research.server import create_app  # noqa: E402

from hello_agents.tools.builtin.search import SAMPLE_CORPUS  # noqa: E402
from hello_agents.tools.builtin.search.local_service import LocalSearchService  # noqa: E402

WORKSPACE = HERE / "workspace"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the chapter-14 research app offline.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--search-port", type=int, default=0, help="0: any free port")
    parser.add_argument(
        "--corpus", default=str(SAMPLE_CORPUS), help="the folder of pages to search"
    )
    parser.add_argument("--scripted", action="store_true", help="fixed replies instead of a model")
    arguments = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if os.environ.get("HELLO_AGENTS_NO_DOTENV") != "1":
        from dotenv import load_dotenv

        load_dotenv()

    search = LocalSearchService(arguments.corpus, port=arguments.search_port).start()
    print(f"search:  {search.url}  (SearXNG API over {arguments.corpus})")
    overrides: dict[str, object] = {
        "notes_workspace": str(WORKSPACE / "notes"),
        "trace_dir": str(WORKSPACE / "traces"),
    }
    if not os.environ.get("SEARCH_API"):
        overrides |= {"search_api": "searxng", "searxng_url": search.url}
    if arguments.scripted:
        overrides["llm_mode"] = "scripted"
    try:
        config = Configuration.from_env(overrides)
        llm = None
        if config.llm_mode != "scripted":
            print("model:   starting (the embedded model takes a little while the first time)...")
            llm = DeepResearchAgent(config).llm
        print(
            f"model:   {getattr(llm, 'provider', 'scripted')} / {getattr(llm, 'model', 'replies')}"
        )
        app = create_app(config, llm_factory=(lambda: llm) if llm is not None else None)
        print(f"app:     http://{arguments.host}:{arguments.port}/   (Ctrl-C stops)")
        import uvicorn

        uvicorn.run(app, host=arguments.host, port=arguments.port, log_level="warning")
    finally:
        search.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
