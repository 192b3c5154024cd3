"""TerminalTool: read-only shell commands, confined to one workspace folder.

The model explores a codebase the way a developer does (``ls``, ``cat``,
``grep -rn``, ``find``, ``head``, pipes between them) without ever reaching a
shell. Every command goes through the same steps:

1. **Tokenize** it ourselves (quotes and backslashes as a shell reads them).
   Shell operators other than ``|`` (``;`` ``&&`` ``>`` ``<`` ``&``), command
   substitution (``$(...)``, backticks) and variables (``$HOME``) are refused.
2. **Check** every stage of the pipeline: the program must be on the allow-list,
   options that write, execute or follow symlinks are refused, and every
   argument that could be a path must stay inside the workspace once resolved
   (``..``, absolute paths, ``~`` and symlinks pointing outside are refused).
   Unquoted globs (``*.py``) are expanded here, inside the workspace only.
3. **Run** the stages with :mod:`subprocess` from argv lists (never
   ``shell=True``), in the current directory, with a minimal environment, a
   time limit and a cap on the output kept.

``cd`` is handled by the tool itself: it moves the current directory, never
outside the workspace. POSIX only (Linux, macOS).
"""

from __future__ import annotations

import contextlib
import glob
import logging
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from hello_agents.core.exceptions import HelloAgentsException
from hello_agents.tools.base import Tool, ToolParameter

logger = logging.getLogger(__name__)

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

SAFE_PATH = "/usr/bin:/bin"
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


@dataclass
class CommandResult:
    """What one command did.

    Attributes:
        command: The command as given.
        exit_code: The last stage's exit status (``None`` if it was refused or timed out).
        stdout: Standard output, capped at ``max_output_size`` bytes.
        stderr: Standard error of every stage, capped the same way.
        truncated: True when output was cut at the cap.
        timed_out: True when the time limit stopped the command.
        refused: Why the command was refused, or ``""``.
    """

    command: str
    exit_code: int | None = None
    stdout: str = ""
    stderr: str = ""
    truncated: bool = False
    timed_out: bool = False
    refused: str = ""
    stages: list[list[str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the command ran and exited with status 0."""
        return self.exit_code == 0 and not self.refused and not self.timed_out


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


class TerminalTool(Tool):
    """Run read-only commands inside ``workspace``, as a developer explores a codebase.

    Args:
        workspace: The folder commands run in; nothing outside it can be read.
        timeout: Seconds a command may run before it is stopped.
        max_output_size: Bytes of output kept (the rest is cut, and the model told).
        allow_cd: Whether ``cd`` may move the current directory (inside the workspace).
        name: The tool's name for the model.

    Raises:
        HelloAgentsException: The workspace does not exist, or ``timeout`` is not positive.
    """

    def __init__(
        self,
        workspace: str | Path = ".",
        timeout: float = 60,
        max_output_size: int = 64 * 1024,
        allow_cd: bool = True,
        name: str = "terminal",
        **_ignored: Any,  # the reference's os_type and friends
    ) -> None:
        super().__init__(
            name,
            "Run a read-only shell command inside the project folder to explore it: ls, "
            "cat, head, tail, grep -rn, find, wc, sort, uniq, cut, tr, cd, and pipes '|' "
            "between them. No writes, redirections, ';', '&&', variables or paths outside "
            "the folder.",
        )
        root = Path(workspace).expanduser().resolve()
        if not root.is_dir():
            raise HelloAgentsException(f"TerminalTool workspace {root} is not a folder")
        if timeout <= 0:
            raise HelloAgentsException(f"TerminalTool timeout must be positive, got {timeout}")
        self.workspace = root
        self.current_dir = root
        self.timeout = float(timeout)
        self.max_output_size = int(max_output_size)
        self.allow_cd = allow_cd

    def get_parameters(self) -> list[ToolParameter]:
        return [
            ToolParameter(
                name="command",
                type="string",
                description="One command, e.g. 'ls -la', 'grep -rn TODO .', 'head -n 40 app.py'",
            )
        ]

    def run(self, parameters: dict[str, Any]) -> str:
        """Run ``parameters["command"]`` and return what the model should read."""
        return self.render(self.execute(str(parameters.get("command", ""))))

    def execute(self, command: str) -> CommandResult:
        """Run one command and return a :class:`CommandResult` (refusals included, never raised)."""
        try:
            stages = parse_command(command, self.workspace, self.current_dir)
        except CommandRefusedError as refusal:
            return CommandResult(command, refused=str(refusal))
        if stages[0][0] == "cd":
            return self._change_directory(command, stages[0][1:])
        if stages[0][0] == "pwd" and len(stages) == 1:
            return CommandResult(command, 0, self.where() + "\n", stages=stages)
        return self._run_pipeline(command, stages)

    def render(self, result: CommandResult) -> str:
        """The result as text for the model."""
        if result.refused:
            return result.refused
        if result.timed_out:
            return f"Stopped: the command ran longer than {self.timeout:g} s. Narrow it down."
        text = result.stdout
        if result.stderr.strip():
            text += f"\n[stderr]\n{result.stderr}"
        if result.truncated:
            text += f"\n[output cut at {self.max_output_size} bytes; use head, grep or wc]"
        if result.exit_code:
            text = f"[exit code {result.exit_code}]\n{text}"
        return text if text.strip() else "(no output)"

    def _change_directory(self, command: str, arguments: list[str]) -> CommandResult:
        if not self.allow_cd:
            return CommandResult(command, refused="Refused: 'cd' is disabled for this tool.")
        if len(arguments) > 1:
            return CommandResult(command, refused="Refused: 'cd' takes one folder.")
        target = self.workspace if not arguments else (self.current_dir / arguments[0]).resolve()
        if not target.is_dir():
            return CommandResult(command, 1, stderr=f"cd: {arguments[0]}: no such folder")
        self.current_dir = target
        return CommandResult(command, 0, f"now in {self.where()}\n")

    def where(self) -> str:
        """The current directory as the model sees it: ``/`` is the workspace."""
        relative = self.current_dir.relative_to(self.workspace).as_posix()
        return "/" if relative == "." else f"/{relative}"

    def _run_pipeline(self, command: str, stages: list[list[str]]) -> CommandResult:
        result = CommandResult(command, stages=stages)
        limit = float(self.timeout or 60)
        executables = []
        for argv in stages:
            found = shutil.which(argv[0], path=SAFE_PATH)
            if found is None:
                result.refused = f"Refused: {argv[0]!r} is not installed on this machine."
                return result
            executables.append([found, *argv[1:]])
        environment = {"PATH": SAFE_PATH, "LC_ALL": "C.UTF-8", "HOME": str(self.workspace)}
        processes: list[subprocess.Popen[bytes]] = []
        with tempfile.TemporaryFile() as errors:
            previous: IO[bytes] | None = None
            for index, argv in enumerate(executables):
                last = index == len(executables) - 1
                process = subprocess.Popen(
                    argv,
                    cwd=self.current_dir,
                    env=environment,
                    stdin=previous if previous is not None else subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=errors,
                    start_new_session=True,
                )
                if previous is not None:
                    previous.close()  # the next stage owns it now
                previous = None if last else process.stdout
                processes.append(process)
            output = _CappedReader(processes[-1].stdout, self.max_output_size)
            output.start()
            try:
                processes[-1].wait(timeout=self.timeout)
            except subprocess.TimeoutExpired:
                result.timed_out = True
            for process in processes:
                _stop(process, wait=0.0 if result.timed_out else limit)
            output.join(self.timeout)
            errors.seek(0)
            error_bytes = errors.read(self.max_output_size + 1)
        result.stdout = output.data.decode("utf-8", "replace")
        result.stderr = error_bytes[: self.max_output_size].decode("utf-8", "replace")
        result.truncated = output.truncated or len(error_bytes) > self.max_output_size
        if not result.timed_out:
            result.exit_code = processes[-1].returncode
        return result


class _CappedReader(threading.Thread):
    """Read a pipe to its end, keeping only the first ``limit`` bytes."""

    def __init__(self, stream: IO[bytes] | None, limit: int) -> None:
        super().__init__(daemon=True)
        self.stream, self.limit = stream, limit
        self.chunks: list[bytes] = []
        self.kept = 0
        self.truncated = False

    def run(self) -> None:
        if self.stream is None:
            return
        with self.stream:
            while chunk := self.stream.read(65536):
                room = self.limit - self.kept
                if len(chunk) > room:
                    self.truncated = True
                if room > 0:
                    self.chunks.append(chunk[:room])
                    self.kept += min(room, len(chunk))

    @property
    def data(self) -> bytes:
        return b"".join(self.chunks)


def _stop(process: subprocess.Popen[bytes], wait: float) -> None:
    """Wait for a stage to end (``wait`` seconds), else kill its process group."""
    try:
        process.wait(timeout=wait) if wait else process.wait(timeout=0.01)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


__all__ = [
    "ALLOWED_COMMANDS",
    "CommandRefusedError",
    "CommandResult",
    "TerminalTool",
    "parse_command",
    "tokenize",
]
