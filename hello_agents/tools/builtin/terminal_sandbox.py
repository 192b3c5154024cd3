"""The terminal sandbox's rules: which commands TerminalTool may run, checked before they run.

:func:`parse_command` reads a command as a POSIX shell would (quotes, backslashes,
``|``) without running anything, and returns one argv list per pipeline stage, or
raises :class:`CommandRefusedError` saying why:

* shell operators other than ``|`` (``;`` ``&`` ``&&`` ``||`` ``>`` ``<``), newlines,
  command substitution (``$(...)``, backticks) and variables (``$HOME``);
* programs off :data:`ALLOWED_COMMANDS`, and options in :data:`REFUSED_OPTIONS`;
* any argument that, read as a path from the current directory with symlinks
  followed, leaves the workspace (absolute paths, ``~``, ``..``, links pointing out).
  Unquoted globs are expanded here, inside the workspace only.
"""

from __future__ import annotations

import glob
import re
from dataclasses import dataclass
from pathlib import Path

from hello_agents.core.exceptions import HelloAgentsException

ALLOWED_COMMANDS: frozenset[str] = frozenset(
    {
        "ls", "cat", "head", "tail", "wc", "grep", "egrep", "fgrep", "find", "sort",
        "uniq", "cut", "tr", "nl", "file", "stat", "du", "echo", "pwd", "basename",
        "dirname", "cd",
    }
)  # fmt: skip
"""Programs the tool runs (``cd`` is handled by the tool itself). All read-only
once the refused options below are taken out; ``sed``/``awk`` are left out
because their scripts can write files and run programs."""

REFUSED_OPTIONS: dict[str, tuple[str, ...]] = {
    "find": ("-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0",
             "-fprintf", "-fls", "-L", "-H", "-follow"),
    "grep": ("-R", "--dereference-recursive"),
    "egrep": ("-R", "--dereference-recursive"),
    "fgrep": ("-R", "--dereference-recursive"),
    "sort": ("-o", "--output", "--compress-program", "-T", "--temporary-directory",
             "--files0-from"),
    "wc": ("--files0-from",),
    "tail": ("-f", "-F", "--follow", "--retry"),
    "file": ("-C", "--compile"),
    "ls": ("-L", "--dereference"),
    "stat": ("-L", "--dereference"),
    "du": ("-L", "--dereference", "--files0-from"),
}  # fmt: skip
"""Options refused per program: they write files, run programs, follow symlinks
out of the workspace or never end."""

_OPERATORS = {";": "';'", "&": "'&' or '&&'", ">": "'>' redirection", "<": "'<' redirection"}
_VARIABLE = re.compile(r"[A-Za-z_{(0-9@*#?$!-]")
_GLOB_CHARACTERS = set("*?[")


class CommandRefusedError(HelloAgentsException, ValueError):
    """A command the sandbox does not run; the message says why and what is allowed."""


@dataclass(frozen=True)
class Word:
    """One argument as the tokenizer read it."""

    text: str
    globbable: bool = False  # had an unquoted * ? or [


def tokenize(command: str) -> list[Word | str]:
    """Split ``command`` as a POSIX shell would, without running anything.

    Returns:
        :class:`Word` arguments and ``"|"`` separators.

    Raises:
        CommandRefusedError: An operator other than ``|``, command substitution, a
            variable, or an unterminated quote.
    """
    tokens: list[Word | str] = []
    current: list[str] = []
    started = globbable = False
    index, length = 0, len(command)

    def finish() -> None:
        nonlocal started, globbable
        if started:
            tokens.append(Word("".join(current), globbable))
        current.clear()
        started = globbable = False

    while index < length:
        char = command[index]
        if char in " \t":
            finish()
        elif char in "\n\r":
            raise CommandRefusedError("Refused: one command per call (no newlines).")
        elif char == "|":
            if index + 1 < length and command[index + 1] == "|":
                raise CommandRefusedError("Refused: '||' is not supported; run one command.")
            finish()
            tokens.append("|")
        elif char in _OPERATORS:
            raise CommandRefusedError(
                f"Refused: {_OPERATORS[char]} is not allowed; run one read-only command "
                "(pipes '|' between allowed commands are fine)."
            )
        elif char == "`" or (char == "$" and index + 1 < length and command[index + 1] in "({"):
            raise CommandRefusedError("Refused: command substitution is not allowed.")
        elif char == "$" and index + 1 < length and _VARIABLE.match(command[index + 1]):
            raise CommandRefusedError(
                "Refused: environment variables are not expanded; write the value itself."
            )
        elif char == "'":
            end = command.find("'", index + 1)
            if end < 0:
                raise CommandRefusedError("Refused: unterminated single quote.")
            current.append(command[index + 1 : end])
            started = True
            index = end
        elif char == '"':
            index = _read_double_quoted(command, index + 1, current)
            started = True
        elif char == "\\":
            if index + 1 < length:
                current.append(command[index + 1])
                index += 1
            started = True
        else:
            if char in _GLOB_CHARACTERS:
                globbable = True
            if char == "~" and not started:
                raise CommandRefusedError(
                    "Refused: '~' (a home directory) is outside the workspace; "
                    "use paths relative to the workspace."
                )
            current.append(char)
            started = True
        index += 1
    finish()
    return tokens


def _read_double_quoted(command: str, index: int, current: list[str]) -> int:
    """Read a double-quoted string from ``index``; return the closing quote's index."""
    while index < len(command):
        char = command[index]
        if char == '"':
            return index
        if char == "`" or (char == "$" and index + 1 < len(command)):
            following = command[index + 1] if char == "$" else "("
            if following in "({" or char == "`":
                raise CommandRefusedError("Refused: command substitution is not allowed.")
            if _VARIABLE.match(following):
                raise CommandRefusedError(
                    "Refused: environment variables are not expanded; write the value itself."
                )
        if char == "\\" and index + 1 < len(command) and command[index + 1] in '"\\$`':
            index += 1
            char = command[index]
        current.append(char)
        index += 1
    raise CommandRefusedError("Refused: unterminated double quote.")


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _path_in_argument(argument: str) -> str | None:
    """The part of an option that may name a file (``--file=x`` -> ``x``), if any."""
    if not argument.startswith("-"):
        return argument
    if "=" in argument:
        return argument.split("=", 1)[1]
    if (
        len(argument) > 2
        and not argument.startswith("--")
        and ("/" in argument or ".." in argument)
    ):
        return argument[2:]  # -f/etc/passwd
    return None


def check_path(text: str, cwd: Path, workspace: Path) -> None:
    """Refuse ``text`` if, read as a path from ``cwd``, it leaves ``workspace``.

    Symlinks are resolved, so a link inside the workspace pointing outside is refused.

    Raises:
        CommandRefusedError: The path is absolute, starts with ``~`` or resolves outside.
    """
    if not text:
        return
    if text.startswith("/"):
        raise CommandRefusedError(
            f"Refused: absolute path {text!r}; only paths inside the workspace are allowed "
            "(write them relative to the workspace)."
        )
    if text.startswith("~"):
        raise CommandRefusedError(f"Refused: {text!r} points outside the workspace.")
    resolved = (cwd / text).resolve()
    if not _inside(resolved, workspace):
        raise CommandRefusedError(
            f"Refused: {text!r} resolves outside the workspace; stay inside it."
        )


def _expand_glob(word: Word, cwd: Path, workspace: Path) -> list[str]:
    """Expand an unquoted glob inside the workspace (no match: the word itself, as bash)."""
    check_path(word.text, cwd, workspace)
    matches = sorted(glob.glob(word.text, root_dir=cwd))
    for match in matches:
        check_path(match, cwd, workspace)
    return matches or [word.text]


def check_stage(words: list[Word], cwd: Path, workspace: Path) -> list[str]:
    """Check one pipeline stage and return its argv (globs expanded).

    Raises:
        CommandRefusedError: The program is not allowed, an option is refused, or a
            path leaves the workspace.
    """
    if not words:
        raise CommandRefusedError("Refused: empty command (nothing before or after '|').")
    program = words[0].text
    if "/" in program or program not in ALLOWED_COMMANDS:
        raise CommandRefusedError(
            f"Refused: {program!r} is not an allowed command. Allowed: "
            f"{', '.join(sorted(ALLOWED_COMMANDS))}."
        )
    argv = [program]
    refused = REFUSED_OPTIONS.get(program, ())
    for word in words[1:]:
        option = word.text.split("=", 1)[0]
        if option in refused:
            raise CommandRefusedError(
                f"Refused: '{program} {option}' can write files, run programs or follow links "
                "out of the workspace."
            )
        if word.globbable and not word.text.startswith("-"):
            argv.extend(_expand_glob(word, cwd, workspace))
            continue
        path = _path_in_argument(word.text)
        if path is not None:
            check_path(path, cwd, workspace)
        argv.append(word.text)
    if program == "uniq" and len([a for a in argv[1:] if not a.startswith("-")]) > 1:
        raise CommandRefusedError("Refused: 'uniq INPUT OUTPUT' writes a file; give one input.")
    return argv


def parse_command(
    command: str, workspace: str | Path, cwd: str | Path | None = None
) -> list[list[str]]:
    """Check ``command`` against the sandbox and return its pipeline as argv lists.

    Args:
        command: What the model wrote, e.g. ``"grep -rn TODO . | head -n 5"``.
        workspace: The folder nothing may leave.
        cwd: The current directory inside it (default: the workspace).

    Returns:
        One argv list per pipeline stage.

    Raises:
        CommandRefusedError: The command is refused; the message says why.
    """
    root = Path(workspace).resolve()
    current = Path(cwd).resolve() if cwd is not None else root
    if not command.strip():
        raise CommandRefusedError("Refused: empty command. Try 'ls' or 'cat README.md'.")
    stages: list[list[Word]] = [[]]
    for token in tokenize(command):
        if token == "|":
            stages.append([])
        else:
            assert isinstance(token, Word)
            stages[-1].append(token)
    argvs = [check_stage(words, current, root) for words in stages]
    if len(argvs) > 1 and any(argv[0] == "cd" for argv in argvs):
        raise CommandRefusedError("Refused: 'cd' cannot be part of a pipeline.")
    return argvs


__all__ = [
    "ALLOWED_COMMANDS",
    "REFUSED_OPTIONS",
    "CommandRefusedError",
    "Word",
    "check_path",
    "check_stage",
    "parse_command",
    "tokenize",
]
