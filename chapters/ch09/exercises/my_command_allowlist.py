"""Exercise 3: my_parse_command, the allow-list in front of a terminal tool.

A model that can run shell commands can run ``rm -rf /``. TerminalTool only
runs read-only programs, inside one workspace folder, from argv lists (never
through a shell). This function is its gate: it turns the model's text into
argv lists, one per pipeline stage, or raises with a message saying why not.

    my_parse_command("grep -rn TODO . | head -n 5", workspace)
    -> [["grep", "-rn", "TODO", "."], ["head", "-n", "5"]]

Fill in the TODOs, then check your function:

    python chapters/ch09/exercises/my_command_allowlist.py

A model answer is in solutions/my_command_allowlist.py: try first.
"""

from __future__ import annotations

import re
import shlex  # noqa: F401 - for TODO 2
from pathlib import Path

ALLOWED = {"ls", "cat", "head", "tail", "wc", "grep", "find", "sort", "uniq", "cut", "echo"}
REFUSED_OPTIONS = {"find": {"-exec", "-execdir", "-ok", "-delete"}, "sort": {"-o", "--output"}}
SUBSTITUTION = re.compile(r"`|\$[({A-Za-z_]")


class CommandRefused(ValueError):
    """A command the allow-list does not let through."""


def my_parse_command(command: str, workspace: str | Path) -> list[list[str]]:
    """The pipeline's argv lists, or :class:`CommandRefused` with the reason.

    TODO 1: refuse command substitution and variables (SUBSTITUTION matches them).
    TODO 2: split with ``shlex.shlex(command, posix=True, punctuation_chars=True)``
            (``whitespace_split = True``): quotes are understood, and operators such as
            ``;`` ``&&`` ``>`` ``<`` ``|`` come out as tokens of their own.
    TODO 3: refuse every operator token except ``|``; split the tokens into stages at ``|``.
    TODO 4: for each stage: the program must be in ALLOWED; no option of REFUSED_OPTIONS;
            every other argument, read as a path, must stay inside ``workspace``:
            refuse absolute paths, and check ``(workspace / argument).resolve()`` is the
            workspace or below it (``resolve`` also follows symlinks).
    """
    raise NotImplementedError("TODO: my_parse_command")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("command_allowlist", my_parse_command))
