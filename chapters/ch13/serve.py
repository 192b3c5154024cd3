"""Start the travel assistant on this machine: one command, offline.

    .venv/bin/python chapters/ch13/serve.py            # then open http://127.0.0.1:8000

1. the map server: Amap's own (``uvx amap-mcp-server``) when ``AMAP_API_KEY`` is
   set in the environment or ``.env``, else the offline one with the same tools
   (Beijing, Hangzhou and Chengdu); ``--offline`` forces the offline one;
2. the model: your provider when .env configures one, else the embedded local
   model (the first start assembles and loads it), or ``--scripted`` for instant,
   fixed replies;
3. the API and its web page on http://127.0.0.1:8000.

A map server that cannot start, or lists no tools, stops the start with an
error that names the command. Ctrl-C stops everything.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from trip_planner.planner import MultiAgentTripPlanner, map_tool  # noqa: E402
from trip_planner.server import create_app  # noqa: E402

from hello_agents import HelloAgentsLLM  # noqa: E402
from hello_agents.core.llm import BaseLLM  # noqa: E402

EMBEDDED_TIMEOUT = 600.0  # on a CPU the small model may read a long prompt for minutes


def make_llm(scripted: bool) -> BaseLLM:
    """The scripted model, else the configured provider, else the embedded model."""
    if scripted:
        from trip_planner.scripted import scripted_travel_llm

        return scripted_travel_llm()
    llm = HelloAgentsLLM(temperature=0.2)
    if llm.provider == "embedded":
        llm = HelloAgentsLLM(temperature=0.2, timeout=EMBEDDED_TIMEOUT)
    llm.prepare()
    return llm


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the chapter-13 travel assistant.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--scripted", action="store_true", help="fixed replies instead of a model")
    parser.add_argument("--offline", action="store_true", help="the offline map even with a key")
    arguments = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if os.environ.get("HELLO_AGENTS_NO_DOTENV") != "1":
        from dotenv import load_dotenv

        load_dotenv()
    key = None if arguments.offline else os.environ.get("AMAP_API_KEY") or None
    amap = map_tool(api_key=key)
    print(f"map:     {'Amap (amap-mcp-server)' if key else 'offline map server'}, starting...")
    print("model:   starting (the embedded model takes a little while the first time)...")
    llm = make_llm(arguments.scripted)
    planner = MultiAgentTripPlanner(llm, amap)  # starts the map server: fails here, loudly
    print(f"map:     {len(planner.map_tools)} tools ({', '.join(list(planner.map_tools)[:3])} ...)")
    print(f"model:   {getattr(llm, 'provider', '?')} / {getattr(llm, 'model', '?')}")
    app = create_app(planner)
    print(f"app:     http://{arguments.host}:{arguments.port}/   (Ctrl-C stops)")
    import uvicorn

    try:
        uvicorn.run(app, host=arguments.host, port=arguments.port, log_level="warning")
    finally:
        amap.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
