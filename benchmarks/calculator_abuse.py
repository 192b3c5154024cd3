"""How fast the calculator refuses abusive expressions (target: under 100 ms each).

Each case is timed (wall clock, best of 5) and printed beside the 100 ms target;
``9**9**9`` is the expression that hangs the reference package's calculator.

    python benchmarks/calculator_abuse.py
"""

from __future__ import annotations

import time

from hello_agents.tools.builtin.calculator import calculate

CASES = {
    "9**9**9": "9**9**9",
    "10**10**10": "10**10**10",
    "factorial(10**6)": "factorial(10**6)",
    "1e308*10": "1e308*10",
    "5000 nested parentheses": "(" * 5000 + "1" + ")" * 5000,
    "100,000 digits of input": "1" * 100_000,
    "round(5, -10**9)": "round(5, -10**9)",
}
TARGET = 0.100


def best_of(expression: str, runs: int = 5) -> tuple[float, str]:
    times, answer = [], ""
    for _ in range(runs):
        started = time.perf_counter()
        answer = calculate(expression)
        times.append(time.perf_counter() - started)
    return min(times), answer


def main() -> None:
    print(f"{'case':<26} {'time':>9}  {'/ 100 ms':>8}  answer")
    for name, expression in CASES.items():
        seconds, answer = best_of(expression)
        print(f"{name:<26} {seconds * 1000:7.2f}ms  {seconds / TARGET:8.3f}  {answer[:60]}")


if __name__ == "__main__":
    main()
