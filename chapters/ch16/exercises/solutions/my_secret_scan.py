"""Exercise 1, a model answer: my_scan, the secret scan of the capstone checker.

Run it: python chapters/ch16/exercises/solutions/my_secret_scan.py
"""

from __future__ import annotations

import math
import re
from collections import Counter

KNOWN_KEYS = [
    re.compile(r"\bsk-[A-Za-z0-9_-]{20,}"),
    re.compile(r"\btvly-[A-Za-z0-9-]{16,}"),
    re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
]
ASSIGNMENT = re.compile(r"""([A-Za-z_][\w.-]*)["']?\s*[:=]\s*["']?([^"'\s,;)}\]#]+)""")
SECRET_NAME = re.compile(r"key|token|secret|password", re.IGNORECASE)


def entropy(value: str) -> float:
    """The Shannon entropy of value's characters, in bits per character."""
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


def is_placeholder(value: str) -> bool:
    lowered = value.lower()
    if any(word in lowered for word in ("your", "<", "environ", "xxx")):
        return True
    return len(set(lowered.split("-")[-1])) <= 4


def random_looking(value: str) -> bool:
    return (
        len(value) >= 16
        and any(character.isdigit() for character in value)
        and not is_placeholder(value)
        and entropy(value) >= 3
    )


def my_scan(text: str) -> list[int]:
    """The numbers of the lines of text that hold a credential."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        keys = [
            match.group(0)
            for pattern in KNOWN_KEYS
            for match in pattern.finditer(line)
            if "PRIVATE KEY" in match.group(0) or not is_placeholder(match.group(0))
        ]
        assigned = [
            value
            for name, value in ASSIGNMENT.findall(line)
            if SECRET_NAME.search(name) and random_looking(value)
        ]
        if keys or assigned:
            found.append(number)
    return found


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("secret_scan", my_scan))
