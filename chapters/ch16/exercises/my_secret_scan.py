"""Exercise 1: my_scan, the secret scan of the capstone checker.

A capstone goes to a public repository: a key left in a script, a notebook's output or
.env.example is a leaked key. Write the scan that finds them. Return the numbers (from
1) of the lines that hold a credential, each line once, in order, and never the secret
itself (a report that prints the key leaks it a second time). A line holds a
credential when it has:

* an OpenAI key: "sk-" then 20 or more letters, digits, "-" or "_";
* a Tavily key: "tvly-" then 16 or more letters, digits or "-";
* a private key block: "-----BEGIN ... PRIVATE KEY-----";
* a random-looking value assigned to a variable whose name holds KEY, TOKEN, SECRET or
  PASSWORD (any case): NAME = value, NAME: value, "name": "value". Random-looking: 16
  characters or more, at least one digit, and a Shannon entropy of at least 3 bits per
  character.

Placeholders are no secret: a value holding "your", "<", "environ", or made of a few
repeated characters (sk-xxxxxxxx). (hello-agents's own version, with more key formats,
is hello_agents/capstone/secrets.py.)

Fill in the TODOs, then check your function:

    python chapters/ch16/exercises/my_secret_scan.py

A model answer is in solutions/my_secret_scan.py: try first.
"""

from __future__ import annotations


def entropy(value: str) -> float:
    """TODO 1: the Shannon entropy of value's characters, in bits per character."""
    raise NotImplementedError("TODO: entropy")


def my_scan(text: str) -> list[int]:
    """TODO 2: the numbers of the lines of text that hold a credential."""
    raise NotImplementedError("TODO: my_scan")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("secret_scan", my_scan))
