"""Parse time against reply size, for every reply parser (it must grow linearly).

Each parser reads replies of 10 kB, 100 kB and 1 MB (1 MB is the parsers' cap,
``MAX_REPLY_CHARS``), degenerate ones (what small models produce when they loop)
and normal ones (a well-formed reply padded with prose). Each time is the best
of 5. The ratio column is time(1 MB) / time(100 kB): linear growth gives 10,
quadratic growth 100. The exponent is log10 of that ratio (1 linear, 2 quadratic);
a 1 MB string no longer fits the CPU caches that hold 100 kB, so memory alone
pushes some ratios past 10 on small absolute times. The verdict takes an
exponent under 1.5 (ratio under 32) as linear.

    python benchmarks/parse_time.py
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from hello_agents.agents.content_tool_calls import parse_content_tool_calls
from hello_agents.agents.plan_parser import PlanFormatError, parse_plan_reply
from hello_agents.agents.react_agent import parse_react_reply
from hello_agents.agents.tool_call_protocol import parse_tool_calls, strip_tool_calls

SIZES = (10_000, 100_000, 1_000_000)
LINEAR = 10.0


def repeated(unit: str, head: str = "", tail: str = "") -> Callable[[int], str]:
    """A reply of ``size`` characters: head, ``unit`` repeated, tail."""

    def make(size: int) -> str:
        body = size - len(head) - len(tail)
        return head + (unit * (body // len(unit) + 1))[:body] + tail

    return make


PROSE = "The model explains its reasoning at some length, line after line.\n"


def react(text: str) -> object:
    return parse_react_reply(text, ("search", "calculator"))


def protocol(text: str) -> object:
    return strip_tool_calls(text), parse_tool_calls(text)


def content(text: str) -> object:
    return parse_content_tool_calls(text, ("calculator",))


def plan(text: str) -> object:
    try:
        return parse_plan_reply(text)
    except PlanFormatError as error:
        return error


CASES: list[tuple[str, Callable[[str], object], str, Callable[[int], str]]] = [
    ("react", react, "normal", repeated(PROSE, "Thought: ", "Action: calculator[2+2]")),
    ("react", react, "'*' * n", repeated("*")),
    ("react", react, "tabs", repeated("\t")),
    ("react", react, "'-' lines", repeated("-\n")),
    ("react", react, "long word", repeated("a", tail="!")),
    ("react", react, "backticks", repeated("`")),
    ("[TOOL_CALL]", protocol, "normal", repeated(PROSE, tail="[TOOL_CALL:calculator:2+2]")),
    ("[TOOL_CALL]", protocol, "x + newlines + x", repeated("\n", "x", "x")),
    ("[TOOL_CALL]", protocol, "unclosed markers", repeated("[TOOL_CALL:calculator:(")),
    ("plan", plan, "normal", repeated(PROSE, tail='```python\n["step one", "step two"]\n```')),
    ("plan", plan, "'[' * n", repeated("[")),
    ("plan", plan, "spaced list item", repeated(" ", "- a", "b")),
    (
        "content JSON",
        content,
        "normal",
        repeated(PROSE, tail='{"name": "calculator", "arguments": {"input": "2+2"}}'),
    ),
    ("content JSON", content, "'{' * n", repeated("{")),
    ("content JSON", content, "'[1x' * n", repeated("[1x")),
    ("content JSON", content, "'{}' * n", repeated("{}")),
]


def best_of(parser: Callable[[str], object], text: str, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        parser(text)
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    header = f"{'parser':<13} {'input':<18}" + "".join(f"{size // 1000:>9} kB" for size in SIZES)
    print(header + "   1MB/100kB (linear 10, quadratic 100)   exponent")
    worst = 0.0
    for name, parser, label, make in CASES:
        times = [best_of(parser, make(size)) for size in SIZES]
        ratio = times[-1] / max(times[-2], 1e-6)
        worst = max(worst, ratio)
        cells = "".join(f"{seconds * 1000:>9.1f} ms" for seconds in times)
        print(f"{name:<13} {label:<18}{cells}   {ratio:>6.1f}   {math.log10(ratio):>30.2f}")
    exponent = math.log10(worst)
    verdict = "linear" if exponent < 1.5 else "NOT linear"
    print(
        f"largest ratio {worst:.1f} (exponent {exponent:.2f}) against {LINEAR:g} "
        f"for linear growth: {verdict}"
    )


if __name__ == "__main__":
    main()
