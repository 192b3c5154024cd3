"""How long ``import hello_agents`` takes, beside ``import openai`` alone.

Each figure is the median wall time of a fresh ``python -c "import X"``
process, minus the median of an empty interpreter start, so it measures the
import itself. Target: importing hello_agents costs less than importing the
openai SDK (the SDK is loaded lazily, on the first model call).

    python benchmarks/import_time.py [--runs 15]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def median_seconds(code: str, runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs

    baseline = median_seconds("pass", runs)
    ours = median_seconds("import hello_agents", runs) - baseline
    openai = median_seconds("import openai", runs) - baseline
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, hello_agents; print('openai' in sys.modules)"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()

    print(f"interpreter start (subtracted): {baseline * 1000:7.1f} ms")
    print(f"import hello_agents:            {ours * 1000:7.1f} ms   (openai loaded: {loaded})")
    print(f"import openai:                  {openai * 1000:7.1f} ms")
    print(f"ratio hello_agents / openai:    {ours / openai:7.2f}   (target < 1.00)")


if __name__ == "__main__":
    main()
