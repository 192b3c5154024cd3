"""Exercise 3, a model answer: a command allow-list confined to a workspace."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ALLOWED = {"ls", "cat", "head", "tail", "wc", "grep", "find", "sort", "uniq", "cut", "echo"}
REFUSED_OPTIONS = {"find": {"-exec", "-execdir", "-ok", "-delete"}, "sort": {"-o", "--output"}}
SUBSTITUTION = re.compile(r"`|\$[({A-Za-z_]")
OPERATOR = re.compile(r"[;&|<>()]+")


class CommandRefused(ValueError):
    """A command the allow-list does not let through."""


def my_parse_command(command: str, workspace: str | Path) -> list[list[str]]:
    """The pipeline's argv lists, or :class:`CommandRefused` with the reason."""
    root = Path(workspace).resolve()
    if SUBSTITUTION.search(command):
        raise CommandRefused("command substitution and variables are not allowed")
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    stages: list[list[str]] = [[]]
    for token in lexer:
        if token == "|":
            stages.append([])
        elif OPERATOR.fullmatch(token):
            raise CommandRefused(f"{token!r} is not allowed: one command, or a pipe")
        else:
            stages[-1].append(token)
    for stage in stages:
        check_stage(stage, root)
    return stages


def check_stage(argv: list[str], root: Path) -> None:
    if not argv:
        raise CommandRefused("an empty command (nothing around a '|')")
    program, *arguments = argv
    if program not in ALLOWED:
        raise CommandRefused(f"{program!r} is not allowed; use one of {sorted(ALLOWED)}")
    for argument in arguments:
        if argument in REFUSED_OPTIONS.get(program, set()):
            raise CommandRefused(f"'{program} {argument}' can write or run programs")
        if argument.startswith("-"):
            continue
        if argument.startswith(("/", "~")):
            raise CommandRefused(f"{argument!r} is outside the workspace")
        resolved = (root / argument).resolve()
        if resolved != root and root not in resolved.parents:
            raise CommandRefused(f"{argument!r} resolves outside the workspace")


if __name__ == "__main__":
    from hello_agents.testing.conformance import report

    raise SystemExit(report("command_allowlist", my_parse_command))
