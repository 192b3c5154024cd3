"""Start the town on this machine: one command, offline.

    .venv/bin/python chapters/ch15/serve.py            # then open http://127.0.0.1:8000

1. the model: your provider when .env configures one, else the embedded local model
   (the first start assembles and loads it), or --scripted for instant, fixed replies;
2. the town: five NPCs, their memories and affinities in chapters/ch15/town_data/
   (kept across restarts; --data DIR for another folder, --reset to start afresh);
3. the API, the event stream and the web client on http://127.0.0.1:8000.

Ctrl-C stops everything. The chapter's settings (cyber_town/config.py:
NPC_UPDATE_INTERVAL, CHATTER_CALLS_PER_TICK, AFFINITY_JUDGE ...) can be set in .env.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cyber_town.config import TownConfig  # noqa: E402
from cyber_town.server import create_app  # noqa: E402
from cyber_town.town import Town  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the chapter-15 town offline.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--data", default=str(HERE / "town_data"), help="the town's data folder")
    parser.add_argument("--reset", action="store_true", help="forget every memory and affinity")
    parser.add_argument("--scripted", action="store_true", help="fixed replies instead of a model")
    arguments = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if os.environ.get("HELLO_AGENTS_NO_DOTENV") != "1":
        from dotenv import load_dotenv

        load_dotenv()
    if arguments.reset and Path(arguments.data).exists():
        shutil.rmtree(arguments.data)
    overrides: dict[str, object] = {"data_dir": arguments.data}
    if arguments.scripted:
        overrides["llm_mode"] = "scripted"
    config = TownConfig.from_env(overrides)
    if config.llm_mode != "scripted":
        print("model:   starting (the embedded model takes a little while the first time)...")
    town = Town(config)
    print(f"model:   {getattr(town.llm, 'provider', '?')} / {getattr(town.llm, 'model', '?')}")
    print(f"data:    {config.data_dir}  (memories and affinities, kept across restarts)")
    recall = next(iter(town.memories.values())).recall_kind
    print(f"memory:  recalled by {recall}  (MEMORY_EMBEDDER={config.memory_embedder})")
    print(f"chatter: every {config.npc_update_interval:g}s, at most "
          f"{config.chatter_calls_per_tick} model call(s) per tick")  # fmt: skip
    print(f"town:    http://{arguments.host}:{arguments.port}/   (Ctrl-C stops)")
    import uvicorn

    uvicorn.run(
        create_app(town, close_town=True),
        host=arguments.host,
        port=arguments.port,
        log_level="warning",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
