"""TerminalTool: read-only shell commands, confined to one workspace folder.

The model explores a codebase the way a developer does (``ls``, ``cat``,
``grep -rn``, ``find``, ``head``, pipes between them) without ever reaching a
shell. Every command goes through the same steps:

1. **Check** it (:mod:`~hello_agents.tools.builtin.terminal_sandbox`): tokenized as a
   shell reads it, without a shell; operators other than ``|``, substitution and
   variables refused; every stage's program on the allow-list, no option that writes,
   executes or follows symlinks, every path argument inside the workspace.
2. **Run** the stages with :mod:`subprocess` from argv lists (never
   ``shell=True``), in the current directory, with a minimal environment, a
   time limit and a cap on the output kept.

``cd`` is handled by the tool itself: it moves the current directory, never
outside the workspace. POSIX only (Linux, macOS).
"""

from __future__ import annotations

import contextlib
import logging
import os
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
from hello_agents.tools.builtin.terminal_sandbox import (
    ALLOWED_COMMANDS,
    CommandRefusedError,
    parse_command,
    tokenize,
)

logger = logging.getLogger(__name__)

SAFE_PATH = "/usr/bin:/bin"


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


class TerminalTool(Tool):
    """Run read-only commands inside ``workspace``, as a developer explores a codebase.

    Args:
        workspace: The folder commands run in; nothing outside it can be read.
            Created (with its parents) when it does not exist yet.
        timeout: Seconds a command may run before it is stopped.
        max_output_size: Bytes of output kept (the rest is cut, and the model told).
        allow_cd: Whether ``cd`` may move the current directory (inside the workspace).
        name: The tool's name for the model.

    Raises:
        HelloAgentsException: The workspace is a file, or ``timeout`` is not positive.
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
        if not root.exists():
            # The tutorial points the tool at a project folder it has not made yet.
            root.mkdir(parents=True)
            logger.info("TerminalTool created its workspace %s", root)
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
